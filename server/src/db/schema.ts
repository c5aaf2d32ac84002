import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { roles, userStatuses } from '../../../src/contract/auth'
import { bookingKinds, bookingSources, bookingStatuses } from '../../../src/contract/bookings'
import { applicationStatuses, eventKinds, eventStatuses, seasons, type EventDay, type Song, type UnavailableWindow } from '../../../src/contract/lives'
import type { BoundSource, ImprovementStatus, SchedulePlacement } from '../../../src/contract/live-schedule'
import { feedbackCategories, feedbackStatuses, feedbackTargets, fileVisibilities } from '../../../src/contract/choices'
import type { AllocationResult } from '../../../src/contract/allocation'
import type { NoticeDelivery, NoticeKind } from '../../../src/contract/notices'

export const userRole = pgEnum('user_role', roles)
export const userStatus = pgEnum('user_status', userStatuses)

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull(),
    enrollmentYear: integer('enrollment_year').notNull(),
    role: userRole('role').notNull().default('member'),
    status: userStatus('status').notNull().default('pending'),
    /** The language chosen on the profile ('en', 'ja'); null: as the browser asks (decision 046). */
    language: text('language'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_status_idx').on(t.status),
    index('users_display_name_lower_idx').on(sql`lower(${t.displayName})`),
  ],
)

/**
 * Server-side sessions. The access token (a short JWT) only names a session; whether it is
 * alive is decided here: revoked, idle for 30 minutes, or past its absolute expiry ends it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

/** Failed sign-ins, kept to throttle guessing per account (5 per 15 minutes). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip'),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_failed_at_idx').on(t.email, t.failedAt)],
)

/**
 * Per-address request counters of the rate-limited routes (sign-in, registration, resets),
 * kept in the database so every server process counts the same calls.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
})

/**
 * Club settings (SPEC §5.3) as one validated JSON document under key `club`; the shape and
 * defaults are `clubSettingsSchema` in src/contract/settings.ts. Rooms, periods and blackouts,
 * which other rows point at, are tables of their own.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
})

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    active: boolean('active').notNull().default(true),
    shownPublicly: boolean('shown_publicly').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('rooms_name_lower_key').on(sql`lower(${t.name})`)],
)

/** The day's bookable periods, e.g. "1st 09:00–10:30"; times are club-time-zone wall clock. */
export const periods = pgTable('periods', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  startsAt: text('starts_at').notNull(),
  endsAt: text('ends_at').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
})

/** Dates on which rooms cannot be booked; `roomIds` null means every room. */
export const blackouts = pgTable(
  'blackouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    roomIds: uuid('room_ids').array(),
    reason: text('reason').notNull(),
    ...timestamps,
  },
  (t) => [index('blackouts_range_idx').on(t.startsOn, t.endsOn)],
)

/** Every mail the app sends: always recorded here, and sent over SMTP when SMTP_URL is set. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
)

/** Single-use password-reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
)

/** A member's self-introduction as others see it (SPEC §5.1). */
export const intros = pgTable(
  'intros',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname'),
    parts: text('parts').array().notNull().default(sql`'{}'::text[]`),
    favouriteArtists: text('favourite_artists').array().notNull().default(sql`'{}'::text[]`),
    body: text('body').notNull().default(''),
    lookingForBand: boolean('looking_for_band').notNull().default(false),
    wantedParts: text('wanted_parts').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intros_parts_idx').using('gin', t.parts)],
)

/** Private details the university asks for; the member, executives and admins only. */
export const additionalInfo = pgTable('additional_info', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name'),
  nameKana: text('name_kana'),
  studentNumber: text('student_number'),
  faculty: text('faculty'),
  department: text('department'),
  phone: text('phone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Executive positions (President, Treasurer, …), ordered for display. */
export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('positions_name_lower_key').on(sql`lower(${t.name})`)],
)

/**
 * Who holds which position in which term (academic year). A member is an executive exactly
 * while they hold a position in the current term, so rights change hands with the term.
 */
export const positionHolders = pgTable(
  'position_holders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termYear: integer('term_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('position_holders_unique_key').on(t.positionId, t.userId, t.termYear),
    index('position_holders_user_term_idx').on(t.userId, t.termYear),
  ],
)

export const bandStatus = pgEnum('band_status', ['active', 'inactive', 'disbanded'])

