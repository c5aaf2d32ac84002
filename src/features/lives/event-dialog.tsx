import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { useServerErrors } from '@/components/form/server-errors'
import { Dialog } from '@/components/ui/dialog'
import { FormAlert, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { eventInputSchema, eventStatusLabels, eventStatuses, type LiveEvent } from '@/contract/lives'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { EventDaysFields } from './event-days-fields'
import { initialValues, minuteFields, toInput, useEventForm } from './event-form-values'
import { liveName } from './live-routes'
import { useCreateEvent, useUpdateEvent, type LiveKindRef } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

export interface EventDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The kind of live a new event is for (kind and season are fixed in the dialog). */
  live: LiveKindRef
  /** The event to edit; a new one when omitted. */
  event?: LiveEvent | null
  /** A new event's academic year; the club's current term when omitted. */
  academicYear?: number
  onSaved?: (event: LiveEvent) => void
}

/**
 * Executives create and edit an event: everything the review, the participants and the
 * timetable need. Times of day are the club's wall clock; the application window is entered on
 * the club's clock too and sent as instants.
 */
export function EventDialog({ open, onOpenChange, live, event, academicYear, onSaved }: EventDialogProps) {
  const club = useQuery({ ...clubInfoQueryOptions(), enabled: open })
  const target = event ? { kind: event.kind, season: event.season } : live
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? m.lives_edit_event({ live: event.title }) : m.lives_new_event({ live: liveName(live) })}
      description={event ? liveName(target) : m.lives_new_event_help()}
    >
      {club.isPending ? (
        <LoadingBlock label={m.lives_loading_club_settings()} />
      ) : club.isError ? (
        <QueryErrorBlock error={club.error} onRetry={() => void club.refetch()} what={m.lives_club_settings()} />
      ) : (
        <EventForm
          live={target}
          event={event}
          academicYear={academicYear ?? club.data.currentTerm}
          timeZone={club.data.timeZone}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onSaved?.(saved)
            onOpenChange(false)
          }}
        />
      )}
    </Dialog>
  )
}

function EventForm({
  live,
  event,
  academicYear,
  timeZone,
  onCancel,
  onSaved,
}: {
  live: LiveKindRef
  event: LiveEvent | null | undefined
  academicYear: number
  timeZone: string
  onCancel: () => void
  onSaved: (event: LiveEvent) => void
}) {
  const create = useCreateEvent()
  const update = useUpdateEvent()
  const server = useServerErrors()

  const form = useEventForm({
    initial: initialValues(event, live, academicYear, timeZone),
    live,
    timeZone,
    onSubmit: async (value) => {
      server.clear()
      try {
        const input = eventInputSchema.parse(toInput(value, live, timeZone))
        const saved = event ? await update.mutateAsync({ eventId: event.id, input }) : await create.mutateAsync(input)
        toast.success(event ? m.lives_saved_event({ live: saved.title }) : m.lives_created_event({ live: saved.title }))
        onSaved(saved)
      } catch (error) {
        server.show(error)
      }
    },
  })

  /** Rows moved: the server's messages for days and stages no longer point at the right rows. */
  const dropDayErrors = () => server.dropFields((path) => path.startsWith('days'))

  return (
    <form.AppForm>
      <form.Form server={server} className="flex flex-col gap-4">
        <form.Subscribe selector={(state) => state.errorMap.onSubmit}>
          {(error) => (typeof error === 'string' && error ? <FormAlert>{error}</FormAlert> : null)}
        </form.Subscribe>

        <form.AppField name="title">{(field) => <field.TextField label={m.lives_title()} autoComplete="off" maxLength={100} />}</form.AppField>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="academicYear">
            {(field) => <field.NumberField label={m.lives_academic_year()} description={m.lives_academic_year_help()} />}
          </form.AppField>
          <form.AppField name="status">
            {(field) => (
              <field.SelectField
                label={m.lives_status()}
                options={eventStatuses.map((status) => ({ value: status, label: eventStatusLabels[status] }))}
                description={m.lives_status_help()}
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="venue">{(field) => <field.TextField label={m.lives_venue()} maxLength={200} description={m.lives_optional()} />}</form.AppField>

        <EventDaysFields form={form} timeZone={timeZone} onRowsMoved={dropDayErrors} />

        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold">{m.lives_slots()}</legend>
          {minuteFields.map(({ name, label, description }) => (
            <form.AppField key={name} name={name}>
              {(field) => <field.NumberField label={label()} description={description()} />}
            </form.AppField>
          ))}
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">{m.lives_applications()}</legend>
          <form.AppField name="applicationOpensAt">
            {(field) => <field.TextField label={m.lives_applications_open()} type="datetime-local" description={m.lives_on_club_clock({ timeZone })} />}
          </form.AppField>
          <form.AppField name="applicationClosesAt">
            {(field) => <field.TextField label={m.lives_applications_close()} type="datetime-local" description={m.lives_on_club_clock({ timeZone })} />}
          </form.AppField>
          <form.AppField name="bandLimit">
            {(field) => (
              <field.TextField
                label={m.lives_band_limit()}
                type="number"
                inputMode="numeric"
                description={m.lives_band_limit_help()}
              />
            )}
          </form.AppField>
        </fieldset>

        <form.DialogFooter onCancel={onCancel}>{event ? m.lives_save_live() : m.lives_create_live_button()}</form.DialogFooter>
      </form.Form>
    </form.AppForm>
  )
}
