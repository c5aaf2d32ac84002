import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { clubSettingsSchema, registrationModeLabels, registrationModes, weekdays, type ClubSettings } from '@/contract/settings'
import { monthName, weekdayName } from '@/contract/date-format'
import { api } from '@/lib/api-client'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Card } from '@/components/ui/page'
import { clubKeys } from './club-queries'
import { useAppForm, useFieldContext, useFieldErrors } from '@/components/form/form-kit'
import { CheckboxField, TextField } from '@/components/ui/field'
import { periodsQueryOptions, roomsQueryOptions } from '@/lib/reference-queries'
import { fileKinds, type FileKindId } from '@/contract/files'
import { BackupSettings } from './backup-settings'
import { languageNames, languages } from '@/i18n/language'
import { m } from '@/i18n/paraglide/messages.js'

/** January…December in the language shown ('en-GB' words them as before). */
const monthNames = () => Array.from({ length: 12 }, (_, index) => monthName(index + 1))
const weekdayOptions = () => weekdays.map((day) => ({ value: String(day), label: weekdayName(day) }))
const timeZones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return ['Asia/Tokyo', 'UTC']
  }
})()

type TextPath = 'clubName' | 'registration.inviteCode' | 'notices.bookingReminderAt' | 'allocation.opensAt' | 'allocation.closesAt'
type NumberPath = 'booking.horizonDays' | 'booking.bandPeriodsPerWeek' | 'booking.personalPeriodsPerWeek' | 'uploadLimitMb' | 'allocation.wishesPerBand'
type BooleanPath = 'booking.personalPracticeAllowed' | 'publicSchedule.enabled' | 'publicSchedule.showBandNames' | 'anonymousFeedbackAllowed' | 'allocation.enabled'

/** The kinds of file executives may upload (the server checks each file's real type against them). */
function FileKindsFieldset() {
  const field = useFieldContext<FileKindId[]>()
  const error = useFieldErrors().find(Boolean)
  const value = field.state.value
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-ink">{m.club_file_kinds()}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {fileKinds.map((kind) => (
          <CheckboxField
            key={kind.id}
            label={kind.label}
            checked={value.includes(kind.id)}
            onChange={(event) =>
              field.handleChange(event.target.checked ? fileKinds.map((k) => k.id).filter((id) => id === kind.id || value.includes(id)) : value.filter((id) => id !== kind.id))
            }
          />
        ))}
      </div>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  )
}

/** Rooms or periods taking part in allocation rounds: none ticked means all of them. */
function TakingPartFieldset({ legend, all, choices }: { legend: string; all: string; choices: Array<{ id: string; label: string }> | undefined }) {
  const field = useFieldContext<string[]>()
  const error = useFieldErrors().find(Boolean)
  const value = field.state.value
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <p className="text-sm text-ink-muted">{value.length ? m.club_taking_part_ticked({ count: value.length }) : all}</p>
      {choices === undefined ? (
        <p className="text-sm text-ink-muted">{m.club_loading()}</p>
      ) : (
        choices.map((choice) => (
          <CheckboxField
            key={choice.id}
            label={choice.label}
            checked={value.includes(choice.id)}
            onChange={(event) => field.handleChange(event.target.checked ? choices.map((c) => c.id).filter((id) => id === choice.id || value.includes(id)) : value.filter((id) => id !== choice.id))}
          />
        ))
      )}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  )
}

/** Periods a band may receive in a round; empty means the weekly band quota. */
function PeriodsPerBandField() {
  const field = useFieldContext<number | null>()
  const error = useFieldErrors().find(Boolean)
  return (
    <TextField
      type="number"
      inputMode="numeric"
      name={field.name}
      label={m.club_periods_per_band()}
      description={m.club_periods_per_band_description()}
      value={field.state.value === null ? '' : String(field.state.value)}
      onChange={(event) => field.handleChange(event.target.value === '' ? null : Number(event.target.value))}
      onBlur={field.handleBlur}
      errors={error ? [error] : []}
    />
  )
}