/** Bands (SPEC §5.4). A name is unique among bands that are not disbanded, whatever its case. */
export const bands = pgTable(
  'bands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    genre: text('genre').notNull().default(''),
    status: bandStatus('status').notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bands_live_name_key').on(sql`lower(${t.name})`).where(sql`${t.status} <> 'disbanded'`),
    index('bands_status_idx').on(t.status),
  ],
)

/**
 * Who plays in a band, with their part. One leader per band is guaranteed by a partial unique
 * index; "at least one" by the service. A deleted account's row stays in disbanded bands and
 * shows as "Deleted user".
 */
export const bandMembers = pgTable(
  'band_members',
  {
    bandId: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    part: text('part').notNull(),
    isLeader: boolean('is_leader').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bandId, t.userId] }),
    index('band_members_user_idx').on(t.userId),
    uniqueIndex('band_members_one_leader_key').on(t.bandId).where(sql`${t.isLeader}`),
  ],
)

/** A band's history: who changed what and when, shown on its edit screens. */
export const bandEvents = pgTable(
  'band_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bandId: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [index('band_events_band_at_idx').on(t.bandId, t.at)],
)

export const bookingKind = pgEnum('booking_kind', bookingKinds)
export const bookingStatus = pgEnum('booking_status', bookingStatuses)
export const bookingSource = pgEnum('booking_source', bookingSources)

/**
 * Room bookings (SPEC §5.5). The partial unique index on active bookings is what makes a slot
 * free: two racing requests for one slot cannot both insert. The period's label and times are
 * copied at booking time; `slot_start`/`slot_end` are those times as instants in the club's
 * time zone ("upcoming", "until the slot starts"). A removed period leaves `period_id` null
 * on past bookings. Rooms with bookings are deactivated, never deleted.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    date: date('date').notNull(),
    periodId: uuid('period_id').references(() => periods.id, { onDelete: 'set null' }),
    periodLabel: text('period_label').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true }).notNull(),
    kind: bookingKind('kind').notNull(),
    bandId: uuid('band_id').references(() => bands.id, { onDelete: 'restrict' }),
    /**
     * The booker; for `personal`, the person practising. Null for an allocation round's
     * bookings: the round is their author, not the executive who published it (decision 035).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    status: bookingStatus('status').notNull().default('active'),
    source: bookingSource('source').notNull().default('booking'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bookings_active_slot_key').on(t.roomId, t.date, t.periodId).where(sql`${t.status} = 'active'`),
    index('bookings_active_date_period_idx').on(t.date, t.periodId).where(sql`${t.status} = 'active'`),
    index('bookings_user_date_idx').on(t.userId, t.date),
    index('bookings_band_date_idx').on(t.bandId, t.date),
    index('bookings_slot_start_idx').on(t.slotStart),
    check('bookings_band_needs_band', sql`(${t.kind} = 'band') = (${t.bandId} is not null)`),
    check('bookings_block_needs_reason', sql`${t.kind} <> 'block' or ${t.reason} is not null`),
    check('bookings_allocation_has_no_booker', sql`${t.source} <> 'allocation' or ${t.userId} is null`),
  ],
)

export const eventKind = pgEnum('event_kind', eventKinds)
export const season = pgEnum('season', seasons)
export const eventStatus = pgEnum('event_status', eventStatuses)
export const applicationStatus = pgEnum('application_status', applicationStatuses)

/**
 * Lives (SPEC §5.6). Days with their stages and opening hours are one validated JSON array
 * (`eventDaySchema`): they are read and written whole with the event and nothing points into
 * them. The "current" event of a kind is the newest of the current academic year that is not
 * archived, hence the index.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: eventKind('kind').notNull(),
    season: season('season'),
    title: text('title').notNull(),
    academicYear: integer('academic_year').notNull(),
    venue: text('venue').notNull().default(''),
    days: jsonb('days').$type<EventDay[]>().notNull(),
    defaultPerformanceMinutes: integer('default_performance_minutes').notNull(),
    changeoverMinutes: integer('changeover_minutes').notNull(),
    musicianGapMinutes: integer('musician_gap_minutes').notNull(),
    applicationOpensAt: timestamp('application_opens_at', { withTimezone: true }).notNull(),
    applicationClosesAt: timestamp('application_closes_at', { withTimezone: true }).notNull(),
    bandLimit: integer('band_limit'),
    status: eventStatus('status').notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('events_kind_year_idx').on(t.kind, t.season, t.academicYear, t.createdAt),
    check('events_season_iff_seasonal', sql`(${t.kind} = 'seasonal') = (${t.season} is not null)`),
    check('events_window_order', sql`${t.applicationClosesAt} > ${t.applicationOpensAt}`),
  ],
)

/**
 * A band's application to a live. One per band per event, withdrawn ones aside (a band that
 * withdrew may apply again): the partial unique index is what makes two racing submissions
 * end with one application. Songs and unavailable windows are validated JSON arrays.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    bandId: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'restrict' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    songs: jsonb('songs').$type<Song[]>().notNull(),
    requestedMinutes: integer('requested_minutes').notNull(),
    preferredDay: date('preferred_day'),
    unavailable: jsonb('unavailable').$type<UnavailableWindow[]>().notNull().default(sql`'[]'::jsonb`),
    needs: text('needs').notNull().default(''),
    message: text('message').notNull().default(''),
    status: applicationStatus('status').notNull().default('submitted'),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('applications_one_per_band_key').on(t.eventId, t.bandId).where(sql`${t.status} <> 'withdrawn'`),
    index('applications_event_status_idx').on(t.eventId, t.status),
    index('applications_band_idx').on(t.bandId),
    check('applications_requested_minutes_range', sql`${t.requestedMinutes} between 5 and 120`),
  ],
)

export const timetableStatus = pgEnum('timetable_status', ['draft', 'published'])

/**
 * A live's timetable (issue #7): at most one draft per event (partial unique index), edited by
 * executives, and published versions (1, 2, …) that members see, newest first. Placements are a
 * validated JSON array (`schedulePlacementSchema`): read and written whole, checked by the pure
 * rule checker on every read.
 */
