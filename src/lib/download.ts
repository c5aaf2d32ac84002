import { apiErrorSchema } from '@/contract/errors'
import { api, ApiError } from '@/lib/api-client'

/**
 * A refused download's body arrives as a Blob (the call asked for one), so the fetch wrapper
 * cannot read the server's `{error}` from it; read it here, keeping the sentence and the code.
 */
async function readBlobError(error: unknown): Promise<unknown> {
  // Duck-typed: a Blob from another realm (the fetch implementation's) is not `instanceof Blob` here.
  const body = error instanceof ApiError ? (error.body as { text?: unknown } | null) : null
  if (!(error instanceof ApiError) || typeof body?.text !== 'function') return error
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(await (body as Blob).text()))
    if (!parsed.success) return error
    const { code, message, fields } = parsed.data.error
    return new ApiError({ status: error.status, code, message, fields, retryAfter: error.retryAfter, body: parsed.data })
  } catch {
    return error
  }
}

/**
 * Downloads a file from the API (CSV exports): it goes through the fetch wrapper so the
 * Bearer token is sent, then is handed to the browser as a blob download.
 */
export async function downloadFile(path: string, filename: string, query?: Record<string, unknown>) {
  const blob = await api<Blob>(path, { responseType: 'blob', query }).catch(async (error: unknown) => {
    throw await readBlobError(error)
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
