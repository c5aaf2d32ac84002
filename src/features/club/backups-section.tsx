import { useState } from 'react'
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { BackupAttempt, BackupStatus } from '@/contract/backups'
import { Button } from '@/components/ui/button'
import { EmptyState, errorMessage, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { formatSize } from '@/lib/format-size'
import { useDates, type Dates } from '@/lib/use-dates'
import { backupLinkQueryOptions, backupStatusQueryOptions, useBackUpNow } from './backups-queries'
import { startDownload } from '@/lib/start-download'

export const BACKUP_NEEDS_CONNECTION = 'Backing up and downloading need a connection. Try again when you are back online.'

const triggerWords: Record<BackupAttempt['trigger'], string> = { daily: 'daily backup', now: 'made with “Back up now”' }

function Badge({ ok }: { ok: boolean }) {
  return (
    <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${ok ? 'bg-brand/15 text-brand' : 'bg-danger/15 text-danger'}`}>{ok ? 'Succeeded' : 'Failed'}</span>
  )
}

function LastBackup({ status, dates }: { status: BackupStatus; dates: Dates }) {
  const last = status.lastAttempt
  if (!last) {
    return (
      <EmptyState title="No backup yet">
        {status.next ? `The first daily backup is due ${dates.moment(status.next)}. ` : ''}“Back up now” makes one at once.
      </EmptyState>
    )
  }
  const success = status.lastSuccess
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <span className="font-medium">Last backup:</span> <Badge ok={last.ok} /> {dates.moment(last.startedAt)}
        {last.ok && last.bytes !== null ? `, ${formatSize(last.bytes)}` : ''} <span className="text-ink-muted">({triggerWords[last.trigger]})</span>
      </p>
      {last.ok ? null : (
        <>
          <p className="break-words rounded-md border border-danger/40 bg-danger/10 p-3 text-ink">{last.error}</p>
          <p>
            <span className="font-medium">Last successful backup:</span>{' '}
            {success ? `${dates.moment(success.startedAt)}${success.bytes !== null ? `, ${formatSize(success.bytes)}` : ''}` : 'none yet'}
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
      toast.error(BACKUP_NEEDS_CONNECTION)
      return
    }
    try {
      const { attempt } = await backUp.mutateAsync()
      if (attempt.ok) toast.success(`Backup made${attempt.bytes !== null ? ` (${formatSize(attempt.bytes)})` : ''}. Download it to keep a copy off the server.`)
      else toast.error(attempt.error ?? 'The backup failed.')
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  // As the club's files: a personal link, then the browser saves the archive straight from the server.
  const download = async () => {
    if (!onlineManager.isOnline()) {
      toast.error(BACKUP_NEEDS_CONNECTION)
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
    <Card title="Backups">
      {status.isPending ? (
        <LoadingBlock label="Loading backups…" />
      ) : status.isError ? (
        <QueryErrorBlock error={status.error} onRetry={() => void status.refetch()} what="The backups" />
      ) : (
        <div className="flex flex-col gap-4">
          <LastBackup status={status.data} dates={dates} />
          {status.data.running ? (
            <p role="status" className="text-sm">
              A backup is being made (started {dates.clock(status.data.running.startedAt)})…
            </p>
          ) : null}
          <div className="flex flex-col gap-1 text-sm text-ink-muted">
            <p>
              {status.data.next
                ? `Next daily backup: ${dates.moment(status.data.next)}.`
                : 'Daily backups are off: switch them on under “Daily backup” above.'}
            </p>
            <p className="break-words">
              {status.data.kept === 1 ? '1 backup' : `${status.data.kept} backups`} kept on the server (at most {status.data.keep}), in{' '}
              <span className="break-all font-mono text-xs">{status.data.folder}</span>.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button busy={backUp.isPending} busyLabel="Backing up…" disabled={status.data.running !== null} onClick={() => void backUpNow()}>
              Back up now
            </Button>
            {status.data.kept > 0 ? (
              <Button variant="secondary" busy={downloading} busyLabel="Preparing…" onClick={() => void download()}>
                Download the newest backup
              </Button>
            ) : null}
          </div>
          <p className="text-sm text-ink-muted">
            A backup holds every member’s data, the club’s files and the server’s secret key (which signs sign-ins, file links and calendar feeds). Keep
            downloaded backups as private as the server, somewhere other than the server itself. To restore one, see “Backups” in the README.
          </p>
        </div>
      )}
    </Card>
  )
}
