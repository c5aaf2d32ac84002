import { and, asc, count, desc, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Band, BandAdminInput, BandHistoryEntry, BandInput, BandListQuery, BandMember, BandStatus } from '../../../src/contract/bands'
import type { Part } from '../../../src/contract/people'
import type { Db } from '../db/client'
import { changesBetween, noteActivity } from '../activity/activity'
import { withTransaction, type Tx, type Executor } from '../db/transaction'
import { bandEvents, bandMembers, bands, users } from '../db/schema'
import { containsPattern, isUniqueViolation } from '../db/sql-helpers'
import { AppError, forbidden, notFound } from '../http/errors'
import type { Principal } from '../auth/principal'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { wordHistory } from './band-history-words'
import { DELETED_MEMBER_NAME, deletedMemberName } from '../users/deleted-member'

type BandRow = typeof bands.$inferSelect
type HistoryAction = BandHistoryEntry['action']

const statusLabels: Record<BandStatus, string> = { active: 'Active', inactive: 'Inactive', disbanded: 'Disbanded' }

const bandNotFound = () => notFound(m.bands_error_not_found())
const nameTaken = (name: string) => new AppError(409, 'BAND_NAME_TAKEN', m.bands_error_name_taken({ name }), { name: m.bands_error_name_taken_field() })
const disbandedBand = () => new AppError(409, 'BAND_DISBANDED', m.bands_disbanded_locked())

interface MemberRow {
  bandId: string
  userId: string
  part: string
  isLeader: boolean
  joinedAt: Date
  displayName: string
  status: string
}

interface HistoryEvent {
  action: HistoryAction
  summary: string
}

/** The members of some bands, with their names, in one query: leader first, then by who joined first. */
async function membersOf(executor: Executor, bandIds: string[]): Promise<MemberRow[]> {
  if (bandIds.length === 0) return []
  return executor
    .select({
      bandId: bandMembers.bandId,
      userId: bandMembers.userId,
      part: bandMembers.part,
      isLeader: bandMembers.isLeader,
      joinedAt: bandMembers.joinedAt,
      displayName: users.displayName,
      status: users.status,
    })
    .from(bandMembers)
    .innerJoin(users, eq(users.id, bandMembers.userId))
    .where(inArray(bandMembers.bandId, bandIds))
    .orderBy(desc(bandMembers.isLeader), asc(bandMembers.joinedAt), asc(sql`lower(${users.displayName})`), asc(bandMembers.userId))
}

const nameOf = (member: Pick<MemberRow, 'displayName' | 'status'>) => (member.status === 'deleted' ? deletedMemberName() : member.displayName)
/** The same name for the stored history: stored words stay English (band-history-words.ts words them when read). */
const storedNameOf = (member: Pick<MemberRow, 'displayName' | 'status'>) => (member.status === 'deleted' ? DELETED_MEMBER_NAME : member.displayName)

function toMember(row: MemberRow): BandMember {
  const deleted = row.status === 'deleted'
  return { userId: deleted ? null : row.userId, displayName: nameOf(row), part: row.part as Part, isLeader: row.isLeader }
}

