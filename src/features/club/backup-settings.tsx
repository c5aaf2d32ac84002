import type { ClubSettings } from '@/contract/settings'
import { withForm } from '@/components/form/form-kit'
import { Card } from '@/components/ui/page'
import { m } from '@/i18n/paraglide/messages.js'

/** The daily backup's settings (decision 041), a part of the settings form of its own. */
export const BackupSettings = withForm({
  defaultValues: {} as ClubSettings,
  render: function BackupSettingsFields({ form }) {
    return (
      <Card title={m.backups_daily_title()}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <form.AppField name="backups.enabled">
              {(field) => <field.CheckboxField label={m.backups_daily_enabled()} description={m.backups_daily_enabled_description()} />}
            </form.AppField>
          </div>
          <form.AppField name="backups.dailyAt">
            {(field) => <field.TextField label={m.backups_daily_at()} type="time" autoComplete="off" description={m.backups_daily_at_description()} />}
          </form.AppField>
          <form.AppField name="backups.keep">
            {(field) => (
              <field.NumberField label={m.backups_daily_keep()} description={m.backups_daily_keep_description()} />
            )}
          </form.AppField>
        </div>
      </Card>
    )
  },
})
