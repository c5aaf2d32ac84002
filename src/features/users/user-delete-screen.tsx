import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { PageHeader, Pagination } from '@/components/ui/page'
import { gradeLabel } from '@/contract/terms'
import { roleLabels, type UserListItem } from '@/contract/users'
import { useSession } from '@/lib/session-context'
import { StatusBadge, UserFilters } from './user-filters'
import { listQueryOf, type UserSearch } from './user-search'
import { useDeleteUsers, usersListQueryOptions } from './users-queries'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/user-delete')


/**
 * Bulk deletion (SPEC §5.2), e.g. of graduates: filter, tick rows (the selection survives
 * paging and filtering), confirm in a dialog that names the count. The server refuses the
 * whole request when it includes the admin themself or would leave no active admin.
 */
export function UserDeleteScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const { user: me } = useSession()
  const query = listQueryOf(search)
  const list = useQuery(usersListQueryOptions(query))
  const remove = useDeleteUsers()
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map())
  const [confirming, setConfirming] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  const update = (next: Partial<UserSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })
  const selectable = (user: UserListItem) => user.id !== me?.id && user.status !== 'deleted'
  const pageRows = (list.data?.items ?? []).filter(selectable)
  const allOnPage = pageRows.length > 0 && pageRows.every((user) => selected.has(user.id))

  function toggle(user: UserListItem, on: boolean) {
    setSelected((previous) => {
      const next = new Map(previous)
      if (on) next.set(user.id, user.displayName)
      else next.delete(user.id)
      return next
    })
  }

  function togglePage(on: boolean) {
    setSelected((previous) => {
      const next = new Map(previous)
      for (const user of pageRows) {
        if (on) next.set(user.id, user.displayName)
        else next.delete(user.id)
      }
      return next
    })
  }

  async function confirmDelete() {
    setRefusal(null)
    try {
      const { deleted } = await remove.mutateAsync([...selected.keys()])
      setConfirming(false)
      setSelected(new Map())
      toast.success(m.users_deleted_count({ count: deleted }))
    } catch (error) {
      setRefusal(errorMessage(error))
    }
  }

  const count = selected.size
  const names = [...selected.values()]

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.users_delete_title()}
        description={m.users_delete_lead()}
      />
      <UserFilters search={search} onChange={update} />

      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-line bg-surface-2 px-3 py-2">
        <p aria-live="polite" className="text-sm">
          {count === 0 ? m.users_none_selected() : m.users_selected_count({ count })}
        </p>
        <div className="flex flex-wrap gap-2">
          {count > 0 ? (
            <Button variant="ghost" onClick={() => setSelected(new Map())}>
              {m.users_clear_selection()}
            </Button>
          ) : null}
          <Button
            variant="danger"
            disabled={count === 0}
            onClick={() => {
              setRefusal(null)
              setConfirming(true)
            }}
          >
            {m.users_delete_selected()}
          </Button>
        </div>
      </div>

      {list.isPending ? (
        <LoadingBlock label={m.users_loading()} />
      ) : list.isError ? (
        <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.users_the_account_list()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={m.users_none_match()}>{m.users_none_match_lead()}</EmptyState>
      ) : (
        <div aria-busy={list.isFetching}>
          <div className="overflow-x-auto rounded-lg border border-line">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.users_accounts_to_choose()}</caption>
              <thead className="bg-surface-2 text-ink-muted">
                <tr>
                  <th scope="col" className="w-12 px-3 py-2">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand"
                      aria-label={m.users_select_all()}
                      checked={allOnPage}
                      disabled={pageRows.length === 0}
                      onChange={(event) => togglePage(event.target.checked)}
                    />
                  </th>
                  <th scope="col" className="px-3 py-2">{m.users_name()}</th>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">{m.users_email()}</th>
                  <th scope="col" className="px-3 py-2">{m.users_grade()}</th>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">{m.users_role()}</th>
                  <th scope="col" className="px-3 py-2">{m.users_status()}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((user) => (
                  <tr key={user.id} className="border-t border-line">
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand"
                        aria-label={user.id === me?.id ? m.users_cannot_delete_self({ name: user.displayName }) : m.users_select_name({ name: user.displayName })}
                        checked={selected.has(user.id)}
                        disabled={!selectable(user)}
                        onChange={(event) => toggle(user, event.target.checked)}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <span className="font-medium break-words">{user.displayName}</span>
                      <span className="block break-all text-ink-muted sm:hidden">{user.email}</span>
                    </td>
                    <td className="hidden px-3 py-2 break-all sm:table-cell">{user.email}</td>
                    <td className="px-3 py-2">{gradeLabel(user.grade)}</td>
                    <td className="hidden px-3 py-2 sm:table-cell">{roleLabels[user.role]}</td>
                    <td className="px-3 py-2"><StatusBadge status={user.status} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={list.data.total}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
          />
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setConfirming(open)
        }}
        title={m.users_delete_confirm_title({ count })}
        description={m.users_delete_confirm_description()}
        confirmLabel={m.users_delete_confirm({ count })}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      >
        <div className="flex flex-col gap-3">
          {refusal ? <FormAlert>{refusal}</FormAlert> : null}
          <ul className="max-h-40 list-disc overflow-y-auto pl-5 text-sm">
            {names.slice(0, 20).map((name, index) => (
              <li key={`${name}-${index}`}>{name}</li>
            ))}
            {names.length > 20 ? <li>… and {names.length - 20} more</li> : null}
          </ul>
        </div>
      </ConfirmDialog>
    </div>
  )
}