export const timetables = pgTable(
  'timetables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: timetableStatus('status').notNull(),
    /** 0 for the draft; 1, 2, … for published versions. */
    version: integer('version').notNull(),
    placements: jsonb('placements').$type<SchedulePlacement[]>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('timetables_one_draft_key').on(t.eventId).where(sql`${t.status} = 'draft'`),
    uniqueIndex('timetables_event_version_key').on(t.eventId, t.version),
  ],
)

/**
 * A live's latest "Keep improving" run (issue 35, decision 045): one row per live, replaced by
 * the next start. The process running it writes its progress here (and finds `stop_requested`
 * here), so a status or a stop reaching another process (WORKERS=N) sees and reaches it.
 * `run_id` fences a replaced run's late writes; `heartbeat_at` tells a run whose process went
 * away (no heartbeat for two minutes) from a live one.
 */
export const timetableImprovements = pgTable('timetable_improvements', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  status: text('status').$type<ImprovementStatus>().notNull(),
  seed: integer('seed').notNull(),
  seconds: integer('seconds').notNull(),
  evaluations: integer('evaluations'),
  stopRequested: boolean('stop_requested').notNull().default(false),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  secondsDone: doublePrecision('seconds_done').notNull().default(0),
  searches: integer('searches').notNull().default(0),
  improvements: integer('improvements').notNull().default(0),
  cost: doublePrecision('cost'),
  bound: doublePrecision('bound'),
  gapPercent: doublePrecision('gap_percent'),
  provenOptimal: boolean('proven_optimal').notNull().default(false),
  boundSource: text('bound_source').$type<BoundSource>(),
  unplaced: integer('unplaced'),
  savedAt: timestamp('saved_at', { withTimezone: true }),
  message: text('message'),
})

