import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { CalendarDays, CalendarSync, FileSpreadsheet, Printer } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/components/ui/feedback'
import { dayLabel } from '@/contract/calendar'
import type { SchedulePerformance, StoredTimetable } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { downloadFile } from '@/lib/download'
import { ReadOnlyBlock } from './schedule-block'
import { ScheduleDayGrid } from './schedule-grid'
import { formatDateTime } from '@/contract/date-format'
import { m } from '@/i18n/paraglide/messages.js'

const linkButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

/** `Sat 18 Jul 2026, 10:00` for when a version was published, on the club's clock (not the viewer's). */
const publishedWhen = (iso: string, timeZone: string) => formatDateTime(iso, { timeZone })

/**
 * The live's timetable feed as a calendar subscription (`webcal://`, on this site's host): a
 * calendar app that subscribes shows every later version, where a downloaded file stays as it was.
 */
const feedAddress = (eventId: string) => `webcal://${window.location.host}/api/events/${eventId}/timetable.ics`

/** The published timetable's files: iCal for calendars (a subscription or a file), CSV for spreadsheets, and the print view. */
export function ScheduleDownloads({ event }: { event: LiveEvent }) {
  async function download(kind: 'ics' | 'csv') {
    try {
      await downloadFile(`/api/events/${event.id}/timetable.${kind}`, `${event.title}.${kind}`)
    } catch (error) {
      toast.error(kind === 'ics' ? m.live_schedule_calendar_download_failed() : m.live_schedule_csv_download_failed(), { description: errorMessage(error) })
    }
  }
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <a href={feedAddress(event.id)} className={linkButtonClass}>
        <CalendarSync aria-hidden className="size-4" />
        {m.live_schedule_subscribe_calendar()}
      </a>
      <Button variant="secondary" onClick={() => void download('ics')}>
        <CalendarDays aria-hidden className="size-4" />
        {m.live_schedule_download_ical()}
      </Button>
      <Button variant="secondary" onClick={() => void download('csv')}>
        <FileSpreadsheet aria-hidden className="size-4" />
        {m.live_schedule_download_csv()}
      </Button>
      <Link to="/festival-schedule" search={(previous) => ({ ...previous, print: true })} className={linkButtonClass}>
        <Printer aria-hidden className="size-4" />
        {m.live_schedule_print_view()}
      </Link>
    </div>
  )
}

/**
 * The latest published version, read-only: a grid per day shown, the member's own performances
 * marked "Yours" and listed first.
 */
export function PublishedTimetable({
  event,
  published,
  performances,
  shownDates,
}: {
  event: LiveEvent
  published: StoredTimetable
  performances: ReadonlyArray<SchedulePerformance>
  shownDates: ReadonlyArray<string>
}) {
  const club = useQuery(clubInfoQueryOptions())
  const byId = new Map(performances.map((performance) => [performance.id, performance]))
  const placements = published.placements.filter((placement) => byId.has(placement.performanceId))
  const mine = placements
    .filter((placement) => byId.get(placement.performanceId)!.mine)
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start))
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        {published.publishedAt && club.data
          ? m.live_schedule_version_published({ version: published.version, when: publishedWhen(published.publishedAt, club.data.timeZone) })
          : m.live_schedule_version_only({ version: published.version })}
      </p>
      {mine.length > 0 ? (
        <section aria-labelledby="yours-heading" className="rounded-md border border-brand/50 bg-brand/10 p-3 text-sm">
          <h2 id="yours-heading" className="font-semibold">
            {m.live_schedule_your_performances()}
          </h2>
          <ul className="mt-1 flex flex-col gap-1">
            {mine.map((placement) => (
              <li key={placement.performanceId}>
                <strong className="font-semibold">{byId.get(placement.performanceId)!.bandName}</strong> · {dayLabel(placement.date)} · {placement.stage} ·{' '}
                {placement.start}–{placement.end}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {event.days
        .filter((day) => shownDates.includes(day.date))
        .map((day) => (
          <section key={day.date} aria-labelledby={`published-day-${day.date}`} className="flex flex-col gap-2">
            <h2 id={`published-day-${day.date}`} className="text-lg font-semibold">
              {dayLabel(day.date)}
            </h2>
            <ScheduleDayGrid
              day={day}
              label={m.live_schedule_timetable_of_day({ day: dayLabel(day.date) })}
              items={placements
                .filter((placement) => placement.date === day.date)
                .map((placement) => ({
                  performanceId: placement.performanceId,
                  stage: placement.stage,
                  start: placement.start,
                  minutes: byId.get(placement.performanceId)!.minutes,
                }))}
              renderItem={(item, style) => (
                <ReadOnlyBlock key={item.performanceId} performance={byId.get(item.performanceId)!} start={item.start} stage={item.stage} style={style} />
              )}
            />
          </section>
        ))}
    </div>
  )
}
