import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger } from 'fastify'
import {
  TRASH_DAYS,
  type FileDetail,
  type FileItem,
  type FilePage,
  type Folder,
  type fileListQuerySchema,
  type filePatchSchema,
  type folderInputSchema,
  type folderPatchSchema,
} from '../../../src/contract/files'
import type { z } from 'zod'
import type { Db } from '../db/client'
import { fileFolders, files, users } from '../db/schema'
import { withTransaction, type Executor, type Tx } from '../db/transaction'
import { containsPattern, isUniqueViolation } from '../db/sql-helpers'
import { AppError, notFound } from '../http/errors'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { deletedMemberName } from '../users/deleted-member'
import type { JobRunner } from '../jobs/job-runner'
import type { FileStorage } from './storage'

const DAY_MS = 24 * 60 * 60 * 1000
/** Files at the top have no folder; unique indexes read that as this id. */
const TOP = '00000000-0000-0000-0000-000000000000'
export const FILE_JOBS = {
  /** Deletes a trashed file (all its versions) 30 days after the delete, bytes first. */
  purge: 'files.purge',
  /** An upload's row whose bytes did not reach storage within an hour (the process died): both go. */
  settle: 'files.settle',
} as const
/** How long a row may stay `storing` before the settle job takes it for abandoned. */
export const SETTLE_AFTER_MS = 60 * 60 * 1000

/** Who is looking: members see files for members, executives and admins all of them. */
export interface Viewer {
  userId: string
  seesAll: boolean
}

const current = and(eq(files.status, 'ready'), isNull(files.replacedAt), isNull(files.deletedAt))
const visibleTo = (viewer: Viewer) => (viewer.seesAll ? undefined : eq(files.visibility, 'members'))

const sortOrder: Record<z.output<typeof fileListQuerySchema>['sort'], SQL[]> = {
  name: [sql`lower(${files.name}) asc`, asc(files.id)],
  '-name': [sql`lower(${files.name}) desc`, desc(files.id)],
  newest: [desc(files.createdAt), desc(files.id)],
  oldest: [asc(files.createdAt), asc(files.id)],
  largest: [desc(files.size), asc(files.id)],
  smallest: [asc(files.size), asc(files.id)],
}

const uploader = alias(users, 'uploader')

/** The columns of a listed file: its folder's name, the uploader's name and how many earlier versions it has, in the one query. */
const fileColumns = {
  file: files,
  folderName: fileFolders.name,
  uploaderName: uploader.displayName,
  uploaderStatus: uploader.status,
  // Counted by the lineage index, per listed row: a page of 25 is 25 index look-ups in one statement.
  versions: sql<number>`(select count(*) from "files" "earlier" where "earlier"."lineage_id" = ${files.lineageId} and "earlier"."replaced_at" is not null and "earlier"."deleted_at" is null and "earlier"."status" = 'ready')`.mapWith(Number),
}
type FileRow = { file: typeof files.$inferSelect; folderName: string | null; uploaderName: string | null; uploaderStatus: string | null; versions: number }

function toItem(row: FileRow): FileItem {
  const { file } = row
  return {
    id: file.id,
    folderId: file.folderId,
    folderName: row.folderName,
    name: file.name,
    size: file.size,
    type: file.type,
    sha256: file.sha256,
    description: file.description,
    visibility: file.visibility,
    uploadedBy: file.uploadedBy ? { id: file.uploadedBy, name: row.uploaderStatus === 'deleted' ? deletedMemberName() : (row.uploaderName ?? '') } : null,
    createdAt: file.createdAt.toISOString(),
    versions: row.versions,
    deletedAt: file.deletedAt?.toISOString() ?? null,
  }
}

function selectFiles(executor: Executor) {
  return executor
    .select(fileColumns)
    .from(files)
    .leftJoin(fileFolders, eq(fileFolders.id, files.folderId))
    .leftJoin(uploader, eq(uploader.id, files.uploadedBy))
}

