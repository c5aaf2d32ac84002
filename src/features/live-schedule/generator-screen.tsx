import { useRef, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import type { Proposal, StoredTimetable, TimetableView } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { minutesText } from '@/features/lives/event-parts'
import { EventSwitcher } from '@/features/lives/event-summary'
import { FESTIVAL, acceptedBandListLink, applicationListLink, liveName, liveOfEvent } from '@/features/lives/live-routes'
import { LiveEventFallback, eventLine, inlineLinkClass, secondaryLinkClass } from '@/features/lives/participant-parts'
import { useLiveEvent } from '@/features/lives/use-live-event'
import { downloadFile } from '@/lib/download'
import { GeneratorForm, initialGeneratorValues, valuesOf, type GeneratorFormHandle, type GeneratorParameters, type GeneratorValues, type PresetChoice } from './generator-form'
import { timetableViewQueryOptions, useGenerateTimetable, useSaveDraft } from './live-schedule-queries'
import type { GeneratorSearch } from './live-schedule-search'
import { ImprovementPanel } from './improvement-panel'
import { ProposalCard, type ProposalEntry } from './proposal-card'
import { Emphasised, mark } from './emphasised'
import { m } from '@/i18n/paraglide/messages.js'

/** Proposals kept side by side; generating another replaces the oldest. */
const MAX_PROPOSALS = 3

/**
 * `/festival-schedule-generator?eventId=` (executives): run the generator with a preset or own
 * weights, compare up to three proposals side by side, and apply one to the draft timetable,
 * which the editor (`/festival-schedule`) then shows; or "Keep improving" one in the background,
 * each better timetable saved as the draft (improvement-panel.tsx).
 */
export function GeneratorScreen({ search }: { search: GeneratorSearch }) {
  const state = useLiveEvent(FESTIVAL, search.eventId)
  const event = state.event
  const shown = event ? liveOfEvent(event) : FESTIVAL
  const navigate = useNavigate()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <PageHeader
        title={m.live_schedule_generator_title({ live: event ? event.title : liveName(shown) })}
        description={event ? eventLine(event) : m.live_schedule_generator_description()}
        actions={
          event ? (
            <>
              <Link to="/festival-schedule" search={{ eventId: event.id }} className={secondaryLinkClass}>
                {m.live_schedule_timetable_editor()}
              </Link>
              <Link {...acceptedBandListLink({ eventId: event.id })} className={secondaryLinkClass}>
                {m.live_schedule_accepted_bands()}
              </Link>
            </>
          ) : undefined
        }
      />
      <EventSwitcher live={shown} shown={event} onChange={(eventId) => void navigate({ to: '.', search: { eventId } })} />
      {event ? <Generator key={event.id} event={event} /> : <LiveEventFallback live={FESTIVAL} state={state} what={m.lives_the_live()} />}
    </div>
  )
}

function Generator({ event }: { event: LiveEvent }) {
  const view = useQuery(timetableViewQueryOptions(event.id))
  if (view.isPending) return <LoadingBlock label={m.lives_loading_accepted_bands()} />
  if (view.isError) return <QueryErrorBlock error={view.error} onRetry={() => void view.refetch()} what={m.lives_the_accepted_bands()} />
  if (view.data.performances.length === 0) {
    return (
      <EmptyState title={m.live_schedule_no_accepted_bands()}>
        {m.live_schedule_generator_needs_accepted()}{' '}
        <Link {...applicationListLink(liveOfEvent(event), { eventId: event.id })} className={inlineLinkClass}>
          {m.live_schedule_see_applications()}
        </Link>
      </EmptyState>
    )
  }
  return <Workspace event={event} view={view.data} />
}

/** How many of the draft's placements applying a proposal would change (pinned ones counted apart). */
export function draftChanges(draft: StoredTimetable | null, proposal: Proposal) {
  if (!draft) return { changed: 0, pinned: 0 }
  const next = new Map(proposal.placements.map((placement) => [placement.performanceId, placement]))
  let changed = 0
  let pinned = 0
  for (const placement of draft.placements) {
    const other = next.get(placement.performanceId)
    const same = other && other.date === placement.date && other.stage === placement.stage && other.start === placement.start && other.pinned === placement.pinned
    if (same) continue
    changed += 1
    if (placement.pinned) pinned += 1
  }
  return { changed, pinned }
}

