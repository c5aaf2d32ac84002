import { dayLabel } from '@/contract/calendar'
import { applicationStatusLabels, songSeconds, type Application, type ApplicationStatus, type ReviewDecision } from '@/contract/lives'

/** What a decision button says, and how a toast or a dialog names what it did. */
export const decisionVerbs: Record<ReviewDecision, { verb: string; done: string }> = {
  accepted: { verb: 'Accept', done: 'Accepted' },
  waitlisted: { verb: 'Waitlist', done: 'Waitlisted' },
  rejected: { verb: 'Reject', done: 'Rejected' },
}

const statusTones: Record<ApplicationStatus, string> = {
  submitted: 'border-line text-ink',
  accepted: 'border-brand bg-brand/10 text-ink',
  waitlisted: 'border-warn/70 text-ink',
  rejected: 'border-danger/60 text-danger',
  withdrawn: 'border-line text-ink-muted',
}

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${statusTones[status]}`}>
      {applicationStatusLabels[status]}
    </span>
  )
}

const pad = (value: number) => String(value).padStart(2, '0')

/** "3 songs · 12:30": how many songs and how long they last together. */
export function songsText(songs: Application['songs']) {
  const seconds = songs.reduce((total, song) => total + (/^\d{1,2}:\d{2}$/.test(song.length) ? songSeconds(song.length) : 0), 0)
  return `${songs.length} song${songs.length === 1 ? '' : 's'} · ${Math.floor(seconds / 60)}:${pad(seconds % 60)}`
}

export const preferredDayText = (application: Pick<Application, 'preferredDay'>) =>
  application.preferredDay ? dayLabel(application.preferredDay) : 'No preference'

/** "Sat 18 Jul 12:00–14:00 (part-time job)". */
export const unavailableText = (window: Application['unavailable'][number]) =>
  `${dayLabel(window.date)} ${window.from}–${window.to}${window.reason ? ` (${window.reason})` : ''}`

/** The band's members with their parts, leader first and marked in words. */
export function MemberLine({ application }: { application: Application }) {
  if (application.members.length === 0) return <p className="text-sm text-ink-muted">No current members</p>
  return (
    <p className="text-sm text-ink-muted">
      {application.members.map((member, index) => (
        <span key={member.id}>
          {index > 0 ? ', ' : ''}
          {member.displayName} ({member.part}
          {member.isLeader ? ', leader' : ''})
        </span>
      ))}
    </p>
  )
}

/** The status and, when there is one, the note the executives left for the band. */
export function ReviewState({ application }: { application: Application }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <ApplicationStatusBadge status={application.status} />
      {application.reviewNote ? (
        <p className="text-sm break-words">
          <span className="text-ink-muted">Note: </span>
          {application.reviewNote}
        </p>
      ) : null}
    </div>
  )
}

/** What the band asked for beyond the songs: day, unavailable times, needs and message. */
export function ApplicationRequests({ application }: { application: Application }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-ink-muted">Preferred day</dt>
      <dd>{preferredDayText(application)}</dd>
      <dt className="text-ink-muted">Unavailable</dt>
      <dd>
        {application.unavailable.length === 0 ? (
          'Any time'
        ) : (
          <ul>
            {application.unavailable.map((window, index) => (
              <li key={index}>{unavailableText(window)}</li>
            ))}
          </ul>
        )}
      </dd>
      {application.needs ? (
        <>
          <dt className="text-ink-muted">Needs</dt>
          <dd className="break-words whitespace-pre-line">{application.needs}</dd>
        </>
      ) : null}
      {application.message ? (
        <>
          <dt className="text-ink-muted">Message</dt>
          <dd className="break-words whitespace-pre-line">{application.message}</dd>
        </>
      ) : null}
    </dl>
  )
}
