import { useEffect, useState } from 'react'
import { formatDateTime, formatDistance } from '@/contract/date-format'
import { dayLabel, periodPhrase, weekLabel } from '@/contract/calendar'
import { roundStatusLabels, type RoundStatus, type RoundSummary } from '@/contract/allocation-rounds'

/** "Mon 17 Nov 2026, 00:00" in the club's time zone. */
export const instantLabel = (iso: string, timeZone: string) => formatDateTime(iso, { timeZone })

/** "Week of 17–23 Nov 2026". */
export const roundWeekLabel = (round: Pick<RoundSummary, 'weekStart'>) => `Week of ${weekLabel(round.weekStart)}`

/** "1st wish", "2nd wish" … */
export function ordinal(rank: number) {
  const tens = rank % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : rank % 10 === 1 ? 'st' : rank % 10 === 2 ? 'nd' : rank % 10 === 3 ? 'rd' : 'th'
  return `${rank}${suffix}`
}

/** "Studio A, Tue 18 Nov, 3rd period"; `null` room reads "Any room". */
export const cellLabel = (cell: { roomName: string | null; date: string; periodLabel: string }) =>
  `${cell.roomName ?? 'Any room'}, ${dayLabel(cell.date)}, ${periodPhrase(cell.periodLabel)}`

export const periods = (count: number) => `${count} period${count === 1 ? '' : 's'}`
export const bandsCount = (count: number) => `${count} band${count === 1 ? '' : 's'}`

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
      return `Wishes open ${instantLabel(round.opensAt, timeZone)} (${inWords(round.opensAt)}) and close ${instantLabel(round.closesAt, timeZone)}.`
    case 'open':
      return new Date(round.closesAt) > now
        ? `Wishes close ${instantLabel(round.closesAt, timeZone)} (${inWords(round.closesAt)}).`
        : `Wishes closed ${instantLabel(round.closesAt, timeZone)}.`
    case 'closed':
    case 'running':
      return `Wishes closed ${instantLabel(round.closesAt, timeZone)}; the rooms are being given out.`
    case 'draft':
      return `${round.ranAt ? `Allocated ${instantLabel(round.ranAt, timeZone)}` : 'Allocated'}; the executives will publish it soon.`
    case 'published':
      return round.publishedAt ? `Published ${instantLabel(round.publishedAt, timeZone)}.` : 'Published.'
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
