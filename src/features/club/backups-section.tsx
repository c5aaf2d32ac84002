import { useState } from 'react'
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { m } from '@/i18n/paraglide/messages.js'
import type { BackupAttempt, BackupStatus } from '@/contract/backups'
import { Button } from '@/components/ui/button'
import { EmptyState, errorMessage, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { formatSize } from '@/lib/format-size'
import { useDates, type Dates } from '@/lib/use-dates'
import { backupLinkQueryOptions, backupStatusQueryOptions, useBackUpNow } from './backups-queries'
import { startDownload } from '@/lib/start-download'

export const backupNeedsConnection = () => m.backups_needs_connection()

const triggerWords: Record<BackupAttempt['trigger'], () => string> = { daily: () => m.backups_trigger_daily(), now: () => m.backups_trigger_now() }

function Badge({ ok }: { ok: boolean }) {
  return (
    <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${ok ? 'bg-brand/15 text-brand' : 'bg-danger/15 text-danger'}`}>
      {ok ? m.backups_succeeded() : m.backups_failed()}
    </span>
  )
}

function LastBackup({ status, dates }: { status: BackupStatus; dates: Dates }) {
  const last = status.lastAttempt
  if (!last) {
    return (
      <EmptyState title={m.backups_none_yet()}>
        {status.next ? m.backups_first_due({ when: dates.moment(status.next) }) : ''}
        {m.backups_back_up_now_makes_one()}
      </EmptyState>
    )
  }
  const success = status.lastSuccess
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <span className="font-medium">{m.backups_last()}</span> <Badge ok={last.ok} /> {dates.moment(last.startedAt)}
        {last.ok && last.bytes !== null ? `, ${formatSize(last.bytes)}` : ''} <span className="text-ink-muted">({triggerWords[last.trigger]()})</span>
      </p>
      {last.ok ? null : (
        <>
          <p className="break-words rounded-md border border-danger/40 bg-danger/10 p-3 text-ink">{last.error}</p>
          <p>
            <span className="font-medium">{m.backups_last_success()}</span>{' '}
            {success ? `${dates.moment(success.startedAt)}${success.bytes !== null ? `, ${formatSize(success.bytes)}` : ''}` : m.backups_none_yet_short()}
          </p>
        </>
      )}
    </div>
  )
}

/**
 * The daily backup's card (issue 34, decision 041): the last backup (when, its size, succeeded
 * or the sentence why not), the next one, "Back up now" and the newest archive's download.
 */
export function BackupsSection() {
  const dates = useDates()
  const queryClient = useQueryClient()
  const status = useQuery(backupStatusQueryOptions())
  const backUp = useBackUpNow()
  const [downloading, setDownloading] = useState(false)

  const backUpNow = async () => {
    if (!onlineManager.isOnline()) {
      toast.error(backupNeedsConnection())
      return
    }
    try {
      const { attempt } = await backUp.mutateAsync()
      if (attempt.ok) toast.success(attempt.bytes !== null ? m.backups_made_size({ size: formatSize(attempt.bytes) }) : m.backups_made())
      else toast.error(attempt.error ?? m.backups_the_backup_failed())
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  // As the club's files: a personal link, then the browser saves the archive straight from the server.
  const download = async () => {
    if (!onlineManager.isOnline()) {
      toast.error(backupNeedsConnection())
      return
    }
    setDownloading(true)
    try {
      const link = await queryClient.fetchQuery({ ...backupLinkQueryOptions(), networkMode: 'always' })
      startDownload(link.url)
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Card title={m.backups_title()}>
      {status.isPending ? (
        <LoadingBlock label={m.backups_loading()} />
      ) : status.isError ? (
        <QueryErrorBlock error={status.error} onRetry={() => void status.refetch()} what={m.backups_the_backups()} />
      ) : (
        <div className="flex flex-col gap-4">
          <LastBackup status={status.data} dates={dates} />
          {status.data.running ? (
            <p role="status" className="text-sm">
              {m.backups_running({ time: dates.clock(status.data.running.startedAt) })}
            </p>
          ) : null}
          <div className="flex flex-col gap-1 text-sm text-ink-muted">
            <p>{status.data.next ? m.backups_next({ when: dates.moment(status.data.next) }) : m.backups_daily_off()}</p>
            <p className="break-words">
              {m.backups_kept({ count: status.data.kept, keep: status.data.keep })}
              <span className="break-all font-mono text-xs">{status.data.folder}</span>
              {m.backups_kept_end()}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button busy={backUp.isPending} busyLabel={m.backups_backing_up()} disabled={status.data.running !== null} onClick={() => void backUpNow()}>
              {m.backups_back_up_now()}
            </Button>
            {status.data.kept > 0 ? (
              <Button variant="secondary" busy={downloading} busyLabel={m.backups_preparing()} onClick={() => void download()}>
                {m.backups_download_newest()}
              </Button>
            ) : null}
          </div>
          <p className="text-sm text-ink-muted">{m.backups_privacy()}</p>
        </div>
      )}
    </Card>
  )
}
