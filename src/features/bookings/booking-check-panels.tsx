import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { errorMessage } from '@/components/ui/feedback'
import type { BookingCheckQuery } from '@/contract/bookings'
import { weekLabel } from '@/contract/calendar'
import { bookingCheckQueryOptions, quotaQueryOptions } from './bookings-queries'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * Whether the chosen slot can be booked, and every reason it cannot, as the member chooses
 * (GET /api/bookings/check). One polite live region, always in the page, so screen readers hear
 * each new answer without losing their place.
 */
export function SlotCheck({ query, id }: { query: BookingCheckQuery | null; id?: string }) {
  const check = useQuery({ ...bookingCheckQueryOptions(query ?? { roomId: '', date: '', periodId: '' }), enabled: query !== null })

  let content
  if (query === null) {
    content = <p className="text-ink-muted">{m.bookings_check_choose()}</p>
  } else if (check.isPending) {
    content = <p className="text-ink-muted">{m.bookings_check_checking()}</p>
  } else if (check.isError) {
    content = <p className="text-danger">{m.bookings_check_failed()} {errorMessage(check.error)}</p>
  } else if (check.data.bookable) {
    content = (
      <>
        <p className="flex items-center gap-2 font-medium text-ink">
          <CircleCheck aria-hidden className="size-5 shrink-0 text-brand" />
          {m.bookings_check_free()}
        </p>
        {check.data.problems.length > 0 ? <ProblemList problems={check.data.problems} /> : null}
      </>
    )
  } else {
    content = (
      <>
        <p className="flex items-center gap-2 font-medium text-danger">
          <CircleAlert aria-hidden className="size-5 shrink-0" />
          {m.bookings_check_refused()}
        </p>
        <ProblemList problems={check.data.problems} />
      </>
    )
  }

  const tone = query !== null && check.data && !check.data.bookable ? 'border-danger/40 bg-danger/10' : 'border-line bg-surface-2'
  return (
    <div id={id} role="status" aria-live="polite" aria-atomic="true" aria-label={m.bookings_check_label()} className={`rounded-md border px-3 py-2 text-sm ${tone}`}>
      {content}
    </div>
  )
}

function ProblemList({ problems }: { problems: ReadonlyArray<{ code: string; message: string }> }) {
  return (
    <ul className="mt-1 list-disc pl-6 text-ink">
      {problems.map((problem) => (
        <li key={`${problem.code}:${problem.message}`}>{problem.message}</li>
      ))}
    </ul>
  )
}

/** What is left of my weekly quotas in the chosen date's week (Monday–Sunday). */
export function QuotaSummary({ weekStart }: { weekStart: string }) {
  const headingId = useId()
  const quota = useQuery(quotaQueryOptions(weekStart))

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line bg-surface p-4">
      <h2 id={headingId} className="text-base font-semibold text-ink">
        {m.bookings_quota_week({ week: weekLabel(weekStart) })}
      </h2>
      {quota.isPending ? (
        <p className="mt-1 text-sm text-ink-muted">{m.bookings_quota_loading()}</p>
      ) : quota.isError ? (
        <p className="mt-1 text-sm text-danger">{m.bookings_quota_failed()} {errorMessage(quota.error)}</p>
      ) : (
        <>
          <ul aria-label={m.bookings_quota_label()} className="mt-2 flex flex-col gap-1 text-sm">
            {quota.data.bands.map((band) => (
              <li key={band.bandId} className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium break-words">{band.name}</span>
                <span>{m.bookings_quota_left({ left: Math.max(0, band.remaining), limit: band.limit })}</span>
              </li>
            ))}
            {quota.data.personal.allowed ? (
              <li className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium">{m.bookings_kind_personal()}</span>
                <span>{m.bookings_quota_left({ left: Math.max(0, quota.data.personal.remaining), limit: quota.data.personal.limit })}</span>
              </li>
            ) : null}
          </ul>
          {quota.data.bands.length === 0 && !quota.data.personal.allowed ? (
            <p className="mt-1 text-sm text-ink-muted">{m.bookings_quota_none()}</p>
          ) : null}
          {quota.data.mayExceed ? <p className="mt-2 text-sm text-ink-muted">{m.bookings_quota_executives()}</p> : null}
        </>
      )}
    </section>
  )
}
