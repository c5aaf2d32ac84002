import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { m } from '@/i18n/paraglide/messages.js'
import { ChevronRight, Folder as FolderIcon, FolderPlus, Pencil, RotateCcw, Trash2 } from 'lucide-react'
import { fileSortLabels, fileSorts, TRASH_DAYS, typeLabel, type FileItem, type FileSort, type Folder } from '@/contract/files'
import { Button } from '@/components/ui/button'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { SelectField, TextField } from '@/components/ui/field'
import { PageHeader, Pagination } from '@/components/ui/page'
import { useSession } from '@/lib/session-context'
import { useDebouncedSearch } from '@/lib/use-debounced-search'
import { DeleteFolderDialog, FileEditDialog, FolderDialog, PreviewDialog, TrashFileDialog } from './file-dialogs'
import { fileListQueryOf, type FilesUrlSearch } from './file-search'
import { fileListQueryOptions, foldersQueryOptions, trashQueryOptions, useRestoreFile } from './files-queries'
import { formatSize } from '@/lib/format-size'
import { pathOf } from './file-parts'
import { DownloadButton } from './download-button'
import { UploadPanel } from './upload-panel'
import { useDates } from '@/lib/use-dates'

const routeApi = getRouteApi('/_authenticated/files')

type DialogState =
  | { open: 'preview' | 'edit' | 'trash'; file: FileItem }
  | { open: 'folder'; folder: Folder | null }
  | { open: 'folder-delete'; folder: Folder }
  | null

