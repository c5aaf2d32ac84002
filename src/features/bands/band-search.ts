import { bandStatuses, parts } from '@/contract/choices'
import { oneOf, page, searchParams, searchText, string, uuid } from '@/lib/search-params'

/**
 * `/band-list` keeps its search, filters and page in the URL, so reloads, the back button and
 * shared links show the same list. A value that makes no sense is dropped, not an error.
 * `memberName` only labels the member filter; the API filters by `memberId`.
 */
export const bandListUrlSearchSchema = searchParams({
  q: searchText(60),
  status: oneOf(bandStatuses),
  part: oneOf(parts),
  memberId: uuid,
  memberName: string({ max: 100 }),
  page: page({ coerce: true }),
})
export type BandListUrlSearch = ReturnType<typeof bandListUrlSearchSchema>

export const BANDS_PAGE_SIZE = 20

/** The API query for a URL's search: defaults filled, empty values left out. */
export function bandListQueryOf(search: BandListUrlSearch) {
  return {
    q: search.q?.trim() || undefined,
    status: search.status,
    part: search.part,
    memberId: search.memberId,
    page: search.page ?? 1,
    pageSize: BANDS_PAGE_SIZE,
  }
}
export type BandListRequest = ReturnType<typeof bandListQueryOf>
