import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { bookingKindLabels, bookingKinds, bookingStatuses, type BookingKind, type BookingStatus } from '@/contract/bookings'
import type { BookingListSearch } from './booking-search'
import { roomsQueryOptions } from '@/lib/reference-queries'
import { useDebouncedSearch } from '@/lib/use-debounced-search'

const statusLabels: Record<BookingStatus, string> = { active: 'Active', cancelled: 'Cancelled' }

/** A row of toggle buttons for one choice (when, whose); the pressed one is the current. */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap rounded-md border border-line bg-surface-2 p-0.5">
      {options.map((option) => {
        const pressed = option.value === value
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={`min-h-10 rounded px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${
              pressed ? 'bg-brand text-brand-ink' : 'text-ink hover:bg-surface'
            }`}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}

/**
 * The executives' filters: band or person (debounced), room, kind, status and a date range.
 * Every change goes to the URL through `onChange`, which also goes back to the first page.
 */
export function BookingFilters({ search, onChange }: { search: BookingListSearch; onChange: (next: Partial<BookingListSearch>) => void }) {
  const rooms = useQuery(roomsQueryOptions())
  const [text, setText] = useDebouncedSearch(search.q, (q) => onChange({ q }))

  const filtered = Boolean(search.q || search.roomId || search.kind || search.status || search.from || search.to)

  return (
    <form role="search" aria-label="Filter bookings" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="Band or person"
        type="search"
        placeholder="Band name or booker"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
      />
      <SelectField
        label="Room"
        value={search.roomId ?? ''}
        onChange={(event) => onChange({ roomId: event.target.value || undefined })}
        options={[{ value: '', label: 'Any room' }, ...(rooms.data ?? []).map((room) => ({ value: room.id, label: room.active ? room.name : `${room.name} (inactive)` }))]}
      />
      <SelectField
        label="Kind"
        value={search.kind ?? ''}
        onChange={(event) => onChange({ kind: (event.target.value || undefined) as BookingKind | undefined })}
        options={[{ value: '', label: 'Any kind' }, ...bookingKinds.map((kind) => ({ value: kind, label: bookingKindLabels[kind] }))]}
      />
      <SelectField
        label="Status"
        value={search.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as BookingStatus | undefined })}
        options={[{ value: '', label: 'Any status' }, ...bookingStatuses.map((status) => ({ value: status, label: statusLabels[status] }))]}
      />
      <TextField label="From" type="date" value={search.from ?? ''} max={search.to} onChange={(event) => onChange({ from: event.target.value || undefined })} />
      <TextField label="To" type="date" value={search.to ?? ''} min={search.from} onChange={(event) => onChange({ to: event.target.value || undefined })} />
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
            Clear filters
          </Button>
        </div>
      ) : null}
    </form>
  )
}
