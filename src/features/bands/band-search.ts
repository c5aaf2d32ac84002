import { z } from 'zod'
import { bandStatuses } from '@/contract/bands'
import { partSchema } from '@/contract/people'

/**
 * `/band-list` keeps its search, filters and page in the URL, so reloads, the back button and
 * shared links show the same list. A value that makes no sense is dropped, not an error.
 * `memberName` only labels the member filter; the API filters by `memberId`.
 */
export const bandListUrlSearchSchema = z.object({
  q: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(60).optional())
    .transform((value) => value || undefined)
    .catch(undefined),
  status: z.enum(bandStatuses).optional().catch(undefined),
  part: partSchema.optional().catch(undefined),
  memberId: z.uuid().optional().catch(undefined),
  memberName: z.string().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type BandListUrlSearch = z.output<typeof bandListUrlSearchSchema>

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
