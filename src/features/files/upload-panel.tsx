import { useRef, useState, type DragEvent } from 'react'
import { Pause, Play, Upload as UploadIcon, X } from 'lucide-react'
import { m } from '@/i18n/paraglide/messages.js'
import { fileVisibilities, fileVisibilityLabels, type FileVisibility } from '@/contract/files'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { Card } from '@/components/ui/page'
import { formatSize } from '@/lib/format-size'
import { formatSpeed } from './file-parts'
import { useUploads, type UploadItem } from './use-uploads'

const statusText: Record<UploadItem['status'], () => string> = {
  uploading: () => m.files_status_uploading(),
  paused: () => m.files_status_paused(),
  offline: () => m.files_status_offline(),
  clash: () => m.files_status_clash(),
  done: () => m.files_status_done(),
  failed: () => m.files_status_failed(),
}

/** Executives' uploads into the open folder: picker or drag and drop, several at once, each with its progress. */
export function UploadPanel({ folderId, folderName }: { folderId: string | null; folderName: string }) {
  const [visibility, setVisibility] = useState<FileVisibility>('members')
  const { items, add, pause, resume, settleClash, dismiss } = useUploads({ folderId, visibility })
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const files = [...event.dataTransfer.files]
    if (files.length > 0) add(files)
  }

  return (
    <Card title={m.files_upload_files()}>
      <div className="flex flex-col gap-3">
        <div
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-2 rounded-md border-2 border-dashed p-4 text-center text-sm ${dragging ? 'border-brand bg-surface-2' : 'border-line'}`}
        >
          <p>
            {m.files_drop_here_before()}
            <span className="font-medium">{folderName}</span>
            {m.files_drop_here_after()}
          </p>
          <Button variant="secondary" onClick={() => input.current?.click()}>
            <UploadIcon aria-hidden className="size-4" />
            {m.files_choose_files()}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label={m.files_files_to_upload()}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])]
              if (files.length > 0) add(files)
              event.target.value = ''
            }}
          />
        </div>
        <div className="max-w-xs">
          <SelectField
            label={m.files_who_can_see_uploads()}
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as FileVisibility)}
            options={fileVisibilities.map((value) => ({ value, label: fileVisibilityLabels[value]() }))}
          />
        </div>
        {items.length > 0 ? (
          <ul aria-label={m.files_uploads()} className="flex flex-col gap-3">
            {items.map((item) => (
              <UploadRow key={item.key} item={item} onPause={pause} onResume={resume} onClash={settleClash} onDismiss={dismiss} />
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  )
}

function UploadRow({
  item,
  onPause,
  onResume,
  onClash,
  onDismiss,
}: {
  item: UploadItem
  onPause: (key: string) => void
  onResume: (key: string) => void
  onClash: (key: string, choice: 'keepBoth' | 'replace') => void
  onDismiss: (key: string) => void
}) {
  const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 100
  return (
    <li className="rounded-md border border-line p-3 text-sm" aria-label={m.files_upload_of({ name: item.name })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-all">{item.name}</span>
        <span className="text-ink-muted" aria-live="polite">
          {statusText[item.status]()}
        </span>
      </div>
      <progress className="mt-2 h-2 w-full accent-brand" max={item.size || 1} value={item.sent} aria-label={`${item.name}: ${percent}%`} />
      <p className="mt-1 text-ink-muted">
        {m.files_progress({ sent: formatSize(item.sent), size: formatSize(item.size), percent })}
        {item.status === 'uploading' && item.speed > 0 ? ` · ${formatSpeed(item.speed)}` : ''}
      </p>
      {item.message && item.status !== 'clash' ? (
        <p role="alert" className="mt-1 text-danger">
          {item.message}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {item.status === 'uploading' ? (
          <Button variant="secondary" onClick={() => onPause(item.key)} aria-label={m.files_pause_named({ name: item.name })}>
            <Pause aria-hidden className="size-4" />
            {m.files_pause()}
          </Button>
        ) : null}
        {item.status === 'paused' || item.status === 'offline' ? (
          <Button variant="secondary" onClick={() => onResume(item.key)} aria-label={m.files_resume_named({ name: item.name })}>
            <Play aria-hidden className="size-4" />
            {m.files_resume()}
          </Button>
        ) : null}
        {item.status === 'clash' ? (
          <>
            <Button variant="secondary" onClick={() => onClash(item.key, 'keepBoth')}>
              {m.files_keep_both()}
            </Button>
            <Button variant="secondary" onClick={() => onClash(item.key, 'replace')}>
              {m.files_replace()}
            </Button>
          </>
        ) : null}
        {item.status !== 'uploading' ? (
          <Button
            variant="ghost"
            onClick={() => onDismiss(item.key)}
            aria-label={item.status === 'done' ? m.files_hide_named({ name: item.name }) : m.files_cancel_named({ name: item.name })}
          >
            <X aria-hidden className="size-4" />
            {item.status === 'done' ? m.files_hide() : m.files_cancel()}
          </Button>
        ) : null}
      </div>
    </li>
  )
}
