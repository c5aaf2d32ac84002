import type { ReactNode } from 'react'
import { useDroppable } from '@dnd-kit/core'
import { dayLabel } from '@/contract/calendar'
import { TIMETABLE_GRID_MINUTES as GRID } from '@/contract/timetable'
import { dayRange, toMinutes, toTime, type ScheduleEvent } from './timetable-editing'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * One day of a timetable as a grid: stages side by side (scrolling sideways on phones), time
 * downwards in 5-minute rows, each performance a block as tall as its minutes. The editor and
 * the read-only view share it; the editor makes each stage a drop target.
 */

/** Pixels per 5-minute row. */
export const ROW_PX = 20

export interface GridItem {
  performanceId: string
  stage: string
  start: string
  minutes: number
}

type Day = ScheduleEvent['days'][number]

export const laneId = (date: string, stage: string) => `lane|${date}|${stage}`
export const parseLaneId = (id: string) => {
  const [, date, ...stage] = id.split('|')
  return { date: date!, stage: stage.join('|') }
}

export function ScheduleDayGrid({
  day,
  items,
  renderItem,
  droppable = false,
  label,
}: {
  day: Day
  items: ReadonlyArray<GridItem>
  renderItem: (item: GridItem, style: { top: number; height: number }) => ReactNode
  droppable?: boolean
  label?: string
}) {
  const range = dayRange(day)
  const rows = (range.to - range.from) / GRID
  const height = rows * ROW_PX
  const marks: number[] = []
  for (let minute = Math.ceil(range.from / 30) * 30; minute <= range.to; minute += 30) marks.push(minute)
  return (
    <div role="group" aria-label={label ?? m.live_schedule_timetable_of_day({ day: dayLabel(day.date) })} className="overflow-x-auto rounded-md border border-line">
      <div className="flex w-full min-w-max">
        <div aria-hidden className="sticky left-0 z-10 w-11 shrink-0 border-r border-line bg-surface">
          <div className="h-9 border-b border-line" />
          <div className="relative" style={{ height }}>
            {marks.map((minute) => (
              <span
                key={minute}
                className={`absolute right-1 text-xs text-ink-muted ${minute === range.from ? '' : '-translate-y-1/2'}`}
                style={{ top: ((minute - range.from) / GRID) * ROW_PX }}
              >
                {toTime(minute)}
              </span>
            ))}
          </div>
        </div>
        {day.stages.map((stage) => (
          <StageColumn
            key={stage.name}
            date={day.date}
            stage={stage}
            rangeFrom={range.from}
            height={height}
            marks={marks}
            droppable={droppable}
            items={items.filter((item) => item.stage === stage.name)}
            renderItem={renderItem}
          />
        ))}
      </div>
    </div>
  )
}

function StageColumn({
  date,
  stage,
  rangeFrom,
  height,
  marks,
  droppable,
  items,
  renderItem,
}: {
  date: string
  stage: Day['stages'][number]
  rangeFrom: number
  height: number
  marks: number[]
  droppable: boolean
  items: ReadonlyArray<GridItem>
  renderItem: (item: GridItem, style: { top: number; height: number }) => ReactNode
}) {
  const y = (minute: number) => ((minute - rangeFrom) / GRID) * ROW_PX
  const opens = y(toMinutes(stage.opensAt))
  const closes = y(toMinutes(stage.closesAt))
  const body = (
    <>
      {marks.map((minute) => (
        <div key={minute} aria-hidden className="absolute inset-x-0 border-t border-dashed border-line/50" style={{ top: y(minute) }} />
      ))}
      {/* Outside the stage's opening hours: shaded. */}
      {opens > 0 ? <div aria-hidden className="absolute inset-x-0 top-0 bg-surface-2" style={{ height: opens }} /> : null}
      {closes < height ? <div aria-hidden className="absolute inset-x-0 bottom-0 bg-surface-2" style={{ top: closes }} /> : null}
      {items.map((item) => renderItem(item, { top: y(toMinutes(item.start)), height: (item.minutes / GRID) * ROW_PX }))}
    </>
  )
  return (
    <section
      aria-label={m.live_schedule_stage_open({ stage: stage.name, day: dayLabel(date), from: stage.opensAt, to: stage.closesAt })}
      className="min-w-[8.5rem] flex-1 border-r border-line last:border-r-0 sm:min-w-48"
    >
      <h3 className="sticky top-0 flex h-9 items-center justify-center border-b border-line bg-surface-2 px-2 text-sm font-semibold break-words">
        {stage.name}
      </h3>
      {droppable ? (
        <DropArea id={laneId(date, stage.name)} height={height}>
          {body}
        </DropArea>
      ) : (
        <div className="relative" style={{ height }}>
          {body}
        </div>
      )}
    </section>
  )
}

/** A stage's column as a drop target (only inside the editor's DndContext). */
function DropArea({ id, height, children }: { id: string; height: number; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id })
  return (
    <div ref={setNodeRef} className={`relative ${isOver ? 'bg-brand/5' : ''}`} style={{ height }}>
      {children}
    </div>
  )
}

/** The days a screen shows: the chosen one (`?day=`), else every day (or the first on phones). */
export function DayTabs({
  days,
  shown,
  onShow,
  allowAll,
}: {
  days: ReadonlyArray<Day>
  shown: string | null
  onShow: (day: string | undefined) => void
  allowAll: boolean
}) {
  if (days.length < 2) return null
  const tab =
    'inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand'
  const active = 'bg-brand text-brand-ink'
  const inactive = 'text-ink hover:bg-surface'
  return (
    <nav aria-label={m.live_schedule_days()} className="print:hidden">
      <ul className="inline-flex flex-wrap gap-0.5 rounded-md border border-line bg-surface-2 p-0.5">
        {allowAll ? (
          <li>
            <button type="button" aria-pressed={shown === null} className={`${tab} ${shown === null ? active : inactive}`} onClick={() => onShow(undefined)}>
              {m.live_schedule_all_days()}
            </button>
          </li>
        ) : null}
        {days.map((day) => (
          <li key={day.date}>
            <button
              type="button"
              aria-pressed={shown === day.date}
              className={`${tab} ${shown === day.date ? active : inactive}`}
              onClick={() => onShow(day.date)}
            >
              {dayLabel(day.date)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
