import { useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, Download } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card, PageHeader, Pagination } from '@/components/ui/page'
import type { Booking } from '@/contract/bookings'
import { dayLabel, periodPhrase } from '@/contract/calendar'
import { downloadFile } from '@/lib/download'
import { useSession } from '@/lib/session-context'
import { useMediaQuery } from '@/lib/use-media-query'
import { SegmentedControl } from '@/components/ui/segmented-control'
import { BookingFilters } from './booking-filters'
import { BookingStatusBadges, bookingFor, isExecutiveUser, primaryLinkClass, slotText, timeRange } from './booking-parts'
import { bookingFilterOf, bookingListQueryOf, hasNarrowingFilters, type BookingListSearch } from './booking-search'
import { compactQuery } from '@/lib/compact-query'
import { bookingListQueryOptions, useCancelBooking } from './bookings-queries'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/room-booking-list')

type When = 'upcoming' | 'past' | 'any'

const memberWhenOptions = (): ReadonlyArray<{ value: When; label: string }> => [
  { value: 'upcoming', label: m.bookings_when_upcoming() },
  { value: 'past', label: m.bookings_when_past() },
]
const executiveWhenOptions = (): ReadonlyArray<{ value: When; label: string }> => [...memberWhenOptions(), { value: 'any', label: m.bookings_when_any() }]
const scopeOptions = (): ReadonlyArray<{ value: 'mine' | 'all'; label: string }> => [
  { value: 'mine', label: m.bookings_scope_mine() },
  { value: 'all', label: m.bookings_scope_all() },
]

