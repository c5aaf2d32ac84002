import { useState, type ReactNode } from 'react'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { FileItem } from '@/contract/files'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/components/ui/feedback'
import { fileLinkQueryOptions } from './files-queries'
import { startDownload } from '@/lib/start-download'

/**
 * Saves a file: asks for a personal download link, then lets the browser fetch it straight
 * from the server (streamed, resumable, named by its Content-Disposition), never through memory.
 * Offline it says so at once: the link's query would wait, paused, for the connection, and the
 * button would say "Preparing…" for good (issue 33).
 */
export const DOWNLOAD_NEEDS_CONNECTION = 'Downloading needs a connection. Try again when you are back online.'

export function DownloadButton({ file, label, compact = false, children }: { file: FileItem; label: string; compact?: boolean; children?: ReactNode }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    if (!onlineManager.isOnline()) {
      toast.error(DOWNLOAD_NEEDS_CONNECTION)
      return
    }
    setBusy(true)
    try {
      // Never paused: a connection lost on the way ends in "Could not reach the server…".
      const link = await queryClient.fetchQuery({ ...fileLinkQueryOptions(file.id, true), networkMode: 'always' })
      startDownload(link.url)
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
