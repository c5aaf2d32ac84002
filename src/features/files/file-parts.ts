import type { Folder } from '@/contract/files'
import { formatSize } from '@/lib/format-size'

export const formatSpeed = (bytesPerSecond: number) => `${formatSize(Math.round(bytesPerSecond))}/s`

/** The folders from the top down to `folderId` (empty at the top). */
export function pathOf(folders: readonly Folder[], folderId: string | undefined) {
  const byId = new Map(folders.map((folder) => [folder.id, folder]))
  const path: Folder[] = []
  for (let at = folderId ? byId.get(folderId) : undefined; at && path.length < 50; at = at.parentId ? byId.get(at.parentId) : undefined) path.unshift(at)
  return path
}

/** Every folder as "Scores / Summer live", sorted, for a "move to" list; `except` and its subfolders left out. */
export function folderChoices(folders: readonly Folder[], except?: string) {
  const inside = (folder: Folder) => except !== undefined && pathOf(folders, folder.id).some((step) => step.id === except)
  return folders
    .filter((folder) => !inside(folder))
    .map((folder) => ({ value: folder.id, label: pathOf(folders, folder.id).map((step) => step.name).join(' / ') }))
    .sort((a, b) => a.label.localeCompare(b.label))
}
