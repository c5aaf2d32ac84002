import { z } from 'zod'
import { roles, userStatuses } from '@/contract/auth'
import { gradeFilters, userSorts, type UserFilter } from '@/contract/users'

/**
 * The list and delete screens keep their filters in the URL, so the back button, reloads and
 * shared links show the same list. A bad value in a hand-edited URL is dropped, not an error.
 */
export const userSearchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.enum(userStatuses).optional().catch(undefined),
  role: z.enum(roles).optional().catch(undefined),
  grade: z.enum(gradeFilters).optional().catch(undefined),
  sort: z.enum(userSorts).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type UserSearch = z.output<typeof userSearchSchema>

export const USERS_PAGE_SIZE = 20

/** The API query for a URL's search: defaults filled, empty values left out. */
export function listQueryOf(search: UserSearch) {
  return {
    q: search.q?.trim() || undefined,
    status: search.status,
    role: search.role,
    grade: search.grade,
    sort: search.sort ?? 'name',
    page: search.page ?? 1,
    pageSize: USERS_PAGE_SIZE,
  }
}
export type UserListRequest = ReturnType<typeof listQueryOf>

/** The filters without paging, for the CSV export. */
export function filterOf(search: UserSearch): UserFilter {
  const { q, status, role, grade, sort } = listQueryOf(search)
  return { q, status, role, grade, sort }
}
