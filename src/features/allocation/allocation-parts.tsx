import { useEffect, useState } from 'react'
import { formatDateTime, formatDistance } from '@/contract/date-format'
import { dayLabel, periodPhrase, weekLabel } from '@/contract/calendar'
import { roundStatusLabels, type RoundStatus, type RoundSummary } from '@/contract/allocation-rounds'
import { m } from '@/i18n/paraglide/messages.js'

/** "Mon 17 Nov 2026, 00:00" in the club's time zone. */
export const instantLabel = (iso: string, timeZone: string) => formatDateTime(iso, { timeZone })

/** "Week of 17–23 Nov 2026". */
export const roundWeekLabel = (round: Pick<RoundSummary, 'weekStart'>) => m.allocation_week_of({ week: weekLabel(round.weekStart) })

/** "1st", "2nd" … a wish's place in a list ("第1希望" in Japanese). */
export const ordinal = (rank: number) => m.allocation_rank({ rank })

/** "1st wish", "2nd wish" … */
export const wishPlace = (rank: number) => m.allocation_wish_place({ rank })

/** "Studio A, Tue 18 Nov, 3rd period"; `null` room reads "Any room". */
export const cellLabel = (cell: { roomName: string | null; date: string; periodLabel: string }) =>
  m.allocation_cell_label({ room: cell.roomName ?? m.allocation_any_room(), day: dayLabel(cell.date), period: periodPhrase(cell.periodLabel) })

export const periods = (count: number) => m.allocation_periods({ count })
export const bandsCount = (count: number) => m.allocation_bands({ count })

/** The current time, again every `everyMs`, so "closes in 2 hours" stays true while the page is open. */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(id)
  }, [everyMs])
  return now
}

/** The next moment of a round's life in words: "Wishes close Thu 20 Nov 2026, 20:00 (in 2 days)". */
export function roundMoment(round: RoundSummary, timeZone: string, now: Date) {
  const inWords = (iso: string) => formatDistance(iso, now)
  switch (round.status) {
    case 'upcoming':
      return m.allocation_moment_upcoming({ opens: instantLabel(round.opensAt, timeZone), opensIn: inWords(round.opensAt), closes: instantLabel(round.closesAt, timeZone) })
    case 'open':
      return new Date(round.closesAt) > now
        ? m.allocation_moment_closes({ closes: instantLabel(round.closesAt, timeZone), closesIn: inWords(round.closesAt) })
        : m.allocation_moment_closed({ closes: instantLabel(round.closesAt, timeZone) })
    case 'closed':
    case 'running':
      return m.allocation_moment_allocating({ closes: instantLabel(round.closesAt, timeZone) })
    case 'draft':
      return round.ranAt ? m.allocation_moment_draft_at({ ran: instantLabel(round.ranAt, timeZone) }) : m.allocation_moment_draft()
    case 'published':
      return round.publishedAt ? m.allocation_moment_published_at({ when: instantLabel(round.publishedAt, timeZone) }) : m.allocation_moment_published()
  }
}

const statusTone: Record<RoundStatus, string> = {
  upcoming: 'border-line text-ink-muted',
  open: 'border-brand/50 bg-brand/10 text-ink',
  closed: 'border-warn/60 bg-warn/10 text-ink',
  running: 'border-warn/60 bg-warn/10 text-ink',
  draft: 'border-warn/60 bg-warn/10 text-ink',
  published: 'border-line bg-surface-2 text-ink',
}

export function RoundStatusBadge({ status }: { status: RoundStatus }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${statusTone[status]}`}>{roundStatusLabels[status]}</span>
}
