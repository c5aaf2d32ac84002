import { z } from 'zod'
import { userGradeFilters, userSorts } from './choices'
import { says, text } from './text'
import { emailSchema, roles, userStatuses } from './auth'
import { pageOf, pagingQuerySchema } from './paging'
import { m } from '../i18n/paraglide/messages.js'

/**
 * User administration (SPEC §5.2): the list executives see, the record admins edit, bulk
 * deletion. Grades are filtered on the server from the enrollment year and the current term.
 */
export const gradeFilters = userGradeFilters
export type GradeFilter = (typeof gradeFilters)[number]

/** Sort keys the list accepts; a leading `-` sorts descending. Anything else is a 400. */
export { userSorts }
export type UserSort = (typeof userSorts)[number]

/** The list's filters without paging (the CSV export takes these). */
export const userFilterSchema = z.object({
  q: text({ max: 100, tooLong: () => m.users_search_too_long() }).optional(),
  status: z.enum(userStatuses).optional(),
  role: z.enum(roles).optional(),
  grade: z.enum(gradeFilters).optional(),
  sort: z.enum(userSorts).default('name'),
})
export type UserFilter = z.output<typeof userFilterSchema>

export const userListQuerySchema = pagingQuerySchema.extend(userFilterSchema.shape)
export type UserListQuery = z.output<typeof userListQuerySchema>

const gradeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal('graduate'), z.literal('incoming')])

export const userListItemSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  enrollmentYear: z.number().int(),
  grade: gradeSchema,
  role: z.enum(roles),
  status: z.enum(userStatuses),
  isExecutive: z.boolean(),
  createdAt: z.string(),
})
export type UserListItem = z.infer<typeof userListItemSchema>
export const userPageSchema = pageOf(userListItemSchema)
export type UserPage = z.infer<typeof userPageSchema>

export const userDetailSchema = userListItemSchema.extend({
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
})
export type UserDetail = z.infer<typeof userDetailSchema>

export const userIdParamsSchema = z.object({ userId: z.uuid(says(() => m.users_not_valid_id())) })

/** Statuses an admin can set by editing; `deleted` only comes from deletion, `pending` only from registration. */
export const editableStatuses = ['pending', 'active', 'suspended'] as const

export const displayNameSchema = text({ min: 1, max: 40, empty: () => m.users_enter_name() })

/** Coerced, so the form's text input and the API's number both pass. */
export const enrollmentYearSchema = z.coerce
  .number<string | number>({ error: () => m.users_enter_year() })
  .int(says(() => m.users_whole_year()))
  .min(1950, says(() => m.users_year_from()))
  .max(2100, says(() => m.users_year_to()))

/** The edit form: every field, so the form and PATCH validate with one schema. */
export const userEditSchema = z.object({
  displayName: displayNameSchema,
  email: emailSchema,
  enrollmentYear: enrollmentYearSchema,
  role: z.enum(roles, { error: () => m.users_choose_role() }),
  status: z.enum(editableStatuses, { error: () => m.users_choose_status() }),
})
export type UserEditInput = z.output<typeof userEditSchema>

/** PATCH takes any subset of the form's fields (at least one). */
export const userPatchSchema = userEditSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: () => m.users_change_one_field() })
export type UserPatchInput = z.output<typeof userPatchSchema>

export const MAX_BULK_DELETE = 500

export const userDeleteSchema = z.object({
  userIds: z
    .array(z.uuid(says(() => m.users_not_valid_id())), { error: () => m.users_choose_accounts() })
    .min(1, says(() => m.users_at_least_one()))
    .max(MAX_BULK_DELETE, `At most ${MAX_BULK_DELETE} accounts at a time`)
    .refine((ids) => new Set(ids).size === ids.length, says(() => m.users_listed_twice())),
})
export type UserDeleteInput = z.output<typeof userDeleteSchema>
export const userDeleteResponseSchema = z.object({ deleted: z.number().int() })

// Getters: each label is worded when read, in the language shown then (decision 046).
export const statusLabels: Record<(typeof userStatuses)[number], string> = {
  get pending() {
    return m.users_status_pending()
  },
  get active() {
    return m.users_status_active()
  },
  get suspended() {
    return m.users_status_suspended()
  },
  get deleted() {
    return m.users_status_deleted()
  },
}
export const roleLabels: Record<(typeof roles)[number], string> = {
  get member() {
    return m.users_role_member()
  },
  get admin() {
    return m.users_role_admin()
  },
}
