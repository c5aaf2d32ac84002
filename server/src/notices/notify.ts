import { and, eq, inArray } from 'drizzle-orm'
import type { NoticeKind } from '../../../src/contract/notices'
import { notices, users } from '../db/schema'
import type { Tx } from '../db/transaction'
import type { Mailer } from '../mail/mailer'

export interface NoticeMessage {
  kind: NoticeKind
  /** Who is told: users ids (repeats and people who are not active are left out). */
  userIds: string[]
  /** One line, in the club's words; also the mail's subject. */
  title: string
  /** More, when there is more to say; the mail's text starts with it. */
  body?: string
  /** An in-app path, e.g. "/room-allocation-list"; the mail ends with its full address. */
  link?: string
}

/**
 * Tells people about a change, in the transaction of that change: one notice per person for
 * the bell and one mail each (written to the outbox and sent by the job runner, decision 014),
 * so both exist exactly when the change does. Call `mailer.flush()` after the commit.
 */
export function createNotifier({ mailer, publicUrl }: { mailer: Pick<Mailer, 'queue'>; publicUrl: string }) {
  return {
    async notify(tx: Tx, message: NoticeMessage) {
      const ids = [...new Set(message.userIds)]
      if (ids.length === 0) return 0
      const people = await tx
        .select({ id: users.id, email: users.email, displayName: users.displayName })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.status, 'active')))
      if (people.length === 0) return 0
      const body = message.body ?? ''
      await tx.insert(notices).values(people.map((person) => ({ userId: person.id, kind: message.kind, title: message.title, body, link: message.link ?? null })))
      for (const person of people) {
        const lines = [`Hello ${person.displayName},`, '', message.title, ...(body ? ['', body] : []), ...(message.link ? ['', `${publicUrl}${message.link}`] : []), '']
        await mailer.queue(tx, { to: person.email, kind: message.kind, subject: message.title, text: lines.join('\n') })
      }
      return people.length
    },
  }
}

export type Notifier = ReturnType<typeof createNotifier>
