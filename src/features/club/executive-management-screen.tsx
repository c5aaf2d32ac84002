import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { toast } from 'sonner'
import { positionInputSchema, type Position, type PositionHolder } from '@/contract/club'
import type { MemberSummary } from '@/contract/members'
import { gradeLabel } from '@/contract/terms'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { SelectField } from '@/components/ui/field'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { positionsQueryOptions, useClubMutation } from './club-queries'
import { DeleteRowDialog, RowActions, useRowDialog, useSaveRow } from './list-section'
import { ApiError } from '@/lib/api-client'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { MemberPicker } from '@/components/ui/member-picker'
import { useAppForm } from '@/components/form/form-kit'
import { m } from '@/i18n/paraglide/messages.js'

export const termLabel = (term: number) => `${term}–${String((term + 1) % 100).padStart(2, '0')}`

function PositionDialog({ position, onClose }: { position: Position | null; onClose: () => void }) {
  const server = useServerErrors()
  const save = useSaveRow<{ name: string; description: string }>('/api/positions', position)
  const form = useAppForm({
    defaultValues: { name: position?.name ?? '', description: position?.description ?? '' },
    validators: { onSubmit: schemaValidator(positionInputSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const parsed = positionInputSchema.parse(value)
        await save.mutateAsync({ name: parsed.name, description: parsed.description })
        toast.success(position ? m.club_position_saved() : m.club_position_added())
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={position ? m.club_edit_name({ name: position.name }) : m.club_add_a_position()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="name">{(field) => <field.TextField label={m.club_position_name()} placeholder={m.club_position_name_placeholder()} />}</form.AppField>
          <form.AppField name="description">{(field) => <field.TextAreaField label={m.club_description()} />}</form.AppField>
          <form.DialogFooter onCancel={onClose}>{position ? m.club_save_position() : m.club_add_position()}</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}

function HolderList({ position, term }: { position: Position; term: number }) {
  const [assignError, setAssignError] = useState<string | undefined>()
  const assign = useClubMutation((member: MemberSummary) => ({
    path: `/api/positions/${position.id}/holders`,
    options: { method: 'POST', body: { userId: member.id, termYear: term } },
  }))
  const unassign = useClubMutation((holder: PositionHolder) => ({ path: `/api/position-holders/${holder.id}`, options: { method: 'DELETE' } }))
  return (
    <div className="mt-3 flex flex-col gap-3">
      {position.holders.length === 0 ? (
        <p className="text-sm text-ink-muted">{m.club_nobody_holds({ term: termLabel(term) })}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={m.club_holders({ position: position.name })}>
          {position.holders.map((holder) => (
            <li key={holder.id} className="flex items-center justify-between gap-2 rounded-md bg-surface-2 px-3 py-1 text-sm">
              <span>
                <span className="font-medium">{holder.displayName}</span> · {gradeLabel(holder.grade)}
                {holder.status !== 'active' ? <span className="text-danger"> · {holder.status}</span> : null}
              </span>
              <Button
                variant="ghost"
                aria-label={m.club_remove_holder({ name: holder.displayName, position: position.name })}
                disabled={unassign.isPending}
                onClick={() =>
                  unassign.mutate(holder, {
                    onSuccess: () => toast.success(m.club_holder_removed({ name: holder.displayName, position: position.name, term: termLabel(term) })),
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
              >
                <X aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <MemberPicker
        label={m.club_assign_member({ position: position.name })}
        error={assignError}
        onPick={(member) => {
          setAssignError(undefined)
          assign.mutate(member, {
            onSuccess: () => toast.success(m.club_holder_added({ name: member.displayName, position: position.name, term: termLabel(term) })),
            onError: (error) => {
              const fields: Record<string, string> = error instanceof ApiError ? error.fields : {}
              setAssignError(fields.userId ?? fields.termYear ?? errorMessage(error))
            },
          })
        }}
      />
    </div>
  )
}

export function ExecutiveManagementScreen() {
  const [term, setTerm] = useState<number | undefined>()
  const positions = useQuery(positionsQueryOptions(term))
  const dialogs = useRowDialog<Position>()
  const { dialog } = dialogs
  const reorder = useClubMutation((positionIds: string[]) => ({ path: '/api/positions/order', options: { method: 'PUT', body: { positionIds } } }))

  const currentTerm = positions.data?.currentTerm
  const shownTerm = positions.data?.term
  const terms = currentTerm ? Array.from({ length: 12 }, (_, index) => currentTerm + 1 - index) : []

  function move(index: number, by: -1 | 1) {
    const ids = positions.data!.items.map((position) => position.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    reorder.mutate(ids, { onError: (error) => toast.error(errorMessage(error)) })
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader
        title={m.club_executive_management()}
        description={m.club_executive_management_lead()}
        actions={
          <Button onClick={dialogs.add}>
            <Plus aria-hidden className="size-4" /> {m.club_add_position()}
          </Button>
        }
      />
      <p className="rounded-md border border-line bg-surface-2 p-3 text-sm">
        {m.club_rights_before()}
        <strong>{m.club_rights_current_term()}</strong>
        {m.club_rights_after()}
      </p>
      {positions.isPending ? (
        <LoadingBlock label={m.club_loading_positions()} />
      ) : positions.isError ? (
        <QueryErrorBlock error={positions.error} onRetry={() => void positions.refetch()} what={m.club_the_positions()} />
      ) : (
        <>
          <div className="max-w-xs">
            <SelectField
              label={m.club_term()}
              value={String(shownTerm)}
              onChange={(event) => setTerm(Number(event.target.value))}
              options={terms.map((option) => ({
                value: String(option),
                label: option === currentTerm ? m.club_term_current({ term: termLabel(option) }) : option === currentTerm! + 1 ? m.club_term_next({ term: termLabel(option) }) : termLabel(option),
              }))}
            />
          </div>
          {positions.data.items.length === 0 ? (
            <EmptyState title={m.club_no_positions()}>{m.club_no_positions_lead()}</EmptyState>
          ) : (
            <ol className="flex flex-col gap-4" aria-label={m.club_positions()}>
              {positions.data.items.map((position, index) => (
                <li key={position.id}>
                  <Card
                    title={position.name}
                    actions={
                      <div className="flex flex-wrap gap-1">
                        <Button variant="ghost" aria-label={m.club_move_up({ position: position.name })} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                          <ArrowUp aria-hidden className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={m.club_move_down({ position: position.name })}
                          disabled={index === positions.data.items.length - 1 || reorder.isPending}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDown aria-hidden className="size-4" />
                        </Button>
                        <RowActions name={position.name} onEdit={() => dialogs.edit(position)} onDelete={() => dialogs.remove(position)} />
                      </div>
                    }
                  >
                    {position.description ? <p className="text-sm text-ink-muted">{position.description}</p> : null}
                    <HolderList position={position} term={positions.data.term} />
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {dialog?.open === 'edit' ? <PositionDialog key={dialog.row?.id ?? 'new'} position={dialog.row} onClose={dialogs.close} /> : null}
      <DeleteRowDialog
        row={dialog?.open === 'delete' ? dialog.row : null}
        path="/api/positions"
        onClose={dialogs.close}
        title={m.club_delete_room_title({ name: dialog?.row?.name ?? m.club_position() })}
        description={m.club_delete_position_description()}
        confirmLabel={m.club_delete_position()}
        done={m.club_position_deleted()}
      />
    </div>
  )
}
