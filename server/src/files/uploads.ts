import type { IncomingMessage, ServerResponse } from 'node:http'
import { createWriteStream } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import path from 'node:path'
import { ERRORS, MemoryLocker, Server, type ServerOptions, type Upload } from '@tus/server'
import { FileStore } from '@tus/file-store'
import type { FastifyBaseLogger } from 'fastify'
import { UPLOADS_PATH, uploadMetadataSchema } from '../../../src/contract/files'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { fieldErrors, type ErrorCode } from '../../../src/contract/errors'
import type { Principal } from '../auth/principal'
import type { Db } from '../db/client'
import { withTransaction, type Tx } from '../db/transaction'
import { change, noteActivity } from '../activity/activity'
import type { JobRunner } from '../jobs/job-runner'
import type { Mailer } from '../mail/mailer'
import { executiveIds, type Notifier } from '../notices/notify'
import type { SettingsService } from '../settings/settings.service'
import { checkFileType, sha256Of } from './file-checks'
import type { FilesService } from './files.service'
import { createUploadHasher, type UploadHasher } from './upload-hasher'
import { createPostgresLocker } from './postgres-locker'
import type { FileStorage } from './storage'

const MB = 1024 * 1024
/** The only tus version spoken. */
const TUS_VERSION = '1.0.0'
const DAY_MS = 24 * 60 * 60 * 1000
/** What an upload's file stream takes before it pushes back on the socket. */
const WRITE_BUFFER_BYTES = MB
/** Drops the upload (partial or refused) a day after it started, finished or not: its bytes are in storage by then if they ever will be. */
export const UPLOAD_EXPIRE_JOB = 'files.upload-expire'

/** An answer from inside a tus hook: tus sends `status_code` with `body`, which `write` below keeps as our JSON error. */
class UploadRefusal {
  readonly body: string
  constructor(
    readonly status_code: number,
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
  ) {
    this.body = JSON.stringify({ error: { code, message, ...(fields ? { fields } : {}) } })
  }
}

const codeForStatus: Record<number, ErrorCode> = { 400: 'VALIDATION_FAILED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 410: 'NOT_FOUND', 413: 'FILE_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' }

/** Ends a tus answer on the Node response (our `PATCH`): tus's version header, and a JSON body when there is one. */
function answer(res: ServerResponse, status: number, body?: string) {
  res.statusCode = status
  res.setHeader('Tus-Resumable', TUS_VERSION)
  if (body) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
  }
  res.end(body)
}

const answerError = (res: ServerResponse, status: number, code: ErrorCode, message: string) => answer(res, status, JSON.stringify({ error: { code, message } }))

/**
 * tus answers its own refusals (a wrong offset, a missing header) in plain text: every 4xx leaves
 * as the API's `{error:{code,message}}` instead, and a 5xx says no more than any other 500.
 */
class ClubTusServer extends Server {
  override write(...args: Parameters<Server['write']>) {
    const [context, headers, status, body = ''] = args
    if (status < 400) return super.write(context, headers, status, body)
    headers.set('Content-Type', 'application/json; charset=utf-8')
    headers.set('Cache-Control', 'no-store')
    // tus answers an extension our store lacks with 501; it is the request that asks too much.
    if (status === 501)
      return super.write(
        context,
        headers,
        400,
        JSON.stringify({
          error: { code: 'VALIDATION_FAILED', message: body.trim() || m.files_error_not_supported() },
        }),
      )
    if (status >= 500)
      return super.write(
        context,
        headers,
        status,
        JSON.stringify({
          error: { code: 'INTERNAL', message: m.files_error_server() },
        }),
      )
    if (body.startsWith('{"error"')) return super.write(context, headers, status, body)
    const message = body.trim() || m.files_error_upload_cannot_go_on()
    return super.write(
      context,
      headers,
      status,
      JSON.stringify({
        error: { code: codeForStatus[status] ?? 'VALIDATION_FAILED', message },
      }),
    )
  }
}

/**
 * The file store, hashing as bytes stream in: after each write it tells the upload hasher
 * (upload-hasher.ts) how far the file is written, and the hasher's thread hashes the new bytes
 * beside the request thread, so the finish step needs no second read of the file.
 */
export class HashingFileStore extends FileStore {
  private readonly hasher: UploadHasher

  constructor({ directory, hasher = createUploadHasher() }: { directory: string; hasher?: UploadHasher }) {
    super({ directory })
    this.hasher = hasher
  }

