import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'

export interface Mail {
  to: string
  subject: string
  text: string
  /** What the mail is for (`password-reset`, `account-approved`, …), for the outbox list. */
  kind: string
}

/**
 * Every mail is written to the outbox table first (admins read it in system settings; tests
 * read it instead of a mock). With SMTP_URL set it is then sent, and the row records when,
 * or the error. Sending happens after the caller's answer, so a slow SMTP server never slows
 * a request, and a failure never fails one.
 */
export function createMailer({ db, smtpUrl, from, log, clock }: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger; clock: () => Date }) {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null

  return {
    async send(mail: Mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...mail, createdAt: clock() })
        .returning({ id: mailOutbox.id })
      log.info({ mailId: row!.id, to: mail.to, kind: mail.kind, subject: mail.subject }, transport ? 'mail queued' : 'mail written to the outbox (no SMTP_URL)')
      if (!transport) return
      void transport
        .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
        .then(() => db.update(mailOutbox).set({ sentAt: clock() }).where(eq(mailOutbox.id, row!.id)))
        .catch(async (error: unknown) => {
          log.error({ err: error, mailId: row!.id }, 'mail could not be sent')
          await db.update(mailOutbox).set({ error: String(error).slice(0, 500) }).where(eq(mailOutbox.id, row!.id))
        })
        .catch(() => undefined)
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>
