import type { FastifyInstance, FastifyReply } from 'fastify'
import { Readable } from 'node:stream'
import contentDisposition from 'content-disposition'
import rangeParser from 'range-parser'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import {
  fileContentQuerySchema,
  fileDetailSchema,
  fileIdParamsSchema,
  fileLinkQuerySchema,
  fileLinkSchema,
  fileListQuerySchema,
  filePageSchema,
  filePatchSchema,
  fileSchema,
  folderIdParamsSchema,
  folderInputSchema,
  folderListSchema,
  folderPatchSchema,
  folderSchema,
  previewOf,
  trashQuerySchema,
  UPLOADS_PATH,
} from '../../../src/contract/files'
import type { Principal } from '../auth/principal'
import { holdsPositionIn } from '../auth/auth.service'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { defineRoute } from '../http/route'
import type { SettingsService } from '../settings/settings.service'
import type { FileLinks } from './file-links'
import type { FilesService, Viewer } from './files.service'
import type { FileStorage } from './storage'
import type { Uploads } from './uploads'

const viewerOf = (principal: Principal | null): Viewer => ({
  userId: principal!.user.id,
  seesAll: principal!.user.isExecutive || principal!.user.role === 'admin',
})

const uploadIdParamsSchema = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'Not an upload id') })

/** Types a browser may show in the page; everything else is always a download. */
const inlineTypes = (type: string) => previewOf(type) !== null || type === 'text/plain'

/**
 * The club's files (SPEC §5.8, issue 16): folders, files, uploads (tus), links and content.
 * Members read what is shared with them; executives (and admins) see everything, upload,
 * move, rename and delete. The tus routes are ordinary rows of the access table: the check
 * runs first, then the request goes to tus with its principal (uploads.ts).
 */
