import { useEffect, useId, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Square, TrendingDown } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { SelectField } from '@/components/ui/field'
import { SegmentedControl } from '@/components/ui/segmented-control'
import { improvementSeconds, type Improvement, type TimetableView } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { useDates } from '@/lib/use-dates'
import { secondaryLinkClass } from '@/features/lives/participant-parts'
import { improvementQueryOptions, liveScheduleKeys, useStartImprovement, useStopImprovement } from './live-schedule-queries'
import type { GeneratorParameters } from './generator-form'
import { FAR_PERCENT, parametersText, type ProposalEntry } from './proposal-card'
import { TimetableTimeline } from './timetable-timeline'
import { m } from '@/i18n/paraglide/messages.js'
import { currentLanguage } from '@/i18n/client'
import { intlLocales } from '@/i18n/language'

/** The time limits offered (seconds); the server takes any whole number from 10 to 120. */
const LIMITS = [10, improvementSeconds.default, 60, improvementSeconds.max] as const
const limitLabel = (seconds: number) => (seconds % 60 === 0 ? m.live_schedule_limit_minutes({ minutes: seconds / 60 }) : m.live_schedule_limit_seconds({ seconds }))

/** Points and percentages to a tenth, in the language shown. */
const oneDecimal = (value: number) => new Intl.NumberFormat(intlLocales[currentLanguage()], { maximumFractionDigits: 1 }).format(value)

/**
 * How good the best timetable so far is, in the club's words: "the best possible" only when the
 * bound proves it; otherwise the gap to the bound rounded up to a tenth of a percent, so the
 * sentence is never kinder than the proof (over 20%, as on the proposal cards, that it could
 * not be proven: the bound of the goals beyond the compact ones is loose).
 */
export function improvementQualityText(improvement: Pick<Improvement, 'status' | 'cost' | 'bound' | 'gapPercent' | 'provenOptimal'>) {
  if (improvement.cost === null) return improvement.status === 'running' ? m.live_schedule_looking_first() : m.live_schedule_none_found()
  if (improvement.provenOptimal) return m.live_schedule_best_possible()
  if (improvement.bound === null) return improvement.status === 'running' ? m.live_schedule_checking_quality() : m.live_schedule_closeness_unknown()
  // Far from the bound, a distance says little (as on the proposal cards).
  if (improvement.gapPercent === null || improvement.gapPercent > FAR_PERCENT) return m.live_schedule_closeness_unknown()
  const rounded = Math.max(0.1, Math.ceil(improvement.gapPercent * 10 - 1e-9) / 10)
  return m.live_schedule_within_percent({ percent: oneDecimal(rounded) })
}

const headings: Record<Improvement['status'], () => string> = {
  running: () => m.live_schedule_heading_running(),
  finished: () => m.live_schedule_heading_finished(),
  stopped: () => m.live_schedule_heading_stopped(),
  failed: () => m.live_schedule_heading_failed(),
}

const boundSourceText: Record<NonNullable<Improvement['boundSource']>, () => string> = {
  estimate: () => m.live_schedule_source_estimate(),
  calculation: () => m.live_schedule_source_calculation(),
}

/**
 * "Keep improving" on the generator screen (issue 35, decision 045): start from a proposal (or,
 * with none on the screen, from the draft with the settings in the form above) with a time
 * limit; then the best timetable's penalty points, how good it is, the time used against
 * the limit, the draft timetable as it improves (each better one is saved as the draft, so
 * leaving the page loses nothing) and Stop. The status is asked again each second while it runs.
 */
export function ImprovementPanel({
  event,
  view,
  proposals,
  checkFormSettings,
}: {
  event: LiveEvent
  view: TimetableView
  proposals: ReadonlyArray<ProposalEntry>
  /** Checks the parameter form's settings and returns them, or null when one needs attention (the form says which). */
  checkFormSettings: () => GeneratorParameters | null
}) {
  const headingId = useId()
  const status = useQuery(improvementQueryOptions(event.id))
  const improvement = status.data ?? null
  // Nothing to improve yet: a first answer ("Generate") comes first.
  if (proposals.length === 0 && !improvement && !view.draft) return null
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 text-sm">
      <h2 id={headingId} className="text-base font-semibold text-ink">
        {m.live_schedule_keep_improving()}
      </h2>
      {status.isPending ? (
        <LoadingBlock label={m.live_schedule_checking_improving()} />
      ) : status.isError ? (
        <QueryErrorBlock error={status.error} onRetry={() => void status.refetch()} what={m.live_schedule_improvement_progress()} />
      ) : (
        <>
          {improvement ? <Progress event={event} view={view} improvement={improvement} /> : null}
          {improvement?.status !== 'running' ? <StartForm event={event} view={view} proposals={proposals} checkFormSettings={checkFormSettings} again={improvement !== null} /> : null}
        </>
      )}
    </section>
  )
}

