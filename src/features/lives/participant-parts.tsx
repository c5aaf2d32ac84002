import type { ReactNode } from 'react'
import { Search } from 'lucide-react'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { dayLabel } from '@/contract/calendar'
import type { LiveEvent } from '@/contract/lives'
import { liveName, liveOfEvent } from './live-routes'
import type { LiveKindRef } from './lives-queries'
import { NoEventNotice } from './no-event-notice'
import type { useLiveEvent } from './use-live-event'
import { m } from '@/i18n/paraglide/messages.js'

/** Parts shared by the participant list and the accepted-band list. */

export const secondaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

export const inlineLinkClass = 'text-brand underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

/** "Summer live · 2026 academic year · Student hall · Sat 18 Jul, Sun 19 Jul". */
export function eventLine(event: LiveEvent) {
  return [
    liveName(liveOfEvent(event)),
    m.lives_academic_year_of({ year: event.academicYear }),
    event.venue || null,
    event.days.map((day) => dayLabel(day.date)).join(m.lives_list_separator()),
  ]
    .filter(Boolean)
    .join(' · ')
}

/** What a lives screen shows while its event is not there: loading, the error, or the notice that the kind has no current event. */
export function LiveEventFallback({ live, state, what }: { live: LiveKindRef; state: ReturnType<typeof useLiveEvent>; what: string }) {
  if (state.isPending) return <LoadingBlock label={m.lives_loading_live()} />
  if (state.error) return <QueryErrorBlock error={state.error} onRetry={() => void state.refetch()} what={what} />
  return <NoEventNotice live={live} academicYear={state.academicYear} />
}

/** A search box that filters a list already on the screen (no request, no URL state). */
export function ListFilterField({ id, label, value, onChange, placeholder }: { id: string; label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-sm">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          className="min-h-11 w-full rounded-md border border-line bg-surface py-2 pr-3 pl-9 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
        />
      </div>
    </div>
  )
}

/** Lower-cased and width-folded (NFKC), so "ｷﾞﾀｰ" finds "ギター" and "GUITAR" finds "Guitar". */
export const foldText = (text: string) => text.normalize('NFKC').toLowerCase()

/** Whether every word of the query appears in one of the texts. */
export function matchesQuery(query: string, texts: ReadonlyArray<string | null | undefined>) {
  const words = foldText(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = foldText(texts.filter(Boolean).join('\n'))
  return words.every((word) => haystack.includes(word))
}

/** A small pill: a grade, a leader mark, a count. */
export function Pill({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'brand' }) {
  const colours = tone === 'brand' ? 'border-brand/50 text-ink bg-brand/10' : 'border-line text-ink-muted'
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${colours}`}>{children}</span>
}
