import { and, count, eq, gt, gte, isNull, sql } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import { passwordResetTokens, users } from '../db/schema'
import type { Mailer } from '../mail/mailer'
import { inLanguage, recipientLanguage } from '../http/language'
import type { SettingsService } from '../settings/settings.service'
import { m } from '../../../src/i18n/paraglide/messages.js'

export const RESET_TOKEN_MS = 60 * 60 * 1000
/**
 * Links mailed to one account per hour through "Forgot password", whoever asks (issue 33: 15
 * requests from 15 addresses were 15 mails to one person). Past it, the request answers as
 * usual and mails nothing, so the answer still says nothing about which accounts exist.
 */
export const RESET_MAILS_PER_HOUR = 3

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Issuing password-reset links. Only a hash of each token is stored; the link is mailed (or
 * lands in the outbox). Consuming a token lives beside this, in the accounts routes' service.
 */
export function createPasswordResetService({
  db,
  mailer,
  clock,
  publicUrl,
  settings,
}: {
  db: Db
  mailer: Mailer
  clock: () => Date
  publicUrl: string
  settings: Pick<SettingsService, 'get'>
}) {
  /** The mail is worded in the account's language (their saved choice, else the club's default), not the asker's. */
  async function issue(user: { id: string; email: string; displayName: string; language: string | null }) {
    const token = randomBytes(32).toString('base64url')
    const now = clock()
    await db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MS),
    })
    const link = `${publicUrl}/reset-password?token=${token}`
    const language = recipientLanguage(user.language, (await settings.get()).language)
    await mailer.send(
      inLanguage(language, () => ({
        to: user.email,
        kind: 'password-reset',
        subject: m.mail_password_reset_subject(),
        text: `${m.mail_greeting({ name: user.displayName })}\n\n${m.mail_password_reset_asked()}\n${m.mail_password_reset_open_link()}\n\n${link}\n\n${m.mail_password_reset_not_you()}\n`,
      })),
    )
    return token
  }

  return {
    issue,

    /** "Forgot password": mails a link when the email belongs to an active account; silent otherwise. */
    async request(email: string) {
      const [user] = await db
        .select({ id: users.id, email: users.email, displayName: users.displayName, language: users.language })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.status, 'active')))
      if (!user) return
      const [recent] = await db
        .select({ n: count() })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, user.id), gte(passwordResetTokens.createdAt, new Date(clock().getTime() - 60 * 60 * 1000))))
      if ((recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return
      await issue(user)
    },

    /** The live token row for a raw token, or null (unknown, used or expired). */
    async findLive(token: string) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, clock())))
      return row ?? null
    },
  }
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>
