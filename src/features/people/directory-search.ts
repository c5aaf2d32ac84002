import { parts } from '@/contract/choices'
import { boolean, oneOf, page, searchParams, searchText } from '@/lib/search-params'
import type { DirectorySearch } from '@/features/people/people-queries'

/**
 * `/intro-list` search params. The router reads `?grade=1&lookingForBand=true` as JSON
 * (a number, a boolean), so the URL keeps those types; a value that makes no sense is dropped
 * rather than breaking the page.
 */
export const directoryUrlSearchSchema = searchParams({
  q: searchText(100),
  part: oneOf(parts),
  grade: oneOf([1, 2, 3, 4, 'graduate']),
  lookingForBand: boolean,
  page: page({ coerce: false }),
})
export type DirectoryUrlSearch = ReturnType<typeof directoryUrlSearchSchema>

/** The URL's search → the API's query. */
export function toDirectorySearch(search: DirectoryUrlSearch): DirectorySearch {
  return {
    q: search.q,
    part: search.part,
    grade: search.grade === undefined ? undefined : (String(search.grade) as DirectorySearch['grade']),
    lookingForBand: search.lookingForBand === undefined ? undefined : search.lookingForBand ? 'true' : 'false',
    page: search.page,
  }
}
