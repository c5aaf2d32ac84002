import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { bookingKindLabels, bookingKinds, bookingStatusLabels, bookingStatuses, type BookingKind, type BookingStatus } from '@/contract/bookings'
import type { BookingListSearch } from './booking-search'
import { roomsQueryOptions } from '@/lib/reference-queries'
import { useDebouncedSearch } from '@/lib/use-debounced-search'
import { m } from '@/i18n/paraglide/messages.js'

export function BookingFilters({ search, onChange }: { search: BookingListSearch; onChange: (next: Partial<BookingListSearch>) => void }) {
  const rooms = useQuery(roomsQueryOptions())
  const [text, setText] = useDebouncedSearch(search.q, (q) => onChange({ q }))

  const filtered = Boolean(search.q || search.roomId || search.kind || search.status || search.from || search.to)

  return (
    <form role="search" aria-label={m.bookings_filter_label()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label={m.bookings_filter_who()}
        type="search"
        placeholder={m.bookings_filter_who_placeholder()}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
      />
      <SelectField
        label={m.bookings_room()}
        value={search.roomId ?? ''}
        onChange={(event) => onChange({ roomId: event.target.value || undefined })}
        options={[{ value: '', label: m.bookings_any_room() }, ...(rooms.data ?? []).map((room) => ({ value: room.id, label: room.active ? room.name : m.bookings_room_inactive({ room: room.name }) }))]}
      />
      <SelectField
        label={m.bookings_kind()}
        value={search.kind ?? ''}
        onChange={(event) => onChange({ kind: (event.target.value || undefined) as BookingKind | undefined })}
        options={[{ value: '', label: m.bookings_any_kind() }, ...bookingKinds.map((kind) => ({ value: kind, label: bookingKindLabels[kind]() }))]}
      />
      <SelectField
        label={m.bookings_status()}
        value={search.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as BookingStatus | undefined })}
        options={[{ value: '', label: m.bookings_any_status() }, ...bookingStatuses.map((status) => ({ value: status, label: bookingStatusLabels[status]() }))]}
      />
      <TextField label={m.bookings_from()} type="date" value={search.from ?? ''} max={search.to} onChange={(event) => onChange({ from: event.target.value || undefined })} />
      <TextField label={m.bookings_to()} type="date" value={search.to ?? ''} min={search.from} onChange={(event) => onChange({ to: event.target.value || undefined })} />
      {filtered ? (
        <div className="sm:col-span-2 lg:col-span-3">
          <Button
            variant="ghost"
            onClick={() => {
              setText('')
              onChange({ q: undefined, roomId: undefined, kind: undefined, status: undefined, from: undefined, to: undefined })
            }}
          >
            <X aria-hidden className="size-4" />
            {m.bookings_clear_filters()}
          </Button>
        </div>
      ) : null}
    </form>
  )
}