function toBand(row: BandRow, members: MemberRow[]): Band {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    genre: row.genre,
    status: row.status,
    members: members.filter((member) => member.bandId === row.id).map(toMember),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * Writes history entries for one change. Entries of one change get consecutive microseconds
 * after `now`, so "newest first" keeps their order even though they share a clock reading.
 */
async function writeHistory(executor: Executor, bandId: string, actorId: string | null, now: Date, events: HistoryEvent[]) {
  if (events.length === 0) return
  await executor.insert(bandEvents).values(
    events.map((event, index) => ({
      bandId,
      actorId,
      at: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${index / 1_000_000})`,
      action: event.action,
      summary: event.summary,
    })),
  )
}

/** Locks the band's row for the rest of the transaction; concurrent changes to one band queue up. */
async function lockBand(tx: Tx, bandId: string) {
  const [band] = await tx.select().from(bands).where(eq(bands.id, bandId)).for('update')
  if (!band) throw bandNotFound()
  return band
}

/**
 * Locks the named accounts (FOR SHARE, in id order) so none is suspended or deleted before the
 * change commits, and answers them by id. Accounts are always locked before band rows (here
 * and in the bulk delete), so the two never deadlock.
 */
async function lockUsers(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { id: string; displayName: string; status: string }>()
  const rows = await tx
    .select({ id: users.id, displayName: users.displayName, status: users.status })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('share')
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * 400 naming every listed member (by index) who may not join: new members must be active
 * accounts; `allowed` are members already in the band, who may stay whatever their status
 * (a suspended member is not thrown out by an edit).
 */
function assertJoinable(members: BandInput['members'], accounts: Map<string, { status: string }>, allowed: Set<string> = new Set()) {
  const fields: Record<string, string> = {}
  members.forEach((member, index) => {
    const account = accounts.get(member.userId)
    const ok = account && (account.status === 'active' || (allowed.has(member.userId) && account.status !== 'deleted'))
    if (!ok) fields[`members.${index}.userId`] = m.bands_error_choose_active_member()
  })
  if (Object.keys(fields).length > 0) {
    throw new AppError(400, 'MEMBER_NOT_ACTIVE', m.bands_error_member_not_active(), fields)
  }
}

/**
 * Replaces a band's members with `wanted` and answers the history of what changed. Existing
 * rows in `keep` (deleted accounts of a disbanded band) stay untouched but lose leadership.
 */
async function replaceMembers(
  tx: Tx,
  bandId: string,
  current: MemberRow[],
  wanted: BandInput['members'],
  names: Map<string, { displayName: string }>,
  now: Date,
  keep: Set<string> = new Set(),
): Promise<HistoryEvent[]> {
  const events: HistoryEvent[] = []
  const byId = new Map(current.map((member) => [member.userId, member]))
  const wantedIds = new Set(wanted.map((member) => member.userId))
  const nameFor = (userId: string) => {
    const existing = byId.get(userId)
    return existing ? storedNameOf(existing) : (names.get(userId)?.displayName ?? DELETED_MEMBER_NAME)
  }

  const removed = current.filter((member) => !wantedIds.has(member.userId) && !keep.has(member.userId))
  for (const member of removed) events.push({ action: 'member-removed', summary: `${storedNameOf(member)} left the band` })
  for (const member of wanted) {
    const existing = byId.get(member.userId)
    if (!existing) events.push({ action: 'member-added', summary: `${nameFor(member.userId)} joined as ${member.part}` })
    else if (existing.part !== member.part) events.push({ action: 'part-changed', summary: `${nameFor(member.userId)} now plays ${member.part}` })
  }
  const oldLeader = current.find((member) => member.isLeader)?.userId
  const newLeader = wanted.find((member) => member.isLeader)!.userId
  if (oldLeader !== newLeader) events.push({ action: 'leader-changed', summary: `Leader: ${nameFor(newLeader)}` })

  if (removed.length > 0) {
    await tx.delete(bandMembers).where(and(eq(bandMembers.bandId, bandId), inArray(bandMembers.userId, removed.map((member) => member.userId))))
  }
  // Nobody leads while the rows change, so the one-leader index never sees two.
  await tx.update(bandMembers).set({ isLeader: false }).where(and(eq(bandMembers.bandId, bandId), eq(bandMembers.isLeader, true)))
  for (const member of wanted) {
    if (byId.has(member.userId)) {
      await tx
        .update(bandMembers)
        .set({ part: member.part })
        .where(and(eq(bandMembers.bandId, bandId), eq(bandMembers.userId, member.userId)))
    }
  }
  const added = wanted.filter((member) => !byId.has(member.userId))
  if (added.length > 0) {
    await tx.insert(bandMembers).values(added.map((member) => ({ bandId, userId: member.userId, part: member.part, isLeader: false, joinedAt: now })))
  }
  await tx
    .update(bandMembers)
    .set({ isLeader: true })
    .where(and(eq(bandMembers.bandId, bandId), eq(bandMembers.userId, newLeader)))
  return events
}

/** History entries for the band's own fields. */
function fieldEvents(before: BandRow, after: { name: string; description: string; genre: string }): HistoryEvent[] {
  const events: HistoryEvent[] = []
  if (before.name !== after.name) events.push({ action: 'updated', summary: `Renamed to “${after.name}”` })
  if (before.genre !== after.genre) events.push({ action: 'updated', summary: after.genre ? `Genre: ${after.genre}` : 'Genre removed' })
  if (before.description !== after.description) events.push({ action: 'updated', summary: 'Description updated' })
  return events
}

/**
 * Ends the band memberships of accounts being deleted (SPEC §5.2), inside the deleting
 * transaction. In bands that are not disbanded their rows go; a removed leader hands over to
 * the longest-standing remaining member; a band left empty is disbanded. Rows in disbanded
 * bands stay and show "Deleted user". Call it after the accounts are locked.
 */
export async function endMembershipsOfDeletedUsers(tx: Tx, actorId: string, userIds: string[], now: Date) {
  if (userIds.length === 0) return
  const affected = await tx
    .selectDistinct({ bandId: bandMembers.bandId })
    .from(bandMembers)
    .innerJoin(bands, eq(bands.id, bandMembers.bandId))
    .where(and(inArray(bandMembers.userId, userIds), ne(bands.status, 'disbanded')))
  const bandIds = affected.map((row) => row.bandId).sort()
  if (bandIds.length === 0) return
  const locked = await tx
    .select()
    .from(bands)
    .where(and(inArray(bands.id, bandIds), ne(bands.status, 'disbanded')))
    .orderBy(asc(bands.id))
    .for('update')
  const members = await membersOf(tx, locked.map((band) => band.id))
  const leaving = new Set(userIds)
  for (const band of locked) {
    const current = members.filter((member) => member.bandId === band.id)
    const gone = current.filter((member) => leaving.has(member.userId))
    if (gone.length === 0) continue
    const remaining = current.filter((member) => !leaving.has(member.userId))
    const events: HistoryEvent[] = gone.map((member) => ({
      action: 'member-removed',
      summary: `A member (${member.part}) left the band: their account was deleted`,
    }))
    await tx.delete(bandMembers).where(and(eq(bandMembers.bandId, band.id), inArray(bandMembers.userId, gone.map((member) => member.userId))))
    if (remaining.length === 0) {
      await tx.update(bands).set({ status: 'disbanded', updatedAt: now }).where(eq(bands.id, band.id))
      events.push({ action: 'disbanded', summary: 'Disbanded: no members are left' })
    } else {
      if (gone.some((member) => member.isLeader)) {
        const [next] = [...remaining].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId.localeCompare(b.userId))
        await tx
          .update(bandMembers)
          .set({ isLeader: true })
          .where(and(eq(bandMembers.bandId, band.id), eq(bandMembers.userId, next!.userId)))
        events.push({ action: 'leader-changed', summary: `Leader: ${next!.displayName}` })
      }
      await tx.update(bands).set({ updatedAt: now }).where(eq(bands.id, band.id))
    }
    await writeHistory(tx, band.id, actorId, now, events)
  }
}

/** The caller's bands that are not disbanded, for the profile: id and name, by name. */
export async function currentBandsOf(db: Db, userId: string) {
  return db
    .select({ id: bands.id, name: bands.name })
    .from(bands)
    .innerJoin(bandMembers, eq(bandMembers.bandId, bands.id))
    .where(and(eq(bandMembers.userId, userId), ne(bands.status, 'disbanded')))
    .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id))
}

/**
 * Bands (SPEC §5.4): registration, the list, a member's bands, editing by band members and by
 * executives, leaving, disbanding and the history. Who may do what beyond "a signed-in
 * member" is decided here: look the band up (404), then check the caller (403).
 */
export function createBandsService({ db, clock }: { db: Db; clock: () => Date }) {
  async function byId(executor: Executor, bandId: string): Promise<Band> {
    const [row] = await executor.select().from(bands).where(eq(bands.id, bandId))
    if (!row) throw bandNotFound()
    return toBand(row, await membersOf(executor, [row.id]))
  }

  async function withMembers(rows: BandRow[]) {
    const members = await membersOf(
      db,
      rows.map((row) => row.id),
    )
    return rows.map((row) => toBand(row, members))
  }

  /** "Someone in the band matches": an EXISTS over band_members, so a band is counted once. */
  const hasMember = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(bandMembers)
        .where(and(eq(bandMembers.bandId, bands.id), condition)),
    )

  function listWhere(query: BandListQuery) {
    const conditions: SQL[] = []
    if (query.q) {
      const pattern = containsPattern(query.q.toLowerCase())
      conditions.push(or(sql`lower(${bands.name}) like ${pattern}`, sql`lower(${bands.genre}) like ${pattern}`)!)
    }
    if (query.status) conditions.push(eq(bands.status, query.status))
    if (query.part) conditions.push(hasMember(eq(bandMembers.part, query.part)))
    if (query.memberId) conditions.push(hasMember(eq(bandMembers.userId, query.memberId)))
    return and(...conditions)
  }

  /** Runs a change; a clash on the live-name index becomes 409 BAND_NAME_TAKEN. */
  async function guardName<T>(name: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change()
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name)
      throw error
    }
  }

  return {
    async create(actorId: string, input: BandInput): Promise<Band> {
      if (!input.members.some((member) => member.userId === actorId)) {
        throw new AppError(400, 'REGISTRANT_NOT_MEMBER', m.bands_error_registrant_not_member(), { members: m.bands_error_add_yourself() })
      }
      const now = clock()
      const id = await guardName(input.name, () =>
        withTransaction(db, async (tx) => {
          const accounts = await lockUsers(
            tx,
            input.members.map((member) => member.userId),
          )
          assertJoinable(input.members, accounts)
          const [band] = await tx
            .insert(bands)
            .values({ name: input.name, description: input.description, genre: input.genre, status: 'active', createdBy: actorId, createdAt: now, updatedAt: now })
            .returning()
          await tx.insert(bandMembers).values(input.members.map((member) => ({ bandId: band!.id, userId: member.userId, part: member.part, isLeader: member.isLeader, joinedAt: now })))
          const leader = input.members.find((member) => member.isLeader)!
          await writeHistory(tx, band!.id, actorId, now, [
            { action: 'created', summary: `Registered “${input.name}”` },
            ...input.members.map((member) => ({ action: 'member-added' as const, summary: `${accounts.get(member.userId)!.displayName} joined as ${member.part}` })),
            { action: 'leader-changed' as const, summary: `Leader: ${accounts.get(leader.userId)!.displayName}` },
          ])
          return band!.id
        }),
      )
      return byId(db, id)
    },

    async list(query: BandListQuery) {
      const where = listWhere(query)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bands)
          .where(where)
          .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(bands).where(where),
      ])
      return { items: await withMembers(rows), total: total?.n ?? 0 }
    },

    async mine(userId: string) {
      const rows = await db
        .select()
        .from(bands)
        .where(and(ne(bands.status, 'disbanded'), hasMember(eq(bandMembers.userId, userId))))
        .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id))
      return { items: await withMembers(rows) }
    },

    get: (bandId: string) => byId(db, bandId),

    /**
     * A band member edits the band: the whole member list is sent. Any member may change
     * the name, description, genre, members and parts; only the current leader may hand
     * over leadership (409 LEADER_ONLY otherwise, a form error rather than a 403 page).
     */
    async update(actorId: string, bandId: string, input: BandInput): Promise<Band> {
      const now = clock()
      await guardName(input.name, () =>
        withTransaction(db, async (tx) => {
          const accounts = await lockUsers(
            tx,
            input.members.map((member) => member.userId),
          )
          const band = await lockBand(tx, bandId)
          const current = await membersOf(tx, [bandId])
          if (!current.some((member) => member.userId === actorId)) throw forbidden(m.bands_error_members_only_edit())
          if (band.status === 'disbanded') throw disbandedBand()
          const oldLeader = current.find((member) => member.isLeader)?.userId
          const newLeader = input.members.find((member) => member.isLeader)!.userId
          if (oldLeader && oldLeader !== newLeader && oldLeader !== actorId) {
            throw new AppError(409, 'LEADER_ONLY', m.bands_error_leader_only(), { members: m.bands_error_leader_only_field() })
          }
          assertJoinable(input.members, accounts, new Set(current.map((member) => member.userId)))
          const events = fieldEvents(band, input)
          events.push(...(await replaceMembers(tx, bandId, current, input.members, accounts, now)))
          await tx
            .update(bands)
            .set({ name: input.name, description: input.description, genre: input.genre, updatedAt: now })
            .where(eq(bands.id, bandId))
          await writeHistory(tx, bandId, actorId, now, events)
        }),
      )
      return byId(db, bandId)
    },

    /** Executives and admins edit everything, status and leader included. */
    async adminUpdate(actorId: string, bandId: string, input: BandAdminInput): Promise<Band> {
      const now = clock()
      await guardName(input.name, () =>
        withTransaction(db, async (tx) => {
          const accounts = await lockUsers(
            tx,
            input.members.map((member) => member.userId),
          )
          const band = await lockBand(tx, bandId)
          const current = await membersOf(tx, [bandId])
          assertJoinable(input.members, accounts, new Set(current.map((member) => member.userId)))
          // Deleted accounts cannot be named in a form; in a band that stays disbanded their rows stay.
          const keep = new Set(input.status === 'disbanded' ? current.filter((member) => member.status === 'deleted').map((member) => member.userId) : [])
          const events = fieldEvents(band, input)
          events.push(...(await replaceMembers(tx, bandId, current, input.members, accounts, now, keep)))
          if (band.status !== input.status) {
            events.push(
              input.status === 'disbanded'
                ? { action: 'disbanded', summary: 'Disbanded by the club' }
                : { action: 'status-changed', summary: `Status: ${statusLabels[input.status]}` },
            )
          }
          await tx
            .update(bands)
            .set({ name: input.name, description: input.description, genre: input.genre, status: input.status, updatedAt: now })
            .where(eq(bands.id, bandId))
          await writeHistory(tx, bandId, actorId, now, events)
          // The activity log (decision 042): the band's fields and members, before and after.
          const memberLine = (name: string | undefined, part: string, isLeader: boolean) => `${name ?? 'Deleted user'} (${part}${isLeader ? ', leader' : ''})`
          noteActivity({
            object: { type: 'band', id: bandId, label: band.name },
            changes: changesBetween(
              {
                name: band.name,
                description: band.description,
                genre: band.genre,
                status: band.status,
                members: current.filter((member) => member.status !== 'deleted' || keep.has(member.userId!)).map((member) => memberLine(member.displayName, member.part, member.isLeader)),
              },
              {
                name: input.name,
                description: input.description,
                genre: input.genre,
                status: input.status,
                members: input.members.map((member) => memberLine(accounts.get(member.userId)?.displayName, member.part, member.isLeader)),
              },
            ),
          })
        }),
      )
      return byId(db, bandId)
    },

    /** The caller leaves: not the last member (disband instead), not the leader (hand over first). */
    async leave(actorId: string, bandId: string): Promise<Band> {
      const now = clock()
      await withTransaction(db, async (tx) => {
        const band = await lockBand(tx, bandId)
        const current = await membersOf(tx, [bandId])
        const me = current.find((member) => member.userId === actorId)
        if (!me) throw forbidden(m.bands_error_not_member())
        if (band.status === 'disbanded') throw disbandedBand()
        if (current.length === 1) {
          throw new AppError(409, 'LAST_MEMBER', m.bands_error_last_member())
        }
        if (me.isLeader) {
          throw new AppError(409, 'LEADER_MUST_HAND_OVER', m.bands_error_leader_must_hand_over())
        }
        await tx.delete(bandMembers).where(and(eq(bandMembers.bandId, bandId), eq(bandMembers.userId, actorId)))
        await tx.update(bands).set({ updatedAt: now }).where(eq(bands.id, bandId))
        await writeHistory(tx, bandId, actorId, now, [{ action: 'left', summary: `${me.displayName} left the band` }])
      })
      return byId(db, bandId)
    },

    /** Only the leader disbands; the name becomes free for a new band. */
    async disband(actorId: string, bandId: string): Promise<Band> {
      const now = clock()
      await withTransaction(db, async (tx) => {
        const band = await lockBand(tx, bandId)
        const current = await membersOf(tx, [bandId])
        const me = current.find((member) => member.userId === actorId)
        if (!me?.isLeader) throw forbidden(m.bands_error_leader_only_disband())
        if (band.status === 'disbanded') throw disbandedBand()
        await tx.update(bands).set({ status: 'disbanded', updatedAt: now }).where(eq(bands.id, bandId))
        await writeHistory(tx, bandId, actorId, now, [{ action: 'disbanded', summary: `Disbanded by ${me.displayName}` }])
      })
      return byId(db, bandId)
    },

    /** Newest first; for the band's members (past ones of a disbanded band included), executives and admins. */
    async history(principal: Principal, bandId: string): Promise<{ items: BandHistoryEntry[] }> {
      const [band] = await db.select({ id: bands.id }).from(bands).where(eq(bands.id, bandId))
      if (!band) throw bandNotFound()
      const privileged = principal.user.role === 'admin' || principal.user.isExecutive
      if (!privileged) {
        const [member] = await db
          .select({ userId: bandMembers.userId })
          .from(bandMembers)
          .where(and(eq(bandMembers.bandId, bandId), eq(bandMembers.userId, principal.user.id)))
        if (!member) throw forbidden(m.bands_error_history_forbidden())
      }
      const rows = await db
        .select({
          id: bandEvents.id,
          at: bandEvents.at,
          action: bandEvents.action,
          summary: bandEvents.summary,
          actorId: users.id,
          actorName: users.displayName,
          actorStatus: users.status,
        })
        .from(bandEvents)
        .leftJoin(users, eq(users.id, bandEvents.actorId))
        .where(eq(bandEvents.bandId, bandId))
        .orderBy(desc(bandEvents.at), desc(bandEvents.id))
      return {
        items: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: row.actorId && row.actorStatus !== 'deleted' ? { id: row.actorId, displayName: row.actorName! } : null,
          action: row.action as HistoryAction,
          summary: wordHistory(row.action as HistoryAction, row.summary),
        })),
      }
    },
  }
}

export type BandsService = ReturnType<typeof createBandsService>
