import { isUniqueViolation } from '../db/sql-helpers'
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { createHash, timingSafeEqual } from 'node:crypto'
import {
  ENROLLMENT_YEARS_AHEAD,
  ENROLLMENT_YEARS_BACK,
  type EmailChange,
  type PasswordChange,
  type PasswordResetConfirm,
  type Profile,
  type ProfileUpdate,
  type LanguageChoice,
  type RegisterInput,
  type RegisterResponse,
  type RegistrationInfo,
} from '../../../src/contract/accounts'
import type { ClubSettings } from '../../../src/contract/settings'
import { academicYearOf, gradeLabel, gradeOf } from '../../../src/contract/terms'
import type { Db } from '../db/client'
import { withTransaction } from '../db/transaction'
import { loginFailures, passwordResetTokens, positionHolders, positions, sessions, users } from '../db/schema'
import { AppError } from '../http/errors'
import type { Mailer } from '../mail/mailer'
import { inLanguage, recipientLanguage } from '../http/language'
import { m } from '../../../src/i18n/paraglide/messages.js'
import type { SettingsService } from '../settings/settings.service'
import { toSessionUser } from '../auth/auth.service'
import { hashPassword, verifyPassword } from '../auth/passwords'
import type { Principal } from '../auth/principal'
import { assertAcceptablePassword } from './password-policy'
import { currentBandsOf } from '../bands/bands.service'
import type { PasswordResetService } from './password-reset.service'

export interface AccountsDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  mailer: Mailer
  passwordReset: PasswordResetService
  publicUrl: string
}

export const resetRequestMessage = () => m.accounts_reset_request_sent()

const resetTokenInvalid = () => new AppError(400, 'RESET_TOKEN_INVALID', m.accounts_link_expired())

const emailTaken = (field: string) =>
  new AppError(409, 'EMAIL_TAKEN', m.accounts_email_taken(), {
    [field]: m.accounts_email_taken_field(),
  })


/** Compares an entered invite code with the club's without leaking how much matched. */
function inviteCodeMatches(entered: string, expected: string) {
  if (!expected) return false
  const digest = (value: string) => createHash('sha256').update(value.trim()).digest()
  return timingSafeEqual(digest(entered), digest(expected))
}

function enrollmentYears(club: ClubSettings, now: Date) {
  const current = academicYearOf(now, club)
  return { min: current - ENROLLMENT_YEARS_BACK, max: current + ENROLLMENT_YEARS_AHEAD }
}

/**
 * Self-service accounts: registration, consuming password-reset links, password and email
 * change, and the profile. Issuing reset links lives in password-reset.service.ts.
 */
