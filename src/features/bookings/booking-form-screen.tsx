import { useId } from 'react'
import { useStore } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { ListChecks } from 'lucide-react'
import { toast } from 'sonner'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { useAppForm, useFieldContext, useFieldErrors } from '@/components/form/form-kit'
import { Card, PageHeader } from '@/components/ui/page'
import type { Band } from '@/contract/bands'
import { bookingInputSchema, type BookingCheckQuery, type BookingInput } from '@/contract/bookings'
import { periodPhrase, todayIn, weekStartOf } from '@/contract/calendar'
import type { Period, Room } from '@/contract/club'
import { isoDateSchema } from '@/contract/club'
import { fieldErrors } from '@/contract/field-errors'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { useServerErrors } from '@/components/form/server-errors'
import { useSession } from '@/lib/session-context'
import { QuotaSummary, SlotCheck } from './booking-check-panels'
import { isExecutiveUser, linkButtonClass, slotText } from './booking-parts'
import type { BookingFormSearch } from './booking-search'
import { bookingCheckQueryOptions, quotaQueryOptions, useCreateBooking } from './bookings-queries'
import { myBandsQueryOptions, periodsQueryOptions, roomsQueryOptions } from '@/lib/reference-queries'
import { CLUB_FALLBACK_TIME_ZONE } from '@/contract/date-format'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/room-booking-form')

/** The club's default zone, until the club's own setting has loaded. */
const FALLBACK_TIME_ZONE = CLUB_FALLBACK_TIME_ZONE
const REASON_MAX = 200

/** "Book for" is one choice that decides both `kind` and `bandId`: `band:<id>`, `personal` or `block`. */
type BookFor = '' | 'personal' | 'block' | `band:${string}`

interface FormValues {
  roomId: string
  date: string
  periodId: string
  bookFor: BookFor
  reason: string
}
type FieldName = keyof FormValues

function kindOf(bookFor: BookFor): { kind?: BookingInput['kind']; bandId?: string } {
  if (bookFor.startsWith('band:')) return { kind: 'band', bandId: bookFor.slice('band:'.length) }
  if (bookFor === 'personal' || bookFor === 'block') return { kind: bookFor }
  return {}
}

/** The body for POST /api/bookings: only the fields the chosen kind uses. */
function toInput(values: FormValues) {
  const { kind, bandId } = kindOf(values.bookFor)
  return {
    roomId: values.roomId,
    date: values.date,
    periodId: values.periodId,
    kind,
    ...(kind === 'band' ? { bandId } : {}),
    ...(kind === 'block' ? { reason: values.reason.trim() } : {}),
  }
}

/** The server names `kind` and `bandId`; the form has one "Book for" choice for both. */
const formFieldOf = (path: string) => (path === 'kind' || path === 'bandId' ? 'bookFor' : path)

/** The shared schema, with its messages placed under the form's fields. */
function validate({ value }: { value: FormValues }) {
  const result = bookingInputSchema.safeParse(toInput(value))
  const fields: Record<string, string> = {}
  if (!result.success) {
    for (const [path, message] of Object.entries(fieldErrors(result.error.issues))) fields[formFieldOf(path)] ??= message
  }
  if (!value.date) fields.date = m.bookings_choose_date()
  return Object.keys(fields).length > 0 ? { fields } : undefined
}

/** The check's question once every choice it needs is made; null until then. */
function checkQueryOf(values: FormValues): BookingCheckQuery | null {
  const { kind, bandId } = kindOf(values.bookFor)
  if (!values.roomId || !values.periodId || !kind || !isoDateSchema.safeParse(values.date).success) return null
  return { roomId: values.roomId, date: values.date, periodId: values.periodId, kind, ...(bandId ? { bandId } : {}) }
}

type BookForOption = { value: BookFor; label: string; description?: string }

/** "Book for" as radio buttons, one per band plus personal practice and (executives) a block. */
function BookForFieldset({ id, options }: { id: string; options: BookForOption[] }) {
  const field = useFieldContext<BookFor>()
  const error = useFieldErrors().find(Boolean)
  const errorId = `${id}-book-for-error`
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{m.bookings_book_for()}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {m.bookings_book_for_none_before()}{' '}
          <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
            {m.bookings_register_band()}
          </Link>{' '}
          {m.bookings_book_for_none_after()}
        </p>
      ) : (
        options.map((option) => {
          const optionId = `${id}-${option.value}`
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input
                id={optionId}
                type="radio"
                name="bookFor"
                value={option.value}
                checked={field.state.value === option.value}
                onChange={() => field.handleChange(option.value)}
                onBlur={field.handleBlur}
                aria-invalid={Boolean(error)}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className="mt-1 size-5 accent-brand"
              />
              <div className="min-w-0">
                <label htmlFor={optionId} className="text-sm font-medium break-words text-ink">
                  {option.label}
                </label>
                {option.description ? (
                  <p id={`${optionId}-description`} className="text-sm text-ink-muted">
                    {option.description}
                  </p>
                ) : null}
              </div>
            </div>
          )
        })
      )}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** `/room-booking-form`: choose a slot and who it is for; the quota and the slot's check show as you choose. */
