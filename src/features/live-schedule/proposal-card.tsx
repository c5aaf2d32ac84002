import { useId } from 'react'
import { CheckCircle2, RotateCcw, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Proposal } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { hardRuleLabels, timetableGoalLabels, timetableGoals, type HardRule } from '@/contract/timetable'
import { presetLabels, type GeneratorParameters, type PresetChoice } from './generator-form'
import { TimetableTimeline } from './timetable-timeline'

/** A proposal on the screen: what was asked and what came back (kept in memory, never saved). */
export interface ProposalEntry {
  /** 1, 2, 3, … in the order they were generated (names the card). */
  number: number
  preset: PresetChoice
  parameters: GeneratorParameters
  proposal: Proposal
}

const costFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })
const cost = (value: number) => costFormat.format(value)

/** "Compact preset · seed 7 · effort 1 · pins kept". */
export function parametersText(entry: ProposalEntry) {
  return [
    entry.preset === 'custom' ? 'Custom weights' : `${presetLabels[entry.preset]} preset`,
    `seed ${entry.proposal.seed}`,
    `effort ${entry.parameters.effort}`,
    entry.parameters.keepPins ? 'pins kept' : 'pins ignored',
  ].join(' · ')
}

/** Above this many percent a distance says little: the card says the closeness is unknown. */
export const FAR_PERCENT = 20

/**
 * How good the proposal is, in words (decision 012 keeps the bound's numbers for developers):
 * the best possible when proven; otherwise how far from the best possible it might be at most —
 * the generator's gap to its lower bound, rounded up, so the sentence is never too kind.
 */
export function boundText(proposal: Pick<Proposal, 'provenOptimal' | 'gapPercent' | 'lowerBound' | 'unplaced'>) {
  if (proposal.provenOptimal) return 'The best possible timetable for these goals'
  if (proposal.unplaced.length > 0 && proposal.lowerBound === null) return 'Not every performance could be placed'
  if (proposal.gapPercent === null || proposal.lowerBound === null || proposal.gapPercent > FAR_PERCENT) return 'Could not prove how close this is to the best possible timetable'
  if (proposal.gapPercent < 1) return 'Within 1% of the best possible timetable'
  return `At most ${Math.ceil(proposal.gapPercent)}% from the best possible timetable`
}

/**
 * One proposal, side by side with up to two others: its parameters, the cost in total and per
 * goal, how close to the best possible it is, what could not be placed and why, and a compact
 * day × stage timeline.
 */
export function ProposalCard({
  entry,
  event,
  bandNames,
  onApply,
  onRemove,
  onReuse,
  applying,
}: {
  entry: ProposalEntry
  event: LiveEvent
  bandNames: ReadonlyMap<string, string>
  onApply: () => void
  onRemove: () => void
  onReuse: () => void
  applying: boolean
}) {
  const id = useId()
  const { proposal } = entry
  const title = `Proposal ${entry.number}`
  const nameOf = (performanceId: string) => bandNames.get(performanceId) ?? 'A performance no longer accepted'
  const placedCount = proposal.placements.length
  const total = placedCount + proposal.unplaced.length

  return (
    <article aria-labelledby={`${id}-title`} className="flex h-full min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface p-4 text-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
            {title}
          </h2>
          <p className="text-ink-muted">{parametersText(entry)}</p>
        </div>
        <Button variant="ghost" className="-mt-1 -mr-2 shrink-0 px-3" onClick={onRemove} aria-label={`Remove ${title}`}>
          <X aria-hidden className="size-4" />
        </Button>
      </header>

      <dl aria-label={`Result of ${title}`} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
        <dt className="font-semibold text-ink">Penalty points (fewer is better)</dt>
        <dd className="text-right font-semibold text-ink tabular-nums">{cost(proposal.cost.total)}</dd>
        {timetableGoals.map((goal) => {
          const weight = proposal.weights[goal] ?? 0
          return (
            <div key={goal} className="contents">
              <dt className="text-ink-muted">
                {timetableGoalLabels[goal]} <span className="text-xs">(× {cost(weight)})</span>
              </dt>
              <dd className="text-right tabular-nums">{weight === 0 ? 'not weighed' : cost(proposal.cost.byGoal[goal] ?? 0)}</dd>
            </div>
          )
        })}
      </dl>

      <p className="flex items-start gap-2">
        {proposal.provenOptimal ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" /> : null}
        <span className={proposal.provenOptimal ? 'font-medium text-ink' : 'text-ink'}>{boundText(proposal)}</span>
      </p>
      <p className="text-ink-muted">
        {placedCount} of {total} performances placed · found in {Math.round(proposal.milliseconds)} ms
      </p>

      {proposal.unplaced.length > 0 ? (
        <section aria-labelledby={`${id}-unplaced`} className="flex flex-col gap-1 rounded-md border border-danger/40 bg-danger/10 p-3">
          <h3 id={`${id}-unplaced`} className="font-semibold text-danger">
            Not placed ({proposal.unplaced.length})
          </h3>
          <ul className="flex flex-col gap-1">
            {proposal.unplaced.map((item) => (
              <li key={item.performanceId} className="break-words text-ink">
                <span className="font-medium">{nameOf(item.performanceId)}</span> — {hardRuleLabels[item.rule as HardRule] ?? item.rule}: {item.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby={`${id}-timeline`} className="flex flex-col gap-2">
        <h3 id={`${id}-timeline`} className="font-semibold text-ink">
          Timetable
        </h3>
        <TimetableTimeline title={title} event={event} placements={proposal.placements} nameOf={nameOf} />
      </section>

      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button onClick={onApply} busy={applying} busyLabel="Applying…">
          Apply to draft
        </Button>
        <Button variant="secondary" onClick={onReuse}>
          <RotateCcw aria-hidden className="size-4" />
          Use these parameters
        </Button>
      </div>
    </article>
  )
}