/**
 * Durable background work (decision 014): a row per job, claimed with a lease by whichever
 * process gets it first (`FOR UPDATE SKIP LOCKED`), retried with backoff, done or failed for
 * good. `attempts` is raised by every claim and fences a stale finish after a takeover.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Set by a claim; past it, the process running the job is taken to be gone. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`)],
)

/**
 * In-app notices (SPEC §5.10), one row per person, written by `notify` in the transaction of
 * the change they tell about. The bell counts the unread ones.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_user_created_idx').on(t.userId, t.createdAt),
    index('notices_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)

// ---------------------------------------------------------------------------------------------
// Feedback (SPEC §5.7, issue 16, decision 022)
// ---------------------------------------------------------------------------------------------

export const feedbackTarget = pgEnum('feedback_target', feedbackTargets)
export const feedbackStatus = pgEnum('feedback_status', feedbackStatuses)
export const feedbackCategory = pgEnum('feedback_category', feedbackCategories)

/**
 * Feedback: a suggestion to the executives (`club`, with a category) or on a band's performance
 * at a live (`performance`: the event and the band). The author is always stored, also for
 * anonymous feedback (admins may see it); the service leaves it out of every other answer.
 * Hidden feedback is kept, with who hid it and when. Indexes serve the three lists: my written
 * (author), my bands' received (band), everyone's (newest first, by status).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    anonymous: boolean('anonymous').notNull().default(false),
    target: feedbackTarget('target').notNull(),
    category: feedbackCategory('category'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    bandId: uuid('band_id').references(() => bands.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    status: feedbackStatus('status').notNull().default('new'),
    reply: text('reply'),
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('feedback_author_created_idx').on(t.authorId, t.createdAt),
    index('feedback_band_created_idx').on(t.bandId, t.createdAt).where(sql`${t.hiddenAt} is null`),
    index('feedback_created_idx').on(t.createdAt),
    index('feedback_status_created_idx').on(t.status, t.createdAt),
    index('feedback_event_idx').on(t.eventId),
    check('feedback_club_has_category', sql`(${t.target} = 'club') = (${t.category} is not null)`),
    check('feedback_performance_has_band', sql`(${t.target} = 'performance') = (${t.eventId} is not null and ${t.bandId} is not null)`),
    check('feedback_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
)

// ── Room allocation rounds (issue 15, decision 020) ────────────────────────────────────

/** A ranked wish as stored: a cell, or any taking-part room (`roomId` null) at a date and period. */
export interface StoredWish {
  roomId: string | null
  date: string
  periodId: string
}
/** A standing wish: the same, by ISO weekday (1 = Monday), copied into each new round. */
export interface StandingWish {
  roomId: string | null
  weekday: number
  periodId: string
}
/** A cell of the draft given to a band. */
export interface StoredAssignment {
  bandId: string
  roomId: string
  date: string
  periodId: string
}

/**
 * `collecting` covers "wishes not open yet", "open" and "closed, run queued": which one is
 * read from the clock against `opens_at`/`closes_at`. `run_token` fences a run: only the run
 * that set it may store its result (exactly one run per round, decision 020).
 */
export const allocationRoundStatus = pgEnum('allocation_round_status', ['collecting', 'running', 'draft', 'published'])

/** One round per target week, with what takes part frozen when the round was made. */
export const allocationRounds = pgTable(
  'allocation_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Monday of the target week. */
    weekStart: date('week_start').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    status: allocationRoundStatus('status').notNull().default('collecting'),
    roomIds: uuid('room_ids').array().notNull(),
    periodIds: uuid('period_ids').array().notNull(),
    wishesPerBand: integer('wishes_per_band').notNull(),
    periodsPerBand: integer('periods_per_band').notNull(),
    seed: bigint('seed', { mode: 'number' }),
    runToken: uuid('run_token'),
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    /** The allocator's input and output of the last run (reproducible: same snapshot → same result). */
    snapshot: jsonb('snapshot').$type<unknown>(),
    result: jsonb('result').$type<AllocationResult>(),
    /** The draft as it stands (the run's result, then hand changes); what publishing books. */
    assignments: jsonb('assignments').$type<StoredAssignment[]>(),
    editedByHand: boolean('edited_by_hand').notNull().default(false),
    ranAt: timestamp('ran_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('allocation_rounds_week_key').on(t.weekStart)],
)

/** One band's ranked wishes in one round. */
export const allocationWishes = pgTable(
  'allocation_wishes',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => allocationRounds.id, { onDelete: 'cascade' }),
    bandId: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'cascade' }),
    wishes: jsonb('wishes').$type<StoredWish[]>().notNull(),
    wants: integer('wants').notNull(),
    /** Copied from the band's standing wish when the round was made, and not changed since. */
    fromStanding: boolean('from_standing').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.bandId] }), index('allocation_wishes_band_idx').on(t.bandId)],
)

/** A band's standing wish ("same time every week"), copied into each new round until changed. */
export const allocationStandingWishes = pgTable('allocation_standing_wishes', {
  bandId: uuid('band_id')
    .primaryKey()
    .references(() => bands.id, { onDelete: 'cascade' }),
  wishes: jsonb('wishes').$type<StandingWish[]>().notNull(),
  wants: integer('wants').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
})

/** What each band asked and received in a published round, and its priority points before and after. */
export const allocationOutcomes = pgTable(
  'allocation_outcomes',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => allocationRounds.id, { onDelete: 'cascade' }),
    bandId: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'cascade' }),
    weekStart: date('week_start').notNull(),
    asked: integer('asked').notNull(),
    received: integer('received').notNull(),
    pointsBefore: integer('points_before').notNull(),
    pointsAfter: integer('points_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.bandId] }), index('allocation_outcomes_band_week_idx').on(t.bandId, t.weekStart)],
)