function CancelButton({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  if (!booking.canCancel) return null
  return (
    <Button variant="secondary" aria-label={m.bookings_cancel_label({ slot: slotText(booking) })} onClick={() => onCancel(booking)}>
      {m.bookings_cancel()}
    </Button>
  )
}

function WhenText({ booking }: { booking: Booking }) {
  return (
    <>
      <time dateTime={booking.date} className="font-medium whitespace-nowrap">
        {dayLabel(booking.date)}
      </time>
      <span className="text-ink-muted">
        {' '}
        · {periodPhrase(booking.periodLabel)} · {timeRange(booking)}
      </span>
    </>
  )
}

function BookingTable({ items, onCancel }: { items: Booking[]; onCancel: (booking: Booking) => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{m.bookings_bookings()}</caption>
        <thead className="bg-surface-2 text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2">{m.bookings_when()}</th>
            <th scope="col" className="px-3 py-2">{m.bookings_room()}</th>
            <th scope="col" className="px-3 py-2">{m.bookings_for()}</th>
            <th scope="col" className="px-3 py-2">{m.bookings_booked_by()}</th>
            <th scope="col" className="px-3 py-2">{m.bookings_status()}</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">{m.bookings_actions()}</span></th>
          </tr>
        </thead>
        <tbody>
          {items.map((booking) => (
            <tr key={booking.id} className={`border-t border-line ${booking.status === 'cancelled' ? 'text-ink-muted' : ''}`}>
              <td className="px-3 py-2"><WhenText booking={booking} /></td>
              <td className="px-3 py-2">{booking.roomName}</td>
              <td className="px-3 py-2 break-words">{bookingFor(booking)}</td>
              <td className="px-3 py-2 break-words">{booking.bookedBy.displayName}</td>
              <td className="px-3 py-2">{booking.status === 'active' && booking.source === 'booking' ? m.bookings_status_active() : <BookingStatusBadges booking={booking} />}</td>
              <td className="px-3 py-2 text-right"><CancelButton booking={booking} onCancel={onCancel} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function BookingCards({ items, onCancel }: { items: Booking[]; onCancel: (booking: Booking) => void }) {
  return (
    <ul aria-label={m.bookings_bookings()} className="flex flex-col gap-3">
      {items.map((booking) => (
        <li key={booking.id}>
          <Card>
            <div className={`flex flex-col gap-1 text-sm ${booking.status === 'cancelled' ? 'text-ink-muted' : ''}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p><WhenText booking={booking} /></p>
                <BookingStatusBadges booking={booking} />
              </div>
              <p>
                <span className="font-medium">{booking.roomName}</span> · <span className="break-words">{bookingFor(booking)}</span>
              </p>
              <p className="text-ink-muted">{m.bookings_booked_by_name({ name: booking.bookedBy.displayName })}</p>
              {booking.canCancel ? (
                <div className="mt-2">
                  <CancelButton booking={booking} onCancel={onCancel} />
                </div>
              ) : null}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  )
}

/**
 * Asks before cancelling; a refusal (already started, already cancelled) stays in the dialog.
 * Mounted once per booking (keyed), so an earlier refusal never shows for another booking.
 */
function CancelBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const cancel = useCancelBooking()
  const close = () => {
    if (!cancel.isPending) onClose()
  }

  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={booking ? m.bookings_cancel_title({ slot: slotText(booking) }) : m.bookings_cancel_title_any()}
      description={booking ? m.bookings_cancel_description({ who: bookingFor(booking) }) : undefined}
    >
      {cancel.isError ? <FormAlert>{errorMessage(cancel.error)}</FormAlert> : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
          {m.bookings_keep()}
        </Button>
        <Button
          variant="danger"
          busy={cancel.isPending}
          busyLabel={m.bookings_cancelling()}
          onClick={() => {
            if (!booking) return
            cancel.mutate(booking.id, {
              onSuccess: () => {
                toast.success(m.bookings_cancelled_toast({ slot: slotText(booking) }))
                onClose()
              },
            })
          }}
        >
          {m.bookings_cancel_booking()}
        </Button>
      </div>
    </Dialog>
  )
}

function emptyTitle(when: When, filtered: boolean) {
  if (filtered) return m.bookings_empty_filtered()
  if (when === 'upcoming') return m.bookings_empty_upcoming()
  if (when === 'past') return m.bookings_empty_past()
  return m.bookings_empty()
}

/** `/room-booking-list`: my bookings, upcoming or past; executives also everyone's, filtered; CSV. */
export function BookingListScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const { user: me } = useSession()
  const executive = isExecutiveUser(me)
  const isWide = useMediaQuery('(min-width: 768px)')
  const filter = bookingFilterOf(search, executive)
  const query = bookingListQueryOf(search, executive)
  const list = useQuery(bookingListQueryOptions(query))
  const [exporting, setExporting] = useState(false)
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  const filtered = hasNarrowingFilters(filter)

  const update = (next: Partial<BookingListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })

  async function exportCsv() {
    setExporting(true)
    try {
      await downloadFile('/api/bookings/export.csv', 'bookings.csv', compactQuery(filter))
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.bookings_list_title()}
        description={filter.scope === 'all' ? m.bookings_list_lead_all() : m.bookings_list_lead_mine()}
        actions={
          <>
            <Link to="/room-booking-form" className={primaryLinkClass}>
              <CalendarPlus aria-hidden className="size-4" />
              {m.bookings_new()}
            </Link>
            <Button variant="secondary" onClick={() => void exportCsv()} busy={exporting} busyLabel={m.bookings_exporting()}>
              <Download aria-hidden className="size-4" />
              {m.bookings_export_csv()}
            </Button>
          </>
        }
      />

      <div className="flex flex-wrap items-center gap-3">
        {executive ? (
          <SegmentedControl label={m.bookings_whose()} value={filter.scope} options={scopeOptions()} onChange={(scope) => update({ scope: scope === 'mine' ? undefined : scope })} />
        ) : null}
        <SegmentedControl
          label={m.bookings_when()}
          value={filter.when}
          options={executive ? executiveWhenOptions() : memberWhenOptions()}
          onChange={(when) => update({ when: when === 'upcoming' ? undefined : when })}
        />
      </div>
      {executive ? <BookingFilters search={search} onChange={update} /> : null}

      {list.isPending ? (
        <LoadingBlock label={m.bookings_loading()} />
      ) : list.isError ? (
        <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.bookings_the_bookings()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={emptyTitle(filter.when, filtered)}>
          {filtered ? (
            m.bookings_empty_filtered_lead()
          ) : (
            <Link to="/room-booking-form" className="text-brand underline underline-offset-2">
              {m.bookings_form_title()}
            </Link>
          )}
        </EmptyState>
      ) : (
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-70' : undefined}>
          {isWide ? <BookingTable items={list.data.items} onCancel={setCancelling} /> : <BookingCards items={list.data.items} onCancel={setCancelling} />}
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={list.data.total}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
          />
        </div>
      )}

      <CancelBookingDialog key={cancelling?.id ?? 'none'} booking={cancelling} onClose={() => setCancelling(null)} />
    </div>
  )
}