/** `/files` (SPEC §5.8): the club's shared files by folder, searched and sorted; executives upload, move and delete. */
export function FilesScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const { user } = useSession()
  const executive = user?.role === 'admin' || user?.isExecutive === true
  const [dialog, setDialog] = useState<DialogState>(null)
  const folders = useQuery(foldersQueryOptions())
  const query = fileListQueryOf(search)
  const trashView = executive && search.view === 'trash'
  const list = useQuery({ ...fileListQueryOptions(query), enabled: !trashView })

  const update = (next: Partial<FilesUrlSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })
  const [text, setText] = useDebouncedSearch(search.q, (q) => update({ q }))
  const allFolders = folders.data ?? []
  const path = pathOf(allFolders, search.folder)
  const here = path.at(-1)
  const subfolders = allFolders.filter((folder) => folder.parentId === (search.folder ?? null))
  const searching = query.q !== undefined

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.files_title()}
        description={m.files_lead()}
        actions={
          executive ? (
            <>
              <Button variant="secondary" onClick={() => setDialog({ open: 'folder', folder: null })}>
                <FolderPlus aria-hidden className="size-4" />
                {m.files_new_folder()}
              </Button>
              <Button variant="secondary" onClick={() => update({ view: trashView ? undefined : 'trash' })} aria-pressed={trashView}>
                <Trash2 aria-hidden className="size-4" />
                {trashView ? m.files_back_to_files() : m.files_trash()}
              </Button>
            </>
          ) : null
        }
      />

      {trashView ? (
        <TrashList page={search.page ?? 1} onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })} />
      ) : (
        <>
          <nav aria-label={m.files_folder_path()} className="flex flex-wrap items-center gap-1 text-sm">
            <button type="button" className="min-h-11 rounded-md px-2 font-medium text-brand underline-offset-2 hover:underline" onClick={() => update({ folder: undefined })}>
              {m.files_all_files()}
            </button>
            {path.map((folder) => (
              <span key={folder.id} className="flex items-center gap-1">
                <ChevronRight aria-hidden className="size-4 text-ink-muted" />
                <button
                  type="button"
                  aria-current={folder.id === here?.id ? 'page' : undefined}
                  className="min-h-11 rounded-md px-2 font-medium text-brand underline-offset-2 hover:underline"
                  onClick={() => update({ folder: folder.id })}
                >
                  {folder.name}
                </button>
              </span>
            ))}
          </nav>

          <form role="search" aria-label={m.files_search_form()} className="grid gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
            <div className="sm:col-span-2">
              <TextField
                label={m.files_search_all()}
                type="search"
                placeholder={m.files_search_placeholder()}
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={100}
              />
            </div>
            <SelectField
              label={m.files_sort()}
              value={query.sort}
              onChange={(event) => update({ sort: event.target.value as FileSort })}
              options={fileSorts.map((sort) => ({ value: sort, label: fileSortLabels[sort]() }))}
            />
          </form>

          {!searching && subfolders.length > 0 ? (
            <ul aria-label={m.files_folders()} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {subfolders.map((folder) => (
                <li key={folder.id} className="flex items-center gap-1 rounded-md border border-line bg-surface">
                  <button type="button" className="flex min-h-11 min-w-0 flex-1 items-center gap-2 px-3 text-left font-medium" onClick={() => update({ folder: folder.id })}>
                    <FolderIcon aria-hidden className="size-5 shrink-0 text-brand" />
                    <span className="truncate">{folder.name}</span>
                  </button>
                  {executive ? (
                    <>
                      <Button variant="ghost" aria-label={m.files_rename_or_move_folder({ name: folder.name })} onClick={() => setDialog({ open: 'folder', folder })}>
                        <Pencil aria-hidden className="size-4" />
                      </Button>
                      <Button variant="ghost" aria-label={m.files_delete_folder_named({ name: folder.name })} onClick={() => setDialog({ open: 'folder-delete', folder })}>
                        <Trash2 aria-hidden className="size-4" />
                      </Button>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}

          {list.isPending ? (
            <LoadingBlock label={m.files_loading()} />
          ) : list.isError ? (
            <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.files_the_list()} />
          ) : list.data.items.length === 0 ? (
            searching ? (
              <EmptyState title={m.files_none_match()}>{m.files_none_match_hint()}</EmptyState>
            ) : (
              <EmptyState title={here ? m.files_folder_empty({ name: here.name }) : m.files_none_yet()}>
                {executive ? m.files_empty_executive_hint() : m.files_empty_member_hint()}
              </EmptyState>
            )
          ) : (
            <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-70' : undefined}>
              <FileList
                files={list.data.items}
                showFolder={searching}
                executive={executive}
                onOpen={(file) => setDialog({ open: 'preview', file })}
                onEdit={(file) => setDialog({ open: 'edit', file })}
                onTrash={(file) => setDialog({ open: 'trash', file })}
              />
              <Pagination
                page={query.page}
                pageSize={query.pageSize}
                total={list.data.total}
                onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
              />
            </div>
          )}
        </>
      )}

      {/* Mounted while executives browse, so uploads go on from folder to folder. */}
      {executive ? (
        <div className={trashView ? 'hidden' : undefined}>
          <UploadPanel folderId={search.folder ?? null} folderName={here?.name ?? m.files_all_files()} />
        </div>
      ) : null}

      {dialog?.open === 'preview' ? <PreviewDialog file={dialog.file} onClose={() => setDialog(null)} /> : null}
      {dialog?.open === 'edit' ? <FileEditDialog file={dialog.file} folders={allFolders} onClose={() => setDialog(null)} /> : null}
      {dialog?.open === 'trash' ? <TrashFileDialog file={dialog.file} onClose={() => setDialog(null)} /> : null}
      {dialog?.open === 'folder' ? (
        <FolderDialog key={dialog.folder?.id ?? 'new'} folder={dialog.folder} parentId={search.folder ?? null} folders={allFolders} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.open === 'folder-delete' ? <DeleteFolderDialog folder={dialog.folder} onClose={() => setDialog(null)} /> : null}
    </div>
  )
}

function FileList({
  files,
  showFolder,
  executive,
  onOpen,
  onEdit,
  onTrash,
}: {
  files: FileItem[]
  showFolder: boolean
  executive: boolean
  onOpen: (file: FileItem) => void
  onEdit: (file: FileItem) => void
  onTrash: (file: FileItem) => void
}) {
  const dates = useDates()
  return (
    <ul aria-label={m.files_title()} className="flex flex-col divide-y divide-line rounded-md border border-line bg-surface">
      {files.map((file) => (
        <li key={file.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <button type="button" className="text-left font-medium break-all text-brand underline-offset-2 hover:underline" onClick={() => onOpen(file)}>
              {file.name}
            </button>
            <p className="text-sm text-ink-muted">
              {typeLabel(file.type)} · {formatSize(file.size)} · {dates.date(file.createdAt)}
              {file.uploadedBy ? ` · ${file.uploadedBy.name}` : ''}
              {showFolder ? m.files_in_folder({ name: file.folderName ?? m.files_all_files() }) : ''}
              {file.visibility === 'executives' ? m.files_executives_only_note() : ''}
              {file.versions > 0 ? m.files_earlier_versions_count({ count: file.versions }) : ''}
            </p>
            {file.description ? <p className="text-sm break-words">{file.description}</p> : null}
          </div>
          <div className="flex shrink-0 flex-wrap gap-1">
            <DownloadButton file={file} label={m.files_download_name({ name: file.name })} />
            {executive ? (
              <>
                <Button variant="ghost" aria-label={m.files_edit_or_move({ name: file.name })} onClick={() => onEdit(file)}>
                  <Pencil aria-hidden className="size-4" />
                  {m.files_edit()}
                </Button>
                <Button variant="ghost" aria-label={m.files_delete_named({ name: file.name })} onClick={() => onTrash(file)}>
                  <Trash2 aria-hidden className="size-4" />
                  {m.files_delete()}
                </Button>
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  )
}

function TrashList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const dates = useDates()
  const trash = useQuery(trashQueryOptions(page))
  const restore = useRestoreFile()
  if (trash.isPending) return <LoadingBlock label={m.files_loading_trash()} />
  if (trash.isError) return <QueryErrorBlock error={trash.error} onRetry={() => void trash.refetch()} what={m.files_the_trash()} />
  if (trash.data.items.length === 0) return <EmptyState title={m.files_trash_empty()}>{m.files_trash_empty_hint({ days: TRASH_DAYS })}</EmptyState>
  return (
    <section aria-label={m.files_trash()} className="flex flex-col gap-2">
      <p className="text-sm text-ink-muted">{m.files_trash_lead({ days: TRASH_DAYS })}</p>
      <ul aria-label={m.files_deleted_files()} className="flex flex-col divide-y divide-line rounded-md border border-line bg-surface">
        {trash.data.items.map((file) => (
          <li key={file.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-all">{file.name}</p>
              <p className="text-sm text-ink-muted">
                {typeLabel(file.type)} · {formatSize(file.size)} · {m.files_deleted_on({ date: file.deletedAt ? dates.date(file.deletedAt) : '' })}
              </p>
            </div>
            <Button
              variant="secondary"
              aria-label={m.files_restore_named({ name: file.name })}
              busy={restore.isPending && restore.variables === file.id}
              onClick={() =>
                restore.mutate(file.id, {
                  onSuccess: () => toast.success(m.files_restored({ name: file.name })),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              <RotateCcw aria-hidden className="size-4" />
              {m.files_restore()}
            </Button>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={25} total={trash.data.total} onPage={onPage} />
    </section>
  )
}
