import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Upload, type DetailedError } from 'tus-js-client'
import { apiErrorSchema } from '@/contract/errors'
import { nextUploadChunkBytes, smallerUploadChunkBytes, UPLOAD_CHUNK, UPLOADS_PATH, type FileVisibility, type NameClashChoice } from '@/contract/files'
import { api } from '@/lib/api-client'
import { useSessionStore } from '@/lib/session-context'
import { filesKeys } from './files-queries'
import { m } from '@/i18n/paraglide/messages.js'

export type UploadStatus = 'uploading' | 'paused' | 'offline' | 'clash' | 'done' | 'failed'

export interface UploadItem {
  key: string
  name: string
  size: number
  sent: number
  /** Bytes per second over the last few seconds, while uploading. */
  speed: number
  status: UploadStatus
  /** Why it failed, in the server's words. */
  message?: string
}

export interface UploadTarget {
  folderId: string | null
  visibility: FileVisibility
}

/** The server's sentence from a refused tus request, or a plain one. */
function reasonOf(error: Error) {
  const response = (error as DetailedError).originalResponse
  const status = response?.getStatus() ?? 0
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(response?.getBody() ?? ''))
    if (parsed.success) return { status, code: parsed.data.error.code, message: parsed.data.error.message }
  } catch {
    // not JSON: a proxy's page, or no answer at all
  }
  return { status, code: undefined, message: status === 0 ? m.files_connection_dropped() : m.files_upload_failed() }
}

/** While uploads run, the session is kept alive: the token refreshed and the idle timer reset. */
const KEEP_ALIVE_MS = 4 * 60 * 1000

/**
 * Several resumable uploads (tus-js-client) with progress, speed, pause/resume and a name clash
 * answered by "keep both" or "replace". An upload that loses the connection retries; when the
 * device is offline it waits and resumes from what the server has as soon as it is back online.
 */
export function useUploads(target: UploadTarget) {
  const session = useSessionStore()
  const queryClient = useQueryClient()
  const [items, setItems] = useState<UploadItem[]>([])
  const uploads = useRef(new Map<string, { upload: Upload; file: File; samples: Array<[number, number]> }>())
  const targetRef = useRef(target)
  useEffect(() => {
    targetRef.current = target
  })

  const patch = useCallback((key: string, change: Partial<UploadItem>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))), [])

  const begin = useCallback(
    (key: string, file: File, onClash: NameClashChoice, where: UploadTarget) => {
      // When the chunk being sent started: its speed sizes the next (UPLOAD_CHUNK). tus-js-client
      // reads `options.chunkSize` afresh for every chunk.
      let chunkStarted = 0
      const upload: Upload = new Upload(file, {
        endpoint: `${window.location.origin}${UPLOADS_PATH}`,
        chunkSize: UPLOAD_CHUNK.first,
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        storeFingerprintForResuming: false,
        metadata: { filename: file.name, folderId: where.folderId ?? '', visibility: where.visibility, onClash },
        onBeforeRequest: (request) => {
          const token = session.getState().token
          if (token) request.setHeader('Authorization', `Bearer ${token}`)
          if (request.getMethod() === 'PATCH') chunkStarted = performance.now()
        },
        onChunkComplete: (chunkBytes) => {
          upload.options.chunkSize = nextUploadChunkBytes(chunkBytes, (performance.now() - chunkStarted) / 1000)
        },
        onShouldRetry: (error) => {
          const { status, code } = reasonOf(error)
          if (code === 'FILE_NAME_TAKEN' || code === 'FILE_TYPE_REFUSED' || code === 'FILE_TOO_LARGE') return false
          if (status === 0) upload.options.chunkSize = smallerUploadChunkBytes(upload.options.chunkSize ?? UPLOAD_CHUNK.first)
          return (status === 0 || status >= 500 || status === 409 || status === 423) && navigator.onLine
        },
        onProgress: (sent) => {
          const entry = uploads.current.get(key)
          const now = performance.now()
          if (entry) {
            entry.samples.push([now, sent])
            while (entry.samples.length > 2 && now - entry.samples[0]![0] > 3000) entry.samples.shift()
          }
          const first = entry?.samples[0]
          const speed = first && now > first[0] ? ((sent - first[1]) * 1000) / (now - first[0]) : 0
          patch(key, { sent, speed, status: 'uploading' })
        },
        onSuccess: () => {
          patch(key, { sent: file.size, speed: 0, status: 'done' })
          void queryClient.invalidateQueries({ queryKey: filesKeys.all })
        },
        onError: (error) => {
          const reason = reasonOf(error)
          if (reason.code === 'FILE_NAME_TAKEN') return patch(key, { status: 'clash', speed: 0, message: reason.message })
          if (!navigator.onLine) {
            patch(key, { status: 'offline', speed: 0 })
            // Back online: ask the server how much it has and go on from there.
            window.addEventListener('online', () => uploads.current.get(key)?.upload.start(), { once: true })
            return
          }
          patch(key, { status: 'failed', speed: 0, message: reason.message })
        },
      })
      uploads.current.set(key, { upload, file, samples: [] })
      upload.start()
    },
    [patch, queryClient, session],
  )

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({ key: crypto.randomUUID(), file }))
      setItems((list) => [...list, ...added.map(({ key, file }) => ({ key, name: file.name, size: file.size, sent: 0, speed: 0, status: 'uploading' as const }))])
      for (const { key, file } of added) begin(key, file, 'ask', targetRef.current)
    },
    [begin],
  )

  const pause = (key: string) => {
    void uploads.current.get(key)?.upload.abort()
    patch(key, { status: 'paused', speed: 0 })
  }
  const resume = (key: string) => {
    const entry = uploads.current.get(key)
    if (!entry) return
    entry.samples = []
    patch(key, { status: 'uploading', message: undefined })
    entry.upload.start()
  }
  /** Answers a name clash: a new upload of the same file with the choice. */
  const settleClash = (key: string, choice: Exclude<NameClashChoice, 'ask'>) => {
    const entry = uploads.current.get(key)
    if (!entry) return
    patch(key, { status: 'uploading', message: undefined, sent: 0 })
    begin(key, entry.file, choice, targetRef.current)
  }
  const dismiss = (key: string) => {
    const entry = uploads.current.get(key)
    if (entry) void entry.upload.abort(true).catch(() => undefined)
    uploads.current.delete(key)
    setItems((list) => list.filter((item) => item.key !== key))
  }

  const running = items.some((item) => item.status === 'uploading')
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => void api('/api/me').catch(() => undefined), KEEP_ALIVE_MS)
    return () => clearInterval(timer)
  }, [running])

  // Leaving the page stops the uploads (the server cleans what is left after a day).
  useEffect(() => {
    const current = uploads.current
    return () => {
      for (const entry of current.values()) void entry.upload.abort()
    }
  }, [])

  return { items, add, pause, resume, settleClash, dismiss }
}