  /**
   * Writes a request body into upload `id` from `offset`, in one pass: each network chunk is
   * counted and written. The file stream takes up to 1 MiB before it pushes back, so the socket
   * keeps flowing while the disk writes, and chunks that queue meanwhile go down in one `writev`
   * (tus's 16 KiB stopped the socket after every network chunk). Memory per upload stays at a
   * few MiB whatever the file's size.
   *
   * It stops early, keeping every byte that came, when the body ends short (the client went
   * away), when `stop` fires (a newer request for the same upload wants it) or when the body
   * would pass `limit` bytes (nothing more is written; `tooLarge` says so). Whatever was
   * written, the hasher then follows the file up to there.
   */
  async writeBody(body: Readable, id: string, offset: number, { limit = Number.POSITIVE_INFINITY, stop }: { limit?: number; stop?: AbortSignal } = {}) {
    const sink = createWriteStream(this.fileOf(id), { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES })
    let written = 0
    let whole = false
    let tooLarge = false
    try {
      await new Promise<void>((resolve, reject) => {
        let stopped = false
        const stopReading = () => {
          if (stopped) return
          stopped = true
          body.off('data', onData)
          body.off('end', onEnd)
          body.off('close', stopReading)
          stop?.removeEventListener('abort', stopReading)
          if (!sink.destroyed) sink.end()
        }
        const onData = (chunk: Buffer) => {
          if (written + chunk.length > limit) {
            tooLarge = true
            return stopReading()
          }
          written += chunk.length
          if (!sink.write(chunk)) {
            body.pause()
            sink.once('drain', () => body.resume())
          }
        }
        const onEnd = () => {
          whole = true
          stopReading()
        }
        body.on('data', onData)
        body.once('end', onEnd)
        // A client that goes away ends the body without 'end' ('close' follows the 'error').
        body.once('close', stopReading)
        body.on('error', () => undefined)
        // A request that went away while it waited for the lock will send nothing more.
        if (stop?.aborted || body.destroyed) stopReading()
        else stop?.addEventListener('abort', stopReading)
        sink.once('error', (error) => {
          stopReading()
          reject(error)
        })
        sink.once('close', resolve)
      })
    } catch {
      throw ERRORS.FILE_WRITE_ERROR
    }
    if (written > 0) {
      const file = this.fileOf(id)
      this.hasher.grown(id, file, offset + written)
      this.flushSoon(id, file)
    }
    return { written, whole: whole && !tooLarge, tooLarge }
  }

  /** Uploads with a flush to the disk under way (one at a time per upload). */
  private readonly flushing = new Set<string>()

  /**
   * Starts writing upload `id`'s new bytes to the disk in the background (fdatasync), one flush
   * at a time per upload: by the last `PATCH` most of the file is on the disk already, and the
   * fsync that stores it (`storage.put`) has little left to do. Nothing waits for it; a failure
   * is the final fsync's to report.
   */
  private flushSoon(id: string, file: string) {
    if (this.flushing.has(id)) return
    this.flushing.add(id)
    void open(file, 'r')
      .then((handle) => handle.datasync().finally(() => handle.close()))
      .catch(() => undefined)
      .finally(() => this.flushing.delete(id))
  }

  /** tus's own write (a `POST` that carries the first bytes): the same one pass; a body cut short is tus's write error. */
  override async write(readable: Readable, id: string, offset: number) {
    const { written, whole } = await this.writeBody(readable, id, offset)
    if (!whole) throw ERRORS.FILE_WRITE_ERROR
    return offset + written
  }

  /** The upload's file in the store's folder (tus's own check: never a path outside it). */
  private fileOf(id: string) {
    const file = path.resolve(this.directory, id)
    if (path.dirname(file) !== path.resolve(this.directory)) throw ERRORS.FILE_NOT_FOUND
    return file
  }

  /** The SHA-256 of upload `id`'s file once the hasher has read all of it; null when the file does not hold exactly `size` bytes. */
  digest(id: string, size: number) {
    return this.hasher.digest(id, this.fileOf(id), size)
  }

  forget(id: string) {
    this.hasher.forget(id)
  }

