import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { roomInputSchema, type Room } from '@/contract/club'
import { useAppForm } from '@/components/form/form-kit'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Dialog } from '@/components/ui/dialog'
import { roomsQueryOptions } from '@/lib/reference-queries'
import { DeleteRowDialog, ListSection, RowActions, useRowDialog, useSaveRow } from './list-section'

function RoomDialog({ room, open, onOpenChange }: { room: Room | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const server = useServerErrors()
  const save = useSaveRow<ReturnType<typeof roomInputSchema.parse>>('/api/rooms', room)
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
  const dialogs = useRowDialog<Room>()
  const { dialog } = dialogs

  return (
    <>
      <ListSection
        title="Rooms"
        addLabel="Add room"
        onAdd={dialogs.add}
        query={rooms}
        loadingLabel="Loading rooms…"
        what="The rooms"
        emptyTitle="No rooms yet"
        emptyText="Add the practice rooms members can book."
      >
        {(items) => (
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
                {items.map((room) => (
                  <tr key={room.id} className="border-t border-line">
                    <td className="py-2 pr-3 font-medium">{room.name}</td>
                    <td className="py-2 pr-3">{room.capacity}</td>
                    <td className="py-2 pr-3">
                      {room.active ? 'Active' : 'Inactive'}
                      {room.shownPublicly ? '' : ' · hidden from public'}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">
                      <RowActions name={room.name} onEdit={() => dialogs.edit(room)} onDelete={() => dialogs.remove(room)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListSection>
      {dialog?.open === 'edit' ? <RoomDialog key={dialog.row?.id ?? 'new'} room={dialog.row} open onOpenChange={(open) => !open && dialogs.close()} /> : null}
      <DeleteRowDialog
        row={dialog?.open === 'delete' ? dialog.row : null}
        path="/api/rooms"
        onClose={dialogs.close}
        title={`Delete ${dialog?.row?.name ?? 'room'}?`}
        description="The room disappears from the schedule and from blackouts. To keep its history, deactivate it instead."
        confirmLabel="Delete room"
        done="Room deleted."
      />
    </>
  )
}
