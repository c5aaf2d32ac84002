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
import { dayLabel, periodPhrase, weekLabel } from '@/contract/calendar'
import { m } from '@/i18n/paraglide/messages.js'
import { bandsCount, cellLabel, ordinal, periods, wishPlace } from './allocation-parts'
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
        {again ? m.allocation_run_again() : m.allocation_run_now()}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? setAsking(true) : close())}
        title={again ? m.allocation_run_again_title() : m.allocation_run_now_title()}
        description={again ? m.allocation_run_again_detail() : round.status === 'open' ? m.allocation_run_now_open_detail() : m.allocation_run_now_detail()}
        confirmLabel={again ? m.allocation_run_again() : m.allocation_run_now()}
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
    [m.allocation_bands_served(), m.allocation_x_of_y({ count: figures.bandsServed, total: figures.bandsWithWishes })],
    [m.allocation_first_wishes_met(), m.allocation_x_of_y({ count: figures.firstWishesMet, total: figures.bandsWithWishes })],
    [m.allocation_periods_given(), m.allocation_x_of_y_asked({ count: figures.periodsGiven, total: figures.periodsAsked })],
    [m.allocation_left_for_booking(), periods(figures.cellsLeft)],
  ]
  return (
    <dl aria-label={m.allocation_figures()} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
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
  if (band.termRounds === 0) return m.allocation_term_first()
  const nothing = band.termRoundsWithNothing === 0 ? m.allocation_term_never_without() : m.allocation_term_without({ count: band.termRoundsWithNothing })
  return m.allocation_term_note({ count: band.termRounds, nothing, periods: periods(band.termPeriods) })
}