function Workspace({ event, view }: { event: LiveEvent; view: TimetableView }) {
  const navigate = useNavigate()
  const generate = useGenerateTimetable()
  const save = useSaveDraft()
  const [proposals, setProposals] = useState<ProposalEntry[]>([])
  const [generated, setGenerated] = useState(0)
  // The form starts from these; "Use these parameters" loads a proposal's (a new key remounts it).
  const [formStart, setFormStart] = useState<{ key: number; values: GeneratorValues }>({ key: 0, values: initialGeneratorValues() })
  const [generateError, setGenerateError] = useState<string | null>(null)
  const [applyError, setApplyError] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [confirming, setConfirming] = useState<ProposalEntry | null>(null)
  const [applying, setApplying] = useState<number | null>(null)
  const form = useRef<GeneratorFormHandle>(null)

  const bandNames = new Map(view.performances.map((performance) => [performance.id, performance.bandName]))
  const requested = view.performances.reduce((total, performance) => total + performance.minutes, 0)
  const pins = view.draft?.placements.filter((placement) => placement.pinned).length ?? 0
  const full = proposals.length >= MAX_PROPOSALS

  async function onGenerate(preset: PresetChoice, parameters: GeneratorParameters) {
    setGenerateError(null)
    try {
      const proposal = await generate.mutateAsync({ eventId: event.id, input: parameters })
      const entry: ProposalEntry = { number: generated + 1, preset, parameters, proposal }
      const replaced = full ? proposals[0] : undefined
      setGenerated(entry.number)
      setProposals((current) => [...(current.length >= MAX_PROPOSALS ? current.slice(1) : current), entry])
      const ready =
        proposal.unplaced.length === 0
          ? m.live_schedule_proposal_ready_all({ number: entry.number, points: proposal.cost.total })
          : m.live_schedule_proposal_ready_unplaced({ number: entry.number, points: proposal.cost.total, count: proposal.unplaced.length })
      setAnnouncement(`${ready}${replaced ? m.live_schedule_proposal_replaced({ number: replaced.number }) : ''}`)
    } catch (error) {
      setGenerateError(errorMessage(error))
    }
  }

  async function apply(entry: ProposalEntry) {
    setConfirming(null)
    setApplyError(null)
    setApplying(entry.number)
    try {
      const placements = entry.proposal.placements.map(({ performanceId, date, stage, start, pinned }) => ({ performanceId, date, stage, start, pinned }))
      await save.mutateAsync({ eventId: event.id, input: { placements } })
      toast.success(m.live_schedule_proposal_is_draft({ number: entry.number, live: event.title }))
      await navigate({ to: '/festival-schedule', search: { eventId: event.id } })
    } catch (error) {
      setApplyError(m.live_schedule_proposal_not_applied({ number: entry.number, error: errorMessage(error) }))
    } finally {
      setApplying(null)
    }
  }

  // The live as the generator reads it, for `npm run timetable -- LIVE.json` (issue 35).
  async function onDownload(parameters: GeneratorParameters) {
    try {
      await downloadFile(`/api/events/${event.id}/timetable/input`, `${event.title}.json`, { parameters: JSON.stringify(parameters) })
    } catch (error) {
      toast.error(m.live_schedule_download_failed(), { description: errorMessage(error) })
    }
  }

  const confirmChanges = confirming ? draftChanges(view.draft, confirming.proposal) : null

  return (
    <>
      <section aria-label={m.live_schedule_what_generator_places()} className="flex flex-wrap gap-2 text-sm">
        <span className="rounded-full border border-line px-3 py-1">
          <Emphasised text={m.live_schedule_chip_accepted({ count: view.performances.length, number: mark(0) })} values={[view.performances.length]} />
        </span>
        <span className="rounded-full border border-line px-3 py-1">
          <Emphasised text={m.live_schedule_chip_requested({ requested: mark(0), capacity: mark(1) })} values={[minutesText(requested), minutesText(event.capacityMinutes)]} />
        </span>
        <span className="rounded-full border border-line px-3 py-1">
          {view.draft ? (
            <Emphasised text={m.live_schedule_chip_draft({ placed: mark(0), pinned: mark(1) })} values={[view.draft.placements.length, pins]} />
          ) : (
            m.live_schedule_no_draft_yet()
          )}
        </span>
      </section>

      <GeneratorForm
        ref={form}
        key={formStart.key}
        values={formStart.values}
        onGenerate={onGenerate}
        busy={generate.isPending}
        draftExists={view.draft !== null}
        pins={pins}
        performances={view.performances}
        onDownload={onDownload}
        notice={full ? m.live_schedule_proposals_full({ number: proposals[0]!.number }) : undefined}
      />
      {generateError ? <FormAlert>{m.live_schedule_generator_failed({ error: generateError })}</FormAlert> : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <ImprovementPanel event={event} view={view} proposals={proposals} checkFormSettings={() => form.current?.checkSettings() ?? null} />

      {applyError ? <FormAlert>{applyError}</FormAlert> : null}
      {proposals.length === 0 ? (
        <EmptyState title={m.live_schedule_no_proposals_title()}>{m.live_schedule_no_proposals_body()}</EmptyState>
      ) : (
        <ul aria-label={m.live_schedule_proposals()} className="grid gap-4 lg:grid-cols-3">
          {proposals.map((entry) => (
            <li key={entry.number} className="min-w-0">
              <ProposalCard
                entry={entry}
                event={event}
                bandNames={bandNames}
                applying={applying === entry.number}
                onApply={() => {
                  if (draftChanges(view.draft, entry.proposal).changed > 0) setConfirming(entry)
                  else void apply(entry)
                }}
                onRemove={() => {
                  setProposals((current) => current.filter((other) => other.number !== entry.number))
                  setAnnouncement(m.live_schedule_removed_proposal({ number: entry.number }))
                }}
                onReuse={() => {
                  setFormStart((current) => ({ key: current.key + 1, values: valuesOf(entry.preset, entry.parameters) }))
                  setAnnouncement(m.live_schedule_parameters_in_form({ number: entry.number }))
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null)
        }}
        title={m.live_schedule_replace_title()}
        description={
          confirming && confirmChanges
            ? confirmChanges.pinned > 0
              ? m.live_schedule_replace_description_pinned({ count: confirmChanges.changed, number: confirming.number, pinned: confirmChanges.pinned })
              : m.live_schedule_replace_description({ count: confirmChanges.changed, number: confirming.number })
            : undefined
        }
        confirmLabel={m.live_schedule_replace_confirm()}
        onConfirm={() => {
          if (confirming) void apply(confirming)
        }}
      />
    </>
  )
}
