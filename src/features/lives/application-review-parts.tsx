import { dayLabel } from '@/contract/calendar'
import { applicationStatusLabels, songSeconds, type Application, type ApplicationStatus, type ReviewDecision } from '@/contract/lives'
import { m } from '@/i18n/paraglide/messages.js'
import { partLabel } from '@/contract/choices'

interface DecisionWords {
  /** The button: "Accept". */
  verb: () => string
  /** A row's button, read out: "Accept Night Owls". */
  band: (names: { band: string }) => string
  /** The bulk bar's button, read out: "Accept 3 selected". */
  selected: (numbers: { count: number }) => string
  /** The dialog's question: "Accept Night Owls?", "Accept 3 applications?". */
  ask: (names: { band: string }) => string
  askMany: (numbers: { count: number }) => string
  /** The toast: "Accepted Night Owls.", "Accepted 3 applications.". */
  done: (names: { band: string }) => string
  doneMany: (numbers: { count: number }) => string
}

/** What a decision button says, and how a toast or a dialog names what it did. */
export const decisionVerbs: Record<ReviewDecision, DecisionWords> = {
  accepted: {
    verb: () => m.lives_accept(),
    band: (names) => m.lives_accept_band(names),
    selected: (numbers) => m.lives_accept_selected(numbers),
    ask: (names) => m.lives_accept_ask(names),
    askMany: (numbers) => m.lives_accept_ask_many(numbers),
    done: (names) => m.lives_accepted_band(names),
    doneMany: (numbers) => m.lives_accepted_many(numbers),
  },
  waitlisted: {
    verb: () => m.lives_waitlist(),
    band: (names) => m.lives_waitlist_band(names),
    selected: (numbers) => m.lives_waitlist_selected(numbers),
    ask: (names) => m.lives_waitlist_ask(names),
    askMany: (numbers) => m.lives_waitlist_ask_many(numbers),
    done: (names) => m.lives_waitlisted_band(names),
    doneMany: (numbers) => m.lives_waitlisted_many(numbers),
  },
  rejected: {
    verb: () => m.lives_reject(),
    band: (names) => m.lives_reject_band(names),
    selected: (numbers) => m.lives_reject_selected(numbers),
    ask: (names) => m.lives_reject_ask(names),
    askMany: (numbers) => m.lives_reject_ask_many(numbers),
    done: (names) => m.lives_rejected_band(names),
    doneMany: (numbers) => m.lives_rejected_many(numbers),
  },
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
  return m.lives_songs_and_length({ count: songs.length, length: `${Math.floor(seconds / 60)}:${pad(seconds % 60)}` })
}

export const preferredDayText = (application: Pick<Application, 'preferredDay'>) =>
  application.preferredDay ? dayLabel(application.preferredDay) : m.lives_no_preference()

/** "Sat 18 Jul 12:00–14:00 (part-time job)". */
export const unavailableText = (window: Application['unavailable'][number]) =>
  `${dayLabel(window.date)} ${window.from}–${window.to}${window.reason ? ` (${window.reason})` : ''}`

/** The band's members with their parts, leader first and marked in words. */
export function MemberLine({ application }: { application: Application }) {
  if (application.members.length === 0) return <p className="text-sm text-ink-muted">{m.lives_no_current_members_short()}</p>
  return (
    <p className="text-sm text-ink-muted">
      {application.members.map((member, index) => (
        <span key={member.id}>
          {index > 0 ? m.lives_list_separator() : ''}
          {member.isLeader ? m.lives_member_part_leader({ member: member.displayName, part: partLabel(member.part) }) : m.lives_member_part({ member: member.displayName, part: partLabel(member.part) })}
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
          <span className="text-ink-muted">{m.lives_note_label()} </span>
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
      <dt className="text-ink-muted">{m.lives_preferred_day()}</dt>
      <dd>{preferredDayText(application)}</dd>
      <dt className="text-ink-muted">{m.lives_unavailable()}</dt>
      <dd>
        {application.unavailable.length === 0 ? (
          m.lives_any_time()
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
          <dt className="text-ink-muted">{m.lives_needs_short()}</dt>
          <dd className="break-words whitespace-pre-line">{application.needs}</dd>
        </>
      ) : null}
      {application.message ? (
        <>
          <dt className="text-ink-muted">{m.lives_message()}</dt>
          <dd className="break-words whitespace-pre-line">{application.message}</dd>
        </>
      ) : null}
    </dl>
  )
}
