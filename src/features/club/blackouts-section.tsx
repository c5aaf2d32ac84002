import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { blackoutInputSchema, type Blackout, type Room } from '@/contract/club'
import { useAppForm } from '@/components/form/form-kit'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { CheckboxField } from '@/components/ui/field'
import { blackoutsQueryOptions } from './club-queries'
import { roomsQueryOptions } from '@/lib/reference-queries'
import { DeleteRowDialog, ListSection, useRowDialog, useSaveRow } from './list-section'
import { m } from '@/i18n/paraglide/messages.js'

function BlackoutDialog({ rooms, onClose }: { rooms: Room[]; onClose: () => void }) {
  const server = useServerErrors()
  const save = useSaveRow<ReturnType<typeof blackoutInputSchema.parse>>('/api/blackouts', null)
  const form = useAppForm({
    defaultValues: { startsOn: '', endsOn: '', roomIds: null as string[] | null, reason: '' },
    validators: { onSubmit: schemaValidator(blackoutInputSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        await save.mutateAsync(blackoutInputSchema.parse(value))
        toast.success(m.club_blackout_added())
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={m.club_add_blackout_dates()} description={m.club_add_blackout_description()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-4">
            {(['startsOn', 'endsOn'] as const).map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => <field.TextField label={name === 'startsOn' ? m.club_first_day() : m.club_last_day()} type="date" />}
              </form.AppField>
            ))}
          </div>
          <form.AppField name="roomIds">
            {(field) => (
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium">{m.club_rooms()}</legend>
                <CheckboxField label={m.club_all_rooms()} checked={field.state.value === null} onChange={(event) => field.handleChange(event.target.checked ? null : [])} />
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
          <form.AppField name="reason">{(field) => <field.TextField label={m.club_reason()} />}</form.AppField>
          <form.DialogFooter onCancel={onClose}>{m.club_add_blackout()}</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}

export function BlackoutsSection() {
  const blackouts = useQuery(blackoutsQueryOptions())
  const rooms = useQuery(roomsQueryOptions())
  const dialogs = useRowDialog<Blackout>()
  const { dialog } = dialogs
  const roomName = (id: string) => rooms.data?.find((room) => room.id === id)?.name ?? m.club_unknown_room()
  const deleting = dialog?.open === 'delete' ? dialog.row : null
  return (
    <>
      <ListSection
        title={m.club_blackout_dates()}
        addLabel={m.club_add_blackout()}
        onAdd={dialogs.add}
        addDisabled={!rooms.data}
        query={blackouts}
        loadingLabel={m.club_loading_blackouts()}
        what={m.club_the_blackouts()}
        emptyTitle={m.club_no_blackouts()}
      >
        {(items) => (
          <ul className="divide-y divide-line" aria-label={m.club_blackout_dates()}>
            {items.map((blackout) => (
              <li key={blackout.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">
                    {blackout.startsOn === blackout.endsOn ? blackout.startsOn : `${blackout.startsOn} – ${blackout.endsOn}`}
                  </span>{' '}
                  · {blackout.roomIds ? blackout.roomIds.map(roomName).join(m.club_list_separator()) : m.club_all_rooms()} · {blackout.reason}
                </span>
                <Button variant="ghost" aria-label={m.club_delete_blackout_label({ day: blackout.startsOn, reason: blackout.reason })} onClick={() => dialogs.remove(blackout)}>
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListSection>
      {dialog?.open === 'edit' && rooms.data ? <BlackoutDialog rooms={rooms.data} onClose={dialogs.close} /> : null}
      <DeleteRowDialog
        row={deleting}
        path="/api/blackouts"
        onClose={dialogs.close}
        title={m.club_delete_blackout_title()}
        description={deleting ? `${deleting.startsOn} – ${deleting.endsOn}: ${deleting.reason}` : undefined}
        confirmLabel={m.club_delete_blackout()}
        done={m.club_blackout_deleted()}
      />
    </>
  )
}
