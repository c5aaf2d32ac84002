import { http, HttpResponse } from 'msw'
import type { FileItem, Folder } from '@/contract/files'
import { buildApiError } from '../../support/factories'

let sequence = 0

export function buildFile(overrides: Partial<FileItem> = {}): FileItem {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    folderId: null,
    folderName: null,
    name: `file-${sequence}.pdf`,
    size: 120_000,
    type: 'application/pdf',
    sha256: 'a'.repeat(64),
    description: '',
    visibility: 'members',
    uploadedBy: { id: crypto.randomUUID(), name: 'Emi Kobayashi' },
    createdAt: '2026-05-01T03:00:00.000Z',
    versions: 0,
    deletedAt: null,
    ...overrides,
  }
}

export const buildFolder = (name: string, parentId: string | null = null): Folder => ({ id: crypto.randomUUID(), parentId, name })

type Failure = { status: number; code: string; message: string; fields?: Record<string, string> }

/**
 * A small in-memory files API, tus uploads included (creation answers 201 with a Location,
 * PATCH takes the bytes). Tests read `requests`, `patches`, `deleted`, `createdFolders`,
 * `uploads` (each creation's metadata); `nextError` fails the next change, `clashOnce` answers
 * the next upload's creation with a name clash.
 */
export function createFilesApi({ files = [] as FileItem[], folders = [] as Folder[] } = {}) {
  const rows = new Map(files.map((file) => [file.id, structuredClone(file)]))
  const folderRows = new Map(folders.map((folder) => [folder.id, structuredClone(folder)]))
  const state = {
    rows,
    folderRows,
    requests: [] as URL[],
    patches: [] as Array<{ fileId: string; body: Record<string, unknown> }>,
    deleted: [] as string[],
    restored: [] as string[],
    createdFolders: [] as unknown[],
    uploads: [] as Array<Record<string, string>>,
    nextError: null as Failure | null,
    clashOnce: false,
  }
  const takeError = () => {
    const error = state.nextError
    state.nextError = null
    return error ? HttpResponse.json(buildApiError(error.code, error.message, error.fields), { status: error.status }) : null
  }
  const decode = (header: string | null) =>
    Object.fromEntries(
      (header ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [key, value = ''] = pair.split(' ')
          return [key!, new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)))]
        }),
    )
  const uploadsInProgress = new Map<string, { size: number; offset: number; metadata: Record<string, string> }>()

  const handlers = [
    http.get('/api/files/folders', () => HttpResponse.json({ items: [...folderRows.values()] })),
    http.post('/api/files/folders', async ({ request }) => {
      const body = (await request.json()) as { name: string; parentId: string | null }
      const error = takeError()
      if (error) return error
      state.createdFolders.push(body)
      const folder = { id: crypto.randomUUID(), name: body.name, parentId: body.parentId }
      folderRows.set(folder.id, folder)
      return HttpResponse.json(folder, { status: 201 })
    }),
    http.get('/api/files/trash', () => {
      const items = [...rows.values()].filter((file) => file.deletedAt)
      return HttpResponse.json({ items, total: items.length })
    }),
    http.get('/api/files', ({ request }) => {
      const url = new URL(request.url)
      state.requests.push(url)
      const q = url.searchParams.get('q')?.toLowerCase()
      const folderId = url.searchParams.get('folderId')
      const items = [...rows.values()].filter(
        (file) => !file.deletedAt && (q ? file.name.toLowerCase().includes(q) || file.description.toLowerCase().includes(q) : file.folderId === (folderId ?? null)),
      )
      return HttpResponse.json({ items, total: items.length })
    }),
    http.get('/api/files/:fileId', ({ params }) => {
      const file = rows.get(String(params.fileId))
      return file ? HttpResponse.json({ ...file, earlierVersions: [] }) : HttpResponse.json(buildApiError('NOT_FOUND', 'No such file.'), { status: 404 })
    }),
    http.get('/api/files/:fileId/link', ({ params, request }) => {
      const download = new URL(request.url).searchParams.get('download') === '1'
      return HttpResponse.json({ url: `/api/files/${String(params.fileId)}/content?token=t${download ? '&download=1' : ''}`, expiresAt: '2026-05-01T09:00:00.000Z' })
    }),
    http.patch('/api/files/:fileId', async ({ params, request }) => {
      const fileId = String(params.fileId)
      const body = (await request.json()) as Record<string, unknown>
      const error = takeError()
      if (error) return error
      state.patches.push({ fileId, body })
      const file = { ...rows.get(fileId)!, ...body } as FileItem
      rows.set(fileId, file)
      return HttpResponse.json(file)
    }),
    http.delete('/api/files/:fileId', ({ params }) => {
      const fileId = String(params.fileId)
      state.deleted.push(fileId)
      rows.set(fileId, { ...rows.get(fileId)!, deletedAt: '2026-05-02T00:00:00.000Z' })
      return new HttpResponse(null, { status: 204 })
    }),
    http.post('/api/files/:fileId/restore', ({ params }) => {
      const fileId = String(params.fileId)
      const file = { ...rows.get(fileId)!, deletedAt: null }
      rows.set(fileId, file)
      state.restored.push(fileId)
      return HttpResponse.json(file)
    }),
    http.delete('/api/files/folders/:folderId', ({ params }) => {
      const error = takeError()
      if (error) return error
      folderRows.delete(String(params.folderId))
      return new HttpResponse(null, { status: 204 })
    }),
    http.post('/api/files/uploads', ({ request }) => {
      const metadata = decode(request.headers.get('upload-metadata'))
      state.uploads.push(metadata)
      if (state.clashOnce && metadata.onClash === 'ask') {
        state.clashOnce = false
        return HttpResponse.json(buildApiError('FILE_NAME_TAKEN', `A file called “${metadata.filename}” is already in that folder. Keep both, or replace it with the new one.`), {
          status: 409,
          headers: { 'tus-resumable': '1.0.0' },
        })
      }
      const id = crypto.randomUUID().replace(/-/g, '')
      uploadsInProgress.set(id, { size: Number(request.headers.get('upload-length')), offset: 0, metadata })
      return new HttpResponse(null, { status: 201, headers: { location: `/api/files/uploads/${id}`, 'tus-resumable': '1.0.0' } })
    }),
    http.head('/api/files/uploads/:uploadId', ({ params }) => {
      const upload = uploadsInProgress.get(String(params.uploadId))
      if (!upload) return new HttpResponse(null, { status: 404, headers: { 'tus-resumable': '1.0.0' } })
      return new HttpResponse(null, { status: 200, headers: { 'upload-offset': String(upload.offset), 'upload-length': String(upload.size), 'tus-resumable': '1.0.0' } })
    }),
    http.patch('/api/files/uploads/:uploadId', async ({ params, request }) => {
      const upload = uploadsInProgress.get(String(params.uploadId))!
      await request.arrayBuffer()
      // One PATCH takes the rest (files in these tests are far below a chunk). jsdom's
      // XMLHttpRequest does not send a sliced Blob's bytes faithfully, so they are not counted
      // here: the server tests and the e2e test check real bytes.
      upload.offset = upload.size
      if (upload.offset === upload.size) {
        const file = buildFile({ name: upload.metadata.filename, size: upload.size, folderId: upload.metadata.folderId || null })
        rows.set(file.id, file)
      }
      return new HttpResponse(null, { status: 204, headers: { 'upload-offset': String(upload.offset), 'tus-resumable': '1.0.0' } })
    }),
  ]
  return { handlers, state }
}
