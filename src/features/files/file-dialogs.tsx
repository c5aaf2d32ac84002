import { toast } from 'sonner'
import { z } from 'zod'
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import {
  fileDescriptionSchema,
  fileNameSchema,
  fileVisibilities,
  fileVisibilityLabels,
  folderNameSchema,
  previewOf,
  typeLabel,
  type FileItem,
  type Folder,
} from '@/contract/files'
import { useAppForm } from '@/components/form/form-kit'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { ConfirmDialog, Dialog } from '@/components/ui/dialog'
import { FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { fileDetailQueryOptions, fileLinkQueryOptions, useCreateFolder, useDeleteFolder, useTrashFile, useUpdateFile, useUpdateFolder } from './files-queries'
import { formatSize } from '@/lib/format-size'
import { folderChoices } from './file-parts'
import { DownloadButton } from './download-button'
import { useDates } from '@/lib/use-dates'

const TOP = ''
const toFolderId = (value: string) => (value === TOP ? null : value)

/** Rename, describe, change who sees it, move: one form for a file. */
const fileEditSchema = z.object({
  name: fileNameSchema,
  description: fileDescriptionSchema,
  visibility: z.enum(fileVisibilities),
  folderId: z.string(),
})

export function FileEditDialog({ file, folders, onClose }: { file: FileItem; folders: readonly Folder[]; onClose: () => void }) {
  const server = useServerErrors()
  const save = useUpdateFile()
  const form = useAppForm({
    defaultValues: { name: file.name, description: file.description, visibility: file.visibility, folderId: file.folderId ?? TOP },
    validators: { onSubmit: schemaValidator(fileEditSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      const parsed = fileEditSchema.parse(value)
      try {
        await save.mutateAsync({ fileId: file.id, patch: { ...parsed, folderId: toFolderId(parsed.folderId) } })
        toast.success('File saved.')
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${file.name}`}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="name">{(field) => <field.TextField label="Name" autoComplete="off" />}</form.AppField>
          <form.AppField name="description">{(field) => <field.TextAreaField label="Description" rows={3} description="Searchable, like the name." />}</form.AppField>
          <form.AppField name="folderId">
            {(field) => <field.SelectField label="Folder" options={[{ value: TOP, label: 'All files (top)' }, ...folderChoices(folders)]} />}
          </form.AppField>
          <form.AppField name="visibility">
            {(field) => (
              <field.SelectField
                label="Who can see it"
                description="Earlier versions follow the file."
                options={fileVisibilities.map((value) => ({ value, label: fileVisibilityLabels[value] }))}
              />
            )}
          </form.AppField>
          <form.DialogFooter onCancel={onClose}>Save file</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}

const folderFormSchema = z.object({ name: folderNameSchema, parentId: z.string() })

/** Create a folder (inside `parentId`), or rename and move one. */
export function FolderDialog({ folder, parentId, folders, onClose }: { folder: Folder | null; parentId: string | null; folders: readonly Folder[]; onClose: () => void }) {
  const server = useServerErrors()
  const create = useCreateFolder()
  const update = useUpdateFolder()
  const form = useAppForm({
    defaultValues: { name: folder?.name ?? '', parentId: (folder ? folder.parentId : parentId) ?? TOP },
    validators: { onSubmit: schemaValidator(folderFormSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      const parsed = folderFormSchema.parse(value)
      try {
        if (folder) await update.mutateAsync({ folderId: folder.id, patch: { name: parsed.name, parentId: toFolderId(parsed.parentId) } })
        else await create.mutateAsync({ name: parsed.name, parentId: toFolderId(parsed.parentId) })
        toast.success(folder ? 'Folder saved.' : 'Folder created.')
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={folder ? `Rename or move ${folder.name}` : 'New folder'}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="name">{(field) => <field.TextField label="Folder name" autoComplete="off" />}</form.AppField>
          <form.AppField name="parentId">
            {(field) => <field.SelectField label="Inside" options={[{ value: TOP, label: 'All files (top)' }, ...folderChoices(folders, folder?.id)]} />}
          </form.AppField>
          <form.DialogFooter onCancel={onClose}>{folder ? 'Save folder' : 'Create folder'}</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}

export function TrashFileDialog({ file, onClose }: { file: FileItem; onClose: () => void }) {
  const trash = useTrashFile()
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${file.name}?`}
      description={`It goes to the trash${file.versions > 0 ? ' with its earlier versions' : ''}. Executives can bring it back for 30 days; after that it is gone.`}
      confirmLabel="Move to trash"
      busy={trash.isPending}
      onConfirm={() =>
        trash.mutate(file.id, {
          onSuccess: () => {
            toast.success(`${file.name} moved to the trash.`)
            onClose()
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  )
}

export function DeleteFolderDialog({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const remove = useDeleteFolder()
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete the folder ${folder.name}?`}
      description="Only an empty folder can be deleted."
      confirmLabel="Delete folder"
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(folder.id, {
          onSuccess: () => {
            toast.success('Folder deleted.')
            onClose()
          },
        })
      }
    >
      {remove.error ? <FormAlert>{errorMessage(remove.error)}</FormAlert> : null}
    </ConfirmDialog>
  )
}

/** The file in the app: image, PDF, audio or video from a personal link; anything else is offered as a download. */
export function PreviewDialog({ file, onClose }: { file: FileItem; onClose: () => void }) {
  const dates = useDates()
  const kind = previewOf(file.type)
  const link = useQuery({ ...fileLinkQueryOptions(file.id), enabled: kind !== null })
  const detail = useQuery(fileDetailQueryOptions(file.id))
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={file.name}
      closeButton
      description={`${typeLabel(file.type)} · ${formatSize(file.size)} · ${dates.date(file.createdAt)}${file.uploadedBy ? ` · uploaded by ${file.uploadedBy.name}` : ''}`}
    >
      <div className="flex flex-col gap-4">
        {file.description ? <p className="whitespace-pre-line text-sm">{file.description}</p> : null}
        {kind === null ? (
          <p className="text-sm text-ink-muted">This kind of file cannot be shown in the app. Download it to open it.</p>
        ) : link.isPending ? (
          <LoadingBlock label="Opening the file…" />
        ) : link.isError ? (
          <QueryErrorBlock error={link.error} onRetry={() => void link.refetch()} what="The file" />
        ) : kind === 'image' ? (
          <img src={link.data.url} alt={file.description || file.name} className="max-h-[60vh] w-full rounded-md object-contain" />
        ) : kind === 'pdf' ? (
          <iframe src={link.data.url} title={`${file.name} (PDF)`} className="h-[60vh] w-full rounded-md border border-line" />
        ) : kind === 'audio' ? (
          // preload="metadata": the player learns the length at once and fetches only what it plays (Range), so seeking is immediate.
          <audio controls preload="metadata" src={link.data.url} className="w-full" aria-label={`Play ${file.name}`} />
        ) : (
          <video controls preload="metadata" src={link.data.url} className="max-h-[60vh] w-full" aria-label={`Play ${file.name}`} />
        )}
        {detail.data && detail.data.earlierVersions.length > 0 ? (
          <section aria-label="Earlier versions">
            <h3 className="text-sm font-semibold">Earlier versions</h3>
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {detail.data.earlierVersions.map((version) => (
                <li key={version.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {dates.date(version.createdAt)} · {formatSize(version.size)}
                  </span>
                  <DownloadButton file={version} label={`Download the version of ${dates.date(version.createdAt)}`} compact />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="flex justify-end">
          <DownloadButton file={file} label={`Download ${file.name}`}>
            <Download aria-hidden className="size-4" />
            Download
          </DownloadButton>
        </div>
      </div>
    </Dialog>
  )
}
