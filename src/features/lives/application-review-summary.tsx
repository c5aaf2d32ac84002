import { useId } from 'react'
import { applicationStatusLabels, applicationStatuses, type ApplicationSummary } from '@/contract/lives'
import { minutesText } from './event-parts'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * The running total executives review against: accepted minutes plus the changeovers they
 * need, against the opening hours of every stage and day, and the band limit. Over the whole
 * event, whatever the filters show.
 */
export function ReviewSummary({ summary }: { summary: ApplicationSummary }) {
  const id = useId()
  const accepted = summary.counts.accepted ?? 0
  const used = summary.acceptedMinutes + summary.acceptedChangeoverMinutes
  const over = used - summary.capacityMinutes
  const percent = summary.capacityMinutes > 0 ? Math.min(100, Math.round((used / summary.capacityMinutes) * 100)) : 100
  const limitReached = summary.bandLimit !== null && accepted >= summary.bandLimit
  const valueText =
    over > 0
      ? m.lives_meter_over({ used: minutesText(used), capacity: minutesText(summary.capacityMinutes), over: minutesText(over) })
      : m.lives_meter_left({ used: minutesText(used), capacity: minutesText(summary.capacityMinutes), left: minutesText(summary.capacityMinutes - used) })

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {m.lives_running_total()}
      </h2>
      <p className="text-sm" id={`${id}-text`}>
        {m.lives_running_total_text({
          count: accepted,
          minutes: summary.acceptedMinutes,
          changeovers: summary.acceptedChangeoverMinutes,
          capacity: summary.capacityMinutes,
        })}
      </p>
      <div
        role="meter"
        aria-label={m.lives_meter_label()}
        aria-describedby={`${id}-text`}
        aria-valuemin={0}
        aria-valuemax={summary.capacityMinutes}
        aria-valuenow={Math.min(used, summary.capacityMinutes)}
        aria-valuetext={valueText}
        className="h-3 w-full overflow-hidden rounded-full bg-surface-2 ring-1 ring-line"
      >
        <div className={`h-full rounded-full ${over > 0 ? 'bg-warn' : 'bg-brand'}`} style={{ width: `${percent}%` }} />
      </div>
      {over > 0 ? (
        <p role="status" className="text-sm font-semibold text-warn">
          {m.lives_over_by({ over })}
        </p>
      ) : (
        <p className="text-sm text-ink-muted">{m.lives_minutes_left({ left: summary.capacityMinutes - used })}</p>
      )}
      {summary.bandLimit !== null ? (
        <p className={`text-sm ${limitReached ? 'font-semibold text-warn' : 'text-ink-muted'}`}>
          {limitReached
            ? m.lives_band_limit_reached({ accepted, limit: summary.bandLimit })
            : m.lives_band_limit_status({ accepted, limit: summary.bandLimit })}
        </p>
      ) : null}
      <ul aria-label={m.lives_applications_by_status()} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {applicationStatuses.map((status) => (
          <li key={status}>
            <span className="text-ink-muted">{applicationStatusLabels[status]}</span> <strong>{summary.counts[status] ?? 0}</strong>
          </li>
        ))}
      </ul>
    </section>
  )
}
