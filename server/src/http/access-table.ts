import type { Access } from './route'

export interface AccessRule {
  /** Who may call: visitor (`public`), a token's session (`session`), `member`, `executive` or `admin`. */
  access: Access
  /** A finer rule the area's service enforces on top (owner, band member, …), in words. */
  scope?: string
}

/**
 * THE authorisation table: every endpoint and who may call it, in one place to review.
 * `defineRoute` takes each route's rule from here and refuses to register a route without a
 * row; `tests/server/authorization.test.ts` calls every route as visitor, member, executive
 * and admin and fails when an answer differs from this table or a row has no route.
 * Finer rules (`scope`) are tested in each area's own tests.
 */
export const accessTable = {
  // meta
  'GET /api/health': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  // auth
  'POST /api/login': { access: 'public' },
  'POST /api/refresh': { access: 'session', scope: 'the session its token names (expired tokens accepted while the session lives)' },
  'POST /api/logout': { access: 'session', scope: 'the session its token names' },
  'GET /api/me': { access: 'member', scope: 'own account' },
  // mail
  'GET /api/outbox': { access: 'admin' },
  // backups (issue 34, decision 041)
  'GET /api/backups': { access: 'admin' },
  'POST /api/backups': { access: 'admin', scope: 'one backup at a time across every process (409 while one runs)' },
  'GET /api/backups/newest/link': { access: 'admin', scope: 'the link is theirs for 10 minutes' },
  'GET /api/backups/download': { access: 'public', scope: 'only with a link from /newest/link: its admin must still be an active admin' },
  // notices and calendar feeds (issue 17, decision 023)
  'GET /api/notices': { access: 'member', scope: 'own notices' },
  'GET /api/notices/unread-count': { access: 'member', scope: 'own notices' },
  'POST /api/notices/:noticeId/read': { access: 'member', scope: 'own notices (another person’s is a 404)' },
  'POST /api/notices/read-all': { access: 'member', scope: 'own notices' },
  'GET /api/me/notice-preferences': { access: 'member', scope: 'own choices' },
  'PUT /api/me/notice-preferences': { access: 'member', scope: 'own choices' },
  'GET /api/me/calendar-feed': { access: 'member', scope: 'own feed' },
  'POST /api/me/calendar-feed': { access: 'member', scope: 'own feed' },
  'DELETE /api/me/calendar-feed': { access: 'member', scope: 'own feed' },
  'GET /api/calendar/:token.ics': { access: 'public', scope: 'the feed whose secret token is in the address; any other token is a 404' },
  // club
  'GET /api/club': { access: 'public' },
  'GET /api/settings': { access: 'admin' },
  'PUT /api/settings': { access: 'admin' },
  'GET /api/rooms': { access: 'member' },
  'POST /api/rooms': { access: 'admin' },
  'PATCH /api/rooms/:roomId': { access: 'admin' },
  'DELETE /api/rooms/:roomId': { access: 'admin' },
  'GET /api/periods': { access: 'member' },
  'POST /api/periods': { access: 'admin' },
  'PATCH /api/periods/:periodId': { access: 'admin' },
  'DELETE /api/periods/:periodId': { access: 'admin' },
  'GET /api/blackouts': { access: 'member' },
  'POST /api/blackouts': { access: 'admin' },
  'DELETE /api/blackouts/:blackoutId': { access: 'admin' },
  'GET /api/positions': { access: 'executive' },
  'POST /api/positions': { access: 'admin' },
  'PUT /api/positions/order': { access: 'admin' },
  'PATCH /api/positions/:positionId': { access: 'admin' },
  'DELETE /api/positions/:positionId': { access: 'admin' },
  'POST /api/positions/:positionId/holders': { access: 'admin' },
  'DELETE /api/position-holders/:holderId': { access: 'admin' },
  // members
  'GET /api/members/search': { access: 'member' },
  // accounts
  'GET /api/registration': { access: 'public' },
  'POST /api/register': { access: 'public' },
  'POST /api/password-reset/request': { access: 'public' },
  'GET /api/password-reset/check': { access: 'public' },
  'POST /api/password-reset/confirm': { access: 'public' },
  'POST /api/me/password': { access: 'member', scope: 'own account' },
  'POST /api/me/email': { access: 'member', scope: 'own account' },
  'GET /api/profile': { access: 'member', scope: 'own account' },
  'PATCH /api/profile': { access: 'member', scope: 'own account' },
  'PUT /api/profile/language': { access: 'member', scope: 'own account' },
  // people
  'GET /api/intros': { access: 'member', scope: 'active members only; never private details' },
  'GET /api/intros/:userId': { access: 'member', scope: 'active members only; never private details' },
  'GET /api/me/intro': { access: 'member', scope: 'own intro' },
  'PUT /api/me/intro': { access: 'member', scope: 'own intro' },
  'GET /api/me/additional-info': { access: 'member', scope: 'own details' },
  'PUT /api/me/additional-info': { access: 'member', scope: 'own details' },
  'GET /api/users/:userId/additional-info': { access: 'executive' },
  // users
  'GET /api/users': { access: 'executive', scope: 'executives read; only admins act' },
  'GET /api/users/export.csv': { access: 'executive', scope: 'executives read; only admins act' },
  'POST /api/users/delete': { access: 'admin', scope: 'never self; never the last active admin' },
  'GET /api/users/:userId': { access: 'admin' },
  'PATCH /api/users/:userId': { access: 'admin', scope: 'not own role or status; never the last active admin' },
  'POST /api/users/:userId/approve': { access: 'admin' },
  'POST /api/users/:userId/sessions/revoke': { access: 'admin' },
  'POST /api/users/:userId/password-reset': { access: 'admin' },
  // bands
  'POST /api/bands': { access: 'member', scope: 'the caller must be one of the members; members are active accounts' },
  'GET /api/bands': { access: 'member' },
  'GET /api/bands/mine': { access: 'member', scope: 'own bands' },
  'GET /api/bands/:bandId': { access: 'member' },
  'PATCH /api/bands/:bandId': { access: 'member', scope: 'band members only; only the leader hands over leadership; not disbanded bands' },
  'POST /api/bands/:bandId/leave': { access: 'member', scope: 'band members only; not the leader, not the last member' },
  'POST /api/bands/:bandId/disband': { access: 'member', scope: 'the band’s leader only' },
  'PUT /api/bands/:bandId/admin': { access: 'executive' },
  'GET /api/bands/:bandId/history': { access: 'member', scope: 'band members (past ones of a disbanded band too), executives and admins' },
  // rooms and bookings
  'GET /api/room-schedule': { access: 'member', scope: 'personal practice names the person; the caller’s own bookings marked' },
  'GET /api/public/room-schedule': { access: 'public', scope: 'only what the public-schedule settings allow; never names a person' },
  'GET /api/bookings': { access: 'member', scope: 'own bookings (booked by or for the caller or their bands); scope=all for executives only' },
  'GET /api/bookings/export.csv': { access: 'member', scope: 'as GET /api/bookings' },
  'GET /api/bookings/check': { access: 'member', scope: 'the rules as they apply to the caller' },
  'GET /api/bookings/quota': { access: 'member', scope: 'own quota and own bands’' },
  'POST /api/bookings': { access: 'member', scope: 'band: a member of that band; personal: own practice; block: executives only' },
  'POST /api/bookings/:bookingId/cancel': { access: 'member', scope: 'the booker, the band’s members and executives; before the slot starts' },
  // room allocation rounds (issue 15)
  'GET /api/allocation/rounds': { access: 'member' },
  'GET /api/allocation/rounds/:roundId': { access: 'member' },
  'GET /api/allocation/rounds/:roundId/my-wishes': { access: 'member', scope: 'the caller’s own active bands' },
  'PUT /api/allocation/rounds/:roundId/bands/:bandId/wishes': { access: 'member', scope: 'a member of that band; while the round is open' },
  'GET /api/allocation/rounds/:roundId/contest': { access: 'member', scope: 'counts only, never band names' },
  'GET /api/allocation/rounds/:roundId/wishes': { access: 'executive' },
  'POST /api/allocation/rounds/:roundId/run': { access: 'executive' },
  'GET /api/allocation/rounds/:roundId/draft': { access: 'executive' },
  'POST /api/allocation/rounds/:roundId/draft/check': { access: 'executive' },
  'POST /api/allocation/rounds/:roundId/draft/changes': { access: 'executive' },
  'POST /api/allocation/rounds/:roundId/publish': { access: 'executive' },
  'GET /api/allocation/rounds/:roundId/my-results': { access: 'member', scope: 'the caller’s own bands' },
  // lives: events and applications
  'GET /api/events': { access: 'member', scope: 'drafts only for executives' },
  'GET /api/events/current': { access: 'member', scope: 'drafts only for executives' },
  'GET /api/events/:eventId': { access: 'member', scope: 'a draft is a 404 for members' },
  'POST /api/events': { access: 'executive' },
  'PUT /api/events/:eventId': { access: 'executive' },
  'POST /api/events/:eventId/applications': { access: 'member', scope: 'a member of the band, while applications are open' },
  'GET /api/events/:eventId/applications': { access: 'member', scope: 'own bands’ applications; scope=all (every band, filters, summary) for executives only' },
  'POST /api/events/:eventId/applications/review': { access: 'executive' },
  'GET /api/applications/:applicationId': { access: 'member', scope: 'the band’s members and executives' },
  'PUT /api/applications/:applicationId': { access: 'member', scope: 'the band’s members, while applications are open' },
  'POST /api/applications/:applicationId/withdraw': { access: 'member', scope: 'the band’s members, while applications are open' },
  'POST /api/applications/:applicationId/review': { access: 'executive' },
  // lives: participants and accepted bands
  'GET /api/events/:eventId/participants': { access: 'member', scope: 'private details for executives only' },
  'GET /api/events/:eventId/participants/export.csv': { access: 'member', scope: 'private details for executives only' },
  'GET /api/events/:eventId/bands': { access: 'member' },
  // lives: timetables (issue #7)
  'GET /api/events/:eventId/timetable': { access: 'member', scope: 'the latest published version; the draft for executives only' },
  'PUT /api/events/:eventId/timetable/draft': { access: 'executive' },
  'POST /api/events/:eventId/timetable/generate': { access: 'executive' },
  'GET /api/events/:eventId/timetable/input': { access: 'executive', scope: 'the draft’s pins and the weights asked for' },
  'GET /api/events/:eventId/timetable/improvement': { access: 'executive' },
  'POST /api/events/:eventId/timetable/improvement': { access: 'executive', scope: 'one run per live at a time' },
  'POST /api/events/:eventId/timetable/improvement/stop': { access: 'executive' },
  'POST /api/events/:eventId/timetable/publish': { access: 'executive', scope: 'a draft that breaks a hard rule needs confirmBreaks' },
  'GET /api/events/:eventId/timetable.ics': { access: 'public', scope: 'the latest published version of a live that is not a draft' },
  'GET /api/events/:eventId/timetable.csv': { access: 'member', scope: 'the latest published version' },
  // feedback (issue 16, decision 022): the author of anonymous feedback is in no answer but an admin's
  'GET /api/feedback/options': { access: 'member' },
  'POST /api/feedback': { access: 'member', scope: 'performance feedback only for a band that played at a live that has started; at most 10 per member per hour' },
  'GET /api/feedback/mine': { access: 'member', scope: 'own feedback' },
  'GET /api/feedback/received': { access: 'member', scope: 'feedback to the caller’s current bands, hidden feedback left out' },
  'GET /api/feedback': { access: 'executive' },
  'PUT /api/feedback/:feedbackId/status': { access: 'executive' },
  'PUT /api/feedback/:feedbackId/reply': { access: 'executive' },
  'PUT /api/feedback/:feedbackId/hidden': { access: 'executive' },
  // files (SPEC §5.8, issue 16); a file for executives is a 404 to members everywhere
  'GET /api/files/folders': { access: 'member' },
  'POST /api/files/folders': { access: 'executive' },
  'PATCH /api/files/folders/:folderId': { access: 'executive' },
  'DELETE /api/files/folders/:folderId': { access: 'executive', scope: 'only an empty folder' },
  'GET /api/files': { access: 'member', scope: 'files for executives only to executives and admins' },
  'GET /api/files/trash': { access: 'executive' },
  'GET /api/files/:fileId': { access: 'member', scope: 'files for executives only to executives and admins; trashed ones to executives' },
  'PATCH /api/files/:fileId': { access: 'executive' },
  'DELETE /api/files/:fileId': { access: 'executive' },
  'POST /api/files/:fileId/restore': { access: 'executive' },
  'GET /api/files/:fileId/link': { access: 'member', scope: 'a file the caller may see; the link is theirs for 6 hours' },
  'GET /api/files/:fileId/content': { access: 'public', scope: 'only with a link from /link: its member must still be active and still allowed to see the file' },
  'POST /api/files/uploads': { access: 'executive' },
  'PATCH /api/files/uploads/:uploadId': { access: 'executive', scope: 'the uploader’s own upload' },
  'HEAD /api/files/uploads/:uploadId': { access: 'executive', scope: 'the uploader’s own upload' },
  'DELETE /api/files/uploads/:uploadId': { access: 'executive', scope: 'the uploader’s own upload' },
  // dashboards (issue 17, decision 025)
  'GET /api/dashboard': { access: 'member', scope: 'own bookings, bands, applications, performances and details; feedback to own current bands, anonymous authors for admins only' },
  'GET /api/dashboard/club': { access: 'executive' },
  // activity log (issue 34 §5, decision 042)
  'GET /api/activity': { access: 'admin' },
} as const satisfies Record<string, AccessRule>

export type RouteKey = keyof typeof accessTable
