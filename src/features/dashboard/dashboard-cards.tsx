import { useEffect, useState, type ReactNode } from 'react'
import { Link, useRouter } from '@tanstack/react-router'
import { ClipboardList } from 'lucide-react'
import { dayLabel } from '@/contract/calendar'
import { COUNTDOWN_HOURS, type Dashboard, type DashboardLive } from '@/contract/dashboard'
import { applicationStatusLabels } from '@/contract/lives'
import { additionalInfoLabels } from '@/contract/people'
import { EmptyState } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { applicationFormLink, liveOfEvent } from '@/features/lives/live-routes'
import { BandStatusBadge } from '@/features/bands/band-parts'

const linkClass = 'text-brand underline underline-offset-2'
const HOUR = 60 * 60 * 1000

/** "2 days 5 hours", "5 hours 12 minutes", "12 minutes": the time left before a deadline. */
export function timeLeft(ms: number) {
  const minutes = Math.max(1, Math.floor(ms / 60_000))
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor((minutes % (24 * 60)) / 60)
  const rest = minutes % 60
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day')
  if (hours > 0) return rest > 0 ? `${unit(hours, 'hour')} ${unit(rest, 'minute')}` : unit(hours, 'hour')
  return unit(rest, 'minute')
}

/** The time now, moved on every minute, so countdowns stay true while the screen stays open. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  return now
}

function Deadline({ live }: { live: DashboardLive }) {
  const now = useMinuteClock()
  const left = new Date(live.applicationClosesAt).getTime() - now
  if (left <= 0) return <span className="text-sm font-medium text-danger">Applications have closed.</span>
  if (left < COUNTDOWN_HOURS * HOUR) {
    return (
      <span className="text-sm font-semibold text-warn">
        Closes in {timeLeft(left)} ({live.closesLabel})
      </span>
    )
  }
  return <span className="text-sm text-ink-muted">Applications close at {live.closesLabel}.</span>
}

export function MissingInfoPrompt({ missing }: { missing: Dashboard['missingInfo'] }) {
  if (missing.length === 0) return null
  return (
    <section aria-labelledby="additional-info-prompt" className="flex items-start gap-3 rounded-lg border border-brand/40 bg-brand/10 p-4">
      <ClipboardList aria-hidden className="mt-0.5 size-5 shrink-0 text-ink" />
      <div>
        <h2 id="additional-info-prompt" className="font-semibold text-ink">
          Complete your details for the university
        </h2>
        <p className="mt-1 text-sm text-ink">Still missing: {missing.map((field) => additionalInfoLabels[field].toLowerCase()).join(', ')}.</p>
        <p className="mt-2">
          <Link to="/additional-info" className={`font-medium ${linkClass}`}>
            Complete your details
          </Link>
        </p>
      </div>
    </section>
  )
}

export function NextBookingsCard({ bookings }: { bookings: Dashboard['bookings'] }) {
  return (
    <Card
      title="My next bookings"
      actions={
        <Link to="/room-booking-list" className={`text-sm ${linkClass}`}>
          All my bookings
        </Link>
      }
    >
      {bookings.length === 0 ? (
        <EmptyState title="No room booked for you or your bands.">
          <Link to="/room-booking-form" className={linkClass}>
            Book a room
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label="My next bookings" className="flex flex-col divide-y divide-line">
          {bookings.map((booking) => (
            <li key={booking.id} className="flex flex-col gap-0.5 py-2">
              <span className="font-medium">
                {dayLabel(booking.date)}, {booking.startsAt}–{booking.endsAt} · {booking.roomName}
              </span>
              <span className="text-sm break-words text-ink-muted">
                {booking.band ? `${booking.band.name}: ` : 'Personal practice: '}
                {booking.people.map((person) => person.displayName).join(', ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function MyBandsCard({ bands }: { bands: Dashboard['bands'] }) {
  return (
    <Card
      title="My bands"
      actions={
        <Link to="/user-bands" className={`text-sm ${linkClass}`}>
          All my bands
        </Link>
      }
    >
      {bands.length === 0 ? (
        <EmptyState title="You are not in any band yet.">
          <Link to="/band-registration-form" className={linkClass}>
            Register your first band
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label="My bands" className="flex flex-col divide-y divide-line">
          {bands.map((band) => (
            <li key={band.id} className="flex flex-col gap-0.5 py-2">
              <span className="flex flex-wrap items-center gap-2">
                <Link to="/bands/edit/$bandId" params={{ bandId: band.id }} className={`font-medium break-words ${linkClass}`}>
                  {band.name}
                </Link>
                {band.status !== 'active' ? <BandStatusBadge status={band.status} /> : null}
              </span>
              <span className="text-sm text-ink-muted">
                {band.isLeader ? 'Leader, ' : ''}
                {band.part} · {band.members.length === 1 ? 'just you' : `${band.members.length} members`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function OpenLivesCard({ lives, hasBands }: { lives: Dashboard['openLives']; hasBands: boolean }) {
  return (
    <Card title="Lives taking applications">
      {lives.length === 0 ? (
        <EmptyState title="No live is taking applications right now.">The executives open them before each live; they show here with their deadline.</EmptyState>
      ) : (
        <ul aria-label="Lives taking applications" className="flex flex-col divide-y divide-line">
          {lives.map((live) => (
            <li key={live.id} className="flex flex-col gap-1 py-2">
              <span className="font-medium break-words">
                {live.title} <span className="font-normal text-ink-muted">· from {dayLabel(live.firstDay)}</span>
              </span>
              <Deadline live={live} />
              {live.applications.map((application) => (
                <span key={application.id} className="text-sm">
                  {application.band.name}: {applicationStatusLabels[application.status].toLowerCase()}
                </span>
              ))}
              {hasBands ? (
                <Link {...applicationFormLink(liveOfEvent(live), { eventId: live.id })} className={`text-sm font-medium ${linkClass}`}>
                  {live.applications.length > 0 ? `Open the application form for ${live.title}` : `Apply to ${live.title}`}
                </Link>
              ) : (
                <Link to="/band-registration-form" className={`text-sm ${linkClass}`}>
                  Register a band to apply
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function PerformancesCard({ performances }: { performances: Dashboard['performances'] }) {
  return (
    <Card title="My performance times">
      {performances.length === 0 ? (
        <EmptyState title="No performance times published for your bands yet.">Once your band is accepted and the timetable of the live is published, your times show here.</EmptyState>
      ) : (
        <ul aria-label="My performance times" className="flex flex-col divide-y divide-line">
          {performances.map((performance) => (
            <li key={performance.applicationId} className="flex flex-col gap-0.5 py-2">
              <span className="font-medium">
                {dayLabel(performance.date)}, {performance.start}–{performance.end} · {performance.stage}
              </span>
              <span className="text-sm break-words text-ink-muted">
                {performance.band.name} at{' '}
                <Link to="/festival-schedule" search={{ eventId: performance.event.id }} className={linkClass}>
                  {performance.event.title}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function FeedbackCard({ feedback, hasBands }: { feedback: Dashboard['feedback']; hasBands: boolean }) {
  return (
    <Card
      title="Feedback my bands received"
      actions={
        <Link to="/feedback-list" search={{ tab: 'received' }} className={`text-sm ${linkClass}`}>
          All feedback
        </Link>
      }
    >
      {feedback.length === 0 ? (
        <EmptyState title="No feedback for your bands yet.">
          {hasBands ? 'Members can leave feedback once your band has played at a live.' : <Link to="/band-registration-form" className={linkClass}>Register a band</Link>}
        </EmptyState>
      ) : (
        <ul aria-label="Feedback my bands received" className="flex flex-col divide-y divide-line">
          {feedback.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 py-2">
              <span className="text-sm text-ink-muted">
                {item.band.name} at {item.event.title} · {item.author ? item.author.displayName : 'Anonymous'}
              </span>
              <Quote>{item.body}</Quote>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function Quote({ children }: { children: ReactNode }) {
  return <blockquote className="line-clamp-3 break-words whitespace-pre-line">{children}</blockquote>
}

export function RoomAllocationCard({ rounds, bands }: { rounds: Dashboard['allocationRounds']; bands: Dashboard['bands'] }) {
  const playing = bands.filter((band) => band.status === 'active')
  return (
    <Card title="Room allocation">
      {rounds.length === 0 ? (
        <EmptyState title="No allocation round is taking wishes right now.">
          <Link to="/room-allocation-list" className={linkClass}>
            See the rounds and their results
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label="Allocation rounds taking wishes" className="flex flex-col divide-y divide-line">
          {rounds.map((round) => (
            <li key={round.id} className="flex flex-col gap-1 py-2">
              <span className="font-medium">Rooms for the week of {dayLabel(round.weekStart)}</span>
              <RoundDeadline round={round} />
              {playing.map((band) => {
                const wish = round.wishes.find((candidate) => candidate.band.id === band.id)
                return (
                  <span key={band.id} className="text-sm">
                    {band.name}: {wish ? `${wish.count} ${wish.count === 1 ? 'wish' : 'wishes'} for ${wish.wants} ${wish.wants === 1 ? 'period' : 'periods'}` : 'no wishes yet'}
                  </span>
                )
              })}
              <Link to="/room-allocation-list" search={{ round: round.id }} className={`text-sm font-medium ${linkClass}`}>
                {playing.length === 0 ? 'See the round' : 'Send or change your wishes'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function RoundDeadline({ round }: { round: Dashboard['allocationRounds'][number] }) {
  const now = useMinuteClock()
  const left = new Date(round.closesAt).getTime() - now
  if (left <= 0) return <span className="text-sm font-medium text-danger">Wishes have closed.</span>
  if (left < COUNTDOWN_HOURS * HOUR) return <span className="text-sm font-semibold text-warn">Wishes close in {timeLeft(left)} ({round.closesLabel})</span>
  return <span className="text-sm text-ink-muted">Wishes close at {round.closesLabel}.</span>
}

export function NoticesCard({ notices }: { notices: Dashboard['notices'] }) {
  const router = useRouter()
  return (
    <Card
      title="Notices"
      actions={
        <Link to="/notices" className={`text-sm ${linkClass}`}>
          All notices
        </Link>
      }
    >
      {notices.unread === 0 ? (
        <EmptyState title="No unread notices.">You are told here about decisions, timetables, feedback and tomorrow’s practice.</EmptyState>
      ) : (
        <>
          <p className="mb-2 font-medium">{notices.unread === 1 ? '1 unread notice' : `${notices.unread} unread notices`}</p>
          <ul aria-label="Unread notices" className="flex flex-col divide-y divide-line">
            {notices.latest.map((notice) => (
              <li key={notice.id} className="py-2 break-words">
                {notice.link?.startsWith('/') ? (
                  <a
                    href={notice.link}
                    onClick={(event) => {
                      if (event.ctrlKey || event.metaKey || event.shiftKey) return
                      // An in-app path with its search: the router takes it, as on the notices screen.
                      event.preventDefault()
                      router.history.push(notice.link!)
                    }}
                    className={linkClass}
                  >
                    {notice.title}
                  </a>
                ) : (
                  notice.title
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  )
}

export function NewFilesCard({ files }: { files: Dashboard['newFiles'] }) {
  return (
    <Card
      title="New files"
      actions={
        <Link to="/files" className={`text-sm ${linkClass}`}>
          All files
        </Link>
      }
    >
      {files.length === 0 ? (
        <EmptyState title="No new files in the last two weeks.">
          <Link to="/files" className={linkClass}>
            Browse the club’s files
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label="New files" className="flex flex-col divide-y divide-line">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium break-all">{file.name}</span>
              <span className="text-sm text-ink-muted">{dayLabel(file.createdAt.slice(0, 10))}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
