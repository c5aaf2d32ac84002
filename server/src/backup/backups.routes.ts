import { createReadStream } from 'node:fs'
import { createHmac, createSecretKey } from 'node:crypto'
import contentDisposition from 'content-disposition'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { SignJWT, errors, jwtVerify } from 'jose'
import { z } from 'zod'
import { BACKUP_LINK_MINUTES, backupAttemptSchema, backupDownloadQuerySchema, backupLinkSchema, backupStatusSchema } from '../../../src/contract/backups'
import type { ChangeFeed } from '../db/change-feed'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { defineRoute } from '../http/route'
import type { Backups } from './daily-backups'

/**
 * Download links of a backup, as the club's files have them (decision 024): the browser saves a
 * large archive straight from the server, so the admin's Bearer token cannot go with it. An
 * admin asks for a link (an API call that checks they are an admin) naming one archive and
 * themself, signed with a key of its own derived from the server's secret, valid for a few
 * minutes; each use checks again that they are still an active admin.
 */
function backupLinks(secret: Uint8Array, clock: () => Date) {
  const key = createSecretKey(createHmac('sha256', secret).update('bandroom backup links v1').digest())
  return {
    async sign(fileName: string, userId: string) {
      const now = Math.floor(clock().getTime() / 1000)
      const expires = now + BACKUP_LINK_MINUTES * 60
      const token = await new SignJWT({ arc: fileName }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt(now).setExpirationTime(expires).sign(key)
      return { token, expiresAt: new Date(expires * 1000) }
    },
    async read(token: string) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() })
        if (typeof payload.arc !== 'string' || typeof payload.sub !== 'string') return null
        return { fileName: payload.arc, userId: payload.sub }
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null
        throw error
      }
    },
  }
}

/** The daily backup's card (issue 34, decision 041): status, "Back up now", the newest archive. */
export function registerBackupRoutes(
  app: FastifyInstance,
  { db, backups, secret, clock, feed, daily }: { db: Db; backups: Backups; secret: Uint8Array; clock: () => Date; feed: ChangeFeed; daily: boolean },
) {
  const links = backupLinks(secret, clock)
  // `daily` is false only for an app whose backups folder is a temporary one, deleted when it
  // closes (the tests' apps): no daily backup runs there unless a test names a folder.
  if (daily) {
    app.addHook('onReady', () => backups.schedule())
    // A new time, or backups switched on again: the job waiting for the old time finds the new one, or a new job is added.
    feed.subscribe('settings', () => {
      backups.schedule().catch((error: unknown) => app.log.error({ err: error }, 'could not schedule the daily backup'))
    })
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/backups',
    tag: 'backups',
    summary: 'The last backup, whether it succeeded, the one running and the next one (system settings)',
    response: backupStatusSchema,
    handler: () => backups.status(),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/backups',
    tag: 'backups',
    summary: 'Back up now: answers when the archive is written, with the attempt (ok, or the sentence why not); 409 while a backup runs',
    response: z.object({ attempt: backupAttemptSchema, status: backupStatusSchema }),
    keepsPeople: true,
    handler: async () => {
      const attempt = await backups.backUp('now')
      return { attempt, status: await backups.status() }
    },
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/backups/newest/link',
    tag: 'backups',
    summary: 'A link to save the newest archive, for the caller, valid for some minutes',
    response: backupLinkSchema,
    handler: async ({ principal }) => {
      const newest = await backups.newest()
      if (!newest) throw notFound(m.backups_error_none_to_download())
      const { token, expiresAt } = await links.sign(newest.name, principal!.user.id)
      return { url: `/api/backups/download?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString(), fileName: newest.name, bytes: newest.bytes }
    },
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/backups/download',
    tag: 'backups',
    summary: 'The archive a link from /newest/link names, as an attachment',
    query: backupDownloadQuerySchema,
    config: { compress: false },
    handler: async ({ reply, query }) => {
      const refused = new AppError(403, 'LINK_EXPIRED', m.backups_error_link_expired())
      const claims = await links.read(query.token)
      if (!claims || !z.uuid().safeParse(claims.userId).success) throw refused
      const [admin] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, claims.userId), eq(users.status, 'active'), eq(users.role, 'admin')))
      if (!admin) throw refused
      const archive = await backups.archiveNamed(claims.fileName)
      if (!archive) throw notFound(m.backups_error_archive_gone())
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', contentDisposition(archive.name, { type: 'attachment' }))
        .header('content-length', archive.bytes)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(archive.file))
    },
  })
}
