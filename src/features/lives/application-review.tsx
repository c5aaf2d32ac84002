import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Pagination } from '@/components/ui/page'
import type { Application, LiveEvent, ReviewDecision } from '@/contract/lives'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { useMediaQuery } from '@/lib/use-media-query'
import { ReviewDialog, type ReviewRequest } from './application-review-dialog'
import { ReviewFilters } from './application-review-filters'
import { BulkBar, ReviewCards, ReviewTable } from './application-review-rows'
import { ReviewSummary } from './application-review-summary'
import { FALLBACK_TIME_ZONE } from './event-parts'
import type { ApplicationListSearch } from './live-search'
import { applicationListQueryOptions, type ApplicationListRequest } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

export const REVIEW_PAGE_SIZE = 20

/** What the list asks the server for, from the URL. */
export const reviewQueryOf = (search: ApplicationListSearch): ApplicationListRequest => ({
  scope: 'all',
  status: search.status,
  q: search.q,
  sort: search.sort ?? 'submitted',
  page: search.page ?? 1,
  pageSize: REVIEW_PAGE_SIZE,
})

/**
 * The executives' review: the running total, filters and sort in the URL, a page of
 * applications (a table on wide screens, cards on phones), one-by-one and bulk decisions.
 */
export function ApplicationReview({
  event,
  search,
  onSearch,
}: {
  event: LiveEvent
  search: ApplicationListSearch
  onSearch: (next: Partial<ApplicationListSearch>) => void
}) {
  const query = reviewQueryOf(search)
  const list = useQuery(applicationListQueryOptions(event.id, query))
  const club = useQuery(clubInfoQueryOptions())
  const timeZone = club.data?.timeZone ?? FALLBACK_TIME_ZONE
  const isWide = useMediaQuery('(min-width: 1024px)')
  const [request, setRequest] = useState<ReviewRequest | null>(null)

  // The selection belongs to one page of one filter: moving on starts a new one.
  const pageKey = JSON.stringify([event.id, query])
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: pageKey, ids: new Set() })
  const items = list.data?.items ?? []
  const selectedIds = selection.key === pageKey ? selection.ids : new Set<string>()
  const selected = items.filter((application) => selectedIds.has(application.id) && application.status !== 'withdrawn')
  const select = (ids: ReadonlySet<string>) => setSelection({ key: pageKey, ids })
  const clearSelection = () => select(new Set())

  const filtered = Boolean(search.q || search.status)
  const update = (next: Partial<ApplicationListSearch>) => onSearch({ ...next, page: undefined })

  const toggle = (application: Application, checked: boolean) => {
    const ids = new Set(selectedIds)
    if (checked) ids.add(application.id)
    else ids.delete(application.id)
    select(ids)
  }
  const toggleAll = (checked: boolean) =>
    select(checked ? new Set(items.filter((application) => application.status !== 'withdrawn').map((application) => application.id)) : new Set())

  const reviewOne = (application: Application, status: ReviewDecision) => setRequest({ kind: 'one', application, status })
  const reviewSelected = (status: ReviewDecision) => setRequest({ kind: 'bulk', eventId: event.id, applications: selected, status })

  return (
    <div className="flex flex-col gap-4">
      {list.data ? <ReviewSummary summary={list.data.summary} /> : null}
      <ReviewFilters search={search} onChange={update} />

      {list.isPending ? (
        <LoadingBlock label={m.lives_loading_applications()} />
      ) : list.isError ? (
        <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.lives_the_applications()} />
      ) : items.length === 0 ? (
        <EmptyState title={filtered ? m.lives_no_applications_match() : m.lives_no_applications_yet()}>
          {filtered ? (
            <Button variant="ghost" onClick={() => update({ q: undefined, status: undefined })}>
              {m.lives_clear_filters()}
            </Button>
          ) : (
            event.applicationWindow.message
          )}
        </EmptyState>
      ) : (
        <div aria-busy={list.isFetching} className={`flex flex-col gap-3 ${list.isPlaceholderData ? 'opacity-70' : ''}`}>
          {isWide ? (
            <ReviewTable items={items} timeZone={timeZone} selected={selectedIds} onToggle={toggle} onToggleAll={toggleAll} onReview={reviewOne} />
          ) : (
            <ReviewCards items={items} timeZone={timeZone} selected={selectedIds} onToggle={toggle} onToggleAll={toggleAll} onReview={reviewOne} />
          )}
          <BulkBar count={selected.length} onReview={reviewSelected} onClear={clearSelection} />
          <Pagination
            page={query.page ?? 1}
            pageSize={REVIEW_PAGE_SIZE}
            total={list.data.total}
            onPage={(page) => onSearch({ page: page > 1 ? page : undefined })}
          />
        </div>
      )}

      <ReviewDialog
        key={request ? `${request.kind}-${request.status}-${request.kind === 'one' ? request.application.id : request.applications.length}` : 'none'}
        request={request}
        onClose={() => setRequest(null)}
        onDone={request?.kind === 'bulk' ? clearSelection : undefined}
      />
    </div>
  )
}
