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
import { m } from '@/i18n/paraglide/messages.js'

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
    onSuccess: () => toast.success(m.notices_all_marked_read()),
    onError: (error) => toast.error(errorMessage(error)),
  })
  const unread = list.data?.unread ?? 0

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader
        title={m.notices_title()}
        description={
          <>
            {m.notices_description_before()}{' '}
            <Link to="/profile" className="text-brand underline underline-offset-2">
              {m.notices_description_link()}
            </Link>
            {m.notices_description_after()}
          </>
        }
        actions={
          unread > 0 ? (
            <Button variant="secondary" onClick={() => readAll.mutate()} busy={readAll.isPending} busyLabel={m.notices_marking()} disabled={!online}>
              {m.notices_mark_all_read()}
            </Button>
          ) : null
        }
      />
      {!online && list.data ? (
        <p role="status" className="rounded-md border border-warn/60 bg-warn/10 p-3 text-sm text-ink">
          {m.notices_offline({ time: dates.clock(list.dataUpdatedAt) })}
        </p>
      ) : null}
      <Card>
        {list.isPending ? (
          <LoadingBlock label={m.notices_loading()} offline={m.notices_loading_offline()} />
        ) : list.isError ? (
          <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.notices_what()} />
        ) : list.data.total === 0 ? (
          <EmptyState title={m.notices_empty_title()}>{m.notices_empty_body()}</EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {unread === 0 ? m.notices_all_read() : m.notices_unread_count({ count: unread })}
            </p>
            <ul className={`flex flex-col divide-y divide-line ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={m.notices_list_label()}>
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
              <span className="sr-only">{m.notices_unread_prefix()}</span>
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
            aria-label={m.notices_open_label({ title: notice.title })}
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey) return
              // Marks it read on the way; the link is an in-app path (with its search), so the router takes it.
              event.preventDefault()
              if (unread && online) onRead()
              router.history.push(notice.link!)
            }}
            className="inline-flex min-h-11 items-center rounded-md border border-line px-4 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {m.notices_open()}
          </a>
        ) : null}
        {unread ? (
          <Button variant="ghost" onClick={onRead} busy={busy} busyLabel={m.notices_marking()} disabled={!online}>
            {m.notices_mark_read()}
          </Button>
        ) : null}
      </div>
    </li>
  )
}
