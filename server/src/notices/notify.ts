import { and, eq, inArray, or } from 'drizzle-orm'
import type { NoticeKind } from '../../../src/contract/notices'
import { holdsPositionIn } from '../auth/auth.service'
import { noticePreferences, notices, users } from '../db/schema'
import type { Executor, Tx } from '../db/transaction'
import type { Mail, Mailer } from '../mail/mailer'
import type { Message } from '../../../src/contract/text'
import { inLanguage, recipientLanguage } from '../http/language'
import type { SettingsService } from '../settings/settings.service'
import { m } from '../../../src/i18n/paraglide/messages.js'

export interface NoticeMessage {
  kind: NoticeKind
  /** Who is told: users ids (repeats and people who are not active are left out). */
  userIds: string[]
  /**
   * One line, in the club's words; also the mail's subject. A message function (`() =>
   * m.x(...)`) is called once per person, in their language; a plain string is the same for all
   * (a member's own words, or English only).
   */
  title: Message
  /** More, when there is more to say; the mail's text starts with it. A message function as `title`. */
  body?: Message
  /** An in-app path, e.g. "/room-allocation-list"; the mail ends with its full address. */
  link?: string
}

/**
 * Tells people about a change, in the transaction of that change: one notice per person for
 * the bell and one mail each (written to the outbox and sent by the job runner, decision 014),
 * so both exist exactly when the change does. Call `mailer.flush()` after the commit.
 * Each person's preference for the kind is honoured: `off` → nothing, `app` → the notice only,
 * `mail` (the default) → both. Resolves with the number of people given a notice.
 * Notices are stored as text: each person's is worded when it is written, in their language
 * (their saved choice, else the club's default), and so is the mail (decision 046).
 */
export function createNotifier({
  mailer,
  publicUrl,
  settings,
  clock = () => new Date(),
}: {
  mailer: Pick<Mailer, 'queueAll'>
  publicUrl: string
  settings: Pick<SettingsService, 'get'>
  clock?: () => Date
}) {
  /**
   * Several messages in one go (a published allocation tells every band): two reads, one
   * insert of notices and one of mails, however many messages and people.
   */
  async function notifyAll(tx: Tx, messages: NoticeMessage[]) {
    const wanted = messages.map((message) => [...new Set(message.userIds)])
    const ids = [...new Set(wanted.flat())]
    if (ids.length === 0) return 0
    const kinds = [...new Set(messages.map((message) => message.kind))]
    // Each person's choice per kind (no row: in the app and by mail); `off` tells nothing.
    const people = await tx
      .select({ id: users.id, email: users.email, displayName: users.displayName, language: users.language })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.status, 'active')))
    const choices = await tx
      .select({ userId: noticePreferences.userId, kind: noticePreferences.kind, delivery: noticePreferences.delivery })
      .from(noticePreferences)
      .where(and(inArray(noticePreferences.userId, ids), inArray(noticePreferences.kind, kinds)))
    const personById = new Map(people.map((person) => [person.id, person]))
    const deliveryOf = new Map(choices.map((choice) => [`${choice.userId}|${choice.kind}`, choice.delivery]))
    const club = await settings.get()
    const createdAt = clock()
    const rows: Array<typeof notices.$inferInsert> = []
    const mails: Mail[] = []
    messages.forEach((message, at) => {
      for (const id of wanted[at]!) {
        const person = personById.get(id)
        const delivery = deliveryOf.get(`${id}|${message.kind}`) ?? 'mail'
        if (!person || delivery === 'off') continue
        inLanguage(recipientLanguage(person.language, club.language), () => {
          const title = wordOf(message.title)
          const body = message.body === undefined ? '' : wordOf(message.body)
          rows.push({ createdAt, userId: id, kind: message.kind, title, body, link: message.link ?? null })
          if (delivery === 'app') return
          const lines = [m.mail_greeting({ name: person.displayName }), '', title, ...(body ? ['', body] : []), ...(message.link ? ['', `${publicUrl}${message.link}`] : []), '']
          mails.push({ to: person.email, kind: message.kind, subject: title, text: lines.join('\n') })
        })
      }
    })
    if (rows.length > 0) await tx.insert(notices).values(rows)
    await mailer.queueAll(tx, mails)
    return rows.length
  }

  return {
    notifyAll,
    notify: (tx: Tx, message: NoticeMessage) => notifyAll(tx, [message]),
  }
}

export type Notifier = ReturnType<typeof createNotifier>

/** A message's words in the language of the moment. */
const wordOf = (message: Message) => (typeof message === 'string' ? message : message())

/** Who is told the executives' news (kinds in `executiveNoticeKinds`): active admins and the term's position holders. */
export async function executiveIds(executor: Executor, term: number) {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), or(eq(users.role, 'admin'), holdsPositionIn(term))))
  return rows.map((row) => row.id)
}
