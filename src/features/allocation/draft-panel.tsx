import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeftRight, HandHelping, Play, Send } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog, Dialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { SelectField } from '@/components/ui/field'
import { Card } from '@/components/ui/page'
import type { AllocatedCell, Cell, Draft, DraftBand, DraftChange, Round } from '@/contract/allocation-rounds'
import { dayLabel, periodPhrase } from '@/contract/calendar'
import { bandsCount, cellLabel, ordinal, periods, roundWeekLabel } from './allocation-parts'
import { allWishesQueryOptions, draftCheckQueryOptions, draftQueryOptions, usePublishRound, useRunRound, useChangeDraft } from './allocation-queries'

const sameCell = (a: Cell, b: Cell) => a.roomId === b.roomId && a.date === b.date && a.periodId === b.periodId
const cellOf = (cell: Cell): Cell => ({ roomId: cell.roomId, date: cell.date, periodId: cell.periodId })

/** "Run now" (closing the wishes if still open) or "Run again" on a draft, after asking. */
export function RunControls({ round }: { round: Round }) {
  const [asking, setAsking] = useState(false)
  const run = useRunRound(round.id)
  if (!['open', 'closed', 'draft'].includes(round.status)) return null
  const again = round.status === 'draft'
  const close = () => {
    if (!run.isPending) {
      setAsking(false)
      run.reset()
    }
  }
  return (
    <>
      <Button variant={again ? 'secondary' : 'primary'} onClick={() => setAsking(true)}>
        <Play aria-hidden className="size-4" />
        {again ? 'Run again' : 'Run now'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? setAsking(true) : close())}
        title={again ? 'Run the allocation again?' : 'Run the allocation now?'}
        description={
          again
            ? 'A new lottery gives out the rooms again from the same wishes. Changes made by hand are lost.'
            : round.status === 'open'
              ? 'Wishes close now: bands can no longer change them. Nothing is published until you publish the result.'
              : 'Nothing is published until you publish the result.'
        }
        confirmLabel={again ? 'Run again' : 'Run now'}
        tone="primary"
        busy={run.isPending}
        onConfirm={() =>
          run.mutate(
            {},
            {
              onSuccess: () => setAsking(false),
            },
          )
        }
      >
        {run.isError ? <FormAlert>{errorMessage(run.error)}</FormAlert> : null}
      </ConfirmDialog>
    </>
  )
}