/** Every club setting in one validated form (SPEC §5.3); saving applies at once. */
export function SettingsForm({ initial }: { initial: ClubSettings }) {
  const queryClient = useQueryClient()
  const server = useServerErrors()
  const save = useMutation({
    mutationFn: (value: ClubSettings) => api<ClubSettings>('/api/settings', { method: 'PUT', body: value }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(clubKeys.settings, clubSettingsSchema.parse(saved))
      await Promise.all([queryClient.invalidateQueries({ queryKey: clubKeys.all }), queryClient.invalidateQueries({ queryKey: ['me'] })])
    },
  })

  // The rooms and periods to choose from for allocation rounds.
  const rooms = useQuery(roomsQueryOptions())
  const periods = useQuery(periodsQueryOptions())

  const form = useAppForm({
    defaultValues: initial,
    validators: { onSubmit: schemaValidator(clubSettingsSchema) },
    onSubmit: async ({ value, formApi }) => {
      server.clear()
      try {
        const saved = await save.mutateAsync(clubSettingsSchema.parse(value))
        formApi.reset(saved)
        toast.success(m.club_settings_saved())
      } catch (error) {
        server.show(error)
      }
    },
  })

  const text = (name: TextPath, label: string, extra: { description?: string; type?: string } = {}) => (
    <form.AppField name={name}>{(field) => <field.TextField label={label} autoComplete="off" {...extra} />}</form.AppField>
  )
  const number = (name: NumberPath, label: string, description?: string) => (
    <form.AppField name={name}>{(field) => <field.NumberField label={label} description={description} />}</form.AppField>
  )
  const checkbox = (name: BooleanPath, label: string, description?: string) => (
    <form.AppField name={name}>{(field) => <field.CheckboxField label={label} description={description} />}</form.AppField>
  )

  return (
    <form.AppForm>
      <form.Form server={server} aria-label={m.club_settings_label()} className="flex flex-col gap-4">
        <Card title={m.club_card_club()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('clubName', m.club_club_name())}
            <form.AppField name="language">
              {(field) => (
                <field.SelectField
                  label={m.club_language()}
                  description={m.club_language_description()}
                  options={languages.map((language) => ({ value: language, label: languageNames[language], lang: language }))}
                />
              )}
            </form.AppField>
            <form.AppField name="timeZone">
              {(field) => (
                <field.SelectField
                  label={m.club_time_zone()}
                  options={(timeZones.includes(field.state.value) ? timeZones : [field.state.value, ...timeZones]).map((zone) => ({ value: zone, label: zone }))}
                />
              )}
            </form.AppField>
            <form.AppField name="academicYearStartMonth">
              {(field) => (
                <field.SelectField
                  label={m.club_year_starts()}
                  description={m.club_year_starts_description()}
                  options={monthNames().map((month, index) => ({ value: String(index + 1), label: month }))}
                />
              )}
            </form.AppField>
          </div>
        </Card>

        <Card title={m.club_card_registration()}>
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="registration.mode">
              {(field) => <field.SelectField label={m.club_registration_mode()} options={registrationModes.map((mode) => ({ value: mode, label: registrationModeLabels[mode]() }))} />}
            </form.AppField>
            {text('registration.inviteCode', m.club_invite_code(), { description: m.club_invite_code_description() })}
          </div>
        </Card>

        <Card title={m.club_card_booking()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {number('booking.horizonDays', m.club_horizon(), m.club_horizon_description())}
            {number('booking.bandPeriodsPerWeek', m.club_band_periods())}
            {number('booking.personalPeriodsPerWeek', m.club_personal_periods())}
            {checkbox('booking.personalPracticeAllowed', m.club_personal_allowed())}
          </div>
        </Card>

        <Card title={m.club_card_public()}>
          <div className="flex flex-col gap-3">
            {checkbox('publicSchedule.enabled', m.club_public_enabled())}
            {checkbox('publicSchedule.showBandNames', m.club_public_band_names(), m.club_public_band_names_description())}
          </div>
        </Card>

        <Card title={m.club_card_allocation()}>
          <div className="flex flex-col gap-4">
            {checkbox(
              'allocation.enabled',
              m.club_allocation_enabled(),
              m.club_allocation_enabled_description(),
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <form.AppField name="allocation.opensWeekday">
                {(field) => <field.SelectField label={m.club_wishes_open()} options={weekdayOptions()} />}
              </form.AppField>
              {text('allocation.opensAt', m.club_at(), { type: 'time' })}
              <form.AppField name="allocation.closesWeekday">
                {(field) => <field.SelectField label={m.club_wishes_close()} options={weekdayOptions()} />}
              </form.AppField>
              {text('allocation.closesAt', m.club_at(), { type: 'time', description: m.club_closes_at_description() })}
              {number('allocation.wishesPerBand', m.club_wishes_per_band())}
              <form.AppField name="allocation.periodsPerBand">{() => <PeriodsPerBandField />}</form.AppField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <form.AppField name="allocation.roomIds">
                {() => <TakingPartFieldset legend={m.club_rooms_taking_part()} all={m.club_rooms_taking_part_all()} choices={rooms.data?.filter((room) => room.active).map((room) => ({ id: room.id, label: room.name }))} />}
              </form.AppField>
              <form.AppField name="allocation.periodIds">
                {() => <TakingPartFieldset legend={m.club_periods_taking_part()} all={m.club_periods_taking_part_all()} choices={periods.data?.map((period) => ({ id: period.id, label: `${period.label} (${period.startsAt}–${period.endsAt})` }))} />}
              </form.AppField>
            </div>
          </div>
        </Card>

        <Card title={m.club_card_reminders()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('notices.bookingReminderAt', m.club_reminder_at(), {
              type: 'time',
              description: m.club_reminder_at_description(),
            })}
          </div>
        </Card>

        <BackupSettings form={form} />

        <Card title={m.club_card_activity()}>
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="activityLog.keepDays">
              {(field) => <field.NumberField label={m.club_activity_keep()} description={m.club_activity_keep_description()} />}
            </form.AppField>
          </div>
        </Card>

        <Card title={m.club_card_uploads()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {number('uploadLimitMb', m.club_upload_limit())}
            {checkbox('anonymousFeedbackAllowed', m.club_anonymous_feedback(), m.club_anonymous_feedback_description())}
            <form.AppField name="allowedFileKinds">{() => <FileKindsFieldset />}</form.AppField>
          </div>
        </Card>

        <div className="flex justify-end">
          <form.SubmitButton>{m.club_save_settings()}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