export function registerFileRoutes(
  app: FastifyInstance,
  { db, files, uploads, links, storage, settings }: { db: Db; files: FilesService; uploads: Uploads; links: FileLinks; storage: FileStorage; settings: SettingsService },
) {
  // tus sends chunks as application/offset+octet-stream: left unread here, tus streams them to disk.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null))

  defineRoute(app, {
    method: 'GET',
    url: '/api/files/folders',
    tag: 'files',
    summary: 'Every folder (a small tree): id, parent and name',
    response: folderListSchema,
    keepsPeople: true,
    handler: () => files.folders(),
  })
  defineRoute(app, {
    method: 'POST',
    url: '/api/files/folders',
    tag: 'files',
    summary: 'Create a folder',
    body: folderInputSchema,
    response: folderSchema,
    status: 201,
    keepsPeople: true,
    handler: ({ principal, body }) => files.createFolder(principal!.user.id, body),
  })
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/files/folders/:folderId',
    tag: 'files',
    summary: 'Rename a folder or move it into another',
    params: folderIdParamsSchema,
    body: folderPatchSchema,
    response: folderSchema,
    keepsPeople: true,
    handler: ({ params, body }) => files.updateFolder(params.folderId, body),
  })
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/files/folders/:folderId',
    tag: 'files',
    summary: 'Delete an empty folder',
    params: folderIdParamsSchema,
    status: 204,
    keepsPeople: true,
    handler: ({ params }) => files.deleteFolder(params.folderId),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/files',
    tag: 'files',
    summary: 'The files of a folder, or a search by name and description everywhere; sorted and paged',
    query: fileListQuerySchema,
    response: filePageSchema,
    handler: ({ principal, query }) => files.list(viewerOf(principal), query),
  })
  defineRoute(app, {
    method: 'GET',
    url: '/api/files/trash',
    tag: 'files',
    summary: 'Deleted files, kept for 30 days',
    query: trashQuerySchema,
    response: filePageSchema,
    handler: ({ query }) => files.trashList(query),
  })
  defineRoute(app, {
    method: 'GET',
    url: '/api/files/:fileId',
    tag: 'files',
    summary: 'One file with its earlier versions',
    params: fileIdParamsSchema,
    response: fileDetailSchema,
    handler: ({ principal, params }) => files.detail(viewerOf(principal), params.fileId),
  })
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/files/:fileId',
    tag: 'files',
    summary: 'Rename, describe, move or change who sees a file',
    params: fileIdParamsSchema,
    body: filePatchSchema,
    response: fileSchema,
    keepsPeople: true,
    handler: ({ principal, params, body }) => files.update(viewerOf(principal), params.fileId, body),
  })
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/files/:fileId',
    tag: 'files',
    summary: 'Move a file (with its earlier versions) to the trash for 30 days',
    params: fileIdParamsSchema,
    status: 204,
    keepsPeople: true,
    handler: ({ principal, params }) => files.trash(principal!.user.id, params.fileId),
  })
  defineRoute(app, {
    method: 'POST',
    url: '/api/files/:fileId/restore',
    tag: 'files',
    summary: 'Bring a file back from the trash',
    params: fileIdParamsSchema,
    response: fileSchema,
    keepsPeople: true,
    handler: ({ principal, params }) => files.restore(viewerOf(principal), params.fileId),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/files/:fileId/link',
    tag: 'files',
    summary: 'A link to view (or, with download=1, save) a file, for the caller, valid for some hours',
    params: fileIdParamsSchema,
    query: fileLinkQuerySchema,
    response: fileLinkSchema,
    handler: async ({ principal, params, query }) => {
      await files.downloadable(viewerOf(principal), params.fileId)
      const { token, expiresAt } = await links.sign(params.fileId, principal!.user.id)
      const download = query.download === '1' ? '&download=1' : ''
      return { url: `/api/files/${params.fileId}/content?token=${encodeURIComponent(token)}${download}`, expiresAt: expiresAt.toISOString() }
    },
  })

  /** The member a link names, as a viewer, if they are still active. */
  async function viewerOfLink(token: string, fileId: string): Promise<Viewer> {
    const claims = await links.read(token, fileId)
    const refused = new AppError(403, 'LINK_EXPIRED', m.files_error_link_expired())
    if (!claims || !z.uuid().safeParse(claims.userId).success) throw refused
    const term = await settings.currentTerm()
    const [user] = await db
      .select({ role: users.role, isExecutive: holdsPositionIn(term) })
      .from(users)
      .where(and(eq(users.id, claims.userId), eq(users.status, 'active')))
    if (!user) throw refused
    return { userId: claims.userId, seesAll: user.isExecutive || user.role === 'admin' }
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/files/:fileId/content',
    tag: 'files',
    summary: 'The file’s bytes through a link from /link: ETag, Range (206/416), a Content-Disposition that keeps any name',
    params: fileIdParamsSchema,
    query: fileContentQuerySchema,
    // Bytes go as they are: compressing would break Range and cost CPU on audio and PDFs.
    config: { compress: false },
    handler: async ({ request, reply, params, query }) => {
      const viewer = await viewerOfLink(query.token, params.fileId)
      const file = await files.downloadable(viewer, params.fileId).catch(() => {
        throw notFound(m.files_error_not_shared())
      })
      const etag = `"${file.sha256}"`
      const size = file.size
      let range: { start: number; end: number } | undefined
      const asked = request.headers.range
      const ifRange = request.headers['if-range']
      if (asked && (!ifRange || ifRange === etag)) {
        const parsed = rangeParser(size, asked, { combine: true })
        if (parsed === -1) {
          throw new AppError(416, 'RANGE_NOT_SATISFIABLE', m.files_error_range({ size }), undefined, { 'content-range': `bytes */${size}` })
        }
        // A malformed header is ignored (RFC 9110); several ranges get the whole file.
        if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = { start: parsed[0]!.start, end: parsed[0]!.end }
      }
      const inline = query.download !== '1' && inlineTypes(file.type)
      reply
        .header('content-type', file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type)
        .header('content-disposition', contentDisposition(file.name, { type: inline ? 'inline' : 'attachment' }))
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        // The link is personal and its bytes never change: the browser may keep them while the link lives.
        .header('cache-control', 'private, max-age=3600')
        // Previews are shown in the app's own frame (PDF), nowhere else, and never as a page that
        // runs scripts; a sandbox would also stop the browser's PDF viewer, so PDFs go without one.
        .header('content-security-policy', `default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'${file.type === 'application/pdf' ? '' : '; sandbox'}`)
        .header('x-frame-options', 'SAMEORIGIN')
      if (request.headers['if-none-match'] === etag) return sendEmpty(reply, 304)
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1)
      } else {
        reply.header('content-length', size)
      }
      // An empty stream, so that Fastify's HEAD handling keeps the Content-Length set above (it
      // writes 0 for an empty body) and no byte of the file is read.
      if (request.method === 'HEAD') return reply.send(Readable.from([]))
      return reply.send(storage.read(file.storageKey, range))
    },
  })

  // ---- tus: create (POST), continue (PATCH), ask where it stands (HEAD), cancel (DELETE) ----
  const tusRoute = (method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE', url: string, summary: string) =>
    defineRoute(app, {
      method,
      url,
      tag: 'files',
      summary,
      params: url.endsWith(':uploadId') ? uploadIdParamsSchema : undefined,
      raw: true,
      keepsPeople: true,
      // Creating and continuing an upload log nothing until the request that completes it (decision 042).
      activity: method === 'POST' || method === 'PATCH' ? 'when-noted' : undefined,
      handler: async ({ request, reply, principal }) => {
        // Our headers (security, no-store) go on tus's answer too.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string)
        reply.hijack()
        await uploads.handle(principal!, request.raw, reply.raw)
      },
    })
  tusRoute('POST', UPLOADS_PATH, 'Start a resumable upload (tus creation); Upload-Metadata: filename, folderId, description, visibility, onClash')
  tusRoute('PATCH', `${UPLOADS_PATH}/:uploadId`, 'Send the next bytes of an upload (tus); the last ones store the file')
  tusRoute('HEAD', `${UPLOADS_PATH}/:uploadId`, 'How much of an upload the server has (tus)')
  tusRoute('DELETE', `${UPLOADS_PATH}/:uploadId`, 'Cancel an upload (tus termination)')
}

function sendEmpty(reply: FastifyReply, status: number) {
  reply.removeHeader('content-length')
  return reply.status(status).send()
}
