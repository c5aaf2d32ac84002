import { http, HttpResponse } from 'msw'
import type { BackupAttempt, BackupStatus } from '@/contract/backups'
import { buildApiError } from '../../support/factories'

export const backupAttempt = (overrides: Partial<BackupAttempt> = {}): BackupAttempt => ({
  trigger: 'daily',
  startedAt: '2026-06-01T19:00:00Z',
  finishedAt: '2026-06-01T19:00:02Z',
  durationMs: 1800,
  ok: true,
  fileName: 'bandroom-2026-06-01T19-00-00Z-daily.tar.gz',
  bytes: 3_355_443,
  error: null,
  ...overrides,
})

const emptyStatus = (): BackupStatus => ({
  enabled: true,
  dailyAt: '04:00',
  keep: 14,
  running: null,
  lastAttempt: null,
  lastSuccess: null,
  kept: 0,
  next: '2026-06-01T19:00:00Z',
  folder: '/srv/bandroom/backups',
})

/**
 * The backups card's server, in memory: `backupsState.reset()` before each test. "Back up now"
 * answers with `nextAttempt` (a success by default); `busy` makes it answer 409.
 */
export const backupsState = {
  status: emptyStatus(),
  nextAttempt: null as BackupAttempt | null,
  busy: false,
  posts: 0,
  links: 0,
  reset() {
    this.status = emptyStatus()
    this.nextAttempt = null
    this.busy = false
    this.posts = 0
    this.links = 0
  },
}

export const backupsHandlers = [
  http.get('/api/backups', () => HttpResponse.json(backupsState.status)),
  http.post('/api/backups', () => {
    backupsState.posts += 1
    if (backupsState.busy) {
      return HttpResponse.json(buildApiError('BACKUP_RUNNING', 'A backup is already being made (started Tue 2 Jun 2026, 04:00). Wait until it has finished.'), { status: 409 })
    }
    const attempt = backupsState.nextAttempt ?? backupAttempt({ trigger: 'now', startedAt: '2026-06-01T03:00:00Z', fileName: 'bandroom-2026-06-01T03-00-00Z-now.tar.gz', bytes: 3_460_300 })
    const status = backupsState.status
    backupsState.status = {
      ...status,
      lastAttempt: attempt,
      lastSuccess: attempt.ok ? attempt : status.lastSuccess,
      kept: attempt.ok ? Math.min(status.kept + 1, status.keep) : status.kept,
    }
    return HttpResponse.json({ attempt, status: backupsState.status })
  }),
  http.get('/api/backups/newest/link', () => {
    backupsState.links += 1
    const newest = backupsState.status.lastSuccess
    if (!newest) return HttpResponse.json(buildApiError('NOT_FOUND', 'There is no backup to download yet: make one with “Back up now”.'), { status: 404 })
    return HttpResponse.json({ url: '/api/backups/download?token=t0ken', expiresAt: '2026-06-01T03:10:00Z', fileName: newest.fileName, bytes: newest.bytes })
  }),
]
