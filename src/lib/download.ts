import { api } from '@/lib/api-client'

/**
 * Downloads a file from the API (CSV exports): it goes through the fetch wrapper so the
 * Bearer token is sent, then is handed to the browser as a blob download.
 */
export async function downloadFile(path: string, filename: string, query?: Record<string, unknown>) {
  const blob = await api<Blob>(path, { responseType: 'blob', query })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
