import type { ClubSettings } from '@/contract/settings'
import { withForm } from '@/components/form/form-kit'
import { Card } from '@/components/ui/page'

/** The daily backup's settings (decision 041), a part of the settings form of its own. */
export const BackupSettings = withForm({
  defaultValues: {} as ClubSettings,
  render: function BackupSettingsFields({ form }) {
    return (
      <Card title="Daily backup">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <form.AppField name="backups.enabled">
              {(field) => <field.CheckboxField label="Make a backup every day" description="The server backs up the database, the club’s files and its secret into its backups folder." />}
            </form.AppField>
          </div>
          <form.AppField name="backups.dailyAt">
            {(field) => <field.TextField label="Back up every day at" type="time" autoComplete="off" description="In the club’s time zone; a quiet hour is best." />}
          </form.AppField>
          <form.AppField name="backups.keep">
            {(field) => (
              <field.NumberField
                label="Backups to keep"
                description="Older daily and “Back up now” backups are deleted; other files in the folder never are."
              />
            )}
          </form.AppField>
        </div>
      </Card>
    )
  },
})
