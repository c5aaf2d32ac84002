import { roles, userGradeFilters, userSorts, userStatuses } from '@/contract/choices'
import type { UserFilter } from '@/contract/users'
import { oneOf, page, searchParams, string } from '@/lib/search-params'

/**
 * The list and delete screens keep their filters in the URL, so the back button, reloads and
 * shared links show the same list. A bad value in a hand-edited URL is dropped, not an error.
 */
export const userSearchSchema = searchParams({
  q: string({ max: 100 }),
  status: oneOf(userStatuses),
  role: oneOf(roles),
  grade: oneOf(userGradeFilters),
  sort: oneOf(userSorts),
  page: page({ coerce: true }),
})
export type UserSearch = ReturnType<typeof userSearchSchema>

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
