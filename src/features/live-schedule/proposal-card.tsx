import { useId } from 'react'
import { CheckCircle2, RotateCcw, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Proposal } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { hardRuleLabels, timetableGoalLabels, timetableGoals, type HardRule } from '@/contract/timetable'
import { presetLabels, type GeneratorParameters, type PresetChoice } from './generator-form'
import { TimetableTimeline } from './timetable-timeline'
import { m } from '@/i18n/paraglide/messages.js'
import { currentLanguage } from '@/i18n/client'
import { intlLocales } from '@/i18n/language'

/** A proposal on the screen: what was asked and what came back (kept in memory, never saved). */
export interface ProposalEntry {
  /** 1, 2, 3, … in the order they were generated (names the card). */
  number: number
  preset: PresetChoice
  parameters: GeneratorParameters
  proposal: Proposal
}

/** Points to a tenth, in the language shown. */
const cost = (value: number) => new Intl.NumberFormat(intlLocales[currentLanguage()], { maximumFractionDigits: 1 }).format(value)

/** "Compact preset · seed 7 · effort 1 · pins kept". */
export function parametersText(entry: ProposalEntry) {
  return [
    entry.preset === 'custom' ? m.live_schedule_custom_weights() : m.live_schedule_preset_named({ preset: presetLabels[entry.preset]() }),
    m.live_schedule_seed_value({ seed: entry.proposal.seed }),
    m.live_schedule_effort_value({ effort: entry.parameters.effort }),
    entry.parameters.keepPins ? m.live_schedule_pins_kept() : m.live_schedule_pins_ignored(),
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
  if (proposal.provenOptimal) return m.live_schedule_best_for_goals()
  if (proposal.unplaced.length > 0 && proposal.lowerBound === null) return m.live_schedule_not_every_placed()
  if (proposal.gapPercent === null || proposal.lowerBound === null || proposal.gapPercent > FAR_PERCENT) return m.live_schedule_closeness_unknown()
  if (proposal.gapPercent < 1) return m.live_schedule_within_one_percent()
  return m.live_schedule_at_most_percent({ percent: Math.ceil(proposal.gapPercent) })
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
  const title = m.live_schedule_proposal({ number: entry.number })
  const nameOf = (performanceId: string) => bandNames.get(performanceId) ?? m.live_schedule_no_longer_accepted()
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
        <Button variant="ghost" className="-mt-1 -mr-2 shrink-0 px-3" onClick={onRemove} aria-label={m.live_schedule_remove_proposal({ proposal: title })}>
          <X aria-hidden className="size-4" />
        </Button>
      </header>

      <dl aria-label={m.live_schedule_result_of({ proposal: title })} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
        <dt className="font-semibold text-ink">{m.live_schedule_penalty_fewer_better()}</dt>
        <dd className="text-right font-semibold text-ink tabular-nums">{cost(proposal.cost.total)}</dd>
        {timetableGoals.map((goal) => {
          const weight = proposal.weights[goal] ?? 0
          return (
            <div key={goal} className="contents">
              <dt className="text-ink-muted">
                {timetableGoalLabels[goal]} <span className="text-xs">(× {cost(weight)})</span>
              </dt>
              <dd className="text-right tabular-nums">{weight === 0 ? m.live_schedule_not_weighed() : cost(proposal.cost.byGoal[goal] ?? 0)}</dd>
            </div>
          )
        })}
      </dl>

      <p className="flex items-start gap-2">
        {proposal.provenOptimal ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" /> : null}
        <span className={proposal.provenOptimal ? 'font-medium text-ink' : 'text-ink'}>{boundText(proposal)}</span>
      </p>
      <p className="text-ink-muted">
        {m.live_schedule_placed_found_in({ placed: placedCount, total, milliseconds: Math.round(proposal.milliseconds) })}
      </p>

      {proposal.unplaced.length > 0 ? (
        <section aria-labelledby={`${id}-unplaced`} className="flex flex-col gap-1 rounded-md border border-danger/40 bg-danger/10 p-3">
          <h3 id={`${id}-unplaced`} className="font-semibold text-danger">
            {m.live_schedule_not_placed_count({ count: proposal.unplaced.length })}
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
          {m.live_schedule_timetable_heading()}
        </h3>
        <TimetableTimeline title={title} event={event} placements={proposal.placements} nameOf={nameOf} />
      </section>

      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button onClick={onApply} busy={applying} busyLabel={m.live_schedule_applying()}>
          {m.live_schedule_apply_to_draft()}
        </Button>
        <Button variant="secondary" onClick={onReuse}>
          <RotateCcw aria-hidden className="size-4" />
          {m.live_schedule_use_parameters()}
        </Button>
      </div>
    </article>
  )
}
