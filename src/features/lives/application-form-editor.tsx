import { useEffect, useState } from 'react'
import { useStore } from '@tanstack/react-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/feedback'
import { dayLabel } from '@/contract/calendar'
import {
  SETUP_MINUTES,
  applicationInputSchema,
  applicationUpdateSchema,
  songsMinutes,
  suggestedMinutes,
  type Application,
  type LiveEvent,
} from '@/contract/lives'
import { ApiError } from '@/lib/api-client'
import { useServerErrors } from '@/components/form/server-errors'
import { TEXT_MAX, initialValues, toFields, useApplicationForm } from './application-form-values'
import { UnavailableWindowFields } from './application-form-windows'
import { useSubmitApplication, useUpdateApplication } from './lives-queries'
import { SongListFields } from './song-list-fields'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * Answers that mean the application or the event changed under the form (closed meanwhile,
 * applied from another phone, rejected): the screen reloads them and says why, instead of
 * leaving a form that can only fail again.
 */
const stateConflicts = new Set(['APPLICATION_EXISTS', 'APPLICATIONS_CLOSED', 'APPLICATIONS_NOT_OPEN', 'APPLICATION_LOCKED', 'APPLICATION_WITHDRAWN'])
export const isStateConflict = (error: unknown): error is ApiError => error instanceof ApiError && stateConflicts.has(error.code)

/**
 * A band's application to one event, new or existing. The requested minutes follow the songs
 * (their length plus setup, rounded up to 5) until the member types their own.
 */
export function ApplicationEditor({
  event,
  band,
  application,
  onWithdraw,
  onSaved,
  onStateConflict,
}: {
  event: LiveEvent
  band: { id: string; name: string }
  /** The band's current application; null for a new one. */
  application: Application | null
  onWithdraw?: () => void
  onSaved: () => void
  onStateConflict: (error: ApiError) => void
}) {
  const submitApplication = useSubmitApplication()
  const updateApplication = useUpdateApplication()
  const server = useServerErrors()
  const [initial] = useState(() => initialValues(application))
  const [followSongs, setFollowSongs] = useState(() => application === null || application.requestedMinutes === suggestedMinutes(application.songs))

  const form = useApplicationForm({
    initial,
    bandId: application ? null : band.id,
    onSubmit: async (value) => {
      server.clear()
      try {
        if (application) {
          await updateApplication.mutateAsync({ applicationId: application.id, input: applicationUpdateSchema.parse(toFields(value)) })
          toast.success(m.lives_saved_application_of({ band: band.name }))
        } else {
          await submitApplication.mutateAsync({ eventId: event.id, input: applicationInputSchema.parse({ bandId: band.id, ...toFields(value) }) })
          toast.success(m.lives_band_applied_to({ band: band.name, live: event.title }))
        }
        onSaved()
      } catch (error) {
        if (isStateConflict(error)) onStateConflict(error)
        else server.show(error)
      }
    },
  })

  // Numbers, not the songs: typing a title does not re-render the whole form.
  const playing = useStore(form.store, (state) => songsMinutes(state.values.songs))
  const suggestion = useStore(form.store, (state) => suggestedMinutes(state.values.songs))
  useEffect(() => {
    if (followSongs && form.getFieldValue('requestedMinutes') !== String(suggestion)) form.setFieldValue('requestedMinutes', String(suggestion), { dontRunListeners: true })
  }, [followSongs, suggestion, form])

  const dropServerErrors = (prefix: string) => () => server.dropFields((path) => path === prefix || path.startsWith(`${prefix}[`))
  const dayOptions = [{ value: '', label: m.lives_no_preference() }, ...event.days.map((day) => ({ value: day.date, label: dayLabel(day.date) }))]

  return (
    <form.AppForm>
      <form.Form
        server={server}
        formAlert={false}
        aria-label={application ? m.lives_edit_application_of({ band: band.name }) : m.lives_apply_for_band({ band: band.name })}
        className="flex flex-col gap-6"
      >
        <SongListFields form={form} onRowsMoved={dropServerErrors('songs')} />

        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="requestedMinutes" listeners={{ onChange: () => setFollowSongs(false) }}>
            {(field) => (
              <div className="flex flex-col gap-2">
                <field.TextField
                  label={m.lives_requested_minutes()}
                  type="number"
                  inputMode="numeric"
                  min={5}
                  max={120}
                  step={1}
                  description={
                    followSongs
                      ? m.lives_minutes_follow_songs({ playing, setup: SETUP_MINUTES })
                      : m.lives_minutes_suggestion({ playing, setup: SETUP_MINUTES, suggestion })
                  }
                />
                {followSongs || field.state.value === String(suggestion) ? null : (
                  <div>
                    <Button variant="ghost" onClick={() => setFollowSongs(true)}>
                      {m.lives_use_minutes({ minutes: suggestion })}
                    </Button>
                  </div>
                )}
              </div>
            )}
          </form.AppField>
          <form.AppField name="preferredDay">{(field) => <field.SelectField label={m.lives_preferred_day()} options={dayOptions} />}</form.AppField>
        </div>

        <UnavailableWindowFields form={form} event={event} onRowsMoved={dropServerErrors('unavailable')} />

        <form.AppField name="needs">
          {(field) => (
            <field.TextAreaField
              label={m.lives_needs()}
              maxLength={TEXT_MAX}
              description={m.lives_needs_help({ count: field.state.value.length, max: TEXT_MAX })}
            />
          )}
        </form.AppField>
        <form.AppField name="message">
          {(field) => <field.TextAreaField label={m.lives_message_to_executives()} maxLength={TEXT_MAX} description={m.lives_message_help({ count: field.state.value.length, max: TEXT_MAX })} />}
        </form.AppField>

        <form.Subscribe selector={(state) => state.errorMap.onSubmit}>
          {(formErrors) => {
            const message = server.formError ?? (typeof formErrors === 'string' ? formErrors : null)
            return message ? <FormAlert>{message}</FormAlert> : null
          }}
        </form.Subscribe>

        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <div className="flex flex-wrap gap-2">
              <form.SubmitButton busyLabel={application ? m.common_saving() : m.lives_sending()}>{application ? m.lives_save_changes() : m.lives_send_application()}</form.SubmitButton>
              {onWithdraw ? (
                <Button variant="secondary" onClick={onWithdraw} disabled={isSubmitting}>
                  {m.lives_withdraw_application()}
                </Button>
              ) : null}
            </div>
          )}
        </form.Subscribe>
      </form.Form>
    </form.AppForm>
  )
}
