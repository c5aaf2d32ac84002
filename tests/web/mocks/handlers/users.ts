import { http, HttpResponse } from 'msw'
import type { UserDetail, UserListItem } from '@/contract/users'
import { buildApiError } from '../../support/factories'

let sequence = 0

export function buildListUser(overrides: Partial<UserDetail> = {}): UserDetail {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    email: `person${sequence}@club.example`,
    displayName: `Person ${sequence}`,
    enrollmentYear: 2024,
    grade: 3,
    role: 'member',
    status: 'active',
    isExecutive: false,
    createdAt: '2026-04-01T00:00:00.000Z',
    updatedAt: '2026-04-01T00:00:00.000Z',
    deletedAt: null,
    ...overrides,
  }
}

/**
 * A small in-memory user table behind the user-admin endpoints. Tests read `requests` to see
 * what the screens asked for, and `deleted` / `approved` to see what they changed.
 */
export function createUsersApi(initial: UserDetail[]) {
  const rows = new Map(initial.map((user) => [user.id, { ...user }]))
  const state = {
    rows,
    requests: [] as URL[],
    approved: [] as string[],
    deleted: [] as string[][],
    /** Set to make the next delete answer with this error. */
    deleteError: null as null | { status: number; code: string; message: string },
  }
  const toItem = ({ updatedAt: _updatedAt, deletedAt: _deletedAt, ...item }: UserDetail): UserListItem => item

  const handlers = [
    http.get('/api/users', ({ request }) => {
      const url = new URL(request.url)
      state.requests.push(url)
      const q = url.searchParams.get('q')?.toLowerCase()
      const status = url.searchParams.get('status')
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 25)
      const matching = [...rows.values()].filter(
        (user) =>
          (status ? user.status === status : user.status !== 'deleted') &&
          (!q || user.displayName.toLowerCase().includes(q) || user.email.toLowerCase().includes(q)),
      )
      return HttpResponse.json({ items: matching.slice((page - 1) * pageSize, page * pageSize).map(toItem), total: matching.length })
    }),
    http.get('/api/users/:userId', ({ params }) => {
      const user = rows.get(String(params.userId))
      return user ? HttpResponse.json(user) : HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such account.'), { status: 404 })
    }),
    http.patch('/api/users/:userId', async ({ params, request }) => {
      const user = rows.get(String(params.userId))
      if (!user) return HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such account.'), { status: 404 })
      const patch = (await request.json()) as Partial<UserDetail>
      const taken = [...rows.values()].some((other) => other.id !== user.id && patch.email && other.email.toLowerCase() === patch.email.toLowerCase())
      if (taken) {
        return HttpResponse.json(buildApiError('EMAIL_TAKEN', 'Another account already uses this email address.', { email: 'This email is already in use' }), { status: 409 })
      }
      Object.assign(user, patch, { updatedAt: new Date().toISOString() })
      return HttpResponse.json(user)
    }),
    http.post('/api/users/:userId/approve', ({ params }) => {
      const user = rows.get(String(params.userId))
      if (!user) return HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such account.'), { status: 404 })
      if (user.status !== 'pending') return HttpResponse.json(buildApiError('NOT_PENDING', 'This account is not waiting for approval.'), { status: 409 })
      user.status = 'active'
      user.updatedAt = new Date().toISOString()
      state.approved.push(user.id)
      return HttpResponse.json(user)
    }),
    http.post('/api/users/delete', async ({ request }) => {
      const { userIds } = (await request.json()) as { userIds: string[] }
      if (state.deleteError) {
        const { status, code, message } = state.deleteError
        return HttpResponse.json(buildApiError(code, message), { status })
      }
      state.deleted.push(userIds)
      for (const id of userIds) {
        const user = rows.get(id)!
        Object.assign(user, { status: 'deleted', displayName: 'Deleted user', email: `deleted-${id}@deleted.invalid` })
      }
      return HttpResponse.json({ deleted: userIds.length })
    }),
  ]
  return { state, handlers }
}
