import { useState } from 'react'
import { Link, useRouter } from '@tanstack/react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { Notice } from '@/contract/notices'
import { Button } from '@/components/ui/button'
import { EmptyState, errorMessage, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, PageHeader, Pagination } from '@/components/ui/page'
import { keepPreviousWhileOnline } from '@/lib/query-client'
import { useOnline } from '@/lib/use-online'
import { markAllNoticesRead, markNoticeRead, NOTICE_PAGE_SIZE, noticeListQueryOptions, noticesKeys } from './notices-queries'
import { useDates } from '@/lib/use-dates'

/**
 * `/notices`: what the club told me, newest first (issue 17 item 3). Opening a notice's link
 * marks it read; "Mark all as read" clears the bell. Offline the list as last seen stays, and
 * says so.
 */
export function NoticesScreen() {
  const [page, setPage] = useState(1)
  const online = useOnline()
  const dates = useDates()
  const queryClient = useQueryClient()
  const list = useQuery({ ...noticeListQueryOptions(page), placeholderData: keepPreviousWhileOnline })
  const invalidate = () => queryClient.invalidateQueries({ queryKey: noticesKeys.all })
  const readOne = useMutation({ mutationFn: markNoticeRead, onSettled: invalidate, onError: (error) => toast.error(errorMessage(error)) })
  const readAll = useMutation({
    mutationFn: markAllNoticesRead,
    onSettled: invalidate,
    onSuccess: () => toast.success('All notices are marked as read.'),
    onError: (error) => toast.error(errorMessage(error)),
  })
  const unread = list.data?.unread ?? 0

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader
        title="Notices"
        description={
          <>
            What the club has told you. Choose which ones also come by mail on{' '}
            <Link to="/profile" className="text-brand underline underline-offset-2">
              your profile
            </Link>
            .
          </>
        }
        actions={
          unread > 0 ? (
            <Button variant="secondary" onClick={() => readAll.mutate()} busy={readAll.isPending} busyLabel="Marking…" disabled={!online}>
              Mark all as read
            </Button>
          ) : null
        }
      />
      {!online && list.data ? (
        <p role="status" className="rounded-md border border-warn/60 bg-warn/10 p-3 text-sm text-ink">
          You are offline: these are your notices as last seen at {dates.clock(list.dataUpdatedAt)}. Marking them read needs a connection.
        </p>
      ) : null}
      <Card>
        {list.isPending ? (
          <LoadingBlock label="Loading your notices…" offline="Your notices have not been opened on this device before, so they need a connection." />
        ) : list.isError ? (
          <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what="Your notices" />
        ) : list.data.total === 0 ? (
          <EmptyState title="No notices yet">Decisions on your band’s applications, new timetables and tomorrow’s bookings will show here.</EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {unread === 0 ? 'All read.' : unread === 1 ? '1 unread notice.' : `${unread} unread notices.`}
            </p>
            <ul className={`flex flex-col divide-y divide-line ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Notices">
              {list.data.items.map((notice) => (
                <NoticeRow key={notice.id} notice={notice} online={online} onRead={() => readOne.mutate(notice.id)} busy={readOne.isPending && readOne.variables === notice.id} />
              ))}
            </ul>
            <Pagination page={page} pageSize={NOTICE_PAGE_SIZE} total={list.data.total} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  )
}

function NoticeRow({ notice, online, onRead, busy }: { notice: Notice; online: boolean; onRead: () => void; busy: boolean }) {
  const router = useRouter()
  const dates = useDates()
  const unread = notice.readAt === null
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className={`break-words ${unread ? 'font-semibold text-ink' : 'text-ink'}`}>
          {unread ? (
            <>
              <span aria-hidden="true" className="mr-2 inline-block size-2 rounded-full bg-brand align-middle" />
              <span className="sr-only">Unread: </span>
            </>
          ) : null}
          {notice.title}
        </p>
        {notice.body ? <p className="mt-1 text-sm break-words whitespace-pre-line text-ink-muted">{notice.body}</p> : null}
        <p className="mt-1 text-xs text-ink-muted">{dates.moment(notice.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {notice.link ? (
          <a
            href={notice.link}
            aria-label={`Open: ${notice.title}`}
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey) return
              // Marks it read on the way; the link is an in-app path (with its search), so the router takes it.
              event.preventDefault()
              if (unread && online) onRead()
              router.history.push(notice.link!)
            }}
            className="inline-flex min-h-11 items-center rounded-md border border-line px-4 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Open
          </a>
        ) : null}
        {unread ? (
          <Button variant="ghost" onClick={onRead} busy={busy} busyLabel="Marking…" disabled={!online}>
            Mark as read
          </Button>
        ) : null}
      </div>
    </li>
  )
}
