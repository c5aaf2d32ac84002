import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Pin, PinOff, Undo2, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { dayLabel } from '@/contract/calendar'
import type { SchedulePerformance } from '@/contract/live-schedule'
import { hardRuleLabels, timetableGoalLabels, timetableGoals, type TimetableViolation } from '@/contract/timetable'
import { UnplacedItem, costOfGoals } from './schedule-block'
import { endOf, type EditPlacement, type MoveDirection } from './timetable-editing'

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
      aria-label={`Selected: ${performance.bandName}`}
      className="fixed inset-x-0 bottom-0 z-30 flex max-h-[45dvh] flex-col gap-2 overflow-y-auto border-t border-line bg-surface-2 p-3 text-sm shadow-lg lg:static lg:max-h-none lg:rounded-md lg:border lg:shadow-none print:hidden"
    >
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">{performance.bandName}</strong> · {placement.stage} · {dayLabel(placement.date)} · {placement.start}–
          {endOf(placement.start, performance.minutes)}
          {locked ? ' · pinned' : ''}
        </p>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Move ${performance.bandName}`}>
        <Button variant="secondary" onClick={() => onMove('earlier')} disabled={locked}>
          <ArrowUp aria-hidden className="size-4" />
          Earlier
        </Button>
        <Button variant="secondary" onClick={() => onMove('later')} disabled={locked}>
          <ArrowDown aria-hidden className="size-4" />
          Later
        </Button>
        <Button variant="secondary" onClick={() => onMove('previous')} disabled={locked}>
          <ArrowLeft aria-hidden className="size-4" />
          Previous stage
        </Button>
        <Button variant="secondary" onClick={() => onMove('next')} disabled={locked}>
          <ArrowRight aria-hidden className="size-4" />
          Next stage
        </Button>
        <Button variant="secondary" onClick={onTogglePin} aria-pressed={locked}>
          {locked ? <PinOff aria-hidden className="size-4" /> : <Pin aria-hidden className="size-4" />}
          {locked ? 'Unpin' : 'Pin'}
        </Button>
        <Button variant="ghost" onClick={onRemove}>
          <Undo2 aria-hidden className="size-4" />
          Remove from timetable
        </Button>
      </div>
      {locked ? <p className="text-ink-muted">Pinned: it stays here, and the generator keeps it here. Unpin it to move it.</p> : null}
      {breaks.length > 0 ? (
        <ul aria-label={`What ${performance.bandName} breaks`} className="flex flex-col gap-1 text-danger">
          {breaks.map((violation, index) => (
            <li key={index}>
              <strong className="font-semibold">{hardRuleLabels[violation.rule]}:</strong> {violation.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">Breaks no rule.</p>
      )}
      {goals.length > 0 ? (
        <p>
          Penalty points {costOfGoals(costs)}: {goals.map((goal) => `${timetableGoalLabels[goal]} ${costs![goal]}`).join(', ')}
        </p>
      ) : (
        <p className="text-ink-muted">No soft-goal cost.</p>
      )}
    </section>
  )
}

/** Breaks and costs of the whole draft, updated on every move. */
export function ChecksSummary({ breaks, cost }: { breaks: ReadonlyArray<string>; cost: { total: number; byGoal: Record<string, number> } }) {
  const goals = timetableGoals.filter((goal) => cost.byGoal[goal])
  return (
    <section aria-label="Checks" className="flex flex-col gap-1 rounded-md border border-line p-3 text-sm print:hidden">
      <p className={breaks.length > 0 ? 'font-semibold text-danger' : 'font-medium'}>
        {breaks.length === 0 ? 'No hard rule is broken.' : breaks.length === 1 ? '1 hard rule is broken.' : `${breaks.length} hard rules are broken.`}
      </p>
      {breaks.length > 0 ? (
        <details>
          <summary className="cursor-pointer">Show the broken rules</summary>
          <ul className="mt-1 list-disc pl-5">
            {breaks.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <p>
        Penalty points <strong className="font-semibold">{cost.total}</strong>
        {goals.length > 0 ? `: ${goals.map((goal) => `${timetableGoalLabels[goal]} ${cost.byGoal[goal]}`).join(', ')}` : ''}
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
        Not in the timetable ({performances.length})
      </h2>
      {performances.length === 0 ? (
        <p className="text-sm text-ink-muted">Every accepted band is placed.</p>
      ) : (
        <ul aria-label="Performances to place" className="grid gap-2 sm:grid-cols-2">
          {performances.map((performance) => (
            <UnplacedItem key={performance.id} performance={performance} onAdd={() => onAdd(performance)} addLabel={addLabel} />
          ))}
        </ul>
      )}
    </section>
  )
}
