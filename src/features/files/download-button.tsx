import { useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { FileItem } from '@/contract/files'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/components/ui/feedback'
import { fileLinkQueryOptions } from './files-queries'

/**
 * Saves a file: asks for a personal download link, then lets the browser fetch it straight
 * from the server (streamed, resumable, named by its Content-Disposition), never through memory.
 */
export function DownloadButton({ file, label, compact = false, children }: { file: FileItem; label: string; compact?: boolean; children?: ReactNode }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const link = await queryClient.fetchQuery(fileLinkQueryOptions(file.id, true))
      const anchor = document.createElement('a')
      anchor.href = link.url
      anchor.rel = 'noopener'
      document.body.append(anchor)
      anchor.click()
      anchor.remove()
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant={compact ? 'ghost' : 'secondary'} aria-label={label} busy={busy} busyLabel="Preparing…" onClick={() => void download()}>
      {children ?? 'Download'}
    </Button>
  )
}
