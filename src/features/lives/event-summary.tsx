import { useQuery } from '@tanstack/react-query'
import { SelectField } from '@/components/ui/field'
import { eventStatusLabels, type LiveEvent } from '@/contract/lives'
import { EventStatusBadge, eventDayText, minutesText } from './event-parts'
import { eventListQueryOptions, type LiveKindRef } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

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
        <dt className="text-ink-muted">{m.lives_academic_year()}</dt>
        <dd>{event.academicYear}</dd>
        <dt className="text-ink-muted">{m.lives_venue()}</dt>
        <dd className="break-words">{event.venue || m.lives_not_set_yet()}</dd>
        <dt className="text-ink-muted">{m.lives_days()}</dt>
        <dd>
          <ul>
            {event.days.map((day) => (
              <li key={day.date}>{eventDayText(day)}</li>
            ))}
          </ul>
        </dd>
        <dt className="text-ink-muted">{m.lives_slots()}</dt>
        <dd>{m.lives_slots_text({ performance: event.defaultPerformanceMinutes, changeover: event.changeoverMinutes, gap: event.musicianGapMinutes })}</dd>
        <dt className="text-ink-muted">{m.lives_opening_hours()}</dt>
        <dd>{m.lives_capacity_text({ time: minutesText(event.capacityMinutes) })}</dd>
        {event.bandLimit !== null ? (
          <>
            <dt className="text-ink-muted">{m.lives_band_limit()}</dt>
            <dd>{m.lives_bands_count({ count: event.bandLimit })}</dd>
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
        label={m.lives_live()}
        value={shown?.id ?? ''}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value)
        }}
        options={[
          ...(shown ? [] : [{ value: '', label: m.lives_choose_live() }]),
          ...options.map((event) => ({ value: event.id, label: `${event.title} · ${event.academicYear} · ${eventStatusLabels[event.status]}` })),
        ]}
      />
    </div>
  )
}
