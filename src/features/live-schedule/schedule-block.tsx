import type { KeyboardEvent } from 'react'
import { useDraggable } from '@dnd-kit/core'
import { AlertTriangle, GripVertical, Pin } from 'lucide-react'
import { dayLabel } from '@/contract/calendar'
import type { SchedulePerformance } from '@/contract/live-schedule'
import { timetableGoals, type TimetableGoal, type TimetableViolation } from '@/contract/timetable'
import { endOf } from './timetable-editing'
import { m } from '@/i18n/paraglide/messages.js'

/** The DOM id of a performance's block, so focus can follow it when a move takes it to another stage. */
export const blockDomId = (performanceId: string) => `timetable-block-${performanceId}`

export const costOfGoals = (costs: Partial<Record<TimetableGoal, number>> | undefined) =>
  timetableGoals.reduce((total, goal) => total + (costs?.[goal] ?? 0), 0)

const breaksText = (count: number) => m.live_schedule_broken_rules({ count })

/**
 * "Blue Train, 12:00–12:20, Main, pinned, 1 broken rule": what a block is called. It starts with
 * the block's visible text (name and times), so speech input finds it by what is shown.
 */
export function blockLabel(
  performance: SchedulePerformance,
  placement: { stage: string; start: string; pinned?: boolean },
  breaks: number,
  extra: string[] = [],
) {
  return [
    performance.bandName,
    `${placement.start}–${endOf(placement.start, performance.minutes)}`,
    placement.stage,
    placement.pinned ? m.live_schedule_pinned_word() : null,
    ...extra,
    breaks > 0 ? breaksText(breaks) : null,
  ]
    .filter(Boolean)
    .join(m.live_schedule_list_separator())
}

/** The band's name and times (and the pin, or "Yours"): all a block's name is made of. */
function BlockTitle({ performance, start, pinned, yours }: { performance: SchedulePerformance; start: string; pinned: boolean; yours?: boolean }) {
  return (
    <>
      <span className="flex items-start gap-1">
        <span className="min-w-0 flex-1 truncate font-semibold">{performance.bandName}</span>
        {pinned ? <Pin aria-hidden className="size-3.5 shrink-0" /> : null}
        {yours ? <span className="shrink-0 rounded-full bg-brand px-1.5 text-[0.65rem] font-semibold text-brand-ink">{m.live_schedule_yours_badge()}</span> : null}
      </span>{' '}
      {/* Muted grey fails AA on the brand-tinted "Yours" block: full ink there. */}
      <span className={`block ${yours ? 'text-ink' : 'text-ink-muted'}`}>
        {start}–{endOf(start, performance.minutes)}
      </span>
    </>
  )
}

/** What a performance breaks, on the performance (an icon and the sentence). */
function BreaksList({ performance, breaks, id }: { performance: SchedulePerformance; breaks: ReadonlyArray<TimetableViolation>; id?: string }) {
  if (breaks.length === 0) return null
  return (
    <ul id={id} aria-label={m.live_schedule_broken_rules_of({ band: performance.bandName })} className="mt-0.5 flex flex-col gap-0.5 text-danger">
      {breaks.map((violation, index) => (
        <li key={index} className="flex items-start gap-1" title={violation.message}>
          <AlertTriangle aria-hidden className="mt-0.5 size-3 shrink-0" />
          <span className="line-clamp-2">{violation.message}</span>
        </li>
      ))}
    </ul>
  )
}

const blockBase = 'absolute inset-x-1 overflow-hidden rounded-md border px-1.5 py-1 text-left text-xs leading-tight shadow-sm'
const tone = (breaks: number, selected: boolean) =>
  breaks > 0 ? 'border-2 border-danger bg-danger/10 text-ink' : selected ? 'border-2 border-brand bg-brand/15 text-ink' : 'border-brand/50 bg-brand/10 text-ink'

/**
 * A performance in the editor: dragged with the mouse or a finger anywhere on the block
 * (dnd-kit), or with the keyboard on its title (Enter/Space picks it up, arrows move it,
 * Enter/Space drops it, Escape puts it back). Pinned blocks stay put until unpinned.
 */
