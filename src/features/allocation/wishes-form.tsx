import { useId } from 'react'
import { flushSync } from 'react-dom'
import { ArrowDown, ArrowUp, X } from 'lucide-react'
import { toast } from 'sonner'
import { useStore, type AnyFormApi } from '@tanstack/react-form'
import { useAppForm } from '@/components/form/form-kit'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { formFieldOf, useServerErrors } from '@/components/form/server-errors'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/components/ui/feedback'
import { wishesInputSchema, type BandWishes, type Contest, type Round, type WishesInput } from '@/contract/allocation-rounds'
import { dayLabel, periodPhrase } from '@/contract/calendar'
import { fieldErrors } from '@/contract/field-errors'
import { ApiError } from '@/lib/api-client'
import { m } from '@/i18n/paraglide/messages.js'
import { bandsCount, instantLabel, wishPlace } from './allocation-parts'
import { useSaveWishes } from './allocation-queries'

/** The form's "any taking-part room" (a select needs a string; the request says `roomId: null`). */
export const ANY_ROOM = 'any'

interface WishRow {
  roomId: string
  date: string
  periodId: string
}

interface WishesFormValues {
  wishes: WishRow[]
  wants: number
  standing: boolean
}

const rowKey = (wish: WishRow) => `${wish.roomId}|${wish.date}|${wish.periodId}`

export function toWishesInput(values: WishesFormValues): WishesInput {
  return {
    wishes: values.wishes.map((wish) => ({ roomId: wish.roomId === ANY_ROOM ? null : wish.roomId, date: wish.date, periodId: wish.periodId })),
    wants: values.wants,
    standing: values.standing,
  }
}

/** Why a wish cannot be met whatever happens: its cell (every room's, for "any room") is closed. */
export function closedReason(round: Round, wish: WishRow): string | null {
  const closed = (roomId: string) => round.closedCells.find((cell) => cell.roomId === roomId && cell.date === wish.date && cell.periodId === wish.periodId)
  if (wish.roomId !== ANY_ROOM) {
    const cell = closed(wish.roomId)
    return cell ? m.allocation_closed_cell({ reason: cell.reason }) : null
  }
  const reasons = round.rooms.map((room) => closed(room.id))
  if (reasons.length > 0 && reasons.every(Boolean)) return m.allocation_every_room_closed({ reason: reasons[0]!.reason })
  return null
}

/**
 * The shared schema plus the round's own limits (fewer wishes, fewer periods than the schema's
 * maxima) and its closed cells; messages keyed as the form names its fields (`wishes[2]`).
 */
export function validateWishes(values: WishesFormValues, round: Round) {
  const issues: Array<{ path: PropertyKey[]; message: string }> = []
  const parsed = wishesInputSchema.safeParse(toWishesInput(values))
  if (!parsed.success) issues.push(...parsed.error.issues)
  if (values.wishes.length > round.wishesPerBand) issues.push({ path: ['wishes'], message: m.allocation_round_takes_wishes({ max: round.wishesPerBand, extra: values.wishes.length - round.wishesPerBand }) })
  if (values.wants > round.periodsPerBand) issues.push({ path: ['wants'], message: m.allocation_can_receive_at_most({ max: round.periodsPerBand }) })
  values.wishes.forEach((wish, index) => {
    const reason = closedReason(round, wish)
    if (reason) issues.push({ path: ['wishes', index], message: reason })
  })
  if (issues.length === 0) return undefined
  const fields = Object.fromEntries(Object.entries(fieldErrors(issues)).map(([path, message]) => [formFieldOf(path), message]))
  const form = fields._
  delete fields._
  return { form, fields }
}

/** How many bands asked for a wish's cell so far (counts only); for "any room", the range over its rooms. */
export function contestNote(round: Round, contest: Contest | undefined, wish: WishRow): string | null {
  if (!contest) return null
  const at = (roomId: string) => contest.cells.find((cell) => cell.roomId === roomId && cell.date === wish.date && cell.periodId === wish.periodId)
  if (wish.roomId !== ANY_ROOM) {
    const cell = at(wish.roomId)
    if (!cell || cell.bands === 0) return m.allocation_contest_none()
    return m.allocation_contest_cell({ bands: bandsCount(cell.bands), first: cell.firstWishes })
  }
  const counts = round.rooms.map((room) => at(room.id)?.bands ?? 0)
  if (counts.length === 0) return null
  const least = Math.min(...counts)
  const most = Math.max(...counts)
  if (most === 0) return m.allocation_contest_none_time()
  if (least === most) return m.allocation_contest_each({ bands: bandsCount(least) })
  return m.allocation_contest_range({ most: bandsCount(most), least: least === 0 ? m.allocation_contest_zero() : least })
}

