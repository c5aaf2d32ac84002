import type { ReactNode } from 'react'
import { dayLabel, todayIn } from '@/contract/calendar'
import { applicationStatusLabels, type Application, type ApplicationStatus, type LiveEvent } from '@/contract/lives'
import { formatDateTime } from '@/contract/date-format'
import { m } from '@/i18n/paraglide/messages.js'

/** "Tue 2 Jun 2026, 10:00" in the club's time zone. */
export const formatInstant = (iso: string, timeZone: string) =>
  formatDateTime(iso, { timeZone })

/** "Tue 2 Jun": the club's day an instant falls on. */
export const dayOfInstant = (iso: string, timeZone: string) => dayLabel(todayIn(new Date(iso), timeZone))

const statusTones: Record<ApplicationStatus, string> = {
  submitted: 'border-line text-ink',
  accepted: 'border-brand/60 bg-brand/10 text-ink',
  waitlisted: 'border-amber-600/60 text-ink',
  rejected: 'border-danger/60 text-danger',
  withdrawn: 'border-line text-ink-muted',
}

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${statusTones[status]}`}>{applicationStatusLabels[status]}</span>
  )
}

/** The event the form is for: venue, days (with the stages' hours) and whether it takes applications. */
export function EventFacts({ event }: { event: LiveEvent }) {
  const open = event.applicationWindow.state === 'open'
  return (
    <section aria-label={m.lives_about_this_live()} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        {event.venue ? (
          <>
            <dt className="font-medium text-ink-muted">{m.lives_venue()}</dt>
            <dd className="break-words">{event.venue}</dd>
          </>
        ) : null}
        <dt className="font-medium text-ink-muted">{m.lives_days()}</dt>
        <dd>
          <ul aria-label={m.lives_days_of_live()} className="flex flex-col gap-0.5">
            {event.days.map((day) => (
              <li key={day.date}>
                <span className="font-medium">{dayLabel(day.date)}</span>{' '}
                <span className="text-ink-muted">
                  {day.stages.map((stage) => `${stage.name} ${stage.opensAt}–${stage.closesAt}`).join(m.lives_list_separator())}
                </span>
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium text-ink-muted">{m.lives_applications()}</dt>
        <dd className={open ? 'text-ink' : 'font-medium text-ink'}>{event.applicationWindow.message}</dd>
      </dl>
    </section>
  )
}

/** Where an application stands: status, who sent it and when, and the executives' note. */
export function ApplicationStatusPanel({ application, timeZone }: { application: Application; timeZone: string }) {
  return (
    <section aria-label={m.lives_application_status()} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4 text-sm sm:p-5">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{m.lives_status_colon()}</span>
        <ApplicationStatusBadge status={application.status} />
      </p>
      <p className="text-ink-muted">
        {application.updatedAt !== application.submittedAt
          ? m.lives_sent_by_changed({ person: application.submittedBy.displayName, sent: formatInstant(application.submittedAt, timeZone), changed: formatInstant(application.updatedAt, timeZone) })
          : m.lives_sent_by({ person: application.submittedBy.displayName, sent: formatInstant(application.submittedAt, timeZone) })}
      </p>
      {application.reviewNote ? (
        <div className="rounded-md border border-line bg-surface-2 px-3 py-2">
          <p className="font-medium">{m.lives_note_from_executives()}</p>
          <p className="break-words whitespace-pre-line">{application.reviewNote}</p>
        </div>
      ) : null}
    </section>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-ink-muted">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}

/** An application as plain text, for when it cannot be changed. */
export function ApplicationDetails({ application }: { application: Application }) {
  return (
    <section aria-label={m.lives_your_application()} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
        <Fact term={m.lives_songs()}>
          <ol aria-label={m.lives_songs()} className="list-decimal pl-5">
            {application.songs.map((song, index) => (
              <li key={index}>
                {song.title}
                {song.artist ? ` — ${song.artist}` : ''} ({song.length})
              </li>
            ))}
          </ol>
        </Fact>
        <Fact term={m.lives_requested_minutes()}>{m.lives_minutes({ minutes: application.requestedMinutes })}</Fact>
        <Fact term={m.lives_preferred_day()}>{application.preferredDay ? dayLabel(application.preferredDay) : m.lives_no_preference()}</Fact>
        <Fact term={m.lives_unavailable_times()}>
          {application.unavailable.length === 0 ? (
            m.lives_none()
          ) : (
            <ul aria-label={m.lives_unavailable_times()}>
              {application.unavailable.map((window, index) => (
                <li key={index}>
                  {dayLabel(window.date)} {window.from}–{window.to}
                  {window.reason ? ` (${window.reason})` : ''}
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact term={m.lives_needs()}>
          <span className="whitespace-pre-line">{application.needs || m.lives_none()}</span>
        </Fact>
        <Fact term={m.lives_message()}>
          <span className="whitespace-pre-line">{application.message || m.lives_none()}</span>
        </Fact>
      </dl>
    </section>
  )
}
