import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useBlocker } from '@tanstack/react-router'
import { DndContext } from '@dnd-kit/core'
import { Save, Send, Wand2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FormAlert, errorMessage } from '@/components/ui/feedback'
import { dayLabel } from '@/contract/calendar'
import type { SchedulePerformance, TimetableView } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import type { TimetableViolation } from '@/contract/timetable'
import { ApiError } from '@/lib/api-client'
import { m } from '@/i18n/paraglide/messages.js'
import { usePublishTimetable, useSaveDraft } from './live-schedule-queries'
import { ChecksSummary, SelectedControls, UnplacedList } from './draft-panels'
import { EditableBlock, GhostBlock, blockDomId, costOfGoals } from './schedule-block'
import { ScheduleDayGrid } from './schedule-grid'
import { gridItems, useDraftDrag } from './use-draft-drag'
import {
  checkLocal,
  endOf,
  firstFreeSlot,
  fromStored,
  movedPlacement,
  sameTimetable,
  type EditPlacement,
  type MoveDirection,
} from './timetable-editing'

const linkButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

const KEY_MOVES: Record<string, MoveDirection> = { ArrowUp: 'earlier', ArrowDown: 'later', ArrowLeft: 'previous', ArrowRight: 'next' }

const breaksPhrase = (breaks: ReadonlyArray<TimetableViolation> | undefined) =>
  !breaks || breaks.length === 0
    ? m.live_schedule_no_broken_rules_sentence()
    : m.live_schedule_breaks_sentence({ breaks: breaks.map((violation) => violation.message).join(m.live_schedule_phrase_separator()) })

/** How an announcement says where a performance went. */
type PlaceVerb = 'moved' | 'placed' | 'put-back'
const placedSentences: Record<PlaceVerb, (words: { band: string; where: string }) => string> = {
  moved: (words) => m.live_schedule_moved_to(words),
  placed: (words) => m.live_schedule_placed_on(words),
  'put-back': (words) => m.live_schedule_put_back_at(words),
}

const replaceIn = (placements: ReadonlyArray<EditPlacement>, next: EditPlacement) => [
  ...placements.filter((item) => item.performanceId !== next.performanceId),
  next,
]

/** Publishing always asks first: plainly for a clean timetable, naming the broken rules otherwise. */
type PublishDialog = { breaks: boolean; serverMessage: string | null } | null

/**
 * The executives' draft: the grid with drag and drop and keyboard moves, the performances not
 * placed yet, the selected performance's controls, the live checks (hard rules and soft costs on
 * each performance, run on the local state on every move), saving and publishing.
 */
