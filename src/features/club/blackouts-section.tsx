import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { blackoutInputSchema, type Blackout, type Room } from '@/contract/club'
import { Button } from '@/components/ui/button'
import { ConfirmDialog, Dialog } from '@/components/ui/dialog'
import { CheckboxField } from '@/components/ui/field'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { blackoutsQueryOptions, roomsQueryOptions, useClubMutation } from './club-queries'
import { useAppForm } from '@/components/form/form-kit'

function BlackoutDialog({ rooms, onClose }: { rooms: Room[]; onClose: () => void }) {
  const server = useServerErrors()
  const save = useClubMutation((value: ReturnType<typeof blackoutInputSchema.parse>) => ({ path: '/api/blackouts', options: { method: 'POST', body: value } }))
  const form = useAppForm({
    defaultValues: { startsOn: '', endsOn: '', roomIds: null as string[] | null, reason: '' },
    validators: { onSubmit: schemaValidator(blackoutInputSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        await save.mutateAsync(blackoutInputSchema.parse(value))
        toast.success('Blackout added.')
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Add blackout dates" description="Rooms cannot be booked on these days.">
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-4">
            {(['startsOn', 'endsOn'] as const).map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => <field.TextField label={name === 'startsOn' ? 'First day' : 'Last day'} type="date" />}
              </form.AppField>
            ))}
          </div>
          <form.AppField name="roomIds">
            {(field) => (
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium">Rooms</legend>
                <CheckboxField label="All rooms" checked={field.state.value === null} onChange={(event) => field.handleChange(event.target.checked ? null : [])} />
                {field.state.value !== null
                  ? rooms.map((room) => (
                      <CheckboxField
                        key={room.id}
                        className="ml-6"
                        label={room.name}
                        checked={field.state.value?.includes(room.id) ?? false}
                        onChange={(event) => {
                          const current = field.state.value ?? []
                          field.handleChange(event.target.checked ? [...current, room.id] : current.filter((id) => id !== room.id))
                        }}
                      />
                    ))
                  : null}
                <field.ErrorText />
              </fieldset>
            )}
          </form.AppField>
          <form.AppField name="reason">{(field) => <field.TextField label="Reason" />}</form.AppField>
          <form.DialogFooter onCancel={onClose}>Add blackout</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}

export function BlackoutsSection() {
  const blackouts = useQuery(blackoutsQueryOptions())
  const rooms = useQuery(roomsQueryOptions())
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Blackout | null>(null)
  const remove = useClubMutation((blackout: Blackout) => ({ path: `/api/blackouts/${blackout.id}`, options: { method: 'DELETE' } }))
  const roomName = (id: string) => rooms.data?.find((room) => room.id === id)?.name ?? 'Unknown room'
  return (
    <Card
      title="Blackout dates"
      actions={
        <Button variant="secondary" onClick={() => setAdding(true)} disabled={!rooms.data}>
          <Plus aria-hidden className="size-4" /> Add blackout
        </Button>
      }
    >
      {blackouts.isPending ? (
        <LoadingBlock label="Loading blackout dates…" />
      ) : blackouts.isError ? (
        <QueryErrorBlock error={blackouts.error} onRetry={() => void blackouts.refetch()} what="The blackout dates" />
      ) : blackouts.data.length === 0 ? (
        <EmptyState title="No upcoming blackout dates" />
      ) : (
        <ul className="divide-y divide-line" aria-label="Blackout dates">
          {blackouts.data.map((blackout) => (
            <li key={blackout.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">
                  {blackout.startsOn === blackout.endsOn ? blackout.startsOn : `${blackout.startsOn} – ${blackout.endsOn}`}
                </span>{' '}
                · {blackout.roomIds ? blackout.roomIds.map(roomName).join(', ') : 'All rooms'} · {blackout.reason}
              </span>
              <Button variant="ghost" aria-label={`Delete blackout ${blackout.startsOn} ${blackout.reason}`} onClick={() => setDeleting(blackout)}>
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {adding && rooms.data ? <BlackoutDialog rooms={rooms.data} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete these blackout dates?"
        description={deleting ? `${deleting.startsOn} – ${deleting.endsOn}: ${deleting.reason}` : undefined}
        confirmLabel="Delete blackout"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Blackout deleted.')
              setDeleting(null)
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </Card>
  )
}
