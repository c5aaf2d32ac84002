import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { roomInputSchema, type Room } from '@/contract/club'
import { useAppForm } from '@/components/form/form-kit'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Dialog } from '@/components/ui/dialog'
import { roomsQueryOptions } from '@/lib/reference-queries'
import { DeleteRowDialog, ListSection, RowActions, useRowDialog, useSaveRow } from './list-section'
import { m } from '@/i18n/paraglide/messages.js'

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
        toast.success(room ? m.club_room_saved() : m.club_room_added())
        onOpenChange(false)
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={room ? m.club_edit_name({ name: room.name }) : m.club_add_a_room()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="name">{(field) => <field.TextField label={m.club_room_name()} />}</form.AppField>
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="capacity">{(field) => <field.NumberField label={m.club_capacity_people()} />}</form.AppField>
            <form.AppField name="sortOrder">{(field) => <field.NumberField label={m.club_display_order()} />}</form.AppField>
          </div>
          <form.AppField name="active">
            {(field) => <field.CheckboxField label={m.club_room_active()} description={m.club_room_active_description()} />}
          </form.AppField>
          <form.AppField name="shownPublicly">{(field) => <field.CheckboxField label={m.club_room_public()} />}</form.AppField>
          <form.DialogFooter onCancel={() => onOpenChange(false)}>{room ? m.club_save_room() : m.club_add_room()}</form.DialogFooter>
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
        title={m.club_rooms()}
        addLabel={m.club_add_room()}
        onAdd={dialogs.add}
        query={rooms}
        loadingLabel={m.club_loading_rooms()}
        what={m.club_the_rooms()}
        emptyTitle={m.club_no_rooms()}
        emptyText={m.club_no_rooms_lead()}
      >
        {(items) => (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.club_rooms()}</caption>
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3">{m.club_name()}</th>
                  <th scope="col" className="py-2 pr-3">{m.club_capacity()}</th>
                  <th scope="col" className="py-2 pr-3">{m.club_status()}</th>
                  <th scope="col" className="py-2"><span className="sr-only">{m.club_actions()}</span></th>
                </tr>
              </thead>
              <tbody>
                {items.map((room) => (
                  <tr key={room.id} className="border-t border-line">
                    <td className="py-2 pr-3 font-medium">{room.name}</td>
                    <td className="py-2 pr-3">{room.capacity}</td>
                    <td className="py-2 pr-3">
                      {room.active ? m.club_active() : m.club_inactive()}
                      {room.shownPublicly ? '' : m.club_hidden_from_public()}
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
        title={m.club_delete_room_title({ name: dialog?.row?.name ?? m.club_room() })}
        description={m.club_delete_room_description()}
        confirmLabel={m.club_delete_room()}
        done={m.club_room_deleted()}
      />
    </>
  )
}