export function DraftEditor({
  event,
  view,
  shownDates,
  onShowDay,
}: {
  event: LiveEvent
  view: TimetableView
  shownDates: ReadonlyArray<string>
  onShowDay: (date: string) => void
}) {
  const [placements, setPlacements] = useState<EditPlacement[]>(() => fromStored(view.draft))
  const saved = useMemo(() => fromStored(view.draft), [view.draft])
  // A draft that changed on the server (a proposal applied in the generator, a refetch after a
  // stale cache) replaces the local one unless it has unsaved moves: those are never dropped.
  const [syncedFrom, setSyncedFrom] = useState(view.draft)
  if (view.draft !== syncedFrom) {
    setSyncedFrom(view.draft)
    if (sameTimetable(placements, fromStored(syncedFrom))) setPlacements(fromStored(view.draft))
  }
  const dirty = view.draft === null ? placements.length > 0 : !sameTimetable(placements, saved)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [picked, setPicked] = useState<{ id: string; origin: EditPlacement } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [dialog, setDialog] = useState<PublishDialog>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const focusNext = useRef<string | null>(null)
  const save = useSaveDraft()
  // Leaving the screen (or the live) with unsaved moves asks first; other days of the same draft do not.
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      next.pathname !== current.pathname || (next.search as { eventId?: string }).eventId !== (current.search as { eventId?: string }).eventId,
    disabled: !dirty,
    enableBeforeUnload: dirty,
    withResolver: true,
  })
  const publish = usePublishTimetable()

  const performances = view.performances
  const byId = useMemo(() => new Map(performances.map((performance) => [performance.id, performance])), [performances])
  const dnd = useDraftDrag({
    event,
    byId: (id) => byId.get(id),
    onStart: (id) => {
      setPicked(null)
      setSelectedId(id)
    },
    onDrop: (candidate) => place(candidate, placedIds.has(candidate.performanceId) ? 'moved' : 'placed'),
  })
  const drag = dnd.drag
  const effective = useMemo(() => (drag?.candidate ? replaceIn(placements, drag.candidate) : placements), [placements, drag])
  const checks = useMemo(() => checkLocal(event, performances, effective), [event, performances, effective])
  const placedIds = new Set(placements.map((placement) => placement.performanceId))
  const unplaced = performances.filter((performance) => !placedIds.has(performance.id))
  const placementOf = (id: string | null) => (id ? placements.find((placement) => placement.performanceId === id) : undefined)

  // Focus follows a block that a keyboard move took to another stage or day (it is drawn anew there).
  useEffect(() => {
    if (!focusNext.current) return
    const node = document.getElementById(blockDomId(focusNext.current))
    focusNext.current = null
    if (node && document.activeElement !== node) node.focus({ preventScroll: false })
  }, [placements, shownDates])

  function where(placement: EditPlacement, performance: SchedulePerformance) {
    return m.live_schedule_where({ stage: placement.stage, day: dayLabel(placement.date), start: placement.start, end: endOf(placement.start, performance.minutes) })
  }

  /** Puts a performance somewhere and says where, with what that breaks. */
  function place(next: EditPlacement, verb: PlaceVerb, { keepFocus = false } = {}) {
    const performance = byId.get(next.performanceId)
    if (!performance) return
    const updated = replaceIn(placements, next)
    setPlacements(updated)
    setSelectedId(next.performanceId)
    if (!shownDates.includes(next.date)) onShowDay(next.date)
    if (keepFocus) focusNext.current = next.performanceId
    const after = checkLocal(event, performances, updated)
    setAnnouncement(`${placedSentences[verb]({ band: performance.bandName, where: where(next, performance) })} ${breaksPhrase(after.byPerformance[next.performanceId])}`)
  }

  function move(id: string, direction: MoveDirection, options: { keepFocus?: boolean } = {}) {
    const placement = placementOf(id)
    const performance = byId.get(id)
    if (!placement || !performance) return
    if (placement.pinned) {
      setAnnouncement(m.live_schedule_is_pinned_unpin({ band: performance.bandName }))
      return
    }
    const next = movedPlacement(event, placement, performance.minutes, direction)
    if (!next) {
      setAnnouncement(
        direction === 'earlier'
          ? m.live_schedule_at_day_start({ band: performance.bandName })
          : direction === 'later'
            ? m.live_schedule_at_day_end({ band: performance.bandName })
            : direction === 'previous'
              ? m.live_schedule_on_first_stage({ band: performance.bandName })
              : m.live_schedule_on_last_stage({ band: performance.bandName }),
      )
      return
    }
    place(next, 'moved', options)
  }

  function togglePin(id: string) {
    const placement = placementOf(id)
    const performance = byId.get(id)
    if (!placement || !performance) return
    setPlacements(replaceIn(placements, { ...placement, pinned: !placement.pinned }))
    setAnnouncement(
      placement.pinned
        ? m.live_schedule_unpinned({ band: performance.bandName })
        : m.live_schedule_pinned_to({ band: performance.bandName, where: where(placement, performance) }),
    )
  }

  function remove(id: string) {
    const performance = byId.get(id)
    setPlacements(placements.filter((placement) => placement.performanceId !== id))
    if (picked?.id === id) setPicked(null)
    if (performance) setAnnouncement(m.live_schedule_taken_out({ band: performance.bandName }))
  }

  function add(performance: SchedulePerformance) {
    const date = shownDates[0] ?? event.days[0]!.date
    place(firstFreeSlot(event, performances, placements, performance, date), 'placed', { keepFocus: true })
  }

  function onBlockKeyDown(id: string, keyEvent: KeyboardEvent<HTMLDivElement>) {
    const performance = byId.get(id)
    const placement = placementOf(id)
    if (!performance || !placement) return
    if (keyEvent.key === 'Enter' || keyEvent.key === ' ') {
      keyEvent.preventDefault()
      if (picked?.id === id) {
        setPicked(null)
        setAnnouncement(`${m.live_schedule_put_down_at({ band: performance.bandName, where: where(placement, performance) })} ${breaksPhrase(checks.byPerformance[id])}`)
      } else if (placement.pinned) {
        setAnnouncement(m.live_schedule_is_pinned_unpin({ band: performance.bandName }))
      } else {
        setPicked({ id, origin: placement })
        setAnnouncement(m.live_schedule_picked_up_at({ band: performance.bandName, where: where(placement, performance) }))
      }
      return
    }
    if (keyEvent.key === 'Escape' && picked?.id === id) {
      keyEvent.preventDefault()
      setPicked(null)
      place(picked.origin, 'put-back', { keepFocus: true })
      return
    }
    const direction = KEY_MOVES[keyEvent.key]
    if (direction && picked?.id === id) {
      keyEvent.preventDefault()
      move(id, direction, { keepFocus: true })
    }
  }

  // ── Saving and publishing ───────────────────────────────────────────────────────────────
  const busy = save.isPending || publish.isPending
  const nextVersion = (view.published?.version ?? 0) + 1
  async function saveDraft() {
    setActionError(null)
    try {
      await save.mutateAsync({ eventId: event.id, input: { placements } })
      toast.success(m.live_schedule_saved_draft())
    } catch (error) {
      setActionError(error)
    }
  }

  async function runPublish(confirmBreaks: boolean) {
    setActionError(null)
    try {
      if (dirty || view.draft === null) await save.mutateAsync({ eventId: event.id, input: { placements } })
      const published = await publish.mutateAsync({ eventId: event.id, input: { confirmBreaks } })
      setDialog(null)
      toast.success(m.live_schedule_published_toast({ version: published.version }))
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TIMETABLE_HAS_BREAKS') setDialog({ breaks: true, serverMessage: error.message })
      else {
        setDialog(null)
        setActionError(error)
      }
    }
  }

  function startPublish() {
    setDialog({ breaks: checks.breaks.length > 0, serverMessage: null })
  }

  const selected = placementOf(selectedId)
  const selectedPerformance = selectedId ? byId.get(selectedId) : undefined
  const shownDays = event.days.filter((day) => shownDates.includes(day.date))
  const breaksCount = checks.breaks.length

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Button onClick={() => void saveDraft()} busy={save.isPending} busyLabel={m.common_saving()} disabled={!dirty || busy}>
          <Save aria-hidden className="size-4" />
          {m.live_schedule_save_draft()}
        </Button>
        <Button variant="secondary" onClick={startPublish} busy={publish.isPending} busyLabel={m.live_schedule_publishing()} disabled={busy || placements.length === 0}>
          <Send aria-hidden className="size-4" />
          {m.live_schedule_publish()}
        </Button>
        <Link to="/festival-schedule-generator" search={{ eventId: event.id }} className={linkButtonClass}>
          <Wand2 aria-hidden className="size-4" />
          {m.live_schedule_generator()}
        </Link>
        <p role="status" className={`text-sm ${dirty ? 'font-medium text-warn' : 'text-ink-muted'}`}>
          {dirty ? m.live_schedule_unsaved_changes() : m.live_schedule_all_saved()}
        </p>
      </div>
      {actionError ? <FormAlert>{errorMessage(actionError)}</FormAlert> : null}

      {/* One line of a fixed height: the grid below must not move while a block is dragged. */}
      <p className={`truncate text-sm ${breaksCount > 0 ? 'font-semibold text-danger' : 'text-ink-muted'} print:hidden`}>
        {breaksCount === 0 ? m.live_schedule_no_broken_rules() : m.live_schedule_broken_rules({ count: breaksCount })} · {m.live_schedule_penalty_points_total({ points: checks.cost.total })}
      </p>

      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>

      <DndContext {...dnd.contextProps}>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {shownDays.map((day) => (
              <section key={day.date} aria-labelledby={`draft-day-${day.date}`} className="flex flex-col gap-2">
                <h2 id={`draft-day-${day.date}`} className="text-lg font-semibold">
                  {dayLabel(day.date)}
                </h2>
                <ScheduleDayGrid
                  day={day}
                  droppable
                  label={m.live_schedule_draft_of_day({ day: dayLabel(day.date) })}
                  items={gridItems(effective, placements, drag?.id ?? null, day.date, byId)}
                  renderItem={(item, style) => {
                    const performance = byId.get(item.performanceId)!
                    const isGhost = item.performanceId === drag?.id && 'ghost' in item
                    const breaks = checks.byPerformance[item.performanceId] ?? []
                    if (isGhost)
                      return <GhostBlock key={`ghost-${item.performanceId}`} performance={performance} start={item.start} breaks={breaks} style={style} />
                    const placement = placementOf(item.performanceId)!
                    return (
                      <EditableBlock
                        key={item.performanceId}
                        performance={performance}
                        start={item.start}
                        stage={item.stage}
                        pinned={placement.pinned}
                        breaks={drag?.id === item.performanceId && drag.candidate ? [] : breaks}
                        cost={costOfGoals(checks.cost.byPerformance[item.performanceId])}
                        style={style}
                        selected={selectedId === item.performanceId}
                        pickedUp={picked?.id === item.performanceId}
                        faded={drag?.id === item.performanceId && drag.candidate !== null}
                        onSelect={() => setSelectedId(item.performanceId)}
                        onKeyDown={(keyEvent) => onBlockKeyDown(item.performanceId, keyEvent)}
                      />
                    )
                  }}
                />
              </section>
            ))}
          </div>
          <aside aria-label={m.live_schedule_draft_tools()} className="flex flex-col gap-4 lg:sticky lg:top-16 lg:max-h-[calc(100dvh-5rem)] lg:self-start lg:overflow-y-auto">
            {selected && selectedPerformance ? (
              <SelectedControls
                performance={selectedPerformance}
                placement={selected}
                breaks={checks.byPerformance[selected.performanceId] ?? []}
                costs={checks.cost.byPerformance[selected.performanceId]}
                onMove={(direction) => move(selected.performanceId, direction)}
                onTogglePin={() => togglePin(selected.performanceId)}
                onRemove={() => remove(selected.performanceId)}
                onClose={() => setSelectedId(null)}
              />
            ) : (
              <p className="rounded-md border border-dashed border-line p-3 text-sm text-ink-muted print:hidden">
                {m.live_schedule_select_help()}
              </p>
            )}
            <ChecksSummary breaks={checks.breaks} cost={checks.cost} />
            <UnplacedList
              performances={unplaced}
              onAdd={add}
              addLabel={shownDates.length === 1 && event.days.length > 1 ? m.live_schedule_add_to_day({ day: dayLabel(shownDates[0]!) }) : m.live_schedule_add_to_timetable()}
            />
          </aside>
        </div>
      </DndContext>
      {/* Room under the grid for the phone's bottom sheet. */}
      {selected ? <div aria-hidden className="h-[45dvh] lg:hidden" /> : null}

      <ConfirmDialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => (open ? null : blocker.reset?.())}
        title={m.live_schedule_leave_title()}
        description={m.live_schedule_leave_description()}
        confirmLabel={m.live_schedule_leave_confirm()}
        onConfirm={() => blocker.proceed?.()}
      />
      <ConfirmDialog
        open={dialog !== null && !dialog.breaks}
        onOpenChange={(open) => (open ? null : setDialog(null))}
        title={m.live_schedule_publish_title({ version: nextVersion })}
        description={
          view.published
            ? m.live_schedule_publish_description_instead({ version: nextVersion, previous: view.published.version })
            : m.live_schedule_publish_description({ version: nextVersion })
        }
        confirmLabel={m.live_schedule_publish_version({ version: nextVersion })}
        onConfirm={() => void runPublish(false)}
        busy={busy}
      />
      <ConfirmDialog
        open={dialog !== null && dialog.breaks}
        onOpenChange={(open) => (open ? null : setDialog(null))}
        title={m.live_schedule_publish_breaks_title()}
        description={m.live_schedule_publish_breaks_description()}
        confirmLabel={m.live_schedule_publish_with_breaks({ count: Math.max(breaksCount, 1) })}
        onConfirm={() => void runPublish(true)}
        busy={busy}
      >
        {dialog?.serverMessage ? <FormAlert>{dialog.serverMessage}</FormAlert> : null}
        {breaksCount > 0 ? (
          <ul aria-label={m.live_schedule_broken_rules_label()} className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
            {checks.breaks.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </ConfirmDialog>
    </div>
  )
}
