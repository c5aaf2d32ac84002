import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page'
import { reviewDecisions, type Application, type ReviewDecision } from '@/contract/lives'
import { ApplicationRequests, MemberLine, ReviewState, decisionVerbs, songsText } from './application-review-parts'
import { instantLabel } from './event-parts'
import { m } from '@/i18n/paraglide/messages.js'

interface RowsProps {
  items: Application[]
  timeZone: string
  selected: ReadonlySet<string>
  onToggle: (application: Application, checked: boolean) => void
  onToggleAll: (checked: boolean) => void
  onReview: (application: Application, status: ReviewDecision) => void
}

/** Withdrawn applications cannot be reviewed (409 APPLICATION_WITHDRAWN), so they have no actions. */
const reviewable = (application: Application) => application.status !== 'withdrawn'

function ReviewButtons({ application, onReview }: { application: Application; onReview: RowsProps['onReview'] }) {
  if (!reviewable(application)) return <p className="text-sm text-ink-muted">{m.lives_withdrawn_by_band()}</p>
  return (
    <div className="flex flex-wrap gap-2">
      {reviewDecisions.map((status) => (
        <Button
          key={status}
          variant={status === 'accepted' ? 'primary' : status === 'rejected' ? 'danger' : 'secondary'}
          aria-label={decisionVerbs[status].band({ band: application.band.name })}
          className="px-3"
          onClick={() => onReview(application, status)}
        >
          {decisionVerbs[status].verb()}
        </Button>
      ))}
    </div>
  )
}

function SelectBox({ application, selected, onToggle }: { application: Application; selected: boolean; onToggle: RowsProps['onToggle'] }) {
  if (!reviewable(application)) return null
  return (
    <input
      type="checkbox"
      className="size-5 accent-brand"
      aria-label={m.lives_select_band({ band: application.band.name })}
      checked={selected}
      onChange={(event) => onToggle(application, event.target.checked)}
    />
  )
}

/** "Select all on this page": checked when every reviewable row is, mixed when some are. */
function SelectAll({ items, selected, onToggleAll }: Pick<RowsProps, 'items' | 'selected' | 'onToggleAll'>) {
  const ref = useRef<HTMLInputElement>(null)
  const selectable = items.filter(reviewable)
  const count = selectable.filter((application) => selected.has(application.id)).length
  const all = selectable.length > 0 && count === selectable.length
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all
  }, [count, all])
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-5 accent-brand"
      aria-label={m.lives_select_all_on_page()}
      checked={all}
      disabled={selectable.length === 0}
      onChange={(event) => onToggleAll(event.target.checked)}
    />
  )
}

/** Wide screens: one row per application, every detail an executive weighs. */
export function ReviewTable({ items, timeZone, selected, onToggle, onToggleAll, onReview }: RowsProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{m.lives_applications()}</caption>
        <thead className="bg-surface-2 text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              <SelectAll items={items} selected={selected} onToggleAll={onToggleAll} />
            </th>
            <th scope="col" className="min-w-48 px-3 py-2">{m.lives_band()}</th>
            <th scope="col" className="px-3 py-2">{m.lives_songs()}</th>
            <th scope="col" className="px-3 py-2">{m.lives_minutes_column()}</th>
            <th scope="col" className="px-3 py-2">{m.lives_requests()}</th>
            <th scope="col" className="px-3 py-2">{m.lives_submitted_column()}</th>
            <th scope="col" className="px-3 py-2">{m.lives_status()}</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">{m.lives_actions()}</span></th>
          </tr>
        </thead>
        <tbody>
          {items.map((application) => (
            <tr key={application.id} className={`border-t border-line align-top ${application.status === 'withdrawn' ? 'text-ink-muted' : ''}`}>
              <td className="px-3 py-3">
                <SelectBox application={application} selected={selected.has(application.id)} onToggle={onToggle} />
              </td>
              <th scope="row" className="min-w-48 px-3 py-3 text-left font-normal">
                <span className="font-semibold break-words">{application.band.name}</span>
                <MemberLine application={application} />
              </th>
              <td className="px-3 py-3 whitespace-nowrap">{songsText(application.songs)}</td>
              <td className="px-3 py-3 whitespace-nowrap">{m.lives_minutes({ minutes: application.requestedMinutes })}</td>
              <td className="min-w-56 px-3 py-3">
                <ApplicationRequests application={application} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <time dateTime={application.submittedAt}>{instantLabel(application.submittedAt, timeZone)}</time>
              </td>
              <td className="min-w-32 px-3 py-3">
                <ReviewState application={application} />
              </td>
              <td className="px-3 py-3">
                <ReviewButtons application={application} onReview={onReview} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Phones: a card per application, the same details stacked. */
export function ReviewCards({ items, timeZone, selected, onToggle, onToggleAll, onReview }: RowsProps) {
  return (
    <div className="flex flex-col gap-3">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <SelectAll items={items} selected={selected} onToggleAll={onToggleAll} />
        <span aria-hidden>{m.lives_select_all_on_page()}</span>
      </label>
      <ul aria-label={m.lives_applications()} className="flex flex-col gap-3">
        {items.map((application) => (
          <li key={application.id}>
            <Card>
              <div className="flex flex-col gap-2 text-sm">
                <div className="flex items-start gap-3">
                  <div className="pt-0.5">
                    <SelectBox application={application} selected={selected.has(application.id)} onToggle={onToggle} />
                  </div>
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold break-words">{application.band.name}</h3>
                    <MemberLine application={application} />
                  </div>
                  <ReviewState application={application} />
                </div>
                <p>
                  {songsText(application.songs)} · {m.lives_asks_for()} <strong>{m.lives_minutes({ minutes: application.requestedMinutes })}</strong>
                </p>
                <ApplicationRequests application={application} />
                <p className="text-ink-muted">
                  {m.lives_submitted_on()} <time dateTime={application.submittedAt}>{instantLabel(application.submittedAt, timeZone)}</time>
                </p>
                <ReviewButtons application={application} onReview={onReview} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** "3 selected: Accept · Waitlist · Reject", shown while rows are selected. */
export function BulkBar({ count, onReview, onClear }: { count: number; onReview: (status: ReviewDecision) => void; onClear: () => void }) {
  if (count === 0) return null
  return (
    <div
      role="region"
      aria-label={m.lives_selected_applications()}
      className="sticky bottom-2 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-brand/50 bg-surface p-3 shadow-lg"
    >
      <p className="mr-auto text-sm font-semibold" aria-live="polite">
        {m.lives_count_selected({ count })}
      </p>
      {reviewDecisions.map((status) => (
        <Button
          key={status}
          variant={status === 'accepted' ? 'primary' : status === 'rejected' ? 'danger' : 'secondary'}
          aria-label={decisionVerbs[status].selected({ count })}
          onClick={() => onReview(status)}
        >
          {decisionVerbs[status].verb()}
        </Button>
      ))}
      <Button variant="ghost" onClick={onClear}>
        {m.lives_clear_selection()}
      </Button>
    </div>
  )
}