function StartForm({
  event,
  view,
  proposals,
  checkFormSettings,
  again,
}: {
  event: LiveEvent
  view: TimetableView
  proposals: ReadonlyArray<ProposalEntry>
  checkFormSettings: () => GeneratorParameters | null
  again: boolean
}) {
  const start = useStartImprovement()
  const [seconds, setSeconds] = useState<number>(improvementSeconds.default)
  const newest = proposals.at(-1)
  const [chosen, setChosen] = useState<number | undefined>(newest?.number)
  const [error, setError] = useState<string | null>(null)
  // A proposal removed from the screen falls back to the newest; with none, the form's settings.
  const entry = proposals.find((candidate) => candidate.number === chosen) ?? newest

  async function onStart() {
    setError(null)
    const parameters = entry ? entry.parameters : checkFormSettings()
    if (!parameters) return
    try {
      await start.mutateAsync({ eventId: event.id, input: { ...parameters, seconds } })
    } catch (failure) {
      setError(m.live_schedule_could_not_start({ error: errorMessage(failure) }))
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-ink">
        {/* The pins' promise only where the settings keep them; the form's own settings say so beside its box. */}
        {!view.draft
          ? m.live_schedule_keeps_searching({ live: event.title })
          : entry?.parameters.keepPins
            ? m.live_schedule_keeps_searching_replacing({ live: event.title })
            : m.live_schedule_keeps_searching_from_draft({ live: event.title })}
      </p>
      {!entry ? (
        <p className="text-ink-muted">{view.draft ? m.live_schedule_settings_of_form() : m.live_schedule_starts_from_form()}</p>
      ) : proposals.length > 1 ? (
        <SelectField
          label={view.draft ? m.live_schedule_settings_from() : m.live_schedule_start_from()}
          value={String(entry.number)}
          onChange={(changed) => setChosen(Number(changed.target.value))}
          options={proposals.map((candidate) => ({ value: String(candidate.number), label: m.live_schedule_proposal_with_parameters({ number: candidate.number, parameters: parametersText(candidate) }) }))}
        />
      ) : (
        <p className="text-ink-muted">
          {/* With a draft, the run starts from it (decision 045, a warm start) with the proposal's settings. */}
          {view.draft ? m.live_schedule_settings_of({ number: entry.number, parameters: parametersText(entry) }) : m.live_schedule_starts_from({ number: entry.number, parameters: parametersText(entry) })}
        </p>
      )}
      <SegmentedControl
        label={m.live_schedule_time_limit()}
        showLabel
        value={String(seconds)}
        options={LIMITS.map((limit) => ({ value: String(limit), label: limitLabel(limit) }))}
        onChange={(value) => setSeconds(Number(value))}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div>
        <Button onClick={() => void onStart()} busy={start.isPending} busyLabel={m.live_schedule_starting()}>
          <TrendingDown aria-hidden className="size-4" />
          {again ? m.live_schedule_keep_improving_again() : m.live_schedule_keep_improving()}
        </Button>
      </div>
    </div>
  )
}

function Progress({ event, view, improvement }: { event: LiveEvent; view: TimetableView; improvement: Improvement }) {
  const queryClient = useQueryClient()
  const stop = useStopImprovement()
  const dates = useDates({ fetch: false })
  const [stopError, setStopError] = useState<string | null>(null)
  const running = improvement.status === 'running'

  // Each better timetable is saved as the draft: show it in place when a new one is saved.
  const shownSave = useRef(improvement.savedAt)
  useEffect(() => {
    if (improvement.savedAt === shownSave.current) return
    shownSave.current = improvement.savedAt
    void queryClient.invalidateQueries({ queryKey: liveScheduleKeys.view(event.id) })
  }, [improvement.savedAt, event.id, queryClient])

  async function onStop() {
    setStopError(null)
    try {
      await stop.mutateAsync({ eventId: event.id })
    } catch (failure) {
      setStopError(m.live_schedule_could_not_stop({ error: errorMessage(failure) }))
    }
  }

  const used = Math.min(improvement.secondsDone, improvement.seconds)
  const percent = improvement.seconds > 0 ? Math.round((used / improvement.seconds) * 100) : 0
  const quality = improvementQualityText(improvement)
  // Where the bound comes from, only when the sentence above rests on it.
  const boundSpeaks = improvement.bound !== null && (improvement.provenOptimal || (improvement.gapPercent !== null && improvement.gapPercent <= FAR_PERCENT))
  const bandNames = new Map(view.performances.map((performance) => [performance.id, performance.bandName]))
  const nameOf = (performanceId: string) => bandNames.get(performanceId) ?? m.live_schedule_no_longer_accepted()
  const draft = view.draft
  const draftIsTheRun = draft !== null && improvement.savedAt !== null && draft.updatedAt === improvement.savedAt
  const total = view.performances.length

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{headings[improvement.status]()}</h3>
          <p className="text-ink-muted">
            {improvement.startedBy
              ? m.live_schedule_started_by({ person: improvement.startedBy.displayName, when: dates.moment(improvement.startedAt), limit: limitLabel(improvement.seconds) })
              : m.live_schedule_started({ when: dates.moment(improvement.startedAt), limit: limitLabel(improvement.seconds) })}
          </p>
        </div>
        {running ? (
          <Button variant="secondary" onClick={() => void onStop()} busy={stop.isPending || improvement.stopRequested} busyLabel={m.live_schedule_stopping()}>
            <Square aria-hidden className="size-4" />
            {m.live_schedule_stop()}
          </Button>
        ) : null}
      </div>
      {improvement.message ? <p className="text-ink">{improvement.message}</p> : null}
      {stopError ? <FormAlert>{stopError}</FormAlert> : null}

      {/* Announced when the timetable gets better or its quality is known, not every second. */}
      <div role="status" aria-live="polite" className="flex flex-col gap-1">
        <p className="flex items-start gap-2 text-base">
          {improvement.provenOptimal ? <CheckCircle2 aria-hidden className="mt-1 size-4 shrink-0 text-brand" /> : null}
          <span className="font-semibold text-ink">{quality}</span>
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
          <dt className="text-ink">{m.live_schedule_penalty_fewer_better()}</dt>
          <dd className="text-right font-semibold text-ink tabular-nums">{improvement.cost === null ? '—' : oneDecimal(improvement.cost)}</dd>
          <dt className="text-ink">{m.live_schedule_bound_label()}</dt>
          <dd className="text-right tabular-nums">{improvement.bound === null ? (running ? m.live_schedule_not_known_yet() : m.live_schedule_not_known()) : oneDecimal(improvement.bound)}</dd>
          {improvement.unplaced !== null && improvement.unplaced > 0 ? (
            <>
              <dt className="text-danger">{m.live_schedule_unplaced_label()}</dt>
              <dd className="text-right text-danger tabular-nums">{improvement.unplaced}</dd>
            </>
          ) : null}
        </dl>
        {improvement.boundSource && boundSpeaks ? <p className="text-ink-muted">{m.live_schedule_how_we_know({ source: boundSourceText[improvement.boundSource]() })}</p> : null}
      </div>

      <div className="flex flex-col gap-1">
        <div
          role="progressbar"
          aria-label={m.live_schedule_time_used()}
          aria-valuemin={0}
          aria-valuemax={improvement.seconds}
          aria-valuenow={Math.round(used)}
          aria-valuetext={m.live_schedule_seconds_of({ used: Math.round(used), limit: improvement.seconds })}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
        >
          <div className={`h-full rounded-full bg-brand ${running ? 'transition-[width] duration-700' : ''}`} style={{ width: `${percent}%` }} />
        </div>
        <p className="text-ink-muted tabular-nums">
          {running
            ? m.live_schedule_progress_running({ used: Math.round(used), limit: improvement.seconds })
            : m.live_schedule_progress_ran({ used: Math.round(used), limit: improvement.seconds })}{' '}
          · {m.live_schedule_better_in_tries({ better: m.live_schedule_better_timetables({ count: improvement.improvements }), tries: m.live_schedule_tries({ count: improvement.searches }) })}
        </p>
      </div>

      <section aria-label={m.live_schedule_draft_now()} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold text-ink">{m.live_schedule_draft_now()}</h3>
          <Link to="/festival-schedule" search={{ eventId: event.id }} className={secondaryLinkClass}>
            {m.live_schedule_open_in_editor()}
          </Link>
        </div>
        {!draft ? (
          <p className="text-ink-muted">{running ? m.live_schedule_first_on_way() : m.live_schedule_no_draft_timetable()}</p>
        ) : (
          <>
            <p className="text-ink-muted">
              {m.live_schedule_placed_of({ placed: draft.placements.length, total })}
              {draftIsTheRun ? '' : improvement.savedAt ? m.live_schedule_changed_in_editor_since() : running ? m.live_schedule_first_better_replaces() : ''}
            </p>
            <TimetableTimeline title={m.live_schedule_draft()} event={event} placements={draft.placements} nameOf={nameOf} />
          </>
        )}
      </section>
    </div>
  )
}
