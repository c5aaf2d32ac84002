import { Pin } from 'lucide-react'
import { dayLabel } from '@/contract/calendar'
import type { PlacementOut } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { m } from '@/i18n/paraglide/messages.js'

interface StageGroup {
  date: string
  stage: string
  placements: PlacementOut[]
}

/** The placements by day and stage in the event's order (anything unknown after), each in start order. */
export function groupByDayAndStage(event: LiveEvent, placements: ReadonlyArray<PlacementOut>): StageGroup[] {
  const order = event.days.flatMap((day) => day.stages.map((stage) => `${day.date}\u0000${stage.name}`))
  const groups = new Map<string, StageGroup>(order.map((key) => [key, { date: key.split('\u0000')[0]!, stage: key.split('\u0000')[1]!, placements: [] }]))
  for (const placement of placements) {
    const key = `${placement.date}\u0000${placement.stage}`
    if (!groups.has(key)) groups.set(key, { date: placement.date, stage: placement.stage, placements: [] })
    groups.get(key)!.placements.push(placement)
  }
  return [...groups.values()]
    .filter((group) => group.placements.length > 0)
    .map((group) => ({ ...group, placements: group.placements.toSorted((a, b) => a.start.localeCompare(b.start)) }))
}

/**
 * A compact day × stage timeline of placements (a proposal's, or the draft "Keep improving"
 * writes): each stage's bands in start order, pinned ones marked. `title` names the lists.
 */
export function TimetableTimeline({
  title,
  event,
  placements,
  nameOf,
}: {
  title: string
  event: LiveEvent
  placements: ReadonlyArray<PlacementOut>
  nameOf: (performanceId: string) => string
}) {
  const groups = groupByDayAndStage(event, placements)
  return (
    <>
      {groups.length === 0 ? <p className="text-ink-muted">{m.live_schedule_nothing_placed()}</p> : null}
      {groups.map((group) => (
        <div key={`${group.date} ${group.stage}`} className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {dayLabel(group.date)} · {group.stage}
          </h4>
          <ol aria-label={`${title}: ${dayLabel(group.date)} · ${group.stage}`} className="flex flex-col border-l-2 border-line pl-2">
            {group.placements.map((placement) => (
              <li key={placement.performanceId} className="flex items-baseline gap-2">
                <span className="shrink-0 tabular-nums text-ink-muted">
                  {placement.start}–{placement.end}
                </span>
                <span className="min-w-0 break-words text-ink">{nameOf(placement.performanceId)}</span>
                {placement.pinned ? (
                  <span className="inline-flex items-center text-ink-muted" title={m.live_schedule_pinned_title()}>
                    <Pin aria-hidden className="size-3.5" />
                    <span className="sr-only">{m.live_schedule_pinned_aside()}</span>
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </>
  )
}
