import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import { withTransaction, type Tx } from '../db/transaction'
import type { JobRunner } from '../jobs/job-runner'

export interface Mail {
  to: string
  subject: string
  text: string
  /** What the mail is for (`password-reset`, `account-approved`, …), for the outbox list. */
  kind: string
}

const MAIL_SEND = 'mail.send'

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
  jobs,
}: {
  db: Db
  smtpUrl?: string
  from: string
  log: FastifyBaseLogger
  clock: () => Date
  jobs: JobRunner
}) {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null

  if (transport) {
    // About an hour of retries (30 s, 1, 2, 4, 8, 16, 32 min) before the mail is given up.
    jobs.register(
      MAIL_SEND,
      async (payload) => {
        const { mailId } = payload as { mailId: string }
        const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId))
        if (!mail || mail.sentAt) return
        try {
          await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
        } catch (error) {
          await db.update(mailOutbox).set({ error: String(error).slice(0, 500) }).where(eq(mailOutbox.id, mailId))
          throw error
        }
        await db.update(mailOutbox).set({ sentAt: clock(), error: null }).where(eq(mailOutbox.id, mailId))
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
    if (transport) await jobs.enqueueAll(tx, rows.map((row) => ({ kind: MAIL_SEND, payload: { mailId: row.id } })))
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
      if (transport) jobs.kick()
    },
    queue,
    queueAll,
    /** After a transaction that queued mail has committed: send it soon rather than at the next poll. */
    flush() {
      if (transport) jobs.kick()
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>
