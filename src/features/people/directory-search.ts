import { z } from 'zod'
import { partSchema } from '@/contract/people'
import type { DirectorySearch } from '@/features/people/people-queries'

/**
 * `/intro-list` search params. The router reads `?grade=1&lookingForBand=true` as JSON
 * (a number, a boolean), so the URL keeps those types; a value that makes no sense is dropped
 * rather than breaking the page.
 */
export const directoryUrlSearchSchema = z.object({
  q: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(100).optional())
    .transform((value) => value || undefined)
    .catch(undefined),
  part: partSchema.optional().catch(undefined),
  grade: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal('graduate')]).optional().catch(undefined),
  lookingForBand: z.boolean().optional().catch(undefined),
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type DirectoryUrlSearch = z.infer<typeof directoryUrlSearchSchema>

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
