import { useQuery } from '@tanstack/react-query'
import { SelectField } from '@/components/ui/field'
import { eventStatusLabels, type LiveEvent } from '@/contract/lives'
import { EventStatusBadge, eventDayText, minutesText } from './event-parts'
import { eventListQueryOptions, type LiveKindRef } from './lives-queries'

/** The event at the top of a lives screen: title, status, days and stages, venue, the window. */
export function EventSummary({ event }: { event: LiveEvent }) {
  return (
    <section aria-labelledby="event-title" className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="event-title" className="text-xl font-semibold break-words">
          {event.title}
        </h2>
        <EventStatusBadge status={event.status} />
      </div>
      <p className={`text-sm ${event.applicationWindow.state === 'open' ? 'font-medium text-ink' : 'text-ink-muted'}`}>
        {event.applicationWindow.message}
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-muted">Academic year</dt>
        <dd>{event.academicYear}</dd>
        <dt className="text-ink-muted">Venue</dt>
        <dd className="break-words">{event.venue || 'Not set yet'}</dd>
        <dt className="text-ink-muted">Days</dt>
        <dd>
          <ul>
            {event.days.map((day) => (
              <li key={day.date}>{eventDayText(day)}</li>
            ))}
          </ul>
        </dd>
        <dt className="text-ink-muted">Slots</dt>
        <dd>
          {event.defaultPerformanceMinutes} min by default, {event.changeoverMinutes} min changeover, {event.musicianGapMinutes} min between a musician’s
          performances
        </dd>
        <dt className="text-ink-muted">Opening hours</dt>
        <dd>{minutesText(event.capacityMinutes)} over every stage and day</dd>
        {event.bandLimit !== null ? (
          <>
            <dt className="text-ink-muted">Band limit</dt>
            <dd>{event.bandLimit} bands</dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

/**
 * Another event of the same kind (older years, drafts): sets `?eventId=`. Shown when there is
 * something to switch to.
 */
export function EventSwitcher({ live, shown, onChange }: { live: LiveKindRef; shown: LiveEvent | null; onChange: (eventId: string) => void }) {
  const events = useQuery(eventListQueryOptions({ kind: live.kind, season: live.season ?? undefined }))
  const items = events.data ?? []
  const options = shown && !items.some((event) => event.id === shown.id) ? [shown, ...items] : items
  if (options.length === 0 || (shown && options.length === 1)) return null
  return (
    <div className="max-w-md">
      <SelectField
        label="Live"
        value={shown?.id ?? ''}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value)
        }}
        options={[
          ...(shown ? [] : [{ value: '', label: 'Choose a live' }]),
          ...options.map((event) => ({ value: event.id, label: `${event.title} · ${event.academicYear} · ${eventStatusLabels[event.status]}` })),
        ]}
      />
    </div>
  )
}