const nameTaken = (name: string) => new AppError(409, 'FILE_NAME_TAKEN', m.files_error_name_taken({ name }), { name: m.files_error_name_taken_field() })
const folderNameTaken = () => new AppError(409, 'FOLDER_NAME_TAKEN', m.files_error_folder_name_taken(), { name: m.files_error_folder_name_taken_field() })
const folderMissing = () => new AppError(404, 'NOT_FOUND', m.files_error_folder_missing())

/** "score.pdf" → "score (2).pdf", "score (3).pdf", … */
export function numberedName(name: string, n: number) {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
}

export function createFilesService({
  db,
  clock,
  storage,
  jobs,
  log,
  onListed = () => {},
}: {
  db: Db
  clock: () => Date
  storage: FileStorage
  jobs: JobRunner
  log: FastifyBaseLogger
  /** After a file is listed by an upload (no request's answer tells the change feed then: the upload answers on its own; app.ts). */
  onListed?: () => void
}) {
  async function folderExists(executor: Executor, folderId: string | null) {
    if (folderId === null) return
    const [folder] = await executor.select({ id: fileFolders.id }).from(fileFolders).where(eq(fileFolders.id, folderId))
    if (!folder) throw folderMissing()
  }

  /** A current file's name in a folder (case-insensitive), if any. */
  async function currentNamed(executor: Executor, folderId: string | null, name: string) {
    const [row] = await executor
      .select({ id: files.id, lineageId: files.lineageId })
      .from(files)
      .where(
        and(
          sql`coalesce(${files.folderId}, ${TOP}::uuid) = ${folderId ?? TOP}::uuid`,
          sql`lower(${files.name}) = lower(${name})`,
          isNull(files.replacedAt),
          isNull(files.deletedAt),
        ),
      )
      .for('update')
    return row
  }

  async function detailRow(executor: Executor, viewer: Viewer, fileId: string, { trashed = false } = {}) {
    const [row] = await selectFiles(executor).where(
      and(eq(files.id, fileId), eq(files.status, 'ready'), visibleTo(viewer), trashed && viewer.seesAll ? undefined : isNull(files.deletedAt)),
    )
    if (!row) throw notFound(m.files_error_not_shared())
    return row
  }

  const service = {
    async folders(): Promise<{ items: Folder[] }> {
      const rows = await db.select({ id: fileFolders.id, parentId: fileFolders.parentId, name: fileFolders.name }).from(fileFolders).orderBy(sql`lower(${fileFolders.name})`)
      return { items: rows }
    },

    async createFolder(userId: string, input: z.output<typeof folderInputSchema>): Promise<Folder> {
      try {
        return await withTransaction(db, async (tx) => {
          await folderExists(tx, input.parentId)
          const now = clock()
          const [row] = await tx
            .insert(fileFolders)
            .values({ name: input.name, parentId: input.parentId, createdBy: userId, createdAt: now, updatedAt: now })
            .returning({ id: fileFolders.id, parentId: fileFolders.parentId, name: fileFolders.name })
          return row!
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw folderNameTaken()
        throw error
      }
    },

    async updateFolder(folderId: string, patch: z.output<typeof folderPatchSchema>): Promise<Folder> {
      try {
        return await withTransaction(db, async (tx) => {
          // Moves take the table's lock, so two moves at once cannot make a loop between them.
          if (patch.parentId !== undefined) await tx.execute(sql`lock table ${fileFolders} in share row exclusive mode`)
          const all = await tx.select({ id: fileFolders.id, parentId: fileFolders.parentId }).from(fileFolders)
          const parents = new Map(all.map((folder) => [folder.id, folder.parentId]))
          if (!parents.has(folderId)) throw folderMissing()
          if (patch.parentId) {
            if (!parents.has(patch.parentId)) throw folderMissing()
            for (let at: string | null | undefined = patch.parentId; at; at = parents.get(at)) {
              if (at === folderId) throw new AppError(409, 'FOLDER_INSIDE_ITSELF', m.files_error_folder_inside_itself(), { parentId: m.files_error_choose_outside() })
            }
          }
          const [row] = await tx
            .update(fileFolders)
            .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.parentId !== undefined ? { parentId: patch.parentId } : {}), updatedAt: clock() })
            .where(eq(fileFolders.id, folderId))
            .returning({ id: fileFolders.id, parentId: fileFolders.parentId, name: fileFolders.name })
          return row!
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw folderNameTaken()
        throw error
      }
    },

    /** Only an empty folder goes; earlier versions and trashed files kept in it move to the top. */
    async deleteFolder(folderId: string) {
      await withTransaction(db, async (tx) => {
        const [folder] = await tx.select({ id: fileFolders.id }).from(fileFolders).where(eq(fileFolders.id, folderId)).for('update')
        if (!folder) throw folderMissing()
        const [children] = await tx.select({ n: count() }).from(fileFolders).where(eq(fileFolders.parentId, folderId))
        const [inside] = await tx
          .select({ n: count() })
          .from(files)
          .where(and(eq(files.folderId, folderId), isNull(files.replacedAt), isNull(files.deletedAt)))
        if (children!.n > 0 || inside!.n > 0) {
          throw new AppError(409, 'FOLDER_NOT_EMPTY', m.files_error_folder_not_empty())
        }
        await tx.update(files).set({ folderId: null }).where(eq(files.folderId, folderId))
        await tx.delete(fileFolders).where(eq(fileFolders.id, folderId))
      })
    },

    async list(viewer: Viewer, query: z.output<typeof fileListQuerySchema>): Promise<FilePage> {
      const where = and(
        current,
        visibleTo(viewer),
        query.q
          ? or(ilike(files.name, containsPattern(query.q)), ilike(files.description, containsPattern(query.q)))
          : sql`coalesce(${files.folderId}, ${TOP}::uuid) = ${query.folderId ?? TOP}::uuid`,
      )
      const [rows, [total]] = await Promise.all([
        selectFiles(db)
          .where(where)
          .orderBy(...sortOrder[query.sort])
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(files).where(where),
      ])
      return { items: rows.map(toItem), total: total!.n }
    },

    async detail(viewer: Viewer, fileId: string): Promise<FileDetail> {
      const row = await detailRow(db, viewer, fileId, { trashed: true })
      const versions = await selectFiles(db)
        .where(and(eq(files.lineageId, row.file.lineageId), isNotNull(files.replacedAt), isNull(files.deletedAt), eq(files.status, 'ready'), sql`${files.id} <> ${fileId}`))
        .orderBy(desc(files.createdAt))
      return { ...toItem(row), earlierVersions: versions.map(toItem) }
    },

    /** A file the viewer may download or preview: a current one, an earlier version, or (executives) one in the trash. */
    async downloadable(viewer: Viewer, fileId: string) {
      return (await detailRow(db, viewer, fileId, { trashed: true })).file
    },

    async update(viewer: Viewer, fileId: string, patch: z.output<typeof filePatchSchema>): Promise<FileItem> {
      try {
        await withTransaction(db, async (tx) => {
          const [file] = await tx
            .select()
            .from(files)
            .where(and(eq(files.id, fileId), current))
            .for('update')
          if (!file) throw notFound(m.files_error_file_missing())
          if (patch.folderId !== undefined) await folderExists(tx, patch.folderId)
          const now = clock()
          await tx
            .update(files)
            .set({
              ...(patch.name !== undefined ? { name: patch.name } : {}),
              ...(patch.description !== undefined ? { description: patch.description } : {}),
              updatedAt: now,
            })
            .where(eq(files.id, fileId))
          // Where a file is and who sees it holds for its earlier versions too.
          if (patch.folderId !== undefined || patch.visibility !== undefined) {
            await tx
              .update(files)
              .set({ ...(patch.folderId !== undefined ? { folderId: patch.folderId } : {}), ...(patch.visibility !== undefined ? { visibility: patch.visibility } : {}), updatedAt: now })
              .where(and(eq(files.lineageId, file.lineageId), isNull(files.deletedAt)))
          }
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(patch.name ?? 'that name')
        throw error
      }
      return toItem(await detailRow(db, viewer, fileId))
    },

    /** To the trash with its earlier versions; gone for good after TRASH_DAYS (a job in the same transaction). */
    async trash(userId: string, fileId: string) {
      await withTransaction(db, async (tx) => {
        const [file] = await tx
          .select()
          .from(files)
          .where(and(eq(files.id, fileId), current))
          .for('update')
        if (!file) throw notFound(m.files_error_file_missing())
        const now = clock()
        await tx
          .update(files)
          .set({ deletedAt: now, deletedBy: userId, updatedAt: now })
          .where(and(eq(files.lineageId, file.lineageId), isNull(files.deletedAt)))
        await jobs.enqueue(tx, { kind: FILE_JOBS.purge, payload: { lineageId: file.lineageId }, runAt: new Date(now.getTime() + TRASH_DAYS * DAY_MS) })
      })
    },

    async restore(viewer: Viewer, fileId: string): Promise<FileItem> {
      try {
        await withTransaction(db, async (tx) => {
          const [file] = await tx
            .select()
            .from(files)
            .where(and(eq(files.id, fileId), isNull(files.replacedAt), isNotNull(files.deletedAt)))
            .for('update')
          if (!file) throw notFound(m.files_error_not_in_trash())
          await tx
            .update(files)
            .set({ deletedAt: null, deletedBy: null, updatedAt: clock() })
            .where(and(eq(files.lineageId, file.lineageId), eq(files.deletedAt, file.deletedAt!)))
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'FILE_NAME_TAKEN', m.files_error_restore_name_taken())
        throw error
      }
      return toItem(await detailRow(db, viewer, fileId))
    },

    async trashList(query: { page: number; pageSize: number }): Promise<FilePage> {
      const where = and(eq(files.status, 'ready'), isNull(files.replacedAt), isNotNull(files.deletedAt))
      const [rows, [total]] = await Promise.all([
        selectFiles(db).where(where).orderBy(desc(files.deletedAt), asc(files.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(files).where(where),
      ])
      return { items: rows.map(toItem), total: total!.n }
    },

    /**
     * The first half of storing a finished upload, in one transaction: the name decided
     * ("ask": refuse a clash; "keepBoth": the next free "name (n)"; "replace": the current
     * file becomes an earlier version), the row written as `storing`, and the settle job that
     * removes row and bytes if this process dies before `markStored`.
     */
    async beginStore(input: {
      storageKey: string
      folderId: string | null
      name: string
      description: string
      visibility: 'members' | 'executives'
      onClash: 'ask' | 'keepBoth' | 'replace'
      size: number
      type: string
      sha256: string
      uploadedBy: string
    }) {
      try {
        return await withTransaction(db, async (tx) => {
          const [already] = await tx.select().from(files).where(eq(files.storageKey, input.storageKey))
          if (already) return already
          await folderExists(tx, input.folderId)
          const now = clock()
          let name = input.name
          let previous: { id: string; lineageId: string } | undefined
          const clash = await currentNamed(tx, input.folderId, name)
          if (clash && input.onClash === 'ask') throw nameTaken(name)
          if (clash && input.onClash === 'replace') {
            previous = clash
            await tx.update(files).set({ replacedAt: now, updatedAt: now }).where(eq(files.id, clash.id))
          }
          if (clash && input.onClash === 'keepBoth') {
            for (let n = 2; await currentNamed(tx, input.folderId, name); n += 1) name = numberedName(input.name, n)
          }
          const id = crypto.randomUUID()
          const [row] = await tx
            .insert(files)
            .values({
              id,
              folderId: input.folderId,
              name,
              size: input.size,
              type: input.type,
              sha256: input.sha256,
              description: input.description,
              visibility: input.visibility,
              status: 'storing',
              storageKey: input.storageKey,
              uploadedBy: input.uploadedBy,
              lineageId: previous?.lineageId ?? id,
              previousVersionId: previous?.id ?? null,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
          await jobs.enqueue(tx, { kind: FILE_JOBS.settle, payload: { fileId: id }, runAt: new Date(now.getTime() + SETTLE_AFTER_MS) })
          return row!
        })
      } catch (error) {
        // Another upload took the name between our look and our insert.
        if (isUniqueViolation(error)) throw nameTaken(input.name)
        throw error
      }
    },

    /** Whether an upload may start: its folder exists and, unless the uploader chose keep both or replace, its name is free. */
    async checkNewUpload(metadata: { folderId: string; filename: string; onClash: 'ask' | 'keepBoth' | 'replace' }) {
      const folderId = metadata.folderId || null
      await folderExists(db, folderId)
      if (metadata.onClash === 'ask' && (await currentNamed(db, folderId, metadata.filename))) throw nameTaken(metadata.filename)
    },

    /** The row written for an upload's bytes, if any. */
    async storedAs(storageKey: string) {
      const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey))
      return row
    },

    /**
     * The second half: the bytes are in storage, the file is listed. `tell` runs in the same
     * transaction (the notice of a file for executives exists exactly when the file is listed).
     */
    async markStored(fileId: string, tell?: (tx: Tx) => Promise<unknown>) {
      await withTransaction(db, async (tx) => {
        const [listed] = await tx
          .update(files)
          .set({ status: 'ready', updatedAt: clock() })
          .where(and(eq(files.id, fileId), eq(files.status, 'storing')))
          .returning({ id: files.id })
        if (listed && tell) await tell(tx)
      })
      onListed()
    },

    /** Undoes `beginStore` for a file whose bytes never made it: the bytes (if any) go first, then the row; a replaced file is current again. */
    async abandon(fileId: string) {
      const [file] = await db.select().from(files).where(and(eq(files.id, fileId), eq(files.status, 'storing')))
      if (!file) return false
      await storage.delete(file.storageKey)
      await withTransaction(db, async (tx) => {
        await tx.delete(files).where(and(eq(files.id, fileId), eq(files.status, 'storing')))
        if (file.previousVersionId) await tx.update(files).set({ replacedAt: null }).where(eq(files.id, file.previousVersionId))
      })
      return true
    },

    /** Deletes the versions of a lineage that have been in the trash for TRASH_DAYS: bytes first, then rows (a crash between is finished by the job's retry). */
    async purge(lineageId: string) {
      const cutoff = new Date(clock().getTime() - TRASH_DAYS * DAY_MS)
      const due = await db
        .select({ id: files.id, storageKey: files.storageKey })
        .from(files)
        .where(and(eq(files.lineageId, lineageId), isNotNull(files.deletedAt), lte(files.deletedAt, cutoff)))
      for (const file of due) await storage.delete(file.storageKey)
      if (due.length > 0) {
        await db.delete(files).where(inArray(files.id, due.map((file) => file.id)))
        log.info({ lineageId, files: due.length }, 'trashed files deleted for good')
      }
      return due.length
    },

    registerJobs() {
      jobs.register(FILE_JOBS.purge, async (payload) => {
        await service.purge((payload as { lineageId: string }).lineageId)
      })
      jobs.register(FILE_JOBS.settle, async (payload) => {
        if (await service.abandon((payload as { fileId: string }).fileId)) log.warn({ payload }, 'an upload whose bytes never reached storage was removed')
      })
    },
  }
  return service
}

export type FilesService = ReturnType<typeof createFilesService>
