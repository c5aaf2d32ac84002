import { z } from 'zod'
import { m } from '../i18n/paraglide/messages.js'

/**
 * In-app notices (SPEC §5.10): what the bell counts. Written by the server in the same
 * transaction as the change they tell about (`notify` in server/src/notices), one row per
 * person; a mail goes with it unless the person chose otherwise.
 */
export const noticeKinds = ['booking-tomorrow', 'allocation-result', 'application-decision', 'timetable', 'feedback', 'file-shared', 'suggestion'] as const
export type NoticeKind = (typeof noticeKinds)[number]
export const noticeKindSchema = z.enum(noticeKinds)

/** How a kind reaches a person; `mail` means in the app and by mail. The default is `mail`. */
export const noticeDeliveries = ['mail', 'app', 'off'] as const
export type NoticeDelivery = (typeof noticeDeliveries)[number]

export interface Notice {
  id: string
  kind: NoticeKind
  /** One line, in the club's words: "Midnight Train got Studio A on Tue 3rd". */
  title: string
  /** More, when there is more to say (may be empty). */
  body: string
  /** An in-app path to open, e.g. "/room-allocation-list". */
  link: string | null
  createdAt: string
  readAt: string | null
}

/** What each kind means to a member, for the preferences on the profile. */
export const noticeKindLabels: Record<NoticeKind, { title: () => string; description: () => string }> = {
  'booking-tomorrow': { title: () => m.notices_kind_booking_tomorrow_title(), description: () => m.notices_kind_booking_tomorrow_description() },
  'allocation-result': { title: () => m.notices_kind_allocation_result_title(), description: () => m.notices_kind_allocation_result_description() },
  'application-decision': { title: () => m.notices_kind_application_decision_title(), description: () => m.notices_kind_application_decision_description() },
  timetable: { title: () => m.notices_kind_timetable_title(), description: () => m.notices_kind_timetable_description() },
  feedback: { title: () => m.notices_kind_feedback_title(), description: () => m.notices_kind_feedback_description() },
  'file-shared': { title: () => m.notices_kind_file_shared_title(), description: () => m.notices_kind_file_shared_description() },
  suggestion: { title: () => m.notices_kind_suggestion_title(), description: () => m.notices_kind_suggestion_description() },
}

/** Kinds only executives and admins are ever told of; members' profiles do not offer them. */
export const executiveNoticeKinds: ReadonlySet<NoticeKind> = new Set(['file-shared', 'suggestion'])

export const noticeDeliveryLabels: Record<NoticeDelivery, () => string> = {
  mail: () => m.notices_delivery_mail(),
  app: () => m.notices_delivery_app(),
  off: () => m.notices_delivery_off(),
}

export const noticeDeliverySchema = z.enum(noticeDeliveries, { error: () => m.notices_delivery_choose() })

/** Every kind's delivery; the profile saves them all at once. */
export const noticePreferencesSchema = z.object({
  preferences: z.record(noticeKindSchema, noticeDeliverySchema),
})
export type NoticePreferences = z.output<typeof noticePreferencesSchema>

export const noticeSchema = z.object({
  id: z.uuid(),
  kind: noticeKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
})

export const noticeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type NoticeListQuery = z.output<typeof noticeListQuerySchema>

/** A page of the caller's notices, newest first, with how many are unread in all. */
export const noticePageSchema = z.object({ items: z.array(noticeSchema), total: z.number().int(), unread: z.number().int() })
export type NoticePage = z.output<typeof noticePageSchema>

export const unreadCountSchema = z.object({ unread: z.number().int() })
export type UnreadCount = z.output<typeof unreadCountSchema>

export const noticeParamsSchema = z.object({ noticeId: z.uuid('Not a valid id') })

/** The caller's calendar feed: its address (webcal:// and https://), or null when there is none. */
export const calendarFeedSchema = z.object({
  feed: z
    .object({
      url: z.string(),
      webcalUrl: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
})
export type CalendarFeed = z.output<typeof calendarFeedSchema>

/** A feed token as it appears in the address; anything that is not a live feed's token is a plain 404. */
export const calendarTokenParamsSchema = z.object({ token: z.string().max(200) })
