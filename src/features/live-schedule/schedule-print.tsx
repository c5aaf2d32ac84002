import { Link } from '@tanstack/react-router'
import { ArrowLeft, Printer } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/feedback'
import { dayLabel } from '@/contract/calendar'
import type { PlacementOut, SchedulePerformance } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { m } from '@/i18n/paraglide/messages.js'

const linkButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

/**
 * `?print=true`: the timetable as plain tables, one per day, each on its own A4 page when
 * printed (`.timetable-print-day` in styles.css). `what` says which version it is.
 */
export function SchedulePrint({
  event,
  placements,
  performances,
  what,
}: {
  event: LiveEvent
  placements: ReadonlyArray<PlacementOut> | null
  performances: ReadonlyArray<SchedulePerformance>
  what: string
}) {
  const byId = new Map(performances.map((performance) => [performance.id, performance]))
  const kept = (placements ?? []).filter((placement) => byId.has(placement.performanceId))
  return (
    <div className="timetable-print flex flex-col gap-4">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          {m.live_schedule_print()}
        </Button>
        <Link to="/festival-schedule" search={(previous) => ({ ...previous, print: undefined })} className={linkButtonClass}>
          <ArrowLeft aria-hidden className="size-4" />
          {m.live_schedule_back_to_timetable()}
        </Link>
      </div>
      {placements === null ? (
        <EmptyState title={m.live_schedule_nothing_to_print()}>{m.live_schedule_not_published_sentence()}</EmptyState>
      ) : (
        event.days.map((day) => {
          const rows = kept
            .filter((placement) => placement.date === day.date)
            .sort(
              (a, b) =>
                a.start.localeCompare(b.start) ||
                day.stages.findIndex((stage) => stage.name === a.stage) - day.stages.findIndex((stage) => stage.name === b.stage),
            )
          return (
            <section key={day.date} aria-labelledby={`print-day-${day.date}`} className="timetable-print-day flex flex-col gap-2">
              <h2 id={`print-day-${day.date}`} className="text-lg font-semibold">
                {event.title} · {dayLabel(day.date)}
              </h2>
              <p className="text-sm text-ink-muted">
                {what} · {day.stages.map((stage) => `${stage.name} ${stage.opensAt}–${stage.closesAt}`).join(', ')}
              </p>
              {rows.length === 0 ? (
                <p className="text-sm">{m.live_schedule_no_performances_day()}</p>
              ) : (
                <table className="w-full border-collapse text-sm">
                  <caption className="sr-only">{m.live_schedule_performances_on_day({ day: dayLabel(day.date) })}</caption>
                  <thead>
                    <tr className="border-b border-line text-left">
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        {m.live_schedule_column_time()}
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        {m.live_schedule_column_stage()}
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        {m.live_schedule_column_band()}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((placement) => (
                      <tr key={placement.performanceId} className="border-b border-line/60">
                        <td className="py-1 pr-3 whitespace-nowrap tabular-nums">
                          {placement.start}–{placement.end}
                        </td>
                        <td className="py-1 pr-3">{placement.stage}</td>
                        <td className="py-1 break-words">{byId.get(placement.performanceId)!.bandName}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          )
        })
      )}
    </div>
  )
}
