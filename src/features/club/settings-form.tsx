import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { clubSettingsSchema, registrationModes, type ClubSettings } from '@/contract/settings'
import { api } from '@/lib/api-client'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Card } from '@/components/ui/page'
import { clubKeys } from './club-queries'
import { useAppForm, useFieldContext, useFieldErrors } from '@/components/form/form-kit'
import { CheckboxField, TextField } from '@/components/ui/field'
import { periodsQueryOptions, roomsQueryOptions } from '@/lib/reference-queries'
import { fileKinds, type FileKindId } from '@/contract/files'
import { BackupSettings } from './backup-settings'

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const modeLabels: Record<(typeof registrationModes)[number], string> = {
  approval: 'Approval: new accounts wait for an admin',
  invite: 'Invite code: a valid code activates the account',
  open: 'Open: anyone can join at once',
  closed: 'Closed: no new accounts',
}
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
const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** The kinds of file executives may upload (the server checks each file's real type against them). */
function FileKindsFieldset() {
  const field = useFieldContext<FileKindId[]>()
  const error = useFieldErrors().find(Boolean)
  const value = field.state.value
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-ink">Kinds of file executives may upload</legend>
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
      <p className="text-sm text-ink-muted">{value.length ? `${value.length} ticked; the others stay first come, first served.` : all}</p>
      {choices === undefined ? (
        <p className="text-sm text-ink-muted">Loading…</p>
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
      label="Periods a band may receive in a round"
      description="Leave empty for the weekly band quota."
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
        toast.success('Settings saved. They apply from now on.')
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
      <form.Form server={server} aria-label="Club settings" className="flex flex-col gap-4">
        <Card title="Club">
          <div className="grid gap-4 sm:grid-cols-2">
            {text('clubName', 'Club name')}
            <form.AppField name="timeZone">
              {(field) => (
                <field.SelectField
                  label="Time zone"
                  options={(timeZones.includes(field.state.value) ? timeZones : [field.state.value, ...timeZones]).map((zone) => ({ value: zone, label: zone }))}
                />
              )}
            </form.AppField>
            <form.AppField name="academicYearStartMonth">
              {(field) => (
                <field.SelectField
                  label="Academic year starts in"
                  description="Grades and executive terms change on the first day of this month."
                  options={months.map((month, index) => ({ value: String(index + 1), label: month }))}
                />
              )}
            </form.AppField>
          </div>
        </Card>

        <Card title="Registration">
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="registration.mode">
              {(field) => <field.SelectField label="Registration mode" options={registrationModes.map((mode) => ({ value: mode, label: modeLabels[mode] }))} />}
            </form.AppField>
            {text('registration.inviteCode', 'Invite code', { description: 'Needed in invite mode; at least 4 characters.' })}
          </div>
        </Card>

        <Card title="Booking rules">
          <div className="grid gap-4 sm:grid-cols-2">
            {number('booking.horizonDays', 'Booking horizon (days)', 'How far ahead rooms can be booked.')}
            {number('booking.bandPeriodsPerWeek', 'Periods per band per week')}
            {number('booking.personalPeriodsPerWeek', 'Personal-practice periods per member per week')}
            {checkbox('booking.personalPracticeAllowed', 'Allow personal practice bookings')}
          </div>
        </Card>

        <Card title="Public schedule">
          <div className="flex flex-col gap-3">
            {checkbox('publicSchedule.enabled', 'Publish the room schedule for visitors')}
            {checkbox('publicSchedule.showBandNames', 'Show band names on it', 'Otherwise slots only say “Booked”. Personal practice never names the person.')}
          </div>
        </Card>

        <Card title="Room allocation">
          <div className="flex flex-col gap-4">
            {checkbox(
              'allocation.enabled',
              'Give out the busiest rooms in a weekly allocation round',
              'Bands list the periods they want next week; the round gives them out fairly at its closing time, and the rest opens for booking.',
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <form.AppField name="allocation.opensWeekday">
                {(field) => <field.SelectField label="Wishes open on" options={weekdays.map((day, index) => ({ value: String(index + 1), label: day }))} />}
              </form.AppField>
              {text('allocation.opensAt', 'at', { type: 'time' })}
              <form.AppField name="allocation.closesWeekday">
                {(field) => <field.SelectField label="Wishes close on" options={weekdays.map((day, index) => ({ value: String(index + 1), label: day }))} />}
              </form.AppField>
              {text('allocation.closesAt', 'at', { type: 'time', description: 'In the week before the one the round gives out, club time.' })}
              {number('allocation.wishesPerBand', 'Wishes a band may list')}
              <form.AppField name="allocation.periodsPerBand">{() => <PeriodsPerBandField />}</form.AppField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <form.AppField name="allocation.roomIds">
                {() => <TakingPartFieldset legend="Rooms taking part" all="None ticked: every room in use takes part." choices={rooms.data?.filter((room) => room.active).map((room) => ({ id: room.id, label: room.name }))} />}
              </form.AppField>
              <form.AppField name="allocation.periodIds">
                {() => <TakingPartFieldset legend="Periods taking part" all="None ticked: every period takes part." choices={periods.data?.map((period) => ({ id: period.id, label: `${period.label} (${period.startsAt}–${period.endsAt})` }))} />}
              </form.AppField>
            </div>
          </div>
        </Card>

        <Card title="Reminders">
          <div className="grid gap-4 sm:grid-cols-2">
            {text('notices.bookingReminderAt', 'Remind members of tomorrow’s bookings at', {
              type: 'time',
              description: 'The evening before, in the club’s time zone (in the app, and by mail for those who want it).',
            })}
          </div>
        </Card>

        <BackupSettings form={form} />

        <Card title="Activity log">
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="activityLog.keepDays">
              {(field) => <field.NumberField label="Keep the activity log for (days)" description="Older entries are deleted. 30 days to 10 years (3650 days); 730 is two years." />}
            </form.AppField>
          </div>
        </Card>

        <Card title="Uploads and feedback">
          <div className="grid gap-4 sm:grid-cols-2">
            {number('uploadLimitMb', 'Upload size limit (MB)')}
            {checkbox('anonymousFeedbackAllowed', 'Allow anonymous feedback', 'Members may send feedback without their name. Admins can always see who wrote it; bands and executives cannot.')}
            <form.AppField name="allowedFileKinds">{() => <FileKindsFieldset />}</form.AppField>
          </div>
        </Card>

        <div className="flex justify-end">
          <form.SubmitButton>Save settings</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
