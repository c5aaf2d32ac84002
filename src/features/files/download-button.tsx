import { useState, type ReactNode } from 'react'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { m } from '@/i18n/paraglide/messages.js'
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
export const downloadNeedsConnection = () => m.files_download_needs_connection()

export function DownloadButton({ file, label, compact = false, children }: { file: FileItem; label: string; compact?: boolean; children?: ReactNode }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    if (!onlineManager.isOnline()) {
      toast.error(downloadNeedsConnection())
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
    <Button variant={compact ? 'ghost' : 'secondary'} aria-label={label} busy={busy} busyLabel={m.files_preparing()} onClick={() => void download()}>
      {children ?? m.files_download()}
    </Button>
  )
}
