import { containsPattern, isUniqueViolation } from '../db/sql-helpers'
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { gradeOf } from '../../../src/contract/terms'
import type { UserDetail, UserEditInput, UserFilter, UserListItem, UserListQuery, UserPatchInput } from '../../../src/contract/users'
import type { Db } from '../db/client'
import { withTransaction, type Tx } from '../db/transaction'
import { change, changesBetween, noteActivity } from '../activity/activity'
import { additionalInfo, bookings, intros, passwordResetTokens, positionHolders, sessions, users } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import type { Mailer } from '../mail/mailer'
import { inLanguage, recipientLanguage } from '../http/language'
import { m } from '../../../src/i18n/paraglide/messages.js'
import type { SettingsService } from '../settings/settings.service'
import type { PasswordResetService } from '../accounts/password-reset.service'
import { holdsPositionIn } from '../auth/auth.service'
import { endMembershipsOfDeletedUsers } from '../bands/bands.service'
import { deletedMemberName } from './deleted-member'
import type { ScheduleVersion } from '../bookings/schedule-cache'

export interface UsersDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  mailer: Mailer
  passwordReset: PasswordResetService
  /** Where users reach the app, for the sign-in link in the approval mail. */
  publicUrl: string
  /** Deleting accounts cancels their personal practice to come: the schedules change. */
  scheduleVersion: ScheduleVersion
}

type UserRow = typeof users.$inferSelect

