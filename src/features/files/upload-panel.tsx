import { useRef, useState, type DragEvent } from 'react'
import { Pause, Play, Upload as UploadIcon, X } from 'lucide-react'
import { fileVisibilities, fileVisibilityLabels, type FileVisibility } from '@/contract/files'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { Card } from '@/components/ui/page'
import { formatSize } from '@/lib/format-size'
import { formatSpeed } from './file-parts'
import { useUploads, type UploadItem } from './use-uploads'

const statusText: Record<UploadItem['status'], string> = {
  uploading: 'Uploading',
  paused: 'Paused',
  offline: 'Offline: continues when the connection is back',
  clash: 'A file with this name is already here',
  done: 'Uploaded',
  failed: 'Not uploaded',
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
    <Card title="Upload files">
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
            Drop files here to upload them to <span className="font-medium">{folderName}</span>, or
          </p>
          <Button variant="secondary" onClick={() => input.current?.click()}>
            <UploadIcon aria-hidden className="size-4" />
            Choose files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Files to upload"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])]
              if (files.length > 0) add(files)
              event.target.value = ''
            }}
          />
        </div>
        <div className="max-w-xs">
          <SelectField
            label="Who can see new uploads"
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as FileVisibility)}
            options={fileVisibilities.map((value) => ({ value, label: fileVisibilityLabels[value] }))}
          />
        </div>
        {items.length > 0 ? (
          <ul aria-label="Uploads" className="flex flex-col gap-3">
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
    <li className="rounded-md border border-line p-3 text-sm" aria-label={`Upload of ${item.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-all">{item.name}</span>
        <span className="text-ink-muted" aria-live="polite">
          {statusText[item.status]}
        </span>
      </div>
      <progress className="mt-2 h-2 w-full accent-brand" max={item.size || 1} value={item.sent} aria-label={`${item.name}: ${percent}%`} />
      <p className="mt-1 text-ink-muted">
        {formatSize(item.sent)} of {formatSize(item.size)} ({percent}%)
        {item.status === 'uploading' && item.speed > 0 ? ` · ${formatSpeed(item.speed)}` : ''}
      </p>
      {item.message && item.status !== 'clash' ? (
        <p role="alert" className="mt-1 text-danger">
          {item.message}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {item.status === 'uploading' ? (
          <Button variant="secondary" onClick={() => onPause(item.key)} aria-label={`Pause ${item.name}`}>
            <Pause aria-hidden className="size-4" />
            Pause
          </Button>
        ) : null}
        {item.status === 'paused' || item.status === 'offline' ? (
          <Button variant="secondary" onClick={() => onResume(item.key)} aria-label={`Resume ${item.name}`}>
            <Play aria-hidden className="size-4" />
            Resume
          </Button>
        ) : null}
        {item.status === 'clash' ? (
          <>
            <Button variant="secondary" onClick={() => onClash(item.key, 'keepBoth')}>
              Keep both
            </Button>
            <Button variant="secondary" onClick={() => onClash(item.key, 'replace')}>
              Replace (keep the old one as an earlier version)
            </Button>
          </>
        ) : null}
        {item.status !== 'uploading' ? (
          <Button variant="ghost" onClick={() => onDismiss(item.key)} aria-label={item.status === 'done' ? `Hide ${item.name}` : `Cancel ${item.name}`}>
            <X aria-hidden className="size-4" />
            {item.status === 'done' ? 'Hide' : 'Cancel'}
          </Button>
        ) : null}
      </div>
    </li>
  )
}
