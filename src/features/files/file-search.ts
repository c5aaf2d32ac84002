import { fileSorts } from '@/contract/choices'
import { oneOf, page, searchParams, searchText, uuid } from '@/lib/search-params'

/** `/files` keeps the open folder, search, sort, page and the trash view in the URL. */
export const filesUrlSearchSchema = searchParams({
  folder: uuid,
  q: searchText(100),
  sort: oneOf(fileSorts),
  page: page({ coerce: true }),
  view: oneOf(['trash'] as const),
})
export type FilesUrlSearch = ReturnType<typeof filesUrlSearchSchema>

export const FILES_PAGE_SIZE = 25

/** The API query for a URL's search. */
export function fileListQueryOf(search: FilesUrlSearch) {
  return {
    folderId: search.folder,
    q: search.q?.trim() || undefined,
    sort: search.sort ?? 'name',
    page: search.page ?? 1,
    pageSize: FILES_PAGE_SIZE,
  }
}