/** What replaces a deleted account's password hash: not an argon2 hash, so nothing verifies against it. */
export const DELETED_PASSWORD_HASH = '!deleted'
export const DELETED_DISPLAY_NAME = 'Deleted user'
export const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`


const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', m.users_email_taken(), { email: m.users_email_in_use() })

export function createUsersService({ db, clock, settings, mailer, passwordReset, publicUrl, scheduleVersion }: UsersDeps) {
  /** The WHERE clause for the list's filters; grades become enrollment-year ranges for the term. */
  function filterWhere(filter: UserFilter, term: number): SQL | undefined {
    const conditions: SQL[] = []
    // Deleted accounts only appear when asked for: they are anonymised shells.
    conditions.push(filter.status ? eq(users.status, filter.status) : ne(users.status, 'deleted'))
    if (filter.role) conditions.push(eq(users.role, filter.role))
    if (filter.grade) {
      // grade = term − enrollmentYear + 1
      if (filter.grade === 'graduate') conditions.push(lt(users.enrollmentYear, term - 3))
      else if (filter.grade === 'incoming') conditions.push(gt(users.enrollmentYear, term))
      else conditions.push(eq(users.enrollmentYear, term - Number(filter.grade) + 1))
    }
    if (filter.q) {
      const pattern = containsPattern(filter.q.toLowerCase())
      conditions.push(or(sql`lower(${users.displayName}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`)!)
    }
    return and(...conditions)
  }

  function orderBy(sort: UserFilter['sort']) {
    const descending = sort.startsWith('-')
    const key = descending ? sort.slice(1) : sort
    const column =
      key === 'name'
        ? sql`lower(${users.displayName})`
        : key === 'email'
          ? sql`lower(${users.email})`
          : key === 'enrollmentYear'
            ? users.enrollmentYear
            : users.createdAt
    // The id breaks ties so pages never overlap or skip rows.
    return [descending ? desc(column) : asc(column), asc(users.id)]
  }

  const listColumns = (term: number) => ({
    id: users.id,
    email: users.email,
    displayName: users.displayName,
    enrollmentYear: users.enrollmentYear,
    role: users.role,
    status: users.status,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
    deletedAt: users.deletedAt,
    isExecutive: holdsPositionIn(term),
  })

  type ListRow = Pick<UserRow, 'id' | 'email' | 'displayName' | 'enrollmentYear' | 'role' | 'status' | 'createdAt'> & { isExecutive: boolean }

  const toItem = (row: ListRow, term: number): UserListItem => ({
    id: row.id,
    email: row.email,
    // Anonymised accounts keep the English name in the database: worded for the reader.
    displayName: row.status === 'deleted' ? deletedMemberName() : row.displayName,
    enrollmentYear: row.enrollmentYear,
    grade: gradeOf(row.enrollmentYear, term),
    role: row.role,
    status: row.status,
    isExecutive: Boolean(row.isExecutive),
    createdAt: row.createdAt.toISOString(),
  })

  const toDetail = (row: ListRow & Pick<UserRow, 'updatedAt' | 'deletedAt'>, term: number): UserDetail => ({
    ...toItem(row, term),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  })

  async function detail(userId: string): Promise<UserDetail> {
    const term = await settings.currentTerm()
    const [row] = await db.select(listColumns(term)).from(users).where(eq(users.id, userId))
    if (!row) throw notFound(m.users_no_such_account())
    return toDetail(row, term)
  }

  /**
   * Locks every active admin row (in id order, so concurrent callers never deadlock) and
   * answers their ids. Whoever demotes, suspends or deletes admins holds these locks while
   * deciding, so two admins demoting each other at once cannot both succeed.
   */
  async function lockActiveAdmins(tx: Tx) {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      .orderBy(asc(users.id))
      .for('update')
    return rows.map((row) => row.id)
  }

  async function revokeSessions(tx: Tx | Db, userIds: string[], now: Date) {
    if (userIds.length === 0) return
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)))
  }

  /** In the member's language (their saved choice, else the club's default), not the approver's. */
  async function sendApprovalMail(user: { email: string; displayName: string; language: string | null }) {
    const club = await settings.get()
    await mailer.send(
      inLanguage(recipientLanguage(user.language, club.language), () => ({
        to: user.email,
        kind: 'account-approved',
        subject: m.mail_account_approved_subject({ club: club.clubName }),
        text: `${m.mail_greeting({ name: user.displayName })}\n\n${m.mail_account_approved_sign_in({ club: club.clubName })}\n\n${publicUrl}/login\n\n${m.mail_account_approved_see_you()}\n`,
      })),
    )
  }

  return {
    async list(query: UserListQuery) {
      const term = await settings.currentTerm()
      const where = filterWhere(query, term)
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns(term))
          .from(users)
          .where(where)
          .orderBy(...orderBy(query.sort))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ])
      return { items: rows.map((row) => toItem(row, term)), total: total?.n ?? 0 }
    },

    /** Every row matching the filters, for the CSV export. */
    async exportRows(filter: UserFilter) {
      const term = await settings.currentTerm()
      const rows = await db
        .select(listColumns(term))
        .from(users)
        .where(filterWhere(filter, term))
        .orderBy(...orderBy(filter.sort))
      return rows.map((row) => toItem(row, term))
    },

    detail,

    /**
     * Edits an account. In one transaction: the admins' rows and the target's row are locked,
     * then the rules are checked (own role and status, last active admin, status changes),
     * then the row is written. Suspending ends the user's sessions; approving mails them.
     */
    async update(actorId: string, userId: string, patch: UserPatchInput): Promise<UserDetail> {
      const now = clock()
      let approved: { email: string; displayName: string; language: string | null } | null = null
      try {
        await withTransaction(db, async (tx) => {
          const admins = await lockActiveAdmins(tx)
          const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
          if (!current) throw notFound(m.users_no_such_account())
          if (current.status === 'deleted') throw new AppError(409, 'USER_DELETED', m.users_deleted_no_edit())

          const next: UserEditInput = {
            displayName: patch.displayName ?? current.displayName,
            email: patch.email ?? current.email,
            enrollmentYear: patch.enrollmentYear ?? current.enrollmentYear,
            role: patch.role ?? current.role,
            status: patch.status ?? (current.status as UserEditInput['status']),
          }

          if (actorId === userId) {
            if (next.role !== current.role) {
              throw new AppError(409, 'CANNOT_CHANGE_SELF', m.users_own_role_error(), { role: m.users_own_role_field() })
            }
            if (next.status !== current.status) {
              throw new AppError(409, 'CANNOT_CHANGE_SELF', m.users_own_status_error(), { status: m.users_own_status_field() })
            }
          }

          if (next.status !== current.status && next.status === 'pending') {
            throw new AppError(409, 'INVALID_STATUS_CHANGE', m.users_not_back_to_pending(), { status: m.users_choose_active_or_suspended() })
          }

          const wasActiveAdmin = current.role === 'admin' && current.status === 'active'
          const staysActiveAdmin = next.role === 'admin' && next.status === 'active'
          if (wasActiveAdmin && !staysActiveAdmin && admins.filter((id) => id !== userId).length === 0) {
            const field = next.role !== 'admin' ? 'role' : 'status'
            throw new AppError(409, 'LAST_ADMIN', m.users_last_admin(), { [field]: m.users_needs_admin() })
          }

          await tx
            .update(users)
            .set({ ...next, updatedAt: now })
            .where(eq(users.id, userId))
          // The activity log (decision 042): the fields that changed, role and status among them.
          const { displayName, email, enrollmentYear, role, status } = current
          noteActivity({
            object: { type: 'user', id: userId, label: current.displayName },
            changes: changesBetween({ displayName, email, enrollmentYear, role, status }, { ...next }),
          })
          if (next.status === 'suspended' && current.status !== 'suspended') await revokeSessions(tx, [userId], now)
          if (current.status === 'pending' && next.status === 'active') approved = { email: next.email, displayName: next.displayName, language: current.language }
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken()
        throw error
      }
      // Mail only once the change is committed: a rolled-back approval must not announce itself.
      if (approved) await sendApprovalMail(approved)
      return detail(userId)
    },

    /** The list's one-click approval: pending → active, atomically, so the mail goes out once. */
    async approve(userId: string): Promise<UserDetail> {
      noteActivity({ changes: [change('status', 'pending', 'active')] })
      const [updated] = await db
        .update(users)
        .set({ status: 'active', updatedAt: clock() })
        .where(and(eq(users.id, userId), eq(users.status, 'pending')))
        .returning({ email: users.email, displayName: users.displayName, language: users.language })
      if (!updated) {
        const [exists] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId))
        if (!exists) throw notFound(m.users_no_such_account())
        throw new AppError(409, 'NOT_PENDING', m.users_not_pending())
      }
      await sendApprovalMail(updated)
      return detail(userId)
    },

    /** "Sign out everywhere": ends every session of the user. */
    async revokeAllSessions(userId: string) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
      if (!user) throw notFound(m.users_no_such_account())
      await revokeSessions(db, [userId], clock())
    },

    /** Mails the user a password-reset link. */
    async sendPasswordReset(userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId))
      if (!user) throw notFound(m.users_no_such_account())
      if (user.status === 'deleted') throw new AppError(409, 'USER_DELETED', m.users_account_deleted())
      await passwordReset.issue(user)
    },

    /**
     * Soft, anonymising deletion of many accounts in one transaction: refused whole (nothing
     * changes) when it includes the caller, an unknown id, or would leave no active admin.
     * Accounts already deleted are skipped. Past terms' positions stay (history); current and
     * future ones go. Rows other areas keep (past bookings, applications, feedback) still
     * point at the id and now show "Deleted user". Their personal practice that has not
     * started is cancelled, so its slots free up (decision 035); bookings they made for a
     * band stay the band's.
     */
    async deleteMany(actorId: string, userIds: string[]) {
      if (userIds.includes(actorId)) {
        throw new AppError(409, 'CANNOT_DELETE_SELF', m.users_cannot_delete_own(), { userIds: m.users_own_selected() })
      }
      const now = clock()
      const term = await settings.currentTerm()
      const notice = scheduleVersion.within()
      const answer = await withTransaction(db, async (tx) => {
        const admins = await lockActiveAdmins(tx)
        const targets = await tx
          .select({ id: users.id, status: users.status, displayName: users.displayName })
          .from(users)
          .where(inArray(users.id, userIds))
          .orderBy(asc(users.id))
          .for('update')
        if (targets.length !== userIds.length) {
          throw new AppError(404, 'NOT_FOUND', m.users_some_gone())
        }
        const ids = targets.filter((target) => target.status !== 'deleted').map((target) => target.id)
        if (ids.length === 0) return { deleted: 0 }
        const remainingAdmins = admins.filter((id) => !ids.includes(id))
        if (remainingAdmins.length === 0) {
          throw new AppError(409, 'LAST_ADMIN', m.users_would_leave_no_admin())
        }
        // The names are anonymised below: the log keeps who they were (decision 042).
        const named = targets.filter((target) => ids.includes(target.id))
        noteActivity({ changes: named.map((target) => change(target.displayName, target.status, 'deleted')) })
        await tx
          .update(users)
          .set({
            email: sql`'deleted-' || ${users.id}::text || '@deleted.invalid'`,
            displayName: DELETED_DISPLAY_NAME,
            passwordHash: DELETED_PASSWORD_HASH,
            role: 'member',
            status: 'deleted',
            deletedAt: now,
            updatedAt: now,
          })
          .where(inArray(users.id, ids))
        await tx.delete(intros).where(inArray(intros.userId, ids))
        await tx.delete(additionalInfo).where(inArray(additionalInfo.userId, ids))
        await tx.delete(positionHolders).where(and(inArray(positionHolders.userId, ids), gte(positionHolders.termYear, term)))
        await tx.delete(passwordResetTokens).where(inArray(passwordResetTokens.userId, ids))
        await revokeSessions(tx, ids, now)
        // Memberships of bands that are not disbanded end (leadership passes on, empty bands disband).
        await endMembershipsOfDeletedUsers(tx, actorId, ids, now)
        // Their practice to come frees its slots (with the notice to the schedules); what has started stays as history.
        await tx
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: now, cancelledBy: actorId, updatedAt: now })
          .where(and(inArray(bookings.userId, ids), eq(bookings.kind, 'personal'), eq(bookings.status, 'active'), gt(bookings.slotStart, now)))
        await tx.execute(sql`select ${notice.sql}`)
        return { deleted: ids.length }
      })
      if (answer.deleted > 0) notice.committed()
      return answer
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