export function BookingFormScreen() {
  const search = routeApi.useSearch()
  const rooms = useQuery(roomsQueryOptions())
  const periods = useQuery(periodsQueryOptions())
  const bands = useQuery(myBandsQueryOptions())
  const club = useQuery(clubInfoQueryOptions())
  const { user: me } = useSession()

  const failed = [rooms, periods, bands].find((query) => query.isError)
  const activeRooms = rooms.data?.filter((room) => room.active) ?? []

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader
        title={m.bookings_form_title()}
        description={m.bookings_form_lead()}
        actions={
          <Link to="/room-booking-list" className={linkButtonClass}>
            <ListChecks aria-hidden className="size-4" />
            {m.bookings_see_mine()}
          </Link>
        }
      />
      {failed ? (
        <QueryErrorBlock
          error={failed.error}
          what={m.bookings_rooms_and_periods()}
          onRetry={() => {
            void rooms.refetch()
            void periods.refetch()
            void bands.refetch()
          }}
        />
      ) : !rooms.isSuccess || !periods.isSuccess || !bands.isSuccess ? (
        <LoadingBlock label={m.bookings_loading_rooms()} />
      ) : activeRooms.length === 0 || periods.data.length === 0 ? (
        <EmptyState title={m.bookings_no_rooms()}>{m.bookings_no_rooms_lead()}</EmptyState>
      ) : (
        <BookingForm
          // A new slot from the URL (another grid cell) starts a fresh form.
          key={`${search.roomId}|${search.date}|${search.periodId}|${search.bandId}`}
          search={search}
          rooms={activeRooms}
          periods={periods.data}
          bands={bands.data.filter((band) => band.status === 'active')}
          today={todayIn(new Date(), club.data?.timeZone ?? FALLBACK_TIME_ZONE)}
          executive={isExecutiveUser(me)}
        />
      )}
    </div>
  )
}

function BookingForm({
  search,
  rooms,
  periods,
  bands,
  today,
  executive,
}: {
  search: BookingFormSearch
  rooms: Room[]
  periods: Period[]
  bands: Band[]
  today: string
  executive: boolean
}) {
  const id = useId()
  const navigate = useNavigate()
  const create = useCreateBooking()
  const server = useServerErrors<FieldName>(formFieldOf)

  const form = useAppForm({
    defaultValues: {
      roomId: rooms.some((room) => room.id === search.roomId) ? search.roomId! : rooms.length === 1 ? rooms[0]!.id : '',
      date: search.date ?? today,
      periodId: periods.some((period) => period.id === search.periodId) ? search.periodId! : '',
      bookFor: bands.some((band) => band.id === search.bandId) ? `band:${search.bandId}` : '',
      reason: '',
    } as FormValues,
    validators: { onSubmit: validate },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const booking = await create.mutateAsync(bookingInputSchema.parse(toInput(value)))
        toast.success(m.bookings_booked({ slot: slotText(booking) }))
        await navigate({ to: '/room-booking-list' })
      } catch (error) {
        server.show(error)
      }
    },
  })

  const values = useStore(form.store, (state) => state.values)
  const validDate = isoDateSchema.safeParse(values.date).success ? values.date : today
  const quota = useQuery(quotaQueryOptions(weekStartOf(validDate)))
  const personalAllowed = quota.data?.personal.allowed === true

  // The same query SlotCheck shows (one cache entry): a slot it refuses cannot be submitted,
  // so the refusal is said once, in the check, and the button points at it.
  const checkQuery = checkQueryOf(values)
  const check = useQuery({ ...bookingCheckQueryOptions(checkQuery ?? { roomId: '', date: '', periodId: '' }), enabled: checkQuery !== null })
  const refused = checkQuery !== null && check.data?.bookable === false
  const checkId = `${id}-slot-check`

  const bookForOptions: BookForOption[] = [
    ...bands.map((band) => ({ value: `band:${band.id}` as const, label: band.name })),
    ...(personalAllowed || values.bookFor === 'personal' ? [{ value: 'personal' as const, label: m.bookings_kind_personal(), description: m.bookings_personal_description() }] : []),
    ...(executive ? [{ value: 'block' as const, label: m.bookings_block_label(), description: m.bookings_block_description() }] : []),
  ]

  return (
    <>
      <QuotaSummary weekStart={weekStartOf(validDate)} />
      <Card>
        <form.AppForm>
          <form.Form server={server} formAlert={false} aria-label={m.bookings_form_title()} className="flex flex-col gap-4">
            <form.AppField name="roomId">
              {(field) => <field.SelectField label={m.bookings_room()} options={[{ value: '', label: m.bookings_select_room() }, ...rooms.map((room) => ({ value: room.id, label: room.name }))]} />}
            </form.AppField>
            <form.AppField name="date">{(field) => <field.TextField label={m.bookings_date()} type="date" min={today} />}</form.AppField>
            <form.AppField name="periodId">
              {(field) => (
                <field.SelectField
                  label={m.bookings_period()}
                  options={[
                    { value: '', label: m.bookings_select_period() },
                    ...periods.map((period) => ({ value: period.id, label: `${periodPhrase(period.label)} (${period.startsAt}–${period.endsAt})` })),
                  ]}
                />
              )}
            </form.AppField>
            <form.AppField name="bookFor">{() => <BookForFieldset id={id} options={bookForOptions} />}</form.AppField>
            {values.bookFor === 'block' ? (
              <form.AppField name="reason">
                {(field) => <field.TextField label={m.bookings_reason()} autoComplete="off" maxLength={REASON_MAX} description={m.bookings_reason_description()} />}
              </form.AppField>
            ) : null}

            <SlotCheck query={checkQuery} id={checkId} />
            <form.FormError />

            <div className="flex flex-wrap gap-2">
              <form.SubmitButton busyLabel={m.bookings_booking()} disabled={refused} aria-describedby={refused ? checkId : undefined}>
                {m.bookings_book_room()}
              </form.SubmitButton>
            </div>
          </form.Form>
        </form.AppForm>
      </Card>
    </>
  )
}
