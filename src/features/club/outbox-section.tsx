import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, Pagination } from '@/components/ui/page'
import { OUTBOX_PAGE_SIZE, outboxQueryOptions } from './club-queries'

const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Every mail the app wrote, newest first; each opens to show its text. */
export function OutboxSection() {
  const [page, setPage] = useState(1)
  const outbox = useQuery(outboxQueryOptions(page))
  return (
    <Card title="Mail outbox">
      {outbox.isPending ? (
        <LoadingBlock label="Loading mail…" />
      ) : outbox.isError ? (
        <QueryErrorBlock error={outbox.error} onRetry={() => void outbox.refetch()} what="The outbox" />
      ) : outbox.data.total === 0 ? (
        <EmptyState title="No mail sent yet" />
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label="Mail">
            {outbox.data.items.map((mail) => (
              <li key={mail.id}>
                <details className="rounded-md border border-line p-3 text-sm">
                  <summary className="cursor-pointer focus-visible:outline-2 focus-visible:outline-brand">
                    <span className="font-medium">{mail.subject}</span> <span className="break-all text-ink-muted">to {mail.to}</span>
                    <span className="block text-ink-muted">
                      Written {formatTime(mail.createdAt)} · {mail.sentAt ? `sent ${formatTime(mail.sentAt)}` : mail.error ? `not sent: ${mail.error}` : 'outbox only'}
                    </span>
                  </summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words font-sans">{mail.text}</pre>
                </details>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={OUTBOX_PAGE_SIZE} total={outbox.data.total} onPage={setPage} />
        </>
      )}
    </Card>
  )
}
