import { useId, useMemo, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { CalendarClock, Clock } from 'lucide-react'
import { dayLabel } from '@/contract/calendar'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import type { AcceptedBand, LiveEvent } from '@/contract/lives'
import { minutesText } from './event-parts'
import { EventSwitcher } from './event-summary'
import { applicationListLink, liveName, liveOfEvent, participantListLink } from './live-routes'
import type { LiveEventSearch } from './live-search'
import { acceptedBandsQueryOptions, type LiveKindRef } from './lives-queries'
import { LiveEventFallback, ListFilterField, Pill, eventLine, inlineLinkClass, matchesQuery, secondaryLinkClass } from './participant-parts'
import { useLiveEvent } from './use-live-event'
import { m } from '@/i18n/paraglide/messages.js'
import { partLabel } from '@/contract/choices'

/**
 * `/festival-band-list` (any live through `?eventId=`): the accepted bands with their members
 * and parts, the minutes they asked for and, once the timetable is published, when and where
 * each plays (issue #7).
 */
export function AcceptedBandListScreen({ live, search }: { live: LiveKindRef; search: LiveEventSearch }) {
  const state = useLiveEvent(live, search.eventId)
  const event = state.event
  const shown = event ? liveOfEvent(event) : live
  const navigate = useNavigate()
  const participants = event ? participantListLink(shown, { eventId: search.eventId }) : null
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.lives_accepted_bands_of({ live: event ? event.title : liveName(shown) })}
        description={event ? eventLine(event) : m.lives_accepted_bands_lead()}
        actions={
          event ? (
            <>
              <Link {...applicationListLink(shown, { eventId: search.eventId })} className={secondaryLinkClass}>
                {m.lives_applications()}
              </Link>
              {participants ? (
                <Link {...participants} className={secondaryLinkClass}>
                  {m.lives_participants()}
                </Link>
              ) : null}
            </>
          ) : undefined
        }
      />
      <EventSwitcher live={shown} shown={event} onChange={(eventId) => void navigate({ to: '.', search: { eventId } })} />
      {event ? <AcceptedBands key={event.id} event={event} /> : <LiveEventFallback live={live} state={state} what={m.lives_the_live()} />}
    </div>
  )
}

function AcceptedBands({ event }: { event: LiveEvent }) {
  const bands = useQuery(acceptedBandsQueryOptions(event.id))
  if (bands.isPending) return <LoadingBlock label={m.lives_loading_accepted_bands()} />
  if (bands.isError) return <QueryErrorBlock error={bands.error} onRetry={() => void bands.refetch()} what={m.lives_the_accepted_bands()} />
  if (bands.data.length === 0) {
    return (
      <EmptyState title={m.lives_no_accepted_bands()}>
        {m.lives_no_accepted_bands_help()}{' '}
        <Link {...applicationListLink(liveOfEvent(event), { eventId: event.id })} className={inlineLinkClass}>
          {m.lives_see_applications()}
        </Link>
      </EmptyState>
    )
  }
  return <BandList event={event} bands={bands.data} />
}

function BandList({ event, bands }: { event: LiveEvent; bands: AcceptedBand[] }) {
  const id = useId()
  const [query, setQuery] = useState('')
  const visible = useMemo(
    () => bands.filter((band) => matchesQuery(query, [band.name, ...band.members.flatMap((member) => [member.displayName, partLabel(member.part)]), ...band.slots.map(slotText)])),
    [bands, query],
  )
  const minutes = bands.reduce((total, band) => total + band.requestedMinutes, 0)
  // Published means some band has a slot: the server lists slots of the latest published version only.
  const published = bands.some((band) => band.slots.length > 0)

  return (
    <>
      <section aria-label={m.lives_accepted_bands_numbers()} className="flex flex-wrap gap-2 text-sm">
        <span className="rounded-full border border-line px-3 py-1">
          <strong className="font-semibold">{bands.length}</strong> {m.lives_band_word({ count: bands.length })}
        </span>
        <span className="rounded-full border border-line px-3 py-1">
          {m.lives_requested_of_capacity({ requested: minutesText(minutes), capacity: minutesText(event.capacityMinutes) })}
        </span>
      </section>
      {published ? (
        <p className="flex flex-wrap items-start gap-2 rounded-md border border-line bg-surface-2 p-3 text-sm text-ink">
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {m.lives_times_from_published()}{' '}
            <Link to="/festival-schedule" search={{ eventId: event.id }} className={inlineLinkClass}>
              {m.lives_see_whole_timetable()}
            </Link>
          </span>
        </p>
      ) : (
        <p className="flex items-start gap-2 rounded-md border border-line bg-surface-2 p-3 text-sm text-ink">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{m.lives_times_after_publishing()}</span>
        </p>
      )}

      <form role="search" aria-label={m.lives_filter_bands()} className="flex flex-wrap items-end gap-3" onSubmit={(submit) => submit.preventDefault()}>
        <ListFilterField id={`${id}-q`} label={m.lives_band_member_part()} value={query} onChange={setQuery} placeholder={m.lives_band_filter_placeholder()} />
      </form>
      <p aria-live="polite" className="text-sm text-ink-muted">
        {query.trim() ? `Showing ${visible.length} of ${bands.length} bands.` : null}
      </p>

      {visible.length === 0 ? (
        <EmptyState title={m.lives_no_bands_match()}>
          <button type="button" className={inlineLinkClass} onClick={() => setQuery('')}>
            {m.lives_clear_search()}
          </button>
        </EmptyState>
      ) : (
        <ul aria-label={m.lives_accepted_bands()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((band) => (
            <li key={band.id}>
              <article aria-labelledby={`${id}-${band.id}`} className="flex h-full flex-col gap-2 rounded-lg border border-line bg-surface p-4 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 id={`${id}-${band.id}`} className="text-base font-semibold break-words text-ink">
                    {band.name}
                  </h2>
                  <Pill>{m.lives_minutes({ minutes: band.requestedMinutes })}</Pill>
                </div>
                {published ? <BandSlots band={band} /> : null}
                <ul aria-label={m.lives_members_of({ band: band.name })} className="flex flex-col gap-1">
                  {band.members.map((member) => (
                    <li key={member.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-medium break-words">{member.displayName}</span>
                      <span className="text-ink-muted">{partLabel(member.part)}</span>
                      {member.isLeader ? <Pill tone="brand">{m.lives_leader()}</Pill> : null}
                    </li>
                  ))}
                  {band.members.length === 0 ? <li className="text-ink-muted">{m.lives_no_current_members()}</li> : null}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** "Sat 5 Dec · Main hall · 13:20–13:40", one line per slot, in time order. */
const slotText = (slot: AcceptedBand['slots'][number]) => `${dayLabel(slot.date)} · ${slot.stage} · ${slot.start}–${slot.end}`

function BandSlots({ band }: { band: AcceptedBand }) {
  if (band.slots.length === 0) return <p className="text-ink-muted">{m.lives_not_in_published()}</p>
  const slots = band.slots.toSorted((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`))
  return (
    <ul aria-label={m.lives_when_band_plays({ band: band.name })} className="flex flex-col gap-1">
      {slots.map((slot) => (
        <li key={`${slot.date} ${slot.stage} ${slot.start}`} className="flex items-start gap-2 font-medium text-ink">
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-muted" />
          <span className="tabular-nums">{slotText(slot)}</span>
        </li>
      ))}
    </ul>
  )
}
