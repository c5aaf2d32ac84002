import { z } from 'zod'
import { fileSorts, fileVisibilities, type FileSort, type FileVisibility } from './choices'
import { pageOf, pagingQuerySchema } from './paging'
import { says, text } from './text'
import { m } from '../i18n/paraglide/messages.js'

/**
 * The club's shared files (SPEC §5.8, issue 16, decision 024): folders, files, uploads (tus)
 * and downloads. The screen's forms and the routes validate with these schemas.
 */
export { fileSorts, fileVisibilities, type FileSort, type FileVisibility }

export const fileVisibilityLabels: Record<FileVisibility, () => string> = { members: () => m.files_visibility_members(), executives: () => m.files_visibility_executives() }
export const fileSortLabels: Record<FileSort, () => string> = {
  name: () => m.files_sort_name(),
  '-name': () => m.files_sort_name_desc(),
  newest: () => m.files_sort_newest(),
  oldest: () => m.files_sort_oldest(),
  largest: () => m.files_sort_largest(),
  smallest: () => m.files_sort_smallest(),
}

/**
 * The kinds of file the club may allow. An upload's real type (read from its first bytes by
 * file-type) must be one of the allowed kinds' types, and its name must end in one of that
 * kind's extensions: a `.pdf` that is HTML, or an `.mp3` that is a program, is refused.
 * `text` has no signature to read: a file is text when file-type recognises nothing and its
 * first bytes are UTF-8 without NUL. `label` is a getter: it is worded in the language of the
 * moment it is read (decision 046).
 */
export const fileKinds = [
  {
    id: 'pdf',
    get label() {
      return m.files_kind_pdf()
    },
    types: ['application/pdf'],
    extensions: ['pdf'],
  },
  {
    id: 'image',
    get label() {
      return m.files_kind_image()
    },
    types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  },
  {
    id: 'audio',
    get label() {
      return m.files_kind_audio()
    },
    types: ['audio/mpeg', 'audio/x-m4a', 'audio/mp4', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/flac', 'audio/x-flac'],
    extensions: ['mp3', 'm4a', 'wav', 'ogg', 'oga', 'flac'],
  },
  {
    id: 'video',
    get label() {
      return m.files_kind_video()
    },
    types: ['video/mp4', 'video/quicktime', 'video/webm'],
    extensions: ['mp4', 'm4v', 'mov', 'webm'],
  },
  {
    id: 'office',
    get label() {
      return m.files_kind_office()
    },
    types: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    extensions: ['docx', 'xlsx', 'pptx'],
  },
  {
    id: 'text',
    get label() {
      return m.files_kind_text()
    },
    types: ['text/plain'],
    extensions: ['txt', 'csv', 'md'],
  },
  {
    id: 'zip',
    get label() {
      return m.files_kind_zip()
    },
    types: ['application/zip'],
    extensions: ['zip'],
  },
] as const
export type FileKind = (typeof fileKinds)[number]
export type FileKindId = FileKind['id']
export const fileKindIds = fileKinds.map((kind) => kind.id) as [FileKindId, ...FileKindId[]]

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** What the screen shows for a type: "PDF", "Audio", … */
export function typeLabel(type: string) {
  if (type === 'application/pdf') return 'PDF'
  if (type.startsWith('image/')) return m.files_type_image()
  if (type.startsWith('audio/')) return m.files_type_audio()
  if (type.startsWith('video/')) return m.files_type_video()
  if (type === 'text/plain') return m.files_type_text()
  if (type === 'application/zip') return m.files_type_zip()
  if (type.includes('wordprocessingml')) return m.files_type_word()
  if (type.includes('spreadsheetml')) return m.files_type_excel()
  if (type.includes('presentationml')) return m.files_type_powerpoint()
  return m.files_type_file()
}

/** How the screen previews a type in the app, if it can. */
export function previewOf(type: string): 'image' | 'pdf' | 'audio' | 'video' | null {
  if (type === 'application/pdf') return 'pdf'
  if (type.startsWith('image/')) return 'image'
  if (type.startsWith('audio/')) return 'audio'
  if (type.startsWith('video/')) return 'video'
  return null
}

export const FILE_NAME_MAX = 200
export const FOLDER_NAME_MAX = 80
export const FILE_DESCRIPTION_MAX = 1000

const noSlashes = (value: string) => !/[/\\]/.test(value) && value !== '.' && value !== '..'
export const fileNameSchema = text({ min: 1, max: FILE_NAME_MAX, empty: () => m.files_name_required() }).refine(
  noSlashes,
  says(() => m.files_no_slashes()),
)
export const folderNameSchema = text({ min: 1, max: FOLDER_NAME_MAX, empty: () => m.files_folder_name_required() }).refine(
  noSlashes,
  says(() => m.files_no_slashes()),
)
export const fileDescriptionSchema = text({ max: FILE_DESCRIPTION_MAX, multiline: true })
export const fileVisibilitySchema = z.enum(
  fileVisibilities,
  says(() => m.files_choose_visibility()),
)

// ---- folders ----
export const folderSchema = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  name: z.string(),
})
export type Folder = z.infer<typeof folderSchema>
export const folderListSchema = z.object({ items: z.array(folderSchema) })
export const folderIdParamsSchema = z.object({ folderId: z.uuid(says(() => m.files_not_a_folder_id())) })
export const folderInputSchema = z.object({
  name: folderNameSchema,
  parentId: z
    .uuid(says(() => m.files_choose_folder()))
    .nullable()
    .default(null),
})
export type FolderInput = z.input<typeof folderInputSchema>
/** Rename and/or move: what is given changes. */
export const folderPatchSchema = z
  .object({
    name: folderNameSchema.optional(),
    parentId: z
      .uuid(says(() => m.files_choose_folder()))
      .nullable()
      .optional(),
  })
  .refine(
    (value) => value.name !== undefined || value.parentId !== undefined,
    says(() => m.files_new_name_or_place()),
  )