export function EditableBlock({
  performance,
  start,
  stage,
  pinned,
  breaks,
  cost,
  style,
  selected,
  pickedUp,
  faded,
  onSelect,
  onKeyDown,
}: {
  performance: SchedulePerformance
  start: string
  stage: string
  pinned: boolean
  breaks: ReadonlyArray<TimetableViolation>
  cost: number
  style: { top: number; height: number }
  selected: boolean
  pickedUp: boolean
  faded: boolean
  onSelect: () => void
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void
}) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: performance.id, disabled: pinned })
  const domId = blockDomId(performance.id)
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      data-breaks={breaks.length}
      onClick={onSelect}
      className={`${blockBase} ${tone(breaks.length, selected)} ${pickedUp ? 'ring-4 ring-brand/60' : ''} ${faded ? 'opacity-40' : ''} ${pinned ? 'cursor-default' : 'cursor-grab touch-manipulation'}`}
      style={{ top: style.top, height: Math.max(style.height, 28) }}
    >
      <div
        id={domId}
        role="button"
        tabIndex={0}
        aria-roledescription={m.live_schedule_performance_role()}
        aria-label={blockLabel(performance, { stage, start, pinned }, breaks.length, pickedUp ? [m.live_schedule_picked_up_word()] : [])}
        aria-describedby={`${attributes['aria-describedby']} ${breaks.length > 0 ? `${domId}-breaks` : ''}`.trim()}
        aria-current={selected ? 'true' : undefined}
        onFocus={onSelect}
        onKeyDown={onKeyDown}
        className="block rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
      >
        <BlockTitle performance={performance} start={start} pinned={pinned} />
      </div>
      {cost ? <span className="block text-ink-muted">{m.live_schedule_penalty_points_count({ count: cost })}</span> : null}
      <BreaksList performance={performance} breaks={breaks} id={`${domId}-breaks`} />
    </div>
  )
}

/** Where a block would land while it is being dragged, with what that would break. */
export function GhostBlock({
  performance,
  start,
  breaks,
  style,
}: {
  performance: SchedulePerformance
  start: string
  breaks: ReadonlyArray<TimetableViolation>
  style: { top: number; height: number }
}) {
  return (
    <div
      aria-hidden
      className={`${blockBase} pointer-events-none z-10 border-dashed ${breaks.length > 0 ? 'border-2 border-danger bg-danger/15' : 'border-2 border-brand bg-brand/20'}`}
      style={{ top: style.top, height: Math.max(style.height, 28) }}
    >
      <BlockTitle performance={performance} start={start} pinned={false} />
      <BreaksList performance={performance} breaks={breaks} />
    </div>
  )
}

/** A performance in the read-only timetable; the member's own are marked "Yours". */
export function ReadOnlyBlock({
  performance,
  start,
  stage,
  style,
}: {
  performance: SchedulePerformance
  start: string
  stage: string
  style: { top: number; height: number }
}) {
  return (
    <article
      aria-label={blockLabel(performance, { stage, start }, 0, performance.mine ? [m.live_schedule_yours_word()] : [])}
      className={`${blockBase} ${performance.mine ? 'border-2 border-brand bg-brand/20 text-ink' : 'border-line bg-surface-2 text-ink'}`}
      style={{ top: style.top, height: Math.max(style.height, 28) }}
    >
      <BlockTitle performance={performance} start={start} pinned={false} yours={performance.mine} />
    </article>
  )
}

/** A performance not in the timetable: dragged in by its handle, or added with the button. */
export function UnplacedItem({ performance, onAdd, addLabel }: { performance: SchedulePerformance; onAdd: () => void; addLabel: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: performance.id, attributes: { roleDescription: m.live_schedule_performance_role() } })
  return (
    <li className={`flex items-center gap-2 rounded-md border border-line bg-surface p-2 text-sm ${isDragging ? 'opacity-50' : ''}`}>
      <span ref={setNodeRef} {...attributes} {...listeners} tabIndex={-1} role="presentation" aria-hidden className="cursor-grab touch-none p-1 text-ink-muted">
        <GripVertical className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words">{performance.bandName}</span>
        <span className="block text-xs text-ink-muted">
          {m.lives_minutes({ minutes: performance.minutes })}
          {performance.preferredDay ? m.live_schedule_prefers_day({ day: dayLabel(performance.preferredDay) }) : ''}
        </span>
      </span>
      <button
        type="button"
        onClick={onAdd}
        className="min-h-11 shrink-0 rounded-md border border-line px-3 text-sm font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        aria-label={`${addLabel}: ${performance.bandName}`}
      >
        {addLabel}
      </button>
    </li>
  )
}