/** Each band: asked, received, first wish, points, and how it fared over the term (the fairness). */
function Fairness({ draft }: { draft: Draft }) {
  const published = draft.status === 'published'
  return (
    <ul aria-label={m.allocation_bands_list()} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {draft.bands.map((band) => (
        <li key={band.bandId} className="flex flex-col gap-1 rounded-md border border-line p-3 text-sm">
          <p className="font-semibold break-words">{band.bandName}</p>
          <p>
            {band.received === 0 ? (
              <>
                <span className="font-medium text-danger">{m.allocation_nothing()}</span> {m.allocation_nothing_of({ asked: band.asked })}
              </>
            ) : (
              m.allocation_receives_of({ periods: periods(band.received), asked: band.asked })
            )}
            {band.firstWishMet ? m.allocation_first_wish_met() : ''}
          </p>
          <p className="text-ink-muted">
            {m.allocation_points_change({ before: band.pointsBefore, after: band.pointsAfter })}
            {published ? '' : m.allocation_once_published()}
          </p>
          <p className="text-ink-muted">{termNote(band)}</p>
          {band.unmet.length > 0 ? (
            <details>
              <summary className="cursor-pointer py-1 text-brand">{m.allocation_unmet_count({ count: band.unmet.length })}</summary>
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
  if (draft.cells.length === 0) return <EmptyState title={m.allocation_no_room_given()} />
  return (
    <ul aria-label={m.allocation_rooms_given_out()} className="flex flex-col divide-y divide-line rounded-md border border-line">
      {draft.cells.map((cell) => (
        <li key={`${cell.roomId}|${cell.date}|${cell.periodId}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
          <span className="min-w-0 flex-1">
            <span className="font-medium">{cellLabel(cell)}</span>
            <br />
            {cell.bandName} <span className="text-ink-muted">({cell.rank ? wishPlace(cell.rank) : m.allocation_placed_by_hand()})</span>
          </span>
          {editable ? (
            <Button variant="secondary" aria-label={m.allocation_move_or_swap_cell({ cell: cellLabel(cell) })} onClick={() => onChange(cell)}>
              <ArrowLeftRight aria-hidden className="size-4" />
              {m.allocation_move_or_swap()}
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
      <SelectField label={m.allocation_room()} value={cell.roomId} onChange={(event) => onChange({ ...cell, roomId: event.target.value })} options={round.rooms.map((item) => ({ value: item.id, label: item.name }))} />
      <SelectField label={m.allocation_day()} value={cell.date} onChange={(event) => onChange({ ...cell, date: event.target.value })} options={round.dates.map((date) => ({ value: date, label: dayLabel(date) }))} />
      <SelectField label={m.allocation_period()} value={cell.periodId} onChange={(event) => onChange({ ...cell, periodId: event.target.value })} options={round.periods.map((item) => ({ value: item.id, label: periodPhrase(item.label) }))} />
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
      <div role="status" aria-label={m.allocation_rule_check()} className="text-sm">
        {!change ? (
          <p className="text-ink-muted">{idle}</p>
        ) : check.isPending ? (
          <p className="text-ink-muted">{m.allocation_checking()}</p>
        ) : check.isError ? (
          <p className="text-danger">{m.allocation_check_failed({ error: errorMessage(check.error) })}</p>
        ) : check.data.allowed ? (
          <p>
            {summary} <span className="font-medium">{m.allocation_keeps_rules()}</span>
          </p>
        ) : (
          <div className="rounded-md border border-danger/40 bg-danger/10 p-3">
            <p className="font-medium text-danger">{summary} {m.allocation_would_break()}</p>
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
          {m.allocation_cancel()}
        </Button>
        <Button
          busy={apply.isPending}
          busyLabel={m.allocation_changing()}
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
    roomName: round.rooms.find((item) => item.id === at.roomId)?.name ?? m.allocation_a_room(),
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
  const summary = !moved
    ? null
    : holder
      ? m.allocation_swap_summary({ band: cell.bandName, to: labelOf(moved), other: holder.bandName, from: cellLabel(cell) })
      : m.allocation_move_summary({ band: cell.bandName, to: labelOf(moved), from: cellLabel(cell) })
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={m.allocation_move_title({ band: cell.bandName })} description={m.allocation_move_description({ cell: cellLabel(cell) })}>
      <div className="flex flex-col gap-3">
        <CellPicker round={round} cell={target} onChange={setTarget} />
        <HandChange
          round={round}
          change={change}
          summary={summary}
          idle={m.allocation_move_idle()}
          confirmLabel={holder ? m.allocation_swap() : m.allocation_move()}
          done={holder ? m.allocation_swapped() : m.allocation_moved()}
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
  const summary = unchanged
    ? null
    : !band
      ? m.allocation_free_summary({ cell: label, band: holder!.bandName })
      : holder
        ? m.allocation_give_instead_summary({ band: band.bandName, cell: label, other: holder.bandName })
        : m.allocation_give_summary({ band: band.bandName, cell: label })
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={m.allocation_give_title()} description={m.allocation_give_description()}>
      <div className="flex flex-col gap-3">
        <SelectField
          label={m.allocation_band()}
          value={bandId}
          onChange={(event) => setBandId(event.target.value)}
          options={[...draft.bands.map((item) => ({ value: item.bandId, label: m.allocation_band_now({ band: item.bandName, periods: periods(item.received) }) })), { value: NOBODY, label: m.allocation_nobody() }]}
        />
        <CellPicker round={round} cell={target} onChange={setTarget} />
        <HandChange
          round={round}
          change={change}
          summary={summary}
          idle={bandId === NOBODY ? m.allocation_free_already({ cell: label }) : m.allocation_holds_already({ band: band?.bandName ?? m.allocation_the_band(), cell: label })}
          confirmLabel={bandId === NOBODY ? m.allocation_free_it() : m.allocation_give()}
          done={bandId === NOBODY ? m.allocation_freed({ cell: label }) : m.allocation_gave({ cell: label, band: band?.bandName ?? m.allocation_the_band_lower() })}
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
        {m.allocation_publish()}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? setAsking(true) : close())}
        title={m.allocation_publish_title({ week: weekLabel(round.weekStart) })}
        description={m.allocation_publish_description({ periods: periods(draft.figures.periodsGiven), bands: bandsCount(draft.figures.bandsServed), left: periods(draft.figures.cellsLeft) })}
        confirmLabel={m.allocation_publish()}
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
  if (draft.isPending) return <LoadingBlock label={m.allocation_loading_result()} />
  if (draft.isError) return <QueryErrorBlock error={draft.error} onRetry={() => void draft.refetch()} what={m.allocation_the_result()} />
  const editable = draft.data.status === 'draft'
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {draft.data.editedByHand ? m.allocation_edited_by_hand() : draft.data.provenOptimal ? m.allocation_proven_optimal() : m.allocation_not_proven()}
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
          <p className="font-medium">{m.allocation_breaks_now()}</p>
          <ul className="mt-1 list-disc pl-5">
            {draft.data.breaks.map((rule, index) => (
              <li key={index}>{rule.message}</li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      <Figures draft={draft.data} />
      <Card title={m.allocation_fairness()}>
        <Fairness draft={draft.data} />
      </Card>
      <Card
        title={m.allocation_rooms_given_out()}
        actions={
          editable ? (
            <Button variant="secondary" onClick={() => setDialog({ open: 'give' })}>
              <HandHelping aria-hidden className="size-4" />
              {m.allocation_give_by_hand()}
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
  if (all.isPending) return <LoadingBlock label={m.allocation_loading_wishes()} />
  if (all.isError) return <QueryErrorBlock error={all.error} onRetry={() => void all.refetch()} what={m.allocation_the_wishes()} />
  if (all.data.bands.length === 0) return <EmptyState title={m.allocation_no_band_listed()} />
  return (
    <ul aria-label={m.allocation_every_band_wishes()} className="flex flex-col gap-2">
      {all.data.bands.map((band) => (
        <li key={band.bandId} className="rounded-md border border-line">
          <details>
            <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 px-3 py-2">
              <span className="font-medium break-words">{band.bandName}</span>
              <span className="text-sm text-ink-muted">
                {m.allocation_band_wishes_summary({ count: band.wishes.length, wants: band.wants, points: m.allocation_priority_points({ count: band.points }) })}
                {band.standing ? m.allocation_standing_suffix() : ''}
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
              <p className="mt-2 text-ink-muted">{m.allocation_members_list({ names: band.members.map((member) => member.displayName).join(m.allocation_list_separator()) || m.allocation_none() })}</p>
            </div>
          </details>
        </li>
      ))}
    </ul>
  )
}