/** Forgets the client's messages on the list and its rows (they name rows by position). */
function clearRowMessages(formApi: AnyFormApi) {
  for (const name of Object.keys(formApi.state.fieldMeta)) {
    if (!/^wishes(\[\d+\])?$/.test(name) || formApi.getFieldMeta(name)?.errorMap.onSubmit === undefined) continue
    // Meta of a row just removed may be gone by the time the update runs.
    formApi.setFieldMeta(name, (meta) => (meta ? { ...meta, errorMap: { ...meta.errorMap, onSubmit: undefined } } : meta))
  }
}

/** The next wish "Add" proposes: the first time not listed yet, in any room. */
function nextWish(round: Round, rows: WishRow[]): WishRow {
  const taken = new Set(rows.map(rowKey))
  for (const date of round.dates) {
    for (const period of round.periods) {
      const wish = { roomId: ANY_ROOM, date, periodId: period.id }
      if (!taken.has(rowKey(wish)) && !closedReason(round, wish)) return wish
    }
  }
  return { roomId: ANY_ROOM, date: round.dates[0] ?? '', periodId: round.periods[0]?.id ?? '' }
}

function valuesOf(band: BandWishes): WishesFormValues {
  return {
    wishes: band.wishes.toSorted((a, b) => a.rank - b.rank).map((wish) => ({ roomId: wish.roomId ?? ANY_ROOM, date: wish.date, periodId: wish.periodId })),
    wants: band.wants,
    standing: band.standing,
  }
}

/**
 * One band's ranked wishes for the round: each wish a room (or any room), a day and a period,
 * moved up and down with buttons (keyboard and thumbs alike: decision 020, "Screens"), with how
 * contested its cell is; how many periods the band wants; the standing wish.
 */