// ── Notifications and calendar feeds (issue 17 items 3–4, decision 023) ──

/**
 * How each kind of notice reaches a person: `mail` (in the app and by mail), `app` or `off`.
 * No row means the default, `mail`; `notify` reads the rows of the people it tells.
 */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    delivery: text('delivery').$type<NoticeDelivery>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('notice_preferences_delivery_check', sql`${t.delivery} in ('mail', 'app', 'off')`)],
)

/**
 * A daily notice run that has happened (`booking-tomorrow` for the bookings of `day`): the job
 * inserts its row in the transaction that writes the notices, so however many processes run
 * the day's job, and however often, the people are told once.
 */
export const noticeRuns = pgTable(
  'notice_runs',
  {
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
)

/**
 * A member's secret calendar feed. Only a SHA-256 of the token is kept (the lookup key); the
 * token itself is an HMAC of the row's id under the server's secret, so the owner can be shown
 * the link again while a copy of the database alone reveals no feed. Revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_user_key').on(t.userId), uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
)

// ---------------------------------------------------------------------------------------------
// Files (SPEC §5.8, issue 16, decision 024): the club's shared files. A row says what a file
// is; its bytes live in the file storage (server/src/files/storage.ts) under `storage_key`.
// ---------------------------------------------------------------------------------------------

export const fileVisibility = pgEnum('file_visibility', fileVisibilities)
/** `storing`: the row is written, its bytes are being put into storage (invisible); `ready`: listed. */
export const fileStatus = pgEnum('file_status', ['storing', 'ready'])

/** Folders: a tree by `parent_id` (null: at the top). Names are unique among a folder's children, case-insensitively. */
export const fileFolders = pgTable(
  'file_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => fileFolders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('file_folders_parent_name_key').on(sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`)],
)

/**
 * Files. A "replace" keeps the old row as an earlier version (`replaced_at` set, the new row's
 * `previous_version_id` pointing at it); a delete moves it to the trash (`deleted_at`) for 30
 * days. The current files of a folder (not replaced, not deleted) have unique names there,
 * case-insensitively; "keep both" gives the newcomer a free name ("score (2).pdf").
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id').references(() => fileFolders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The type read from the file's first bytes (file-type), never the name's or the browser's claim. */
    type: text('type').notNull(),
    sha256: text('sha256').notNull(),
    description: text('description').notNull().default(''),
    visibility: fileVisibility('visibility').notNull().default('members'),
    status: fileStatus('status').notNull().default('storing'),
    /** The key of its bytes in the file storage: the tus upload's id. */
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The id of the first version: every version of a file shares it. */
    lineageId: uuid('lineage_id').notNull(),
    previousVersionId: uuid('previous_version_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('files_storage_key_key').on(t.storageKey),
    uniqueIndex('files_folder_name_key')
      .on(sql`coalesce(${t.folderId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`)
      .where(sql`${t.replacedAt} is null and ${t.deletedAt} is null`),
    // A folder's listing, by name or by time.
    index('files_folder_created_idx').on(t.folderId, t.createdAt).where(sql`${t.replacedAt} is null and ${t.deletedAt} is null`),
    index('files_created_idx').on(t.createdAt).where(sql`${t.replacedAt} is null and ${t.deletedAt} is null`),
    index('files_lineage_idx').on(t.lineageId),
    index('files_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
)

/**
 * The activity log (issue 34 §5, decision 042): who did what, one row per executive or admin
 * write, sign-in, refused sign-in and sign-in lockout, written in the transaction of the change
 * (server/src/activity/activity.ts). `changes` holds `[{field, before, after}]` with secrets
 * already replaced by "(hidden)". Rows older than the settings' `activityLog.keepDays` are
 * deleted by the job runner's hourly purge.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who did it; null for a refused sign-in, or once the account is gone. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    area: text('area').notNull(),
    action: text('action').notNull(),
    /** "METHOD url" of the route that wrote it, or null for sign-ins: what a developer looks for. */
    route: text('route'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    objectLabel: text('object_label'),
    changes: jsonb('changes').$type<Array<{ field: string; before: unknown; after: unknown }>>().notNull().default([]),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at.desc()),
    index('activity_log_actor_at_idx').on(t.actorId, t.at.desc()),
    index('activity_log_area_at_idx').on(t.area, t.at.desc()),
  ],
)
