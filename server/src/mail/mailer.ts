import { and, asc, eq, getTableColumns, gte, inArray, isNull, lte, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { noticeKinds } from '../../../src/contract/notices'
import type { Db } from '../db/client'
import { mailOutbox, users } from '../db/schema'
import { withTransaction, type Tx } from '../db/transaction'
import type { JobRunner } from '../jobs/job-runner'
import { inLanguage, recipientLanguage } from '../http/language'
import type { SettingsService } from '../settings/settings.service'
import { m } from '../../../src/i18n/paraglide/messages.js'

export interface Mail {
  to: string
  subject: string
  text: string
  /** What the mail is for (`password-reset`, `account-approved`, …), for the outbox list. */
  kind: string
}

const MAIL_SEND = 'mail.send'

/**
 * How long a notice mail waits before it goes: the person's other notice mails written
 * meanwhile go with it, in one mail (decision 037). Account mails (reset links, approvals) go at once.
 */
export const MAIL_DIGEST_MS = 5 * 60_000
/** Waiting notice mails older than this (their sends gave up) are not picked up again. */
const DIGEST_LOOKBACK_MS = 3 * 60 * 60_000
const digestKinds: readonly string[] = noticeKinds
const isDigestKind = (kind: string) => digestKinds.includes(kind)

type OutboxRow = typeof mailOutbox.$inferSelect

/**
 * One mail for several notice mails to one person: the greeting once, then each notice. Call it
 * in the person's language (the mails themselves were worded in it when they were written).
 * The greeting is the first paragraph every mail of the group starts with.
 */
export function digestOf(group: OutboxRow[]): { subject: string; text: string } {
  if (group.length === 1) return { subject: group[0]!.subject, text: group[0]!.text }
  const paragraph = group[0]!.text.indexOf('\n\n')
  const greeting = paragraph > 0 ? group[0]!.text.slice(0, paragraph + 2) : undefined
  const first = greeting && group.every((mail) => mail.text.startsWith(greeting)) ? greeting : undefined
  const parts = group.map((mail) => (first ? mail.text.slice(first.length) : mail.text).trimEnd())
  return {
    subject: m.mail_digest_subject({ subject: group[0]!.subject, count: group.length - 1 }),
    text: `${first ?? ''}${m.mail_digest_heading({ count: group.length })}\n\n${parts.join('\n\n———\n\n')}\n`,
  }
}

/**
 * Every mail is written to the outbox table first (admins read it in system settings; tests
 * read it instead of a mock). With SMTP_URL set, a `mail.send` job is written in the same
 * transaction and the job runner sends it after the caller's answer, so a slow SMTP server
 * never slows a request, a failure never fails one, and a restart loses nothing: the job is
 * retried with backoff (decision 014). The outbox row records when it was sent, or the last error.
 */
export function createMailer({
  db,
  smtpUrl,
  from,
  log,
  clock,
  jobs: jobRunner,
  settings,
}: {
  db: Db
  smtpUrl?: string
  from: string
  log: FastifyBaseLogger
  clock: () => Date
  jobs: JobRunner
  /** The club's default language, for a digest to someone who chose none. */
  settings: Pick<SettingsService, 'get'>
}) {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null

  /**
   * A person's notice mails waiting to go (written up to now, in order), starting with the
   * earliest whose send job is still on: a mail whose job gave up for good does not hold the others back.
   * One statement, so the mails and their jobs are read at one moment: read apart, a job running
   * beside the first mail's could see the mails before they were sent and that mail's job after
   * it was done, and send them all a second time.
   */
  async function waitingNotices(to: string): Promise<OutboxRow[]> {
    const now = clock()
    const waiting = await db
      .select({
        ...getTableColumns(mailOutbox),
        // Spelled out: drizzle leaves columns unqualified in a one-table select, and "id" here would be the job's.
        live: sql<boolean>`exists (select 1 from "jobs" j where j."kind" = ${MAIL_SEND} and j."done_at" is null and j."failed_at" is null and j."payload"->>'mailId' = "mail_outbox"."id"::text)`,
      })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, to),
          isNull(mailOutbox.sentAt),
          inArray(mailOutbox.kind, [...digestKinds]),
          gte(mailOutbox.createdAt, new Date(now.getTime() - DIGEST_LOOKBACK_MS)),
          lte(mailOutbox.createdAt, now),
        ),
      )
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    const start = waiting.findIndex((row) => row.live)
    return start < 0 ? [] : waiting.slice(start).map(({ live: _, ...row }) => row)
  }

  /** A digest's own words (its subject, "3 notices…") in the language of the person it goes to. */
  async function digestFor(to: string, group: OutboxRow[]) {
    if (group.length === 1) return digestOf(group)
    const [person] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(sql`lower(${users.email})`, to.toLowerCase()))
    return inLanguage(recipientLanguage(person?.language, (await settings.get()).language), () => digestOf(group))
  }

  if (transport) {
    // About an hour of retries (30 s, 1, 2, 4, 8, 16, 32 min) before the mail is given up.
    jobRunner.register(
      MAIL_SEND,
      async (payload) => {
        const { mailId } = payload as { mailId: string }
        const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId))
        if (!mail || mail.sentAt) return
        const group = isDigestKind(mail.kind) ? await waitingNotices(mail.to) : [mail]
        // The earliest waiting notice mail whose send is still on sends them all; the others' jobs
        // end here (their mails go with it, or with its retry).
        if (group.length === 0 || group[0]!.id !== mail.id) return
        const ids = group.map((row) => row.id)
        try {
          await transport.sendMail({ from, to: mail.to, ...(await digestFor(mail.to, group)) })
        } catch (error) {
          await db.update(mailOutbox).set({ error: String(error).slice(0, 500) }).where(inArray(mailOutbox.id, ids))
          throw error
        }
        await db.update(mailOutbox).set({ sentAt: clock(), error: null }).where(inArray(mailOutbox.id, ids))
      },
      { maxAttempts: 8, leaseMs: 5 * 60_000 },
    )
  }

  /**
   * Writes the mails (and their send jobs) in the caller's transaction: they go only if that
   * commits. Two statements however many mails.
   */
  async function queueAll(tx: Tx, mails: Mail[]) {
    if (mails.length === 0) return []
    const createdAt = clock()
    const rows = await tx
      .insert(mailOutbox)
      .values(mails.map((mail) => ({ ...mail, createdAt })))
      .returning({ id: mailOutbox.id })
    const digestAt = new Date(createdAt.getTime() + MAIL_DIGEST_MS)
    if (transport) {
      await jobRunner.enqueueAll(
        tx,
        rows.map((row, at) => ({ kind: MAIL_SEND, payload: { mailId: row.id }, runAt: isDigestKind(mails[at]!.kind) ? digestAt : undefined })),
      )
    }
    return rows.map((row) => row.id)
  }

  /** One mail: `queueAll` of one. */
  async function queue(tx: Tx, mail: Mail) {
    const [id] = await queueAll(tx, [mail])
    return id!
  }

  return {
    /** Whether mail goes out over SMTP (SMTP_URL set) or stays in the outbox only. */
    sends: transport !== null,
    async send(mail: Mail) {
      const id = await withTransaction(db, (tx) => queue(tx, mail))
      log.info({ mailId: id, to: mail.to, kind: mail.kind, subject: mail.subject }, transport ? 'mail queued' : 'mail written to the outbox (no SMTP_URL)')
      if (transport) jobRunner.kick()
    },
    queue,
    queueAll,
    /** After a transaction that queued mail has committed: send it soon rather than at the next poll. */
    flush() {
      if (transport) jobRunner.kick()
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>
