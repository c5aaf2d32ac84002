import { z } from 'zod'
import { says } from './text'
import { m } from '../i18n/paraglide/messages.js'

/**
 * The daily backup and "Back up now" (issue 34, decision 041): what the admin card shows and the
 * download link of the newest archive. The archive itself is decision 038's.
 */

/** What started a backup: the daily job or an admin's "Back up now". */
export const backupTriggers = ['daily', 'now'] as const
export type BackupTrigger = (typeof backupTriggers)[number]

/** One backup attempt, finished: the archive it wrote, or the sentence that says why it wrote none. */
export const backupAttemptSchema = z.object({
  trigger: z.enum(backupTriggers),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Wall time it took, in milliseconds. */
  durationMs: z.number(),
  ok: z.boolean(),
  /** The archive's file name in the backups folder (ok only). */
  fileName: z.string().nullable(),
  /** The archive's size in bytes (ok only). */
  bytes: z.number().nullable(),
  /** Why no archive was made (failed only): a sentence for the admin. */
  error: z.string().nullable(),
})
export type BackupAttempt = z.infer<typeof backupAttemptSchema>

export const backupStatusSchema = z.object({
  /** The daily backup's settings (system settings → Backups). */
  enabled: z.boolean(),
  dailyAt: z.string(),
  keep: z.number(),
  /** A backup in progress (any process), or null. */
  running: z.object({ trigger: z.enum(backupTriggers), startedAt: z.string() }).nullable(),
  lastAttempt: backupAttemptSchema.nullable(),
  lastSuccess: backupAttemptSchema.nullable(),
  /** Archives made by the daily job or "Back up now" now in the folder (at most `keep`). */
  kept: z.number(),
  /** When the next daily backup is due; null while daily backups are off. */
  next: z.string().nullable(),
  /** The backups folder on the server (BACKUPS_DIR). */
  folder: z.string(),
})
export type BackupStatus = z.infer<typeof backupStatusSchema>

/** A personal link to the newest archive, for a few minutes: the browser saves it straight from the server. */
export const backupLinkSchema = z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string(), bytes: z.number() })
export type BackupLink = z.infer<typeof backupLinkSchema>

export const backupDownloadQuerySchema = z.object({
  token: z
    .string(says(() => m.backups_link_not_valid()))
    .min(
      1,
      says(() => m.backups_link_not_valid()),
    )
    .max(
      2000,
      says(() => m.backups_link_not_valid()),
    ),
})

/** How long a download link of a backup works. */
export const BACKUP_LINK_MINUTES = 10
