import { useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card, PageHeader, Pagination } from '@/components/ui/page'
import { gradeLabel } from '@/contract/terms'
import { roleLabels, type UserListItem } from '@/contract/users'
import { useSession } from '@/lib/session-context'
import { useMediaQuery } from '@/lib/use-media-query'
import { downloadFile } from '@/lib/download'
import { StatusBadge, UserFilters } from './user-filters'
import { filterOf, listQueryOf, type UserSearch } from './user-search'
import { compactQuery } from '@/lib/compact-query'
import { useApproveUser, usersListQueryOptions } from './users-queries'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/user-list')

function NameCell({ user, isAdmin }: { user: UserListItem; isAdmin: boolean }) {
  if (!isAdmin || user.status === 'deleted') return <span className="font-medium break-words">{user.displayName}</span>
  return (
    <Link to="/user-edit" search={{ userId: user.id }} className="font-medium break-words text-brand underline underline-offset-2">
      {user.displayName}
    </Link>
  )
}

function ApproveButton({ user }: { user: UserListItem }) {
  const approve = useApproveUser()
  return (
    <Button
      variant="primary"
      busy={approve.isPending}
      busyLabel={m.users_approving()}
      aria-label={m.users_approve_name({ name: user.displayName })}
      onClick={() =>
        approve.mutate(user.id, {
          onSuccess: () => toast.success(m.users_approved({ name: user.displayName })),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      {m.users_approve()}
    </Button>
  )
}

function roleText(user: UserListItem) {
  return user.isExecutive ? m.users_role_executive({ role: roleLabels[user.role] }) : roleLabels[user.role]
}

export function UserListScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const { user: me } = useSession()
  const isAdmin = me?.role === 'admin'
  const isDesktop = useMediaQuery('(min-width: 768px)')
  const query = listQueryOf(search)
  const list = useQuery(usersListQueryOptions(query))
  const [exporting, setExporting] = useState(false)

  const update = (next: Partial<UserSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })

  async function exportCsv() {
    setExporting(true)
    try {
      await downloadFile('/api/users/export.csv', 'members.csv', compactQuery(filterOf(search)))
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.users_title()}
        description={isAdmin ? m.users_lead_admin() : m.users_lead()}
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()} busy={exporting} busyLabel={m.users_exporting()}>
            <Download aria-hidden className="size-4" />
            {m.users_export_csv()}
          </Button>
        }
      />
      <UserFilters search={search} onChange={update} />

      {list.isPending ? (
        <LoadingBlock label={m.users_loading()} />
      ) : list.isError ? (
        <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.users_the_list()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={m.users_none_match()}>{m.users_none_match_lead()}</EmptyState>
      ) : (
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-70' : undefined}>
          {isDesktop ? (
            <div className="overflow-x-auto rounded-lg border border-line">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{m.users_accounts()}</caption>
                <thead className="bg-surface-2 text-ink-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2">{m.users_name()}</th>
                    <th scope="col" className="px-3 py-2">{m.users_email()}</th>
                    <th scope="col" className="px-3 py-2">{m.users_grade()}</th>
                    <th scope="col" className="px-3 py-2">{m.users_role()}</th>
                    <th scope="col" className="px-3 py-2">{m.users_status()}</th>
                    {isAdmin ? <th scope="col" className="px-3 py-2"><span className="sr-only">{m.users_actions()}</span></th> : null}
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((user) => (
                    <tr key={user.id} className="border-t border-line">
                      <td className="px-3 py-2"><NameCell user={user} isAdmin={isAdmin} /></td>
                      <td className="px-3 py-2 break-all">{user.email}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{gradeLabel(user.grade)} <span className="text-ink-muted">({user.enrollmentYear})</span></td>
                      <td className="px-3 py-2">{roleText(user)}</td>
                      <td className="px-3 py-2"><StatusBadge status={user.status} /></td>
                      {isAdmin ? <td className="px-3 py-2 text-right">{user.status === 'pending' ? <ApproveButton user={user} /> : null}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={m.users_accounts()}>
              {list.data.items.map((user) => (
                <li key={user.id}>
                  <Card>
                    <div className="flex flex-col gap-1 text-sm">
                      <div className="flex items-start justify-between gap-2">
                        <NameCell user={user} isAdmin={isAdmin} />
                        <StatusBadge status={user.status} />
                      </div>
                      <span className="break-all text-ink-muted">{user.email}</span>
                      <span>
                        {gradeLabel(user.grade)} ({user.enrollmentYear}) · {roleText(user)}
                      </span>
                      {isAdmin && user.status === 'pending' ? (
                        <div className="mt-2">
                          <ApproveButton user={user} />
                        </div>
                      ) : null}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={list.data.total}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
          />
        </div>
      )}
    </div>
  )
}
