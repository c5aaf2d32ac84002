import type { ReactNode } from 'react'
import { m } from '@/i18n/paraglide/messages.js'
import { feedbackCategoryLabels, feedbackStatusLabels, type FeedbackStatus } from '@/contract/choices'
import { dayLabel } from '@/contract/calendar'
import type { ClubFeedback, MyFeedback, ReceivedFeedback } from '@/contract/feedback'
import { useDates } from '@/lib/use-dates'

/** "3 Jun 2026, 18:05" in the reader's own zone (the time a message was sent, not a club slot). */

/** What the feedback is about, in the club's words: "Night Owls at Spring Live (Sat 30 May)" or "Suggestion · Practice rooms". */
export function aboutOf(item: Pick<MyFeedback, 'target' | 'category' | 'band' | 'event'>) {
  if (item.target === 'performance') {
    const live = item.event ? m.feedback_live_with_day({ title: item.event.title, day: dayLabel(item.event.firstDay) }) : m.feedback_a_live()
    return m.feedback_about_performance({ band: item.band?.name ?? m.feedback_a_band(), live })
  }
  return m.feedback_about_suggestion({ category: item.category ? feedbackCategoryLabels[item.category] : m.feedback_other() })
}

/** Who wrote it as the reader may know: anonymous feedback has no author for anyone but admins. */
export function authorLine(item: Pick<ClubFeedback | ReceivedFeedback, 'author' | 'anonymous'>) {
  if (!item.author) return m.feedback_anonymous()
  if (item.anonymous) return m.feedback_author_anonymous({ name: item.author.displayName })
  return item.author.displayName
}

const statusColours: Record<FeedbackStatus, string> = {
  new: 'border-brand/50 bg-brand/10 text-ink',
  acknowledged: 'border-warn/60 bg-warn/10 text-ink',
  resolved: 'border-line bg-surface-2 text-ink-muted',
}

export function StatusBadge({ status }: { status: FeedbackStatus }) {
  return <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${statusColours[status]}`}>{feedbackStatusLabels[status]}</span>
}

/** The text as written: line breaks kept, long words wrapped on a phone. */
export function FeedbackText({ children }: { children: string }) {
  return <p className="text-sm break-words whitespace-pre-wrap text-ink">{children}</p>
}

export function ReplyBlock({ reply }: { reply: NonNullable<MyFeedback['reply']> }) {
  const dates = useDates()
  return (
    <div className="rounded-md border-l-4 border-brand bg-surface-2 px-3 py-2">
      <p className="text-xs text-ink-muted">{m.feedback_reply_from({ name: reply.by.displayName, at: dates.dateTime(reply.at) })}</p>
      <FeedbackText>{reply.text}</FeedbackText>
    </div>
  )
}

/** One feedback as a card row of a list. */
export function FeedbackItem({ title, meta, badges, children }: { title: string; meta: string; badges?: ReactNode; children: ReactNode }) {
  return (
    <li className="rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-medium break-words text-ink">{title}</h3>
        {badges ? <div className="flex flex-wrap gap-1">{badges}</div> : null}
      </div>
      <p className="mt-0.5 text-xs text-ink-muted">{meta}</p>
      <div className="mt-2 flex flex-col gap-2">{children}</div>
    </li>
  )
}
