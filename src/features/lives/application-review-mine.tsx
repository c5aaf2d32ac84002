import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, Pagination } from '@/components/ui/page'
import type { LiveEvent } from '@/contract/lives'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { ApplicationRequests, MemberLine, ReviewState, songsText } from './application-review-parts'
import { FALLBACK_TIME_ZONE, instantLabel } from './event-parts'
import { applicationFormLink } from './live-routes'
import type { ApplicationListSearch } from './live-search'
import { applicationListQueryOptions, type LiveKindRef } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

const PAGE_SIZE = 20

const linkClass = 'text-brand underline underline-offset-2'

/** Members: their bands' applications to the event, with the decision and the note; read-only here. */
export function MyApplications({
  live,
  event,
  search,
  onSearch,
}: {
  live: LiveKindRef
  event: LiveEvent
  search: ApplicationListSearch
  onSearch: (next: Partial<ApplicationListSearch>) => void
}) {
  const page = search.page ?? 1
  const list = useQuery(applicationListQueryOptions(event.id, { scope: 'mine', page, pageSize: PAGE_SIZE, sort: 'submitted' }))
  const club = useQuery(clubInfoQueryOptions())
  const timeZone = club.data?.timeZone ?? FALLBACK_TIME_ZONE
  const open = event.applicationWindow.state === 'open'

  if (list.isPending) return <LoadingBlock label={m.lives_loading_your_applications()} />
  if (list.isError) return <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.lives_your_applications()} />
  if (list.data.items.length === 0) {
    return (
      <EmptyState title={m.lives_none_of_your_bands_applied()}>
        <p>{event.applicationWindow.message}</p>
        {open ? (
          <Link {...applicationFormLink(live, { eventId: search.eventId })} className={linkClass}>
            {m.lives_apply_for_a_band()}
          </Link>
        ) : null}
      </EmptyState>
    )
  }

  return (
    <section aria-labelledby="my-applications" className="flex flex-col gap-3">
      <h2 id="my-applications" className="text-lg font-semibold">
        {m.lives_your_applications()}
      </h2>
      <ul aria-label={m.lives_your_applications()} className="flex flex-col gap-3">
        {list.data.items.map((application) => (
          <li key={application.id}>
            <Card>
              <div className="flex flex-col gap-2 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="text-base font-semibold break-words">{application.band.name}</h3>
                    <MemberLine application={application} />
                  </div>
                  <ReviewState application={application} />
                </div>
                <p>
                  {songsText(application.songs)} · {m.lives_asks_for()} <strong>{m.lives_minutes({ minutes: application.requestedMinutes })}</strong>
                </p>
                <ApplicationRequests application={application} />
                <p className="text-ink-muted">
                  {m.lives_submitted_by_before({ person: application.submittedBy.displayName })}{' '}
                  <time dateTime={application.submittedAt}>{instantLabel(application.submittedAt, timeZone)}</time>
                  {m.lives_submitted_by_after()}
                </p>
                {application.canEdit ? (
                  <Link {...applicationFormLink(live, { eventId: search.eventId, bandId: application.band.id })} className={linkClass}>
                    {m.lives_edit_or_withdraw({ band: application.band.name })}
                  </Link>
                ) : null}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {list.data.total > PAGE_SIZE ? (
        <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={(next) => onSearch({ page: next > 1 ? next : undefined })} />
      ) : null}
    </section>
  )
}
