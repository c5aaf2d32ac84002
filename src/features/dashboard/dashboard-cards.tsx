import { useEffect, useState, type ReactNode } from 'react'
import { Link, useRouter } from '@tanstack/react-router'
import { ClipboardList } from 'lucide-react'
import { dayLabel } from '@/contract/calendar'
import { COUNTDOWN_HOURS, type Dashboard, type DashboardLive } from '@/contract/dashboard'
import { applicationStatusLabels } from '@/contract/lives'
import { additionalInfoLabels } from '@/contract/people'
import { partLabel } from '@/contract/choices'
import { EmptyState } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { applicationFormLink, liveOfEvent } from '@/features/lives/live-routes'
import { BandStatusBadge } from '@/features/bands/band-parts'
import { m } from '@/i18n/paraglide/messages.js'

const linkClass = 'text-brand underline underline-offset-2'
const HOUR = 60 * 60 * 1000

/** "2 days 5 hours", "5 hours 12 minutes", "12 minutes": the time left before a deadline. */
export function timeLeft(ms: number) {
  const minutes = Math.max(1, Math.floor(ms / 60_000))
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor((minutes % (24 * 60)) / 60)
  const rest = minutes % 60
  const both = (first: string, second: string) => m.dashboard_time_two({ first, second })
  if (days > 0) return hours > 0 ? both(m.dashboard_days({ count: days }), m.dashboard_hours({ count: hours })) : m.dashboard_days({ count: days })
  if (hours > 0) return rest > 0 ? both(m.dashboard_hours({ count: hours }), m.dashboard_minutes({ count: rest })) : m.dashboard_hours({ count: hours })
  return m.dashboard_minutes({ count: rest })
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
  if (left <= 0) return <span className="text-sm font-medium text-danger">{m.dashboard_applications_closed()}</span>
  if (left < COUNTDOWN_HOURS * HOUR) {
    return (
      <span className="text-sm font-semibold text-warn">
        {m.dashboard_closes_in({ time: timeLeft(left), when: live.closesLabel })}
      </span>
    )
  }
  return <span className="text-sm text-ink-muted">{m.dashboard_applications_close_at({ when: live.closesLabel })}</span>
}

export function MissingInfoPrompt({ missing }: { missing: Dashboard['missingInfo'] }) {
  if (missing.length === 0) return null
  return (
    <section aria-labelledby="additional-info-prompt" className="flex items-start gap-3 rounded-lg border border-brand/40 bg-brand/10 p-4">
      <ClipboardList aria-hidden className="mt-0.5 size-5 shrink-0 text-ink" />
      <div>
        <h2 id="additional-info-prompt" className="font-semibold text-ink">
          {m.dashboard_complete_details_title()}
        </h2>
        <p className="mt-1 text-sm text-ink">{m.dashboard_still_missing({ fields: missing.map((field) => additionalInfoLabels[field].toLowerCase()).join(m.dashboard_list_separator()) })}</p>
        <p className="mt-2">
          <Link to="/additional-info" className={`font-medium ${linkClass}`}>
            {m.dashboard_complete_details()}
          </Link>
        </p>
      </div>
    </section>
  )
}