function Figures({ draft }: { draft: Draft }) {
  const { figures } = draft
  const items: Array<[string, string]> = [
    ['Bands served', `${figures.bandsServed} of ${figures.bandsWithWishes}`],
    ['First wishes met', `${figures.firstWishesMet} of ${figures.bandsWithWishes}`],
    ['Periods given', `${figures.periodsGiven} of ${figures.periodsAsked} asked for`],
    ['Left for booking', periods(figures.cellsLeft)],
  ]
  return (
    <dl aria-label="Figures" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-line p-3">
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function termNote(band: DraftBand) {
  if (band.termRounds === 0) return 'First round this term.'
  const nothing = band.termRoundsWithNothing === 0 ? 'never without a room' : `without a room in ${band.termRoundsWithNothing}`
  return `${band.termRounds} earlier round${band.termRounds === 1 ? '' : 's'} this term, ${nothing}; ${periods(band.termPeriods)} in all.`
}

/** Each band: asked, received, first wish, points, and how it fared over the term (the fairness). */
function Fairness({ draft }: { draft: Draft }) {
  const published = draft.status === 'published'
  return (
    <ul aria-label="Bands" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {draft.bands.map((band) => (
        <li key={band.bandId} className="flex flex-col gap-1 rounded-md border border-line p-3 text-sm">
          <p className="font-semibold break-words">{band.bandName}</p>
          <p>
            {band.received === 0 ? <span className="font-medium text-danger">Nothing</span> : `Receives ${periods(band.received)}`} of {band.asked} asked for
            {band.firstWishMet ? ' · first wish met' : ''}
          </p>
          <p className="text-ink-muted">
            Priority points {band.pointsBefore} → {band.pointsAfter}
            {published ? '' : ' once published'}
          </p>
          <p className="text-ink-muted">{termNote(band)}</p>
          {band.unmet.length > 0 ? (
            <details>
              <summary className="cursor-pointer py-1 text-brand">Wishes not met ({band.unmet.length})</summary>
              <ul className="mt-1 flex flex-col gap-1">
                {band.unmet.map((wish) => (
                  <li key={wish.rank}>
                    {ordinal(wish.rank)}: {cellLabel(wish)} — <span className="text-ink-muted">{wish.reason}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function CellList({ draft, editable, onChange }: { draft: Draft; editable: boolean; onChange: (cell: AllocatedCell) => void }) {
  if (draft.cells.length === 0) return <EmptyState title="No room was given out." />
  return (
    <ul aria-label="Rooms given out" className="flex flex-col divide-y divide-line rounded-md border border-line">
      {draft.cells.map((cell) => (
        <li key={`${cell.roomId}|${cell.date}|${cell.periodId}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
          <span className="min-w-0 flex-1">
            <span className="font-medium">{cellLabel(cell)}</span>
            <br />
            {cell.bandName} <span className="text-ink-muted">({cell.rank ? `${ordinal(cell.rank)} wish` : 'placed by hand'})</span>
          </span>
          {editable ? (
            <Button variant="secondary" aria-label={`Move or swap ${cellLabel(cell)}`} onClick={() => onChange(cell)}>
              <ArrowLeftRight aria-hidden className="size-4" />
              Move or swap
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** Room, day and period of a cell in the round, as three selects. */
function CellPicker({ round, cell, onChange }: { round: Round; cell: Cell; onChange: (cell: Cell) => void }) {
  return (
    <div className="grid gap-2 sm:grid-cols-3">
      <SelectField label="Room" value={cell.roomId} onChange={(event) => onChange({ ...cell, roomId: event.target.value })} options={round.rooms.map((item) => ({ value: item.id, label: item.name }))} />
      <SelectField label="Day" value={cell.date} onChange={(event) => onChange({ ...cell, date: event.target.value })} options={round.dates.map((date) => ({ value: date, label: dayLabel(date) }))} />
      <SelectField label="Period" value={cell.periodId} onChange={(event) => onChange({ ...cell, periodId: event.target.value })} options={round.periods.map((item) => ({ value: item.id, label: periodPhrase(item.label) }))} />
    </div>
  )
}

/**
 * The part every hand change shares: the server's check of the change as it stands (who gets
 * what, then "This keeps every rule." or the broken rules in words), the server's refusal, and
 * the button that makes the change — only once the check allows it.
 */
function HandChange({
  round,
  change,
  summary,
  idle,
  confirmLabel,
  done,
  onCancel,
  onDone,
}: {
  round: Round
  change: DraftChange | null
  summary: string | null
  /** What to say while there is no change to check. */
  idle: string
  confirmLabel: string
  done: string
  onCancel: () => void
  onDone: () => void
}) {
  const check = useQuery(draftCheckQueryOptions(round.id, change))
  const apply = useChangeDraft(round.id)
  // A refusal was about the change as it stood then; another choice starts clean.
  const [refused, setRefused] = useState<string | null>(null)
  const changeKey = JSON.stringify(change)
  return (
    <>
      <div role="status" aria-label="Rule check" className="text-sm">
        {!change ? (
          <p className="text-ink-muted">{idle}</p>
        ) : check.isPending ? (
          <p className="text-ink-muted">Checking the rules…</p>
        ) : check.isError ? (
          <p className="text-danger">The change could not be checked: {errorMessage(check.error)}</p>
        ) : check.data.allowed ? (
          <p>
            {summary} <span className="font-medium">This keeps every rule.</span>
          </p>
        ) : (
          <div className="rounded-md border border-danger/40 bg-danger/10 p-3">
            <p className="font-medium text-danger">{summary} This would break the rules:</p>
            <ul className="mt-1 list-disc pl-5">
              {check.data.breaks.map((rule, index) => (
                <li key={index}>{rule.message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {apply.isError && refused === changeKey ? <FormAlert>{errorMessage(apply.error)}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button
          busy={apply.isPending}
          busyLabel="Changing…"
          disabled={!change || !check.data?.allowed || check.isFetching}
          onClick={() => {
            if (!change) return
            apply.mutate(change, {
              onSuccess: () => {
                toast.success(done)
                onDone()
              },
              onError: () => setRefused(changeKey),
            })
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  )
}

const useCellLabel = (round: Round) => (at: Cell) =>
  cellLabel({
    roomName: round.rooms.find((item) => item.id === at.roomId)?.name ?? 'A room',
    date: at.date,
    periodLabel: round.periods.find((item) => item.id === at.periodId)?.label ?? '',
  })

/**
 * Moving a band's cell to another cell (a swap when another band holds it). Each choice is
 * checked at once by the server's draft check, and the broken rules are shown in words; the
 * change is made only when it keeps every rule.
 */
function ChangeCellDialog({ round, draft, cell, onClose }: { round: Round; draft: Draft; cell: AllocatedCell; onClose: () => void }) {
  const [target, setTarget] = useState<Cell>(cellOf(cell))
  const labelOf = useCellLabel(round)
  const from = cellOf(cell)
  const moved = sameCell(from, target) ? null : target
  const holder = moved ? draft.cells.find((other) => sameCell(other, moved)) : undefined
  const change: DraftChange | null = moved ? (holder ? { action: 'swap', a: from, b: moved } : { action: 'move', from, to: moved }) : null
  const summary = !moved ? null : holder ? `${cell.bandName} gets ${labelOf(moved)}; ${holder.bandName} gets ${cellLabel(cell)}.` : `${cell.bandName} moves to ${labelOf(moved)}; ${cellLabel(cell)} becomes free.`
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Move or swap the room of ${cell.bandName}`} description={`Now: ${cellLabel(cell)}. Choose where it should go; a room another band holds is swapped.`}>
      <div className="flex flex-col gap-3">
        <CellPicker round={round} cell={target} onChange={setTarget} />
        <HandChange
          round={round}
          change={change}
          summary={summary}
          idle="Choose another room, day or period."
          confirmLabel={holder ? 'Swap' : 'Move'}
          done={holder ? 'Swapped' : 'Moved'}
          onCancel={onClose}
          onDone={onClose}
        />
      </div>
    </Dialog>
  )
}

const NOBODY = 'nobody'

/** Giving a room to a band by hand (taking it from its holder, if any), or freeing it for booking. */
function GiveCellDialog({ round, draft, onClose }: { round: Round; draft: Draft; onClose: () => void }) {
  const labelOf = useCellLabel(round)
  const [target, setTarget] = useState<Cell>({ roomId: round.rooms[0]?.id ?? '', date: round.dates[0] ?? '', periodId: round.periods[0]?.id ?? '' })
  const [bandId, setBandId] = useState(draft.bands.find((band) => band.received === 0)?.bandId ?? draft.bands[0]?.bandId ?? NOBODY)
  const holder = draft.cells.find((other) => sameCell(other, target))
  const band = draft.bands.find((item) => item.bandId === bandId)
  const label = labelOf(target)
  const unchanged = bandId === NOBODY ? !holder : holder?.bandId === bandId
  const change: DraftChange | null = unchanged ? null : { action: 'assign', cell: target, bandId: bandId === NOBODY ? null : bandId }
  const summary = unchanged ? null : !band ? `${label} is taken from ${holder!.bandName} and opens for booking.` : holder ? `${band.bandName} gets ${label} instead of ${holder.bandName}.` : `${band.bandName} gets ${label}.`
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Give a room by hand" description="Choose the room and the band; a room another band holds is taken from it. Choose “Nobody” to free a room for booking.">
      <div className="flex flex-col gap-3">
        <SelectField
          label="Band"
          value={bandId}
          onChange={(event) => setBandId(event.target.value)}
          options={[...draft.bands.map((item) => ({ value: item.bandId, label: `${item.bandName} (${periods(item.received)} now)` })), { value: NOBODY, label: 'Nobody: free it for booking' }]}
        />
        <CellPicker round={round} cell={target} onChange={setTarget} />
        <HandChange
          round={round}
          change={change}
          summary={summary}
          idle={bandId === NOBODY ? `${label} is free already.` : `${band?.bandName ?? 'The band'} holds ${label} already.`}
          confirmLabel={bandId === NOBODY ? 'Free it' : 'Give'}
          done={bandId === NOBODY ? `Freed ${label}` : `Gave ${label} to ${band?.bandName ?? 'the band'}`}
          onCancel={onClose}
          onDone={onClose}
        />
      </div>
    </Dialog>
  )
}

function PublishControl({ round, draft }: { round: Round; draft: Draft }) {
  const [asking, setAsking] = useState(false)
  const publish = usePublishRound(round.id)
  const blocked = draft.breaks.length > 0
  const close = () => {
    if (!publish.isPending) {
      setAsking(false)
      publish.reset()
    }
  }
  return (
    <>
      <Button onClick={() => setAsking(true)} disabled={blocked}>
        <Send aria-hidden className="size-4" />
        Publish
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? setAsking(true) : close())}
        title={`Publish the rooms for the ${roundWeekLabel(round).replace('Week', 'week')}?`}
        description={`${periods(draft.figures.periodsGiven)} become bookings for ${bandsCount(draft.figures.bandsServed)}. Every band that listed wishes gets a notice and a mail, and the other ${periods(draft.figures.cellsLeft)} open for booking. This cannot be undone.`}
        confirmLabel="Publish"
        tone="primary"
        busy={publish.isPending}
        onConfirm={() =>
          publish.mutate(undefined, {
            onSuccess: () => setAsking(false),
          })
        }
      >
        {publish.isError ? <FormAlert>{errorMessage(publish.error)}</FormAlert> : null}
      </ConfirmDialog>
    </>
  )
}

/** The executive's draft: figures, fairness per band, the rooms given out (move or swap), publish. */
export function DraftPanel({ round }: { round: Round }) {
  const draft = useQuery(draftQueryOptions(round.id))
  const [dialog, setDialog] = useState<{ open: 'change'; cell: AllocatedCell } | { open: 'give' } | null>(null)
  if (draft.isPending) return <LoadingBlock label="Loading the result…" />
  if (draft.isError) return <QueryErrorBlock error={draft.error} onRetry={() => void draft.refetch()} what="The result" />
  const editable = draft.data.status === 'draft'
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {draft.data.editedByHand
            ? 'Changed by hand since the run.'
            : draft.data.provenOptimal
              ? 'No other allocation serves more bands or meets their wishes better.'
              : 'A very good allocation; the search stopped before proving none is better.'}
        </p>
        {editable ? (
          <div className="flex flex-wrap gap-2">
            <RunControls round={round} />
            <PublishControl round={round} draft={draft.data} />
          </div>
        ) : null}
      </div>
      {draft.data.breaks.length > 0 ? (
        <FormAlert>
          <p className="font-medium">The result breaks the rules now (a booking or closure made since the run?): change it by hand or run again before publishing.</p>
          <ul className="mt-1 list-disc pl-5">
            {draft.data.breaks.map((rule, index) => (
              <li key={index}>{rule.message}</li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      <Figures draft={draft.data} />
      <Card title="Bands and fairness over the term">
        <Fairness draft={draft.data} />
      </Card>
      <Card
        title="Rooms given out"
        actions={
          editable ? (
            <Button variant="secondary" onClick={() => setDialog({ open: 'give' })}>
              <HandHelping aria-hidden className="size-4" />
              Give a room by hand
            </Button>
          ) : null
        }
      >
        <CellList draft={draft.data} editable={editable} onChange={(cell) => setDialog({ open: 'change', cell })} />
      </Card>
      {dialog?.open === 'change' ? <ChangeCellDialog round={round} draft={draft.data} cell={dialog.cell} onClose={() => setDialog(null)} /> : null}
      {dialog?.open === 'give' ? <GiveCellDialog round={round} draft={draft.data} onClose={() => setDialog(null)} /> : null}
    </div>
  )
}

/** Every band's wishes in the round (executives), with its priority points. */
export function AllWishesPanel({ round }: { round: Round }) {
  const all = useQuery(allWishesQueryOptions(round.id))
  if (all.isPending) return <LoadingBlock label="Loading the wishes…" />
  if (all.isError) return <QueryErrorBlock error={all.error} onRetry={() => void all.refetch()} what="The wishes" />
  if (all.data.bands.length === 0) return <EmptyState title="No band has listed wishes yet." />
  return (
    <ul aria-label="Every band’s wishes" className="flex flex-col gap-2">
      {all.data.bands.map((band) => (
        <li key={band.bandId} className="rounded-md border border-line">
          <details>
            <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 px-3 py-2">
              <span className="font-medium break-words">{band.bandName}</span>
              <span className="text-sm text-ink-muted">
                {band.wishes.length} wish{band.wishes.length === 1 ? '' : 'es'} · wants {band.wants} · {band.points} priority point{band.points === 1 ? '' : 's'}
                {band.standing ? ' · standing wish' : ''}
              </span>
            </summary>
            <div className="border-t border-line px-3 py-2 text-sm">
              <ol className="flex flex-col gap-1">
                {band.wishes
                  .toSorted((a, b) => a.rank - b.rank)
                  .map((wish) => (
                    <li key={wish.rank}>
                      {ordinal(wish.rank)}: {cellLabel(wish)}
                    </li>
                  ))}
              </ol>
              <p className="mt-2 text-ink-muted">Members: {band.members.map((member) => member.displayName).join(', ') || 'none'}</p>
            </div>
          </details>
        </li>
      ))}
    </ul>
  )
}
