import { useState, type ReactNode } from 'react'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import type { ApiRequestOptions } from '@/lib/api-client'
import { useClubMutation } from './club-queries'
import { m } from '@/i18n/paraglide/messages.js'

// The club's lists (rooms, periods, blackouts, positions) work alike: a list with its loading,
// error and empty states, an "Add" button, an edit dialog and a delete confirmation.

/** Which dialog a list has open, and for which row (`edit` with null adds one). */
export type RowDialog<Row> = { open: 'edit'; row: Row | null } | { open: 'delete'; row: Row } | null

export function useRowDialog<Row>() {
  const [dialog, setDialog] = useState<RowDialog<Row>>(null)
  return {
    dialog,
    add: () => setDialog({ open: 'edit', row: null }),
    edit: (row: Row) => setDialog({ open: 'edit', row }),
    remove: (row: Row) => setDialog({ open: 'delete', row }),
    close: () => setDialog(null),
  }
}

/** Saves a row: POST to `path` for a new one, PATCH to `path/<id>` for an existing one. */
export function useSaveRow<Value>(path: string, row: { id: string } | null) {
  return useClubMutation((value: Value) =>
    row ? { path: `${path}/${row.id}`, options: { method: 'PATCH', body: value } as ApiRequestOptions } : { path, options: { method: 'POST', body: value } as ApiRequestOptions },
  )
}

/** A list query's loading, error and empty states, then the list. */
export function QueryList<Item>({
  query,
  loadingLabel,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<Item[]>
  loadingLabel: string
  /** "The rooms": the subject of the error sentence. */
  what: string
  empty: ReactNode
  children: (items: Item[]) => ReactNode
}) {
  if (query.isPending) return <LoadingBlock label={loadingLabel} />
  if (query.isError) return <QueryErrorBlock error={query.error} onRetry={() => void query.refetch()} what={what} />
  if (query.data.length === 0) return <>{empty}</>
  return <>{children(query.data)}</>
}

/** A card with a list of club records and its "Add" button. */
export function ListSection<Item>({
  title,
  addLabel,
  onAdd,
  addDisabled,
  children,
  ...list
}: {
  title: string
  addLabel: string
  onAdd: () => void
  addDisabled?: boolean
  query: UseQueryResult<Item[]>
  loadingLabel: string
  what: string
  emptyTitle: string
  emptyText?: ReactNode
  children: (items: Item[]) => ReactNode
}) {
  return (
    <Card
      title={title}
      actions={
        <Button variant="secondary" onClick={onAdd} disabled={addDisabled}>
          <Plus aria-hidden className="size-4" /> {addLabel}
        </Button>
      }
    >
      <QueryList query={list.query} loadingLabel={list.loadingLabel} what={list.what} empty={<EmptyState title={list.emptyTitle}>{list.emptyText}</EmptyState>}>
        {children}
      </QueryList>
    </Card>
  )
}

/** A row's Edit and Delete icon buttons, named after the row. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="ghost" aria-label={m.club_edit_name({ name })} onClick={onEdit}>
        <Pencil aria-hidden className="size-4" />
      </Button>
      <Button variant="ghost" aria-label={m.club_delete_name({ name })} onClick={onDelete}>
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </>
  )
}

/** Asks before deleting a row; says so with a toast, or the server's refusal. */
export function DeleteRowDialog<Row extends { id: string }>({
  row,
  path,
  onClose,
  title,
  description,
  confirmLabel,
  done,
}: {
  /** The row to delete; the dialog is closed when null. */
  row: Row | null
  /** The collection's path; the row's is `path/<id>`. */
  path: string
  onClose: () => void
  title: string
  description?: ReactNode
  confirmLabel: string
  done: string
}) {
  const remove: UseMutationResult<unknown, Error, Row> = useClubMutation((target: Row) => ({ path: `${path}/${target.id}`, options: { method: 'DELETE' } }))
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busy={remove.isPending}
      onConfirm={() =>
        row &&
        remove.mutate(row, {
          onSuccess: () => {
            toast.success(done)
            onClose()
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  )
}
