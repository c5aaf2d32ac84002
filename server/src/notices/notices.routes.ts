import type { FastifyInstance } from 'fastify'
import {
  calendarFeedSchema,
  calendarTokenParamsSchema,
  noticeListQuerySchema,
  noticePageSchema,
  noticeParamsSchema,
  noticePreferencesSchema,
  noticeSchema,
  unreadCountSchema,
} from '../../../src/contract/notices'
import type { Db } from '../db/client'
import type { ChangeFeed } from '../db/change-feed'
import { sendCalendar } from '../http/calendar-response'
import { defineRoute } from '../http/route'
import type { JobRunner } from '../jobs/job-runner'
import type { Mailer } from '../mail/mailer'
import type { SettingsService } from '../settings/settings.service'
import { createBookingReminders } from './booking-reminders'
import { createCalendarFeedService } from './calendar-feed.service'
import { createNoticesService } from './notices.service'
import type { Notifier } from './notify'

export interface NoticesDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  jobs: JobRunner
  mailer: Mailer
  notifier: Notifier
  feed: ChangeFeed
  /** The server's secret: calendar feed tokens are HMACs under it. */
  secret: Uint8Array
  publicUrl: string
}

/**
 * Notifications and calendar feeds (issue 17 items 3–4, decision 023): the caller's notices
 * (the bell), their choices per kind, their secret calendar feed, the feed itself, and the
 * daily job that reminds people of tomorrow's bookings.
 */
export function registerNoticeRoutes(app: FastifyInstance, deps: NoticesDeps) {
  const notices = createNoticesService(deps)
  const calendar = createCalendarFeedService({ ...deps, secret: deps.secret })
  const reminders = createBookingReminders({ ...deps, log: app.log })
  app.addHook('onReady', () => reminders.schedule())
  // A new reminder time applies from the next evening on (the job waiting for the old time
  // finds the new one, or a new job is added for it).
  deps.feed.subscribe('settings', () => {
    reminders.schedule().catch((error: unknown) => app.log.error({ err: error }, 'could not schedule the booking reminders'))
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/notices',
    tag: 'notices',
    summary: 'My notices, newest first, with how many are unread',
    query: noticeListQuerySchema,
    response: noticePageSchema,
    handler: ({ query, principal }) => notices.list(principal!.user.id, query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/notices/unread-count',
    tag: 'notices',
    summary: 'How many of my notices are unread (the bell)',
    response: unreadCountSchema,
    handler: async ({ principal }) => ({ unread: await notices.unreadOf(principal!.user.id) }),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/notices/:noticeId/read',
    tag: 'notices',
    summary: 'Mark one of my notices read',
    params: noticeParamsSchema,
    response: noticeSchema,
    keepsPeople: true,
    handler: ({ params, principal }) => notices.markRead(principal!.user.id, params.noticeId),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/notices/read-all',
    tag: 'notices',
    summary: 'Mark all my notices read',
    response: unreadCountSchema,
    keepsPeople: true,
    handler: ({ principal }) => notices.markAllRead(principal!.user.id),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/me/notice-preferences',
    tag: 'notices',
    summary: 'How each kind of notice reaches me: in the app and by mail, in the app only, or not at all',
    response: noticePreferencesSchema,
    handler: ({ principal }) => notices.preferences(principal!.user.id),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/me/notice-preferences',
    tag: 'notices',
    summary: 'Save how each kind of notice reaches me (every kind at once)',
    body: noticePreferencesSchema,
    response: noticePreferencesSchema,
    keepsPeople: true,
    handler: ({ body, principal }) => notices.savePreferences(principal!.user.id, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/me/calendar-feed',
    tag: 'notices',
    summary: 'The address of my calendar feed, if I have one',
    response: calendarFeedSchema,
    handler: ({ principal }) => calendar.get(principal!.user.id),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/me/calendar-feed',
    tag: 'notices',
    summary: 'Make me a new calendar feed address; the old one stops working',
    response: calendarFeedSchema,
    keepsPeople: true,
    handler: ({ principal }) => calendar.regenerate(principal!.user.id),
  })

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/me/calendar-feed',
    tag: 'notices',
    summary: 'Turn my calendar feed off; its address stops working',
    status: 204,
    keepsPeople: true,
    handler: async ({ principal }) => {
      await calendar.revoke(principal!.user.id)
    },
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/calendar/:token.ics',
    tag: 'notices',
    summary: 'A member’s calendar feed (iCalendar): their bookings and their bands’ performances; ETag and 304',
    params: calendarTokenParamsSchema,
    handler: async ({ params, request, reply }) => sendCalendar(request, reply, await calendar.render(params.token)),
  })
}
