import type { SessionUser } from '@/contract/auth'
import type { Booking } from '@/contract/bookings'
import { dayLabel, periodPhrase } from '@/contract/calendar'
import { m } from '@/i18n/paraglide/messages.js'

/** Executives and admins book for anyone's week (quotas) and close rooms; the server decides. */
export const isExecutiveUser = (user: SessionUser | null) => user?.role === 'admin' || user?.isExecutive === true

/** "1st" → "1st period"; a label that already says "period" is left alone. */

/** "Studio A, 1st period, Tue 12 May": how toasts, dialogs and buttons name a booking. */
export const slotText = (booking: Pick<Booking, 'roomName' | 'periodLabel' | 'date'>) =>
  m.bookings_slot({ room: booking.roomName, period: periodPhrase(booking.periodLabel), day: dayLabel(booking.date) })

/** Who the slot is for: the band, "Personal practice", or "Closed: reason". */
export function bookingFor(booking: Pick<Booking, 'kind' | 'band' | 'reason'>) {
  if (booking.kind === 'band') return booking.band?.name ?? m.bookings_a_band()
  if (booking.kind === 'personal') return m.bookings_kind_personal()
  return booking.reason ? m.bookings_closed_for({ reason: booking.reason }) : m.bookings_kind_block()
}

export const timeRange = (booking: Pick<Booking, 'startsAt' | 'endsAt'>) => `${booking.startsAt.slice(0, 5)}–${booking.endsAt.slice(0, 5)}`

export function BookingStatusBadges({ booking }: { booking: Pick<Booking, 'status' | 'source'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {booking.status === 'cancelled' ? (
        <span className="inline-block rounded-full border border-danger/60 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-danger">{m.bookings_status_cancelled()}</span>
      ) : null}
      {booking.source === 'allocation' ? (
        <span className="inline-block rounded-full border border-line px-2 py-0.5 text-xs font-medium whitespace-nowrap text-ink-muted">{m.bookings_allocated()}</span>
      ) : null}
    </span>
  )
}

export const linkButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line px-3 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

export const primaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'
