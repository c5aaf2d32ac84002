import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { periodInputSchema, type Period } from '@/contract/club'
import { Button } from '@/components/ui/button'
import { ConfirmDialog, Dialog } from '@/components/ui/dialog'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { periodsQueryOptions, useClubMutation } from './club-queries'
import { useAppForm } from '@/components/form/form-kit'

function PeriodDialog({ period, onClose }: { period: Period | null; onClose: () => void }) {
  const server = useServerErrors()
  const save = useClubMutation((value: { label: string; startsAt: string; endsAt: string }) =>
    period ? { path: `/api/periods/${period.id}`, options: { method: 'PATCH', body: value } } : { path: '/api/periods', options: { method: 'POST', body: value } },
  )
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
  const [editing, setEditing] = useState<{ period: Period | null } | null>(null)
  const [deleting, setDeleting] = useState<Period | null>(null)
  const remove = useClubMutation((period: Period) => ({ path: `/api/periods/${period.id}`, options: { method: 'DELETE' } }))
  return (
    <Card
      title="Periods of the day"
      actions={
        <Button variant="secondary" onClick={() => setEditing({ period: null })}>
          <Plus aria-hidden className="size-4" /> Add period
        </Button>
      }
    >
      {periods.isPending ? (
        <LoadingBlock label="Loading periods…" />
      ) : periods.isError ? (
        <QueryErrorBlock error={periods.error} onRetry={() => void periods.refetch()} what="The periods" />
      ) : periods.data.length === 0 ? (
        <EmptyState title="No periods yet">Add the bookable periods of a day, e.g. “1st 09:00–10:30”.</EmptyState>
      ) : (
        <ul className="divide-y divide-line" aria-label="Periods">
          {periods.data.map((period) => (
            <li key={period.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{period.label}</span> {period.startsAt}–{period.endsAt}
              </span>
              <span className="whitespace-nowrap">
                <Button variant="ghost" aria-label={`Edit ${period.label}`} onClick={() => setEditing({ period })}>
                  <Pencil aria-hidden className="size-4" />
                </Button>
                <Button variant="ghost" aria-label={`Delete ${period.label}`} onClick={() => setDeleting(period)}>
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing ? <PeriodDialog key={editing.period?.id ?? 'new'} period={editing.period} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete period ${deleting?.label ?? ''}?`}
        confirmLabel="Delete period"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Period deleted.')
              setDeleting(null)
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </Card>
  )
}
