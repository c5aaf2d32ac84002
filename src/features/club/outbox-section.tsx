import { m } from '@/i18n/paraglide/messages.js'
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { OutboxMail } from '@/contract/mail'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, Pagination } from '@/components/ui/page'
import { OUTBOX_PAGE_SIZE, outboxQueryOptions } from './club-queries'
import { useDates, type Dates } from '@/lib/use-dates'


const stateBadges: Record<OutboxMail['state'], { label: () => string; className: string }> = {
  sent: { label: () => m.mail_outbox_state_sent(), className: 'bg-brand/15 text-brand' },
  queued: { label: () => m.mail_outbox_state_queued(), className: 'bg-surface-2 text-ink' },
  failing: { label: () => m.mail_outbox_state_failing(), className: 'bg-warn/15 text-warn' },
  failed: { label: () => m.mail_outbox_state_failed(), className: 'bg-danger/15 text-danger' },
  kept: { label: () => m.mail_outbox_state_kept(), className: 'bg-surface-2 text-ink-muted' },
}

function stateLine(mail: OutboxMail, dates: Dates) {
  // The error is the mail server's own answer: shown as it came.
  const error = mail.error ?? m.mail_outbox_unknown_error()
  if (mail.state === 'sent' && mail.sentAt) return m.mail_outbox_line_sent({ when: dates.dateTime(mail.sentAt) })
  if (mail.state === 'failing') return m.mail_outbox_line_failing({ error })
  if (mail.state === 'failed') return m.mail_outbox_line_failed({ error })
  if (mail.state === 'queued') return m.mail_outbox_line_queued()
  return m.mail_outbox_line_kept()
}

/** Every mail the app wrote, newest first; each opens to show its text. */
export function OutboxSection() {
  const dates = useDates()
  const [page, setPage] = useState(1)
  const outbox = useQuery(outboxQueryOptions(page))
  return (
    <Card title={m.mail_outbox_title()}>
      {outbox.isPending ? (
        <LoadingBlock label={m.mail_outbox_loading()} />
      ) : outbox.isError ? (
        <QueryErrorBlock error={outbox.error} onRetry={() => void outbox.refetch()} what={m.mail_outbox_what()} />
      ) : outbox.data.total === 0 ? (
        <EmptyState title={m.mail_outbox_empty()} />
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label={m.mail_outbox_list()}>
            {outbox.data.items.map((mail) => (
              <li key={mail.id}>
                <details className="rounded-md border border-line p-3 text-sm">
                  <summary className="cursor-pointer focus-visible:outline-2 focus-visible:outline-brand">
                    <span className={`mr-2 inline-block rounded px-1.5 py-0.5 text-xs font-medium ${stateBadges[mail.state].className}`}>{stateBadges[mail.state].label()}</span>
                    <span className="font-medium">{mail.subject}</span> <span className="break-all text-ink-muted">{m.mail_outbox_to({ to: mail.to })}</span>
                    <span className="block break-words text-ink-muted">
                      {m.mail_outbox_written({ when: dates.dateTime(mail.createdAt), state: stateLine(mail, dates) })}
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
