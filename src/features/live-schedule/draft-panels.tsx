import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Pin, PinOff, Undo2, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { dayLabel } from '@/contract/calendar'
import type { SchedulePerformance } from '@/contract/live-schedule'
import { hardRuleLabels, timetableGoalLabels, timetableGoals, type TimetableViolation } from '@/contract/timetable'
import { UnplacedItem, costOfGoals } from './schedule-block'
import { endOf, type EditPlacement, type MoveDirection } from './timetable-editing'
import { m } from '@/i18n/paraglide/messages.js'

/** "Early start 4, Preferred day 2": each goal that costs, with its points. */
const goalCostsText = (goals: ReadonlyArray<(typeof timetableGoals)[number]>, points: (goal: (typeof timetableGoals)[number]) => number) =>
  goals.map((goal) => m.live_schedule_goal_cost({ goal: timetableGoalLabels[goal], points: points(goal) })).join(m.live_schedule_list_separator())

// The draft editor's side panels: the selected performance's controls, the whole draft's checks
// and the performances not placed yet.

export function SelectedControls({
  performance,
  placement,
  breaks,
  costs,
  onMove,
  onTogglePin,
  onRemove,
  onClose,
}: {
  performance: SchedulePerformance
  placement: EditPlacement
  breaks: ReadonlyArray<TimetableViolation>
  costs: Partial<Record<(typeof timetableGoals)[number], number>> | undefined
  onMove: (direction: MoveDirection) => void
  onTogglePin: () => void
  onRemove: () => void
  onClose: () => void
}) {
  const locked = placement.pinned
  const goals = timetableGoals.filter((goal) => costs?.[goal])
  return (
    // On phones a sheet fixed to the bottom of the screen, beside the grid on wide screens: selecting never moves the grid.
    <section
      aria-label={m.live_schedule_selected({ band: performance.bandName })}
      className="fixed inset-x-0 bottom-0 z-30 flex max-h-[45dvh] flex-col gap-2 overflow-y-auto border-t border-line bg-surface-2 p-3 text-sm shadow-lg lg:static lg:max-h-none lg:rounded-md lg:border lg:shadow-none print:hidden"
    >
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">{performance.bandName}</strong> · {placement.stage} · {dayLabel(placement.date)} · {placement.start}–
          {endOf(placement.start, performance.minutes)}
          {locked ? m.live_schedule_pinned_suffix() : ''}
        </p>
        <button
          type="button"
          onClick={onClose}
          aria-label={m.common_close()}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={m.live_schedule_move_band({ band: performance.bandName })}>
        <Button variant="secondary" onClick={() => onMove('earlier')} disabled={locked}>
          <ArrowUp aria-hidden className="size-4" />
          {m.live_schedule_earlier()}
        </Button>
        <Button variant="secondary" onClick={() => onMove('later')} disabled={locked}>
          <ArrowDown aria-hidden className="size-4" />
          {m.live_schedule_later()}
        </Button>
        <Button variant="secondary" onClick={() => onMove('previous')} disabled={locked}>
          <ArrowLeft aria-hidden className="size-4" />
          {m.live_schedule_previous_stage()}
        </Button>
        <Button variant="secondary" onClick={() => onMove('next')} disabled={locked}>
          <ArrowRight aria-hidden className="size-4" />
          {m.live_schedule_next_stage()}
        </Button>
        <Button variant="secondary" onClick={onTogglePin} aria-pressed={locked}>
          {locked ? <PinOff aria-hidden className="size-4" /> : <Pin aria-hidden className="size-4" />}
          {locked ? m.live_schedule_unpin() : m.live_schedule_pin()}
        </Button>
        <Button variant="ghost" onClick={onRemove}>
          <Undo2 aria-hidden className="size-4" />
          {m.live_schedule_remove_from_timetable()}
        </Button>
      </div>
      {locked ? <p className="text-ink-muted">{m.live_schedule_pinned_help()}</p> : null}
      {breaks.length > 0 ? (
        <ul aria-label={m.live_schedule_what_band_breaks({ band: performance.bandName })} className="flex flex-col gap-1 text-danger">
          {breaks.map((violation, index) => (
            <li key={index}>
              <strong className="font-semibold">{hardRuleLabels[violation.rule]}:</strong> {violation.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">{m.live_schedule_breaks_no_rule()}</p>
      )}
      {goals.length > 0 ? (
        <p>{m.live_schedule_penalty_points_of({ points: costOfGoals(costs), goals: goalCostsText(goals, (goal) => costs![goal]!) })}</p>
      ) : (
        <p className="text-ink-muted">{m.live_schedule_no_soft_cost()}</p>
      )}
    </section>
  )
}

/** Breaks and costs of the whole draft, updated on every move. */
export function ChecksSummary({ breaks, cost }: { breaks: ReadonlyArray<string>; cost: { total: number; byGoal: Record<string, number> } }) {
  const goals = timetableGoals.filter((goal) => cost.byGoal[goal])
  return (
    <section aria-label={m.live_schedule_checks()} className="flex flex-col gap-1 rounded-md border border-line p-3 text-sm print:hidden">
      <p className={breaks.length > 0 ? 'font-semibold text-danger' : 'font-medium'}>
        {breaks.length === 0 ? m.live_schedule_no_hard_rule_broken() : m.live_schedule_hard_rules_broken({ count: breaks.length })}
      </p>
      {breaks.length > 0 ? (
        <details>
          <summary className="cursor-pointer">{m.live_schedule_show_broken_rules()}</summary>
          <ul className="mt-1 list-disc pl-5">
            {breaks.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <p>
        {m.live_schedule_penalty_points()} <strong className="font-semibold">{cost.total}</strong>
        {goals.length > 0 ? m.live_schedule_goal_costs({ goals: goalCostsText(goals, (goal) => cost.byGoal[goal]!) }) : ''}
      </p>
    </section>
  )
}

export function UnplacedList({
  performances,
  onAdd,
  addLabel,
}: {
  performances: ReadonlyArray<SchedulePerformance>
  onAdd: (performance: SchedulePerformance) => void
  addLabel: string
}) {
  return (
    <section aria-labelledby="unplaced-heading" className="flex flex-col gap-2 print:hidden">
      <h2 id="unplaced-heading" className="text-lg font-semibold">
        {m.live_schedule_not_in_timetable({ count: performances.length })}
      </h2>
      {performances.length === 0 ? (
        <p className="text-sm text-ink-muted">{m.live_schedule_every_band_placed()}</p>
      ) : (
        <ul aria-label={m.live_schedule_performances_to_place()} className="grid gap-2 sm:grid-cols-2">
          {performances.map((performance) => (
            <UnplacedItem key={performance.id} performance={performance} onAdd={() => onAdd(performance)} addLabel={addLabel} />
          ))}
        </ul>
      )}
    </section>
  )
}
