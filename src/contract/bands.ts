import { z } from 'zod'
import { bandStatuses } from './choices'
import { says, text } from './text'
import { pageOf, pagingQuerySchema } from './paging'
import { partSchema } from './people'
import { m } from '../i18n/paraglide/messages.js'

export { bandStatuses }

/** A band's status as the reader says it (screens, band history and the activity log). */
export const bandStatusLabels: Record<BandStatus, () => string> = {
  active: () => m.bands_status_active(),
  inactive: () => m.bands_status_inactive(),
  disbanded: () => m.bands_status_disbanded(),
}
export type BandStatus = (typeof bandStatuses)[number]

export const MAX_BAND_MEMBERS = 10

export const bandMemberInputSchema = z.object({ userId: z.uuid(says(() => m.bands_choose_member_from_list())), part: partSchema, isLeader: z.boolean() })
export type BandMemberInput = z.infer<typeof bandMemberInputSchema>

const bandFields = {
  name: text({ min: 1, max: 60, empty: () => m.bands_name_required() }),
  description: text({ max: 500, multiline: true }),
  /** The genre, or the artist the band covers. */
  genre: text({ max: 80 }),
  members: z
    .array(bandMemberInputSchema)
    .min(
      1,
      says(() => m.bands_at_least_one_member()),
    )
    .max(
      MAX_BAND_MEMBERS,
      says(() => m.bands_at_most_members_error({ max: MAX_BAND_MEMBERS })),
    ),
}

/** Exactly one leader, and nobody listed twice. */
function checkMembers(value: { members: BandMemberInput[] }, context: z.RefinementCtx) {
  const leaders = value.members.filter((member) => member.isLeader).length
  if (leaders !== 1) context.addIssue({ code: 'custom', path: ['members'], message: m.bands_exactly_one_leader() })
  const seen = new Set<string>()
  value.members.forEach((member, index) => {
    if (seen.has(member.userId)) context.addIssue({ code: 'custom', path: ['members', index, 'userId'], message: m.bands_already_in_band() })
    seen.add(member.userId)
  })
}

/** Registering a band, and band members editing it (the whole member list is sent). */
export const bandInputSchema = z.object(bandFields).superRefine(checkMembers)
export type BandInput = z.infer<typeof bandInputSchema>

/** Executives and admins also set the status. */
export const bandAdminInputSchema = z.object({ ...bandFields, status: z.enum(bandStatuses) }).superRefine(checkMembers)
export type BandAdminInput = z.infer<typeof bandAdminInputSchema>

export const bandParamsSchema = z.object({ bandId: z.uuid(says(() => m.bands_not_a_band_id())) })

export const bandMemberSchema = z.object({
  /** Null for a deleted account, shown as "Deleted user". */
  userId: z.uuid().nullable(),
  displayName: z.string(),
  part: partSchema,
  isLeader: z.boolean(),
})
export type BandMember = z.infer<typeof bandMemberSchema>

export const bandSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  genre: z.string(),
  status: z.enum(bandStatuses),
  members: z.array(bandMemberSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Band = z.infer<typeof bandSchema>

export const bandListQuerySchema = pagingQuerySchema.extend({
  q: text({ max: 60 }).optional(),
  status: z.enum(bandStatuses).optional(),
  part: partSchema.optional(),
  memberId: z.uuid().optional(),
})
export type BandListQuery = z.infer<typeof bandListQuerySchema>
export const bandPageSchema = pageOf(bandSchema)

export const bandHistoryEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  /** Who did it; null for a deleted account or the system. */
  actor: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  action: z.enum(['created', 'updated', 'member-added', 'member-removed', 'part-changed', 'leader-changed', 'status-changed', 'left', 'disbanded']),
  /** A sentence for people, e.g. "Aoi Tanaka joined as Drums". */
  summary: z.string(),
})
export type BandHistoryEntry = z.infer<typeof bandHistoryEntrySchema>
export const bandHistorySchema = z.object({ items: z.array(bandHistoryEntrySchema) })
