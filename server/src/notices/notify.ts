import { and, eq, inArray, or } from 'drizzle-orm'
import type { NoticeKind } from '../../../src/contract/notices'
import { holdsPositionIn } from '../auth/auth.service'
import { noticePreferences, notices, users } from '../db/schema'
import type { Executor, Tx } from '../db/transaction'
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
 * Each person's preference for the kind is honoured: `off` → nothing, `app` → the notice only,
 * `mail` (the default) → both. Resolves with the number of people given a notice.
 */
export function createNotifier({ mailer, publicUrl, clock = () => new Date() }: { mailer: Pick<Mailer, 'queue'>; publicUrl: string; clock?: () => Date }) {
  return {
    async notify(tx: Tx, message: NoticeMessage) {
      const ids = [...new Set(message.userIds)]
      if (ids.length === 0) return 0
      // Each person's choice for this kind (no row: in the app and by mail); `off` tells nothing.
      const told = await tx
        .select({ id: users.id, email: users.email, displayName: users.displayName, delivery: noticePreferences.delivery })
        .from(users)
        .leftJoin(noticePreferences, and(eq(noticePreferences.userId, users.id), eq(noticePreferences.kind, message.kind)))
        .where(and(inArray(users.id, ids), eq(users.status, 'active')))
      const people = told.filter((person) => person.delivery !== 'off')
      if (people.length === 0) return 0
      const body = message.body ?? ''
      const createdAt = clock()
      await tx.insert(notices).values(people.map((person) => ({ createdAt, userId: person.id, kind: message.kind, title: message.title, body, link: message.link ?? null })))
      for (const person of people) {
        if (person.delivery === 'app') continue
        const lines = [`Hello ${person.displayName},`, '', message.title, ...(body ? ['', body] : []), ...(message.link ? ['', `${publicUrl}${message.link}`] : []), '']
        await mailer.queue(tx, { to: person.email, kind: message.kind, subject: message.title, text: lines.join('\n') })
      }
      return people.length
    },
  }
}

export type Notifier = ReturnType<typeof createNotifier>

/** Who is told the executives' news (kinds in `executiveNoticeKinds`): active admins and the term's position holders. */
export async function executiveIds(executor: Executor, term: number) {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), or(eq(users.role, 'admin'), holdsPositionIn(term))))
  return rows.map((row) => row.id)
}