export function createAccountsService({ db, clock, settings, mailer, passwordReset, publicUrl }: AccountsDeps) {
  async function notifyAdminsOfPendingRegistration(newcomer: { displayName: string; email: string }) {
    const admins = await db
      .select({ email: users.email, displayName: users.displayName, language: users.language })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    const club = await settings.get()
    for (const admin of admins) {
      await mailer.send(
        inLanguage(recipientLanguage(admin.language, club.language), () => ({
          to: admin.email,
          kind: 'registration-pending',
          subject: m.mail_registration_pending_subject(),
          text: `${m.mail_greeting({ name: admin.displayName })}\n\n${m.mail_registration_pending_who({ name: newcomer.displayName, email: newcomer.email })}\n${m.mail_registration_pending_where()}\n\n${publicUrl}/user-list\n`,
        })),
      )
    }
  }

  async function userRow(id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id))
    if (!row) throw new AppError(401, 'SESSION_EXPIRED', m.accounts_session_ended())
    return row
  }

  return {
    async registrationInfo(): Promise<RegistrationInfo> {
      const club = await settings.get()
      return { mode: club.registration.mode, clubName: club.clubName, enrollmentYears: enrollmentYears(club, clock()) }
    },

    async register(input: RegisterInput): Promise<RegisterResponse> {
      const club = await settings.get()
      const { mode, inviteCode } = club.registration
      if (mode === 'closed') {
        throw new AppError(403, 'REGISTRATION_CLOSED', m.accounts_registration_closed())
      }
      if (mode === 'invite') {
        if (!input.inviteCode) {
          throw new AppError(400, 'INVITE_CODE_INVALID', m.accounts_invite_code_needed(), { inviteCode: m.accounts_invite_code_required() })
        }
        if (!inviteCodeMatches(input.inviteCode, inviteCode)) {
          throw new AppError(400, 'INVITE_CODE_INVALID', m.accounts_invite_code_wrong(), { inviteCode: m.accounts_invite_code_wrong_field() })
        }
      }
      const years = enrollmentYears(club, clock())
      if (input.enrollmentYear < years.min || input.enrollmentYear > years.max) {
        throw new AppError(400, 'VALIDATION_FAILED', m.accounts_fields_need_attention(), {
          enrollmentYear: m.accounts_year_between({ min: years.min, max: years.max }),
        })
      }
      await assertAcceptablePassword(input.password, input, 'password', [club.clubName])

      const status = mode === 'approval' ? 'pending' : 'active'
      const passwordHash = await hashPassword(input.password)
      const now = clock()
      try {
        await db.insert(users).values({
          email: input.email,
          displayName: input.displayName,
          enrollmentYear: input.enrollmentYear,
          passwordHash,
          role: 'member',
          status,
          createdAt: now,
          updatedAt: now,
        })
      } catch (error) {
        // The unique index on lower(email) decides: of two racing registrations, one wins.
        if (isUniqueViolation(error)) throw emailTaken('email')
        throw error
      }
      if (status === 'pending') {
        await notifyAdminsOfPendingRegistration(input)
        return {
          status,
          message: m.accounts_registered_pending(),
        }
      }
      return { status, message: m.accounts_registered_active() }
    },

    async requestReset(email: string) {
      await passwordReset.request(email)
      return { message: resetRequestMessage() }
    },

    async checkResetToken(token: string) {
      return { valid: (await passwordReset.findLive(token)) !== null }
    },

    /** Sets a new password from a reset link. The link works once, even under racing requests. */
    async confirmReset({ token, password }: PasswordResetConfirm) {
      const live = await passwordReset.findLive(token)
      if (!live) throw resetTokenInvalid()
      const [user] = await db.select().from(users).where(eq(users.id, live.userId))
      if (!user || user.status === 'deleted') throw resetTokenInvalid()
      // Checked before the token is spent: a refused password leaves the link usable.
      await assertAcceptablePassword(password, user, 'password')
      const passwordHash = await hashPassword(password)
      const now = clock()
      const done = await withTransaction(db, async (tx) => {
        const [spent] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.id, live.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
          .returning({ userId: passwordResetTokens.userId })
        if (!spent) return false
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, spent.userId))
        // Older links of the same user die with this one, and every session ends.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)))
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)))
        // Whoever proved they read the mailbox may sign in at once, even after failed tries.
        await tx.delete(loginFailures).where(eq(loginFailures.email, user.email.toLowerCase()))
        return true
      })
      if (!done) throw resetTokenInvalid()
      return { message: m.accounts_password_reset_done() }
    },

    /** Changes the caller's password and ends their other sessions; this one stays signed in. */
    async changePassword(principal: Principal, { currentPassword, newPassword }: PasswordChange) {
      const user = await userRow(principal.user.id)
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new AppError(400, 'PASSWORD_INCORRECT', m.accounts_current_password_wrong(), {
          currentPassword: m.accounts_current_password_wrong_field(),
        })
      }
      await assertAcceptablePassword(newPassword, user, 'newPassword')
      const passwordHash = await hashPassword(newPassword)
      const now = clock()
      const changed = await withTransaction(db, async (tx) => {
        // Only from the hash the caller proved to know: of two racing changes, one applies.
        const [row] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
          .returning({ id: users.id })
        if (!row) return false
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, user.id), ne(sessions.id, principal.sessionId), isNull(sessions.revokedAt)))
        return true
      })
      if (!changed) throw new AppError(409, 'CONFLICT', m.accounts_password_changed_meanwhile())
      return { message: m.accounts_password_changed() }
    },

    async changeEmail(principal: Principal, { newEmail, password }: EmailChange) {
      const user = await userRow(principal.user.id)
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError(400, 'PASSWORD_INCORRECT', m.accounts_password_wrong(), { password: m.accounts_password_wrong_field() })
      }
      let updated: typeof users.$inferSelect | undefined
      try {
        ;[updated] = await db.update(users).set({ email: newEmail, updatedAt: clock() }).where(eq(users.id, user.id)).returning()
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken('newEmail')
        throw error
      }
      if (user.email.toLowerCase() !== newEmail.toLowerCase()) {
        await mailer.send(
          inLanguage(recipientLanguage(user.language, (await settings.get()).language), () => ({
            to: user.email,
            kind: 'email-changed',
            subject: m.mail_email_changed_subject(),
            text: `${m.mail_greeting({ name: user.displayName })}\n\n${m.mail_email_changed_to({ email: newEmail })}\n${m.mail_email_changed_not_you()}\n`,
          })),
        )
      }
      return { user: toSessionUser(updated!, principal.user.isExecutive) }
    },

    async profile(principal: Principal): Promise<Profile> {
      const user = await userRow(principal.user.id)
      const term = await settings.currentTerm()
      const held = await db
        .select({ name: positions.name, termYear: positionHolders.termYear })
        .from(positionHolders)
        .innerJoin(positions, eq(positions.id, positionHolders.positionId))
        .where(eq(positionHolders.userId, user.id))
        .orderBy(desc(positionHolders.termYear), asc(positions.sortOrder), asc(sql`lower(${positions.name})`))
      const grade = gradeOf(user.enrollmentYear, term)
      return {
        user: toSessionUser(user, principal.user.isExecutive),
        grade: String(grade) as Profile['grade'],
        gradeLabel: gradeLabel(grade),
        positions: held.map((position) => ({ ...position, current: position.termYear === term })),
        bands: await currentBandsOf(db, user.id),
      }
    },

    async updateProfile(principal: Principal, { displayName }: ProfileUpdate) {
      const [row] = await db.update(users).set({ displayName, updatedAt: clock() }).where(eq(users.id, principal.user.id)).returning()
      if (!row) throw new AppError(401, 'SESSION_EXPIRED', m.accounts_session_ended())
      return { user: toSessionUser(row, principal.user.isExecutive) }
    },

    async chooseLanguage(principal: Principal, { language }: LanguageChoice) {
      const [row] = await db.update(users).set({ language, updatedAt: clock() }).where(eq(users.id, principal.user.id)).returning()
      if (!row) throw new AppError(401, 'SESSION_EXPIRED', m.accounts_session_ended())
      return { user: toSessionUser(row, principal.user.isExecutive) }
    },
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>
