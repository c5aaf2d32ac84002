import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { periodInputSchema, type Period } from '@/contract/club'
import { useAppForm } from '@/components/form/form-kit'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Dialog } from '@/components/ui/dialog'
import { periodsQueryOptions } from '@/lib/reference-queries'
import { DeleteRowDialog, ListSection, RowActions, useRowDialog, useSaveRow } from './list-section'
import { m } from '@/i18n/paraglide/messages.js'

function PeriodDialog({ period, onClose }: { period: Period | null; onClose: () => void }) {
  const server = useServerErrors()
  const save = useSaveRow<{ label: string; startsAt: string; endsAt: string }>('/api/periods', period)
  const form = useAppForm({
    defaultValues: { label: period?.label ?? '', startsAt: period?.startsAt ?? '', endsAt: period?.endsAt ?? '' },
    validators: { onSubmit: schemaValidator(periodInputSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        await save.mutateAsync(periodInputSchema.parse(value))
        toast.success(period ? m.club_period_saved() : m.club_period_added())
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={period ? m.club_edit_name({ name: period.label }) : m.club_add_a_period()} description={m.club_period_dialog_description()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="label">{(field) => <field.TextField label={m.club_period_label()} placeholder={m.club_period_label_placeholder()} />}</form.AppField>
          <div className="grid grid-cols-2 gap-4">
            {(['startsAt', 'endsAt'] as const).map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => <field.TextField label={name === 'startsAt' ? m.club_starts_at() : m.club_ends_at()} type="time" />}
              </form.AppField>
            ))}
          </div>
          <form.DialogFooter onCancel={onClose}>{period ? m.club_save_period() : m.club_add_period()}</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}

export function PeriodsSection() {
  const periods = useQuery(periodsQueryOptions())
  const dialogs = useRowDialog<Period>()
  const { dialog } = dialogs
  return (
    <>
      <ListSection
        title={m.club_periods_of_day()}
        addLabel={m.club_add_period()}
        onAdd={dialogs.add}
        query={periods}
        loadingLabel={m.club_loading_periods()}
        what={m.club_the_periods()}
        emptyTitle={m.club_no_periods()}
        emptyText={m.club_no_periods_lead()}
      >
        {(items) => (
          <ul className="divide-y divide-line" aria-label={m.club_periods()}>
            {items.map((period) => (
              <li key={period.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">{period.label}</span> {period.startsAt}–{period.endsAt}
                </span>
                <span className="whitespace-nowrap">
                  <RowActions name={period.label} onEdit={() => dialogs.edit(period)} onDelete={() => dialogs.remove(period)} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListSection>
      {dialog?.open === 'edit' ? <PeriodDialog key={dialog.row?.id ?? 'new'} period={dialog.row} onClose={dialogs.close} /> : null}
      <DeleteRowDialog
        row={dialog?.open === 'delete' ? dialog.row : null}
        path="/api/periods"
        onClose={dialogs.close}
        title={m.club_delete_period_title({ label: dialog?.row?.label ?? '' })}
        confirmLabel={m.club_delete_period()}
        done={m.club_period_deleted()}
      />
    </>
  )
}