// ---- files ----
export const fileSchema = z.object({
  id: z.uuid(),
  folderId: z.uuid().nullable(),
  /** The folder's name (null at the top), so search results say where a file is. */
  folderName: z.string().nullable(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  sha256: z.string(),
  description: z.string(),
  visibility: fileVisibilitySchema,
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Earlier versions kept by "replace". */
  versions: z.number().int(),
  deletedAt: z.string().nullable(),
})
export type FileItem = z.infer<typeof fileSchema>
export const fileIdParamsSchema = z.object({ fileId: z.uuid(says(() => m.files_not_a_file_id())) })

export const fileListQuerySchema = pagingQuerySchema.extend({
  /** The folder to list; absent: the top. Ignored while searching (a search looks everywhere). */
  folderId: z.uuid(says(() => m.files_not_a_folder_id())).optional(),
  q: text({ max: 100 }).optional(),
  sort: z
    .enum(
      fileSorts,
      says(() => m.files_choose_sort()),
    )
    .default('name'),
})
export type FileListQuery = z.input<typeof fileListQuerySchema>
export const filePageSchema = pageOf(fileSchema)
export type FilePage = z.infer<typeof filePageSchema>

export const trashQuerySchema = pagingQuerySchema
/** How long a deleted file stays in the trash before it is gone for good. */
export const TRASH_DAYS = 30

export const fileDetailSchema = fileSchema.extend({ earlierVersions: z.array(fileSchema) })
export type FileDetail = z.infer<typeof fileDetailSchema>

/** Rename, describe, change who sees it, move: what is given changes. */
export const filePatchSchema = z
  .object({
    name: fileNameSchema.optional(),
    description: fileDescriptionSchema.optional(),
    visibility: fileVisibilitySchema.optional(),
    folderId: z
      .uuid(says(() => m.files_choose_folder()))
      .nullable()
      .optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    says(() => m.files_nothing_to_change()),
  )
export type FilePatch = z.input<typeof filePatchSchema>

// ---- links (download and preview) ----
export const fileLinkQuerySchema = z.object({ download: z.enum(['1', '0']).default('0') })
export const fileLinkSchema = z.object({ url: z.string(), expiresAt: z.string() })
export type FileLink = z.infer<typeof fileLinkSchema>
export const fileContentQuerySchema = z.object({
  token: z
    .string(says(() => m.files_link_not_valid()))
    .min(
      1,
      says(() => m.files_link_not_valid()),
    )
    .max(
      2000,
      says(() => m.files_link_not_valid()),
    ),
  download: z.enum(['1', '0']).default('0'),
})
/** How long a download or preview link works: long enough to listen to a whole live recording. */
export const FILE_LINK_HOURS = 6

// ---- uploads (tus) ----
export const nameClashChoices = ['ask', 'keepBoth', 'replace'] as const
export type NameClashChoice = (typeof nameClashChoices)[number]
/** Sent as tus Upload-Metadata (strings only); the server parses it with this schema when the upload is created. */
export const uploadMetadataSchema = z.object({
  filename: fileNameSchema,
  folderId: z.union([z.literal(''), z.uuid(says(() => m.files_choose_folder()))]).default(''),
  description: fileDescriptionSchema.default(''),
  visibility: fileVisibilitySchema.default('members'),
  onClash: z
    .enum(
      nameClashChoices,
      says(() => m.files_choose_clash()),
    )
    .default('ask'),
})
export type UploadMetadata = z.input<typeof uploadMetadataSchema>
/** The path tus uploads are created at (POST) and continued at (PATCH/HEAD/DELETE `/<id>`). */
export const UPLOADS_PATH = '/api/files/uploads'
/**
 * How tus-js-client cuts a file into requests (one PATCH each). The first chunk is 2 MiB; each
 * next one carries about `seconds` of the speed the last one went at, between `least` and
 * `most` (`nextUploadChunkBytes`). So a fast link sends few large requests — each request costs
 * a round trip and the server's checks, which on a 200 MB recording over a fast network were a
 * third of the time — and a slow phone small ones, each well inside the server's 30-second
 * request time.
 */
export const UPLOAD_CHUNK = { first: 2 * 1024 * 1024, least: 256 * 1024, most: 16 * 1024 * 1024, seconds: 8 }

/**
 * The next chunk's size after one of `lastBytes` took `seconds`: `UPLOAD_CHUNK.seconds` of that
 * speed, at most four times the last (one quick chunk, a burst into the network's buffers, does
 * not commit the next to a size the link cannot carry), in whole steps of `least`.
 */
export function nextUploadChunkBytes(lastBytes: number, seconds: number) {
  if (!(lastBytes > 0) || !(seconds > 0)) return UPLOAD_CHUNK.first
  return inChunkSteps(Math.min((lastBytes / seconds) * UPLOAD_CHUNK.seconds, lastBytes * 4, UPLOAD_CHUNK.most))
}

/** After a request that failed on the network (perhaps cut by the server's request time), the next chunk is half as large. */
export const smallerUploadChunkBytes = (lastBytes: number) => inChunkSteps(lastBytes / 2)

/** `bytes` rounded down to whole steps of `UPLOAD_CHUNK.least`, never below one step. */
const inChunkSteps = (bytes: number) => Math.max(UPLOAD_CHUNK.least, Math.floor(bytes / UPLOAD_CHUNK.least) * UPLOAD_CHUNK.least)