export function NextBookingsCard({ bookings }: { bookings: Dashboard['bookings'] }) {
  return (
    <Card
      title={m.dashboard_next_bookings()}
      actions={
        <Link to="/room-booking-list" className={`text-sm ${linkClass}`}>
          {m.dashboard_all_bookings()}
        </Link>
      }
    >
      {bookings.length === 0 ? (
        <EmptyState title={m.dashboard_no_bookings()}>
          <Link to="/room-booking-form" className={linkClass}>
            {m.dashboard_book_a_room()}
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label={m.dashboard_next_bookings()} className="flex flex-col divide-y divide-line">
          {bookings.map((booking) => (
            <li key={booking.id} className="flex flex-col gap-0.5 py-2">
              <span className="font-medium">
                {dayLabel(booking.date)}, {booking.startsAt}–{booking.endsAt} · {booking.roomName}
              </span>
              <span className="text-sm break-words text-ink-muted">
                {booking.band ? m.dashboard_booking_band({ band: booking.band.name }) : m.dashboard_personal_practice()}
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
      title={m.dashboard_my_bands()}
      actions={
        <Link to="/user-bands" className={`text-sm ${linkClass}`}>
          {m.dashboard_all_bands()}
        </Link>
      }
    >
      {bands.length === 0 ? (
        <EmptyState title={m.dashboard_no_bands()}>
          <Link to="/band-registration-form" className={linkClass}>
            {m.dashboard_register_first_band()}
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label={m.dashboard_my_bands()} className="flex flex-col divide-y divide-line">
          {bands.map((band) => (
            <li key={band.id} className="flex flex-col gap-0.5 py-2">
              <span className="flex flex-wrap items-center gap-2">
                <Link to="/bands/edit/$bandId" params={{ bandId: band.id }} className={`font-medium break-words ${linkClass}`}>
                  {band.name}
                </Link>
                {band.status !== 'active' ? <BandStatusBadge status={band.status} /> : null}
              </span>
              <span className="text-sm text-ink-muted">
                {band.isLeader ? m.dashboard_leader() : ''}
                {partLabel(band.part)} · {band.members.length === 1 ? m.dashboard_just_you() : m.dashboard_members({ count: band.members.length })}
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
    <Card title={m.dashboard_open_lives()}>
      {lives.length === 0 ? (
        <EmptyState title={m.dashboard_no_open_lives()}>{m.dashboard_no_open_lives_note()}</EmptyState>
      ) : (
        <ul aria-label={m.dashboard_open_lives()} className="flex flex-col divide-y divide-line">
          {lives.map((live) => (
            <li key={live.id} className="flex flex-col gap-1 py-2">
              <span className="font-medium break-words">
                {live.title} <span className="font-normal text-ink-muted">{m.dashboard_live_from({ day: dayLabel(live.firstDay) })}</span>
              </span>
              <Deadline live={live} />
              {live.applications.map((application) => (
                <span key={application.id} className="text-sm">
                  {m.dashboard_application_status({ band: application.band.name, status: applicationStatusLabels[application.status].toLowerCase() })}
                </span>
              ))}
              {hasBands ? (
                <Link {...applicationFormLink(liveOfEvent(live), { eventId: live.id })} className={`text-sm font-medium ${linkClass}`}>
                  {live.applications.length > 0 ? m.dashboard_open_application({ live: live.title }) : m.dashboard_apply_to({ live: live.title })}
                </Link>
              ) : (
                <Link to="/band-registration-form" className={`text-sm ${linkClass}`}>
                  {m.dashboard_register_to_apply()}
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
    <Card title={m.dashboard_performances()}>
      {performances.length === 0 ? (
        <EmptyState title={m.dashboard_no_performances()}>{m.dashboard_no_performances_note()}</EmptyState>
      ) : (
        <ul aria-label={m.dashboard_performances()} className="flex flex-col divide-y divide-line">
          {performances.map((performance) => (
            <li key={performance.applicationId} className="flex flex-col gap-0.5 py-2">
              <span className="font-medium">
                {dayLabel(performance.date)}, {performance.start}–{performance.end} · {performance.stage}
              </span>
              <span className="text-sm break-words text-ink-muted">
                {m.dashboard_band_at({ band: performance.band.name })}{' '}
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
      title={m.dashboard_feedback()}
      actions={
        <Link to="/feedback-list" search={{ tab: 'received' }} className={`text-sm ${linkClass}`}>
          {m.dashboard_all_feedback()}
        </Link>
      }
    >
      {feedback.length === 0 ? (
        <EmptyState title={m.dashboard_no_feedback()}>
          {hasBands ? m.dashboard_no_feedback_note() : <Link to="/band-registration-form" className={linkClass}>{m.dashboard_register_band()}</Link>}
        </EmptyState>
      ) : (
        <ul aria-label={m.dashboard_feedback()} className="flex flex-col divide-y divide-line">
          {feedback.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 py-2">
              <span className="text-sm text-ink-muted">
                {m.dashboard_feedback_from({ band: item.band.name, live: item.event.title, author: item.author ? item.author.displayName : m.dashboard_anonymous() })}
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
    <Card title={m.dashboard_room_allocation()}>
      {rounds.length === 0 ? (
        <EmptyState title={m.dashboard_no_rounds()}>
          <Link to="/room-allocation-list" className={linkClass}>
            {m.dashboard_see_rounds()}
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label={m.dashboard_rounds_list()} className="flex flex-col divide-y divide-line">
          {rounds.map((round) => (
            <li key={round.id} className="flex flex-col gap-1 py-2">
              <span className="font-medium">{m.dashboard_rooms_for_week({ day: dayLabel(round.weekStart) })}</span>
              <RoundDeadline round={round} />
              {playing.map((band) => {
                const wish = round.wishes.find((candidate) => candidate.band.id === band.id)
                return (
                  <span key={band.id} className="text-sm">
                    {m.dashboard_application_status({
                      band: band.name,
                      status: wish ? m.dashboard_wishes_for({ wishes: m.dashboard_wish_count({ count: wish.count }), periods: m.dashboard_period_count({ count: wish.wants }) }) : m.dashboard_no_wishes_yet(),
                    })}
                  </span>
                )
              })}
              <Link to="/room-allocation-list" search={{ round: round.id }} className={`text-sm font-medium ${linkClass}`}>
                {playing.length === 0 ? m.dashboard_see_round() : m.dashboard_send_wishes()}
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
  if (left <= 0) return <span className="text-sm font-medium text-danger">{m.dashboard_wishes_closed()}</span>
  if (left < COUNTDOWN_HOURS * HOUR) return <span className="text-sm font-semibold text-warn">{m.dashboard_wishes_close_in({ time: timeLeft(left), when: round.closesLabel })}</span>
  return <span className="text-sm text-ink-muted">{m.dashboard_wishes_close_at({ when: round.closesLabel })}</span>
}

export function NoticesCard({ notices }: { notices: Dashboard['notices'] }) {
  const router = useRouter()
  return (
    <Card
      title={m.dashboard_notices()}
      actions={
        <Link to="/notices" className={`text-sm ${linkClass}`}>
          {m.dashboard_all_notices()}
        </Link>
      }
    >
      {notices.unread === 0 ? (
        <EmptyState title={m.dashboard_no_notices()}>{m.dashboard_no_notices_note()}</EmptyState>
      ) : (
        <>
          <p className="mb-2 font-medium">{m.dashboard_unread({ count: notices.unread })}</p>
          <ul aria-label={m.dashboard_unread_list()} className="flex flex-col divide-y divide-line">
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
      title={m.dashboard_new_files()}
      actions={
        <Link to="/files" className={`text-sm ${linkClass}`}>
          {m.dashboard_all_files()}
        </Link>
      }
    >
      {files.length === 0 ? (
        <EmptyState title={m.dashboard_no_new_files()}>
          <Link to="/files" className={linkClass}>
            {m.dashboard_browse_files()}
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label={m.dashboard_new_files()} className="flex flex-col divide-y divide-line">
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
