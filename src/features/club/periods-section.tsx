import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { periodInputSchema, type Period } from '@/contract/club'
import { useAppForm } from '@/components/form/form-kit'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Dialog } from '@/components/ui/dialog'
import { periodsQueryOptions } from '@/lib/reference-queries'
import { DeleteRowDialog, ListSection, RowActions, useRowDialog, useSaveRow } from './list-section'

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
        toast.success(period ? 'Period saved.' : 'Period added.')
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={period ? `Edit ${period.label}` : 'Add a period'} description="Times are the club’s local time; periods may touch but not overlap.">
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="label">{(field) => <field.TextField label="Label" placeholder="1st" />}</form.AppField>
          <div className="grid grid-cols-2 gap-4">
            {(['startsAt', 'endsAt'] as const).map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => <field.TextField label={name === 'startsAt' ? 'Starts at' : 'Ends at'} type="time" />}
              </form.AppField>
            ))}
          </div>
          <form.DialogFooter onCancel={onClose}>{period ? 'Save period' : 'Add period'}</form.DialogFooter>
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
        title="Periods of the day"
        addLabel="Add period"
        onAdd={dialogs.add}
        query={periods}
        loadingLabel="Loading periods…"
        what="The periods"
        emptyTitle="No periods yet"
        emptyText="Add the bookable periods of a day, e.g. “1st 09:00–10:30”."
      >
        {(items) => (
          <ul className="divide-y divide-line" aria-label="Periods">
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
        title={`Delete period ${dialog?.row?.label ?? ''}?`}
        confirmLabel="Delete period"
        done="Period deleted."
      />
    </>
  )
}
