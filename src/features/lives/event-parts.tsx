import type { SessionUser } from '@/contract/auth'
import { dayLabel } from '@/contract/calendar'
import { eventStatusLabels, type EventStatus, type LiveEvent } from '@/contract/lives'
import { CLUB_FALLBACK_TIME_ZONE, formatDateTime } from '@/contract/date-format'
import { m } from '@/i18n/paraglide/messages.js'

/** The club's default zone, until the club's own setting has loaded. */
export const FALLBACK_TIME_ZONE = CLUB_FALLBACK_TIME_ZONE

/** Executives and admins manage events and review applications; the server decides each call. */
export const isExecutive = (user: SessionUser | null) => user?.role === 'admin' || user?.isExecutive === true

/** "Sat 18 Jul 2026, 19:30": an instant as the club's clock shows it. */
export const instantLabel = (iso: string, timeZone: string) => formatDateTime(iso, { timeZone })

/** "Sat 18 Jul: Main 12:00–18:00, Hall 13:00–17:00". */
export const eventDayText = (day: LiveEvent['days'][number]) =>
  m.lives_event_day({ day: dayLabel(day.date), stages: day.stages.map((stage) => `${stage.name} ${stage.opensAt}–${stage.closesAt}`).join(m.lives_list_separator()) })

/** "90 min", "2 h 30 min": minutes the way people say them. */
export function minutesText(minutes: number) {
  if (minutes < 60) return m.lives_minutes({ minutes })
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? m.lives_hours({ hours }) : m.lives_hours_minutes({ hours, minutes: rest })
}

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const tone =
    status === 'open' ? 'border-brand/60 text-ink' : status === 'draft' ? 'border-warn/60 text-ink' : status === 'archived' ? 'border-line text-ink-muted' : 'border-line text-ink'
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>{eventStatusLabels[status]}</span>
}
