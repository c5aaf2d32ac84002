import { getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
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
      <PageHeader title="Activity log" description="Who changed what, and every sign-in, newest first. Times are club time." />
      <ActivityFilters search={search} knownName={knownName} onChange={update} />

      {rangeError ? (
        <p className="text-sm text-ink-muted">Fix the dates above to see the log.</p>
      ) : log.isPending ? (
        <LoadingBlock label="Loading the activity log…" />
      ) : log.isError ? (
        <QueryErrorBlock error={log.error} onRetry={() => void log.refetch()} what="The activity log" />
      ) : log.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="Nothing matches these filters">
            <div className="mt-2 flex flex-col items-center gap-2">
              <span>Try another person, area or dates.</span>
              <Button variant="secondary" onClick={clear}>
                Clear filters
              </Button>
            </div>
          </EmptyState>
        ) : (
          <EmptyState title="Nothing recorded yet">Changes by executives and admins, and sign-ins, will be listed here.</EmptyState>
        )
      ) : (
        <div aria-busy={log.isFetching} className={log.isPlaceholderData ? 'opacity-70' : undefined}>
          <ol aria-label="Activity" className="flex flex-col gap-2">
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
