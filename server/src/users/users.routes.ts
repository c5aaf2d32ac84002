import type { FastifyInstance } from 'fastify'
import { gradeLabel } from '../../../src/contract/terms'
import {
  roleLabels,
  statusLabels,
  userDeleteResponseSchema,
  userDeleteSchema,
  userDetailSchema,
  userFilterSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPageSchema,
  userPatchSchema,
  type UserListItem,
} from '../../../src/contract/users'
import { sendCsv, type CsvColumn } from '../http/csv'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { defineRoute } from '../http/route'
import { createUsersService, type UsersDeps } from './users.service'

const csvColumns: ReadonlyArray<CsvColumn<UserListItem>> = [
  {
    get header() {
      return m.common_csv_name()
    },
    value: (user) => user.displayName,
  },
  {
    get header() {
      return m.common_csv_email()
    },
    value: (user) => user.email,
  },
  {
    get header() {
      return m.common_csv_enrollment_year()
    },
    value: (user) => user.enrollmentYear,
  },
  {
    get header() {
      return m.common_csv_grade()
    },
    value: (user) => gradeLabel(user.grade),
  },
  {
    get header() {
      return m.common_csv_role()
    },
    value: (user) => roleLabels[user.role],
  },
  {
    get header() {
      return m.common_csv_executive()
    },
    value: (user) => (user.isExecutive ? m.common_csv_yes() : m.common_csv_no()),
  },
  {
    get header() {
      return m.common_csv_status()
    },
    value: (user) => statusLabels[user.status],
  },
  {
    get header() {
      return m.common_csv_registered()
    },
    value: (user) => user.createdAt,
  },
]

/**
 * User administration (SPEC §5.2). Executives may read the list and export it; every change
 * is for admins. Rules live in users.service.ts.
 */
export function registerUserRoutes(app: FastifyInstance, deps: UsersDeps) {
  const users = createUsersService(deps)

  defineRoute(app, {
    method: 'GET',
    url: '/api/users',
    tag: 'users',
    summary: 'Accounts: search, filter by status/role/grade, sort, page',
    query: userListQuerySchema,
    response: userPageSchema,
    handler: ({ query }) => users.list(query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/users/export.csv',
    tag: 'users',
    summary: 'The filtered accounts as CSV (UTF-8 with BOM, for Excel)',
    query: userFilterSchema,
    handler: async ({ query, reply }) => {
      const rows = await users.exportRows(query)
      return sendCsv(reply, 'members.csv', csvColumns, rows)
    },
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/users/delete',
    tag: 'users',
    summary: 'Delete accounts (soft, anonymising), all or none',
    body: userDeleteSchema,
    response: userDeleteResponseSchema,
    handler: ({ body, principal }) => users.deleteMany(principal!.user.id, body.userIds),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/users/:userId',
    tag: 'users',
    summary: 'One account, for editing',
    params: userIdParamsSchema,
    response: userDetailSchema,
    handler: ({ params }) => users.detail(params.userId),
  })

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/users/:userId',
    tag: 'users',
    summary: 'Edit an account: name, email, enrollment year, role, status',
    params: userIdParamsSchema,
    body: userPatchSchema,
    response: userDetailSchema,
    handler: ({ params, body, principal }) => users.update(principal!.user.id, params.userId, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/users/:userId/approve',
    tag: 'users',
    summary: 'Approve a pending account (mails the user)',
    params: userIdParamsSchema,
    response: userDetailSchema,
    handler: ({ params }) => users.approve(params.userId),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/users/:userId/sessions/revoke',
    tag: 'users',
    summary: 'Sign the user out everywhere',
    params: userIdParamsSchema,
    status: 204,
    handler: ({ params }) => users.revokeAllSessions(params.userId),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/users/:userId/password-reset',
    tag: 'users',
    summary: 'Mail the user a password-reset link',
    params: userIdParamsSchema,
    status: 204,
    handler: ({ params }) => users.sendPasswordReset(params.userId),
  })
}