  /** Ends the hasher's thread. */
  close() {
    return this.hasher.close()
  }
}

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0]
const nodeRequestOf = (req: TusRequest) => (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req

/**
 * Resumable uploads (tus, issue 16 item 1) for executives: `@tus/server` with `@tus/file-store`
 * writing each upload to `<filesDir>/uploads/<id>` as it streams in. The routes (files.routes.ts)
 * check the caller through the access table and hand the request here with its principal.
 * When the last byte is in, `finish` reads the file once as a stream (SHA-256, real type) and
 * only then writes the row (decision 024 has the order that keeps rows and bytes together).
 */
export function createUploads({
  db,
  clock,
  settings,
  storage,
  files,
  jobs,
  dir,
  log,
  notifier,
  mailer,
  databaseUrl,
}: {
  /** The PostgreSQL server's URL: the upload locks are taken there, so they hold across processes. */
  databaseUrl?: string
  notifier: Notifier
  mailer: Pick<Mailer, 'flush'>
  db: Db
  clock: () => Date
  settings: SettingsService
  storage: FileStorage
  files: FilesService
  jobs: JobRunner
  dir: string
  log: FastifyBaseLogger
}) {
  /** Active admins and this term's position holders, but the uploader. */
  async function tellExecutives(tx: Tx, file: { name: string; description: string; folderId: string | null; uploadedBy: string | null }) {
    const executives = await executiveIds(tx, await settings.currentTerm())
    return notifier.notify(tx, {
      kind: 'file-shared',
      userIds: executives.filter((id) => id !== file.uploadedBy),
      title: () => m.notices_file_shared_title({ name: file.name }),
      body: file.description,
      link: file.folderId ? `/files?folder=${file.folderId}` : '/files',
    })
  }

  const principals = new WeakMap<IncomingMessage, Principal>()
  const datastore = new HashingFileStore({ directory: dir })
  // Holds an upload while one request writes it. Processes on one PostgreSQL share the files
  // folder, so there the lock is PostgreSQL's (decision 036); PGlite is one process.
  const locker = databaseUrl ? createPostgresLocker({ url: databaseUrl, log }) : new MemoryLocker()
  const principalOf = (req: TusRequest) => {
    const node = nodeRequestOf(req)
    const principal = node && principals.get(node)
    if (!principal) throw new UploadRefusal(401, 'UNAUTHENTICATED', m.files_error_sign_in())
    return principal
  }

  /** Who started each upload seen in this process (it never changes): one read of its record, not one per `PATCH`. */
  const uploaders = new Map<string, string>()
  async function uploaderOf(id: string) {
    const known = uploaders.get(id)
    if (known) return known
    const uploaderId = (await datastore.getUpload(id).catch(() => null))?.metadata?.uploaderId ?? undefined
    if (uploaderId) {
      if (uploaders.size >= 1000) uploaders.clear()
      uploaders.set(id, uploaderId)
    }
    return uploaderId
  }

  async function removeUpload(id: string) {
    datastore.forget(id)
    uploaders.delete(id)
    await rm(path.join(dir, id), { force: true })
    await rm(path.join(dir, `${id}.json`), { force: true })
  }

  /** The finished upload becomes a file, or is deleted with the reason. Safe to run again for the same upload. */
  async function finish(upload: Upload) {
    const metadata = uploadMetadataSchema.parse(upload.metadata ?? {})
    const uploadedBy = upload.metadata?.uploaderId ?? ''
    const filePath = path.join(dir, upload.id)
    const refuse = async (status: number, code: ErrorCode, message: string) => {
      await removeUpload(upload.id)
      return new UploadRefusal(status, code, message)
    }
    const stored = await files.storedAs(upload.id)
    if (stored?.status === 'ready') return stored
    if (!upload.size) throw await refuse(415, 'FILE_TYPE_REFUSED', m.files_error_empty({ name: metadata.filename }))
    const club = await settings.get()
    const check = await checkFileType(filePath, metadata.filename, club.allowedFileKinds)
    if (!check.ok) throw await refuse(415, 'FILE_TYPE_REFUSED', check.message)
    const sha256 = (await datastore.digest(upload.id, upload.size)) ?? (await sha256Of(filePath))
    let row
    try {
      row = await files.beginStore({
        storageKey: upload.id,
        folderId: metadata.folderId || null,
        name: metadata.filename,
        description: metadata.description,
        visibility: metadata.visibility,
        onClash: metadata.onClash,
        size: upload.size,
        type: check.type,
        sha256,
        uploadedBy,
      })
    } catch (error) {
      const known = error as { statusCode?: number; code?: ErrorCode; message?: string }
      if (known.statusCode && known.statusCode < 500 && known.code) throw await refuse(known.statusCode, known.code, known.message ?? '')
      throw error
    }
    if (row.status === 'ready') return row
    await storage.put(upload.id, filePath)
    // A file for executives: the other executives are told (notice kind `file-shared`).
    const kept = row
    // One activity log entry per upload (decision 042), from the request that completes it; its
    // earlier chunks leave none (the tus routes log only what is noted).
    noteActivity({
      include: true,
      action: 'file.upload',
      object: { type: 'file', id: kept.id, label: kept.name },
      changes: [change('name', null, kept.name), change('size', null, upload.size), change('visibility', null, kept.visibility), change('folder', null, kept.folderId)],
    })
    await files.markStored(kept.id, kept.visibility === 'executives' ? (tx) => tellExecutives(tx, kept) : undefined)
    mailer.flush()
    log.info({ fileId: row.id, size: upload.size }, 'file stored')
    return row
  }

  /**
   * tus's `PATCH` (the protocol's core: the next bytes of an upload), ours rather than tus's: the
   * Node request streams straight into the store (`writeBody`), where tus's handler turns it into
   * a web stream and back through four more streams, which cost the server twice the CPU and
   * garbage of the bytes themselves (decision 024). The rules are the protocol's: the client says
   * where it is (`Upload-Offset`), a wrong offset is a 409 and changes nothing, bytes past the
   * declared length are a 413, and one request writes an upload at a time (tus's locker, shared
   * with its other handlers: a newer request makes the older one stop where it is).
   */
  async function patch(principal: Principal, req: IncomingMessage, res: ServerResponse) {
    const header = (name: string) => {
      const value = req.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    const id = path.basename(new URL(req.url ?? '/', 'http://x').pathname)
    if (header('content-type') !== 'application/offset+octet-stream') return answerError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', m.files_error_octet_stream())
    const offsetText = header('upload-offset') ?? ''
    const lengthText = header('content-length')
    if (!/^\d{1,15}$/.test(offsetText)) return answerError(res, 400, 'VALIDATION_FAILED', m.files_error_upload_offset())
    const offset = Number(offsetText)
    // An upload is its uploader's: another executive's id is a 404, as if it did not exist.
    // Checked before the lock, so that nobody else's request can stop the uploader's.
    if ((await uploaderOf(id)) !== principal.user.id) return answerError(res, 404, 'NOT_FOUND', m.files_error_upload_gone())

    const stop = new AbortController()
    const lock = locker.newLock(id)
    try {
      await lock.lock(new AbortController().signal, () => stop.abort())
    } catch {
      return answerError(res, 409, 'CONFLICT', m.files_error_upload_busy())
    }
    let upload: Upload
    let sent: Awaited<ReturnType<HashingFileStore['writeBody']>>
    try {
      const current = await datastore.getUpload(id).catch(() => null)
      if (!current) return answerError(res, 404, 'NOT_FOUND', m.files_error_upload_gone())
      upload = current
      // A complete upload is a stored file (its bytes are the stored file's, hard-linked): no
      // request may write into it any more, whatever offset it names (issue 33).
      if (upload.size !== undefined && upload.offset >= upload.size) return answerError(res, 409, 'CONFLICT', m.files_error_upload_complete())
      if (upload.offset !== offset)
        return answerError(res, 409, 'CONFLICT', `The server has ${upload.offset} bytes of this upload, not ${offset}: ask where it stands (HEAD) and go on from there.`)
      const room = (upload.size ?? 0) - offset
      if (lengthText !== undefined && Number(lengthText) > room) return answerError(res, 413, 'FILE_TOO_LARGE', m.files_error_past_length())
      sent = await datastore.writeBody(req, id, offset, { limit: room, stop: stop.signal })
    } catch (error) {
      log.error({ err: error, uploadId: id }, 'upload failed')
      return answerError(res, 500, 'INTERNAL', m.files_error_server())
    } finally {
      await lock.unlock()
    }
    // A body cut short (the client went away, a newer request took over, too many bytes) keeps
    // what came; the connection closes, since the rest of the body was never read.
    if (!sent.whole) res.setHeader('Connection', 'close')
    if (sent.tooLarge) return answerError(res, 413, 'FILE_TOO_LARGE', m.files_error_past_length())
    upload.offset = offset + sent.written
    if (upload.offset === upload.size) {
      try {
        await finish(upload)
      } catch (error) {
        if (error instanceof UploadRefusal) return answer(res, error.status_code, error.body)
        log.error({ err: error, uploadId: id }, 'a finished upload could not be stored')
        return answerError(res, 500, 'INTERNAL', m.files_error_server())
      }
    }
    res.setHeader('Upload-Offset', String(upload.offset))
    return answer(res, 204)
  }

  const tus = new ClubTusServer({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    locker,
    async onIncomingRequest(req, uploadId) {
      const principal = principalOf(req)
      if (req.method === 'POST') return
      // An upload is its uploader's: another executive's id is a 404, as if it did not exist.
      const upload = await datastore.getUpload(uploadId).catch(() => null)
      if (!upload || upload.metadata?.uploaderId !== principal.user.id) throw ERRORS.FILE_NOT_FOUND
    },
    async onUploadCreate(req, upload) {
      const principal = principalOf(req)
      // A key sent without a value (`folderId` at the top) arrives as null.
      const sent = Object.fromEntries(Object.entries(upload.metadata ?? {}).map(([key, value]) => [key, value ?? '']))
      const parsed = uploadMetadataSchema.safeParse(sent)
      if (!parsed.success) throw new UploadRefusal(400, 'VALIDATION_FAILED', m.files_error_fields(), fieldErrors(parsed.error.issues))
      if (upload.size === undefined) throw new UploadRefusal(400, 'VALIDATION_FAILED', m.files_error_size_unknown())
      const metadata = parsed.data
      const limitMb = (await settings.get()).uploadLimitMb
      if (upload.size > limitMb * MB) {
        throw new UploadRefusal(413, 'FILE_TOO_LARGE', m.files_error_too_large({ name: metadata.filename, size: (upload.size / MB).toFixed(1), limit: limitMb }))
      }
      try {
        await files.checkNewUpload(metadata)
      } catch (error) {
        const known = error as { statusCode?: number; code?: ErrorCode; message?: string; fields?: Record<string, string> }
        if (known.statusCode && known.code) throw new UploadRefusal(known.statusCode, known.code, known.message ?? '', known.fields)
        throw error
      }
      // The clean-up exists before the upload's first byte does (decision 014: durable).
      await withTransaction(db, (tx) => jobs.enqueue(tx, { kind: UPLOAD_EXPIRE_JOB, payload: { uploadId: upload.id }, runAt: new Date(clock().getTime() + DAY_MS) }))
      return { metadata: { ...sent, ...Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, String(value)])), uploaderId: principal.user.id } }
    },
    async onUploadFinish(_req, upload) {
      await finish(upload)
      return {}
    },
    onResponseError(_req, error) {
      if (!(error instanceof UploadRefusal) && !('status_code' in error)) log.error({ err: error }, 'upload failed')
      return undefined
    },
  })

  jobs.register(UPLOAD_EXPIRE_JOB, async (payload) => {
    await removeUpload((payload as { uploadId: string }).uploadId)
  })

  return {
    /** Runs a tus request for `principal` (already checked by the route's access rule). */
    async handle(principal: Principal, req: IncomingMessage, res: ServerResponse) {
      principals.set(req, principal)
      // The protocol's version check (tus 1.0.0 §Tus-Resumable): any other version, or none, is a
      // 412 naming the one spoken, before anything is read or written.
      if (req.headers['tus-resumable'] !== TUS_VERSION) {
        res.setHeader('Tus-Version', TUS_VERSION)
        return answerError(res, 412, 'VALIDATION_FAILED', m.files_error_tus_version({ version: TUS_VERSION }))
      }
      // Parallel uploads (the concatenation extension) are not offered; tus itself says 501.
      if (req.method === 'POST' && req.headers['upload-concat'] !== undefined) {
        return answerError(res, 400, 'VALIDATION_FAILED', m.files_error_no_concat())
      }
      // A client that lost the answer to its last PATCH asks where it stands (HEAD): an upload
      // complete on disk whose file was never written (the process died while finishing) is
      // finished now, so "complete" always means "stored".
      if (req.method === 'HEAD') {
        const id = path.basename(new URL(req.url ?? '/', 'http://x').pathname)
        const upload = await datastore.getUpload(id).catch(() => null)
        if (upload && upload.metadata?.uploaderId === principal.user.id && upload.size !== undefined && upload.offset === upload.size) {
          await finish(upload).catch((error: unknown) => log.warn({ err: error, uploadId: id }, 'a finished upload could not be stored'))
        }
      }
      if (req.method === 'PATCH') return patch(principal, req, res)
      await tus.handle(req, res)
    },
    finish,
    removeUpload,
    datastore,
    /** Ends the hasher's thread (the app's close). */
    close: async () => {
      await datastore.close()
      if ('close' in locker) await locker.close()
    },
  }
}

export type Uploads = ReturnType<typeof createUploads>
