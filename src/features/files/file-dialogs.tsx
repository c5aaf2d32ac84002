import { toast } from 'sonner'
import { z } from 'zod'
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { m } from '@/i18n/paraglide/messages.js'
import { fileDescriptionSchema, fileNameSchema, fileVisibilities, fileVisibilityLabels, folderNameSchema, previewOf, typeLabel, type FileItem, type Folder } from '@/contract/files'
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
        await save.mutateAsync({
          fileId: file.id,
          patch: { ...parsed, folderId: toFolderId(parsed.folderId) },
        })
        toast.success(m.files_saved())
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={m.files_edit_title({ name: file.name })}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="name">{(field) => <field.TextField label={m.files_name()} autoComplete="off" />}</form.AppField>
          <form.AppField name="description">{(field) => <field.TextAreaField label={m.files_description()} rows={3} description={m.files_description_hint()} />}</form.AppField>
          <form.AppField name="folderId">
            {(field) => <field.SelectField label={m.files_folder()} options={[{ value: TOP, label: m.files_all_files_top() }, ...folderChoices(folders)]} />}
          </form.AppField>
          <form.AppField name="visibility">
            {(field) => (
              <field.SelectField
                label={m.files_who_can_see()}
                description={m.files_versions_follow()}
                options={fileVisibilities.map((value) => ({ value, label: fileVisibilityLabels[value]() }))}
              />
            )}
          </form.AppField>
          <form.DialogFooter onCancel={onClose}>{m.files_save_file()}</form.DialogFooter>
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
        toast.success(folder ? m.files_folder_saved() : m.files_folder_created())
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={folder ? m.files_rename_or_move_title({ name: folder.name }) : m.files_new_folder()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="name">{(field) => <field.TextField label={m.files_folder_name()} autoComplete="off" />}</form.AppField>
          <form.AppField name="parentId">
            {(field) => <field.SelectField label={m.files_inside()} options={[{ value: TOP, label: m.files_all_files_top() }, ...folderChoices(folders, folder?.id)]} />}
          </form.AppField>
          <form.DialogFooter onCancel={onClose}>{folder ? m.files_save_folder() : m.files_create_folder()}</form.DialogFooter>
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
      title={m.files_delete_title({ name: file.name })}
      description={file.versions > 0 ? m.files_trash_description_versions() : m.files_trash_description()}
      confirmLabel={m.files_move_to_trash()}
      busy={trash.isPending}
      onConfirm={() =>
        trash.mutate(file.id, {
          onSuccess: () => {
            toast.success(m.files_moved_to_trash({ name: file.name }))
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
      title={m.files_delete_folder_title({ name: folder.name })}
      description={m.files_only_empty_folder()}
      confirmLabel={m.files_delete_folder()}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(folder.id, {
          onSuccess: () => {
            toast.success(m.files_folder_deleted())
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
      description={`${typeLabel(file.type)} · ${formatSize(file.size)} · ${dates.date(file.createdAt)}${file.uploadedBy ? m.files_uploaded_by({ name: file.uploadedBy.name }) : ''}`}
    >
      <div className="flex flex-col gap-4">
        {file.description ? <p className="whitespace-pre-line text-sm">{file.description}</p> : null}
        {kind === null ? (
          <p className="text-sm text-ink-muted">{m.files_cannot_preview()}</p>
        ) : link.isPending ? (
          <LoadingBlock label={m.files_opening()} />
        ) : link.isError ? (
          <QueryErrorBlock error={link.error} onRetry={() => void link.refetch()} what={m.files_the_file()} />
        ) : kind === 'image' ? (
          <img src={link.data.url} alt={file.description || file.name} className="max-h-[60vh] w-full rounded-md object-contain" />
        ) : kind === 'pdf' ? (
          <iframe src={link.data.url} title={m.files_pdf_title({ name: file.name })} className="h-[60vh] w-full rounded-md border border-line" />
        ) : kind === 'audio' ? (
          // preload="metadata": the player learns the length at once and fetches only what it plays (Range), so seeking is immediate.
          <audio controls preload="metadata" src={link.data.url} className="w-full" aria-label={m.files_play({ name: file.name })} />
        ) : (
          <video controls preload="metadata" src={link.data.url} className="max-h-[60vh] w-full" aria-label={m.files_play({ name: file.name })} />
        )}
        {detail.data && detail.data.earlierVersions.length > 0 ? (
          <section aria-label={m.files_earlier_versions()}>
            <h3 className="text-sm font-semibold">{m.files_earlier_versions()}</h3>
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {detail.data.earlierVersions.map((version) => (
                <li key={version.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {dates.date(version.createdAt)} · {formatSize(version.size)}
                  </span>
                  <DownloadButton file={version} label={m.files_download_version({ date: dates.date(version.createdAt) })} compact />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="flex justify-end">
          <DownloadButton file={file} label={m.files_download_name({ name: file.name })}>
            <Download aria-hidden className="size-4" />
            {m.files_download()}
          </DownloadButton>
        </div>
      </div>
    </Dialog>
  )
}
