import { getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { m } from '@/i18n/paraglide/messages.js'
import { Button } from '@/components/ui/button'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader, Pagination } from '@/components/ui/page'
import { useDates } from '@/lib/use-dates'
import { ActivityEntryItem } from './activity-entry'
import { ActivityFilters } from './activity-filters'
import { activityListQueryOptions } from './activity-queries'
import { activityQueryOf, dateRangeError, hasFilters } from './activity-request'
import type { ActivitySearch } from './activity-search'

const routeApi = getRouteApi('/_authenticated/activity-log')

/** Who did what (issue 34 §5): every change by an executive or admin, and sign-ins, newest first. */
export function ActivityLogScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const dates = useDates()
  const query = activityQueryOf(search)
  const rangeError = dateRangeError(search)
  const log = useQuery({ ...activityListQueryOptions(query), enabled: !rangeError })
  const filtered = hasFilters(search)

  // A filter change starts again at page 1.
  const update = (next: Partial<ActivitySearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })
  const clear = () => void navigate({ search: {} })
  const knownName = search.actorId ? log.data?.items.find((entry) => entry.actor?.id === search.actorId)?.actor?.name : undefined

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <PageHeader title={m.activity_title()} description={m.activity_lead()} />
      <ActivityFilters search={search} knownName={knownName} onChange={update} />

      {rangeError ? (
        <p className="text-sm text-ink-muted">{m.activity_fix_dates()}</p>
      ) : log.isPending ? (
        <LoadingBlock label={m.activity_loading()} />
      ) : log.isError ? (
        <QueryErrorBlock error={log.error} onRetry={() => void log.refetch()} what={m.activity_the_log()} />
      ) : log.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title={m.activity_nothing_matches()}>
            <div className="mt-2 flex flex-col items-center gap-2">
              <span>{m.activity_nothing_matches_hint()}</span>
              <Button variant="secondary" onClick={clear}>
                {m.activity_clear_filters()}
              </Button>
            </div>
          </EmptyState>
        ) : (
          <EmptyState title={m.activity_nothing_yet()}>{m.activity_nothing_yet_hint()}</EmptyState>
        )
      ) : (
        <div aria-busy={log.isFetching} className={log.isPlaceholderData ? 'opacity-70' : undefined}>
          <ol aria-label={m.activity_activity()} className="flex flex-col gap-2">
            {log.data.items.map((entry) => (
              <li key={entry.id}>
                <ActivityEntryItem entry={entry} dates={dates} />
              </li>
            ))}
          </ol>
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={log.data.total}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
          />
        </div>
      )}
    </div>
  )
}
