import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { roomInputSchema, type Room } from '@/contract/club'
import { Button } from '@/components/ui/button'
import { ConfirmDialog, Dialog } from '@/components/ui/dialog'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { roomsQueryOptions, useClubMutation } from './club-queries'
import { useAppForm } from '@/components/form/form-kit'

function RoomDialog({ room, open, onOpenChange }: { room: Room | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const server = useServerErrors()
  const save = useClubMutation((value: ReturnType<typeof roomInputSchema.parse>) =>
    room ? { path: `/api/rooms/${room.id}`, options: { method: 'PATCH', body: value } } : { path: '/api/rooms', options: { method: 'POST', body: value } },
  )
  const form = useAppForm({
    defaultValues: {
      name: room?.name ?? '',
      capacity: room?.capacity ?? 8,
      active: room?.active ?? true,
      shownPublicly: room?.shownPublicly ?? true,
      sortOrder: room?.sortOrder ?? 0,
    },
    validators: { onSubmit: schemaValidator(roomInputSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        await save.mutateAsync(roomInputSchema.parse(value))
        toast.success(room ? 'Room saved.' : 'Room added.')
        onOpenChange(false)
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={room ? `Edit ${room.name}` : 'Add a room'}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="name">{(field) => <field.TextField label="Room name" />}</form.AppField>
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="capacity">{(field) => <field.NumberField label="Capacity (people)" />}</form.AppField>
            <form.AppField name="sortOrder">{(field) => <field.NumberField label="Display order" />}</form.AppField>
          </div>
          <form.AppField name="active">
            {(field) => <field.CheckboxField label="Active (can be booked)" description="Deactivate a room instead of deleting it to keep its history." />}
          </form.AppField>
          <form.AppField name="shownPublicly">{(field) => <field.CheckboxField label="Shown on the public schedule" />}</form.AppField>
          <form.DialogFooter onCancel={() => onOpenChange(false)}>{room ? 'Save room' : 'Add room'}</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}

export function RoomsSection() {
  const rooms = useQuery(roomsQueryOptions())
  const [editing, setEditing] = useState<{ room: Room | null } | null>(null)
  const [deleting, setDeleting] = useState<Room | null>(null)
  const remove = useClubMutation((room: Room) => ({ path: `/api/rooms/${room.id}`, options: { method: 'DELETE' } }))

  return (
    <Card
      title="Rooms"
      actions={
        <Button variant="secondary" onClick={() => setEditing({ room: null })}>
          <Plus aria-hidden className="size-4" /> Add room
        </Button>
      }
    >
      {rooms.isPending ? (
        <LoadingBlock label="Loading rooms…" />
      ) : rooms.isError ? (
        <QueryErrorBlock error={rooms.error} onRetry={() => void rooms.refetch()} what="The rooms" />
      ) : rooms.data.length === 0 ? (
        <EmptyState title="No rooms yet">Add the practice rooms members can book.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rooms</caption>
            <thead className="text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">Name</th>
                <th scope="col" className="py-2 pr-3">Capacity</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rooms.data.map((room) => (
                <tr key={room.id} className="border-t border-line">
                  <td className="py-2 pr-3 font-medium">{room.name}</td>
                  <td className="py-2 pr-3">{room.capacity}</td>
                  <td className="py-2 pr-3">
                    {room.active ? 'Active' : 'Inactive'}
                    {room.shownPublicly ? '' : ' · hidden from public'}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap">
                    <Button variant="ghost" aria-label={`Edit ${room.name}`} onClick={() => setEditing({ room })}>
                      <Pencil aria-hidden className="size-4" />
                    </Button>
                    <Button variant="ghost" aria-label={`Delete ${room.name}`} onClick={() => setDeleting(room)}>
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? <RoomDialog key={editing.room?.id ?? 'new'} room={editing.room} open onOpenChange={(open) => !open && setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'room'}?`}
        description="The room disappears from the schedule and from blackouts. To keep its history, deactivate it instead."
        confirmLabel="Delete room"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Room deleted.')
              setDeleting(null)
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </Card>
  )
}