export function WishesForm({ round, band, contest, timeZone }: { round: Round; band: BandWishes; contest: Contest | undefined; timeZone: string }) {
  const id = useId()
  const server = useServerErrors()
  const save = useSaveWishes(round.id, band.bandId)

  const form = useAppForm({
    defaultValues: valuesOf(band),
    validators: { onSubmit: ({ value }) => validateWishes(value, round) },
    // A wish's message stands on the row (`wishes[2]`), whose own value never changes by hand:
    // any change to the wishes forgets those messages, or the form would stay refused after the fix.
    listeners: { onChange: ({ fieldApi, formApi }) => (fieldApi.name.startsWith('wishes') ? clearRowMessages(formApi) : undefined) },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        await save.mutateAsync(wishesInputSchema.parse(toWishesInput(value)))
        toast.success(m.allocation_saved_wishes({ band: band.bandName }))
      } catch (error) {
        // The round closed meanwhile: the form gives way to the wishes as saved, so say it aloud.
        if (error instanceof ApiError && error.status === 409) toast.error(errorMessage(error))
        else server.show(error)
      }
    },
  })

  // The array field re-renders only when rows come or go; the notes beside each wish follow its values.
  const liveWishes = useStore(form.store, (state) => state.values.wishes)

  /** Rows moved: the server's row messages no longer point at the right rows. */
  const dropRowErrors = () => {
    server.dropFields((path) => path === 'wishes' || path.startsWith('wishes['))
    clearRowMessages(form)
  }

  const roomOptions = [{ value: ANY_ROOM, label: m.allocation_any_room() }, ...round.rooms.map((room) => ({ value: room.id, label: room.name }))]
  const dayOptions = round.dates.map((date) => ({ value: date, label: dayLabel(date) }))
  const periodOptions = round.periods.map((period) => ({ value: period.id, label: `${periodPhrase(period.label)} (${period.startsAt}–${period.endsAt})` }))

  return (
    <form.AppForm>
      <form.Form server={server} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`${id}-title`} className="text-lg font-semibold break-words">
            {band.bandName}
          </h3>
          {band.updatedAt ? (
            <p className="text-sm text-ink-muted">
              {band.updatedBy ? m.allocation_saved_at_by({ when: instantLabel(band.updatedAt, timeZone), name: band.updatedBy }) : m.allocation_saved_at({ when: instantLabel(band.updatedAt, timeZone) })}
            </p>
          ) : (
            <p className="text-sm text-ink-muted">{m.allocation_not_saved()}</p>
          )}
        </div>
        {band.fromStanding ? (
          <p role="note" className="rounded-md border border-brand/40 bg-brand/10 px-3 py-2 text-sm">
            {m.allocation_from_standing()}
          </p>
        ) : null}

        <form.AppField name="wishes" mode="array">
          {(wishesField) => {
            const rows = wishesField.state.value
            const focusMoved = (to: number, direction: 'up' | 'down') => {
              const row = document.getElementById(`${id}-wish-${to}`)
              const preferred = row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]:not(:disabled)`)
              const other = row?.querySelector<HTMLButtonElement>(`[data-move="${direction === 'up' ? 'down' : 'up'}"]:not(:disabled)`)
              ;(preferred ?? other)?.focus()
            }
            const move = (from: number, to: number) => {
              dropRowErrors()
              flushSync(() => wishesField.moveValue(from, to))
              focusMoved(to, to < from ? 'up' : 'down')
            }
            return (
              <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-wishes-help`}>
                <legend className="text-sm font-semibold">{m.allocation_wishes_legend()}</legend>
                <p id={`${id}-wishes-help`} className="text-sm text-ink-muted">
                  {m.allocation_wishes_help({ count: rows.length, max: round.wishesPerBand })}
                </p>
                <wishesField.ErrorText role="alert" />
                <RepeatedRows
                  field={wishesField}
                  newRow={(current) => nextWish(round, current)}
                  max={round.wishesPerBand}
                  addLabel={m.allocation_add_wish()}
                  addAriaLabel={m.allocation_add_wish_for({ band: band.bandName })}
                  addNote={rows.length >= round.wishesPerBand ? <span className="text-sm text-ink-muted">{m.allocation_at_most_wishes_note({ max: round.wishesPerBand })}</span> : null}
                  onRowsMoved={dropRowErrors}
                  focusAfterRemove="row"
                  listLabel={m.allocation_wishes_of({ band: band.bandName })}
                  hideEmptyList
                  listClassName="flex flex-col gap-3"
                >
                  {(index, remove) => {
                    const wish = liveWishes[index] ?? rows[index]!
                    const place = wishPlace(index + 1)
                    const closed = closedReason(round, wish)
                    const note = contestNote(round, contest, wish)
                    return (
                      <div id={`${id}-wish-${index}`} className="flex flex-col gap-2 rounded-md border border-line p-3" aria-label={place} role="group">
                        <div className="flex flex-wrap items-baseline justify-between gap-2">
                          <span className="font-semibold">{place}</span>
                          {note ? <span className="text-sm text-ink-muted">{note}</span> : null}
                        </div>
                        <div className="grid gap-2 sm:grid-cols-3">
                          <form.AppField name={`wishes[${index}].roomId`}>{(field) => <field.SelectField label={m.allocation_room()} options={roomOptions} />}</form.AppField>
                          <form.AppField name={`wishes[${index}].date`}>{(field) => <field.SelectField label={m.allocation_day()} options={dayOptions} />}</form.AppField>
                          <form.AppField name={`wishes[${index}].periodId`}>{(field) => <field.SelectField label={m.allocation_period()} options={periodOptions} />}</form.AppField>
                        </div>
                        {closed ? <p className="text-sm text-warn">{closed}</p> : null}
                        <form.AppField name={`wishes[${index}]`}>{(field) => <field.ErrorText />}</form.AppField>
                        <div className="flex flex-wrap gap-2">
                          <Button variant="secondary" data-move="up" aria-label={m.allocation_move_up({ place })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                            <ArrowUp aria-hidden className="size-4" />
                            {m.allocation_up()}
                          </Button>
                          <Button variant="secondary" data-move="down" aria-label={m.allocation_move_down({ place })} disabled={index === rows.length - 1} onClick={() => move(index, index + 1)}>
                            <ArrowDown aria-hidden className="size-4" />
                            {m.allocation_down()}
                          </Button>
                          <Button variant="ghost" aria-label={m.allocation_remove_place({ place })} className="ml-auto" onClick={remove}>
                            <X aria-hidden className="size-4" />
                            {m.allocation_remove()}
                          </Button>
                        </div>
                      </div>
                    )
                  }}
                </RepeatedRows>
              </fieldset>
            )
          }}
        </form.AppField>

        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="wants">
            {(field) => <field.NumberField label={m.allocation_wants_label()} min={1} max={round.periodsPerBand} description={m.allocation_wants_help({ max: round.periodsPerBand })} />}
          </form.AppField>
          <form.AppField name="standing">
            {(field) => (
              <field.CheckboxField
                label={m.allocation_standing_label()}
                description={m.allocation_standing_help()}
              />
            )}
          </form.AppField>
        </div>
        <div>
          <form.SubmitButton busyLabel={m.allocation_saving()}>{m.allocation_save_wishes()}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
