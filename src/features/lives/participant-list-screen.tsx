import { useId, useMemo, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Download, Lock } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { EmptyState, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import type { LiveEvent, Participant, ParticipantList } from '@/contract/lives'
import { requiredAdditionalInfoFields } from '@/contract/people'
import { downloadFile } from '@/lib/download'
import { useMediaQuery } from '@/lib/use-media-query'
import { EventSwitcher } from './event-summary'
import { acceptedBandListLink, applicationListLink, liveName, liveOfEvent } from './live-routes'
import type { LiveEventSearch } from './live-search'
import { participantListQueryOptions, type LiveKindRef } from './lives-queries'
import { LiveEventFallback, ListFilterField, eventLine, inlineLinkClass, matchesQuery, secondaryLinkClass } from './participant-parts'
import { ParticipantCards, ParticipantTable } from './participant-rows'
import { useLiveEvent } from './use-live-event'
import { m } from '@/i18n/paraglide/messages.js'

const ALL_GRADES = ''

/** Someone the university's list still misses details of (nothing filled in, or a required field empty). */
const lacksDetails = (participant: Participant) => !participant.details || requiredAdditionalInfoFields.some((field) => !participant.details?.[field])

/**
 * `/festival-participant-list`, `/seasonal-live-participant-list/{season}` (any live through
 * `?eventId=`): every member of every accepted band, once, with grade, parts and bands; counts by
 * grade; executives also get the university's private details. The CSV is built by the server.
 */
export function ParticipantListScreen({ live, search }: { live: LiveKindRef; search: LiveEventSearch }) {
  const state = useLiveEvent(live, search.eventId)
  const event = state.event
  const shown = event ? liveOfEvent(event) : live
  const navigate = useNavigate()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.lives_participants_of({ live: event ? event.title : liveName(shown) })}
        description={event ? eventLine(event) : m.lives_participants_lead()}
        actions={
          event ? (
            <>
              <Link {...applicationListLink(shown, { eventId: search.eventId })} className={secondaryLinkClass}>
                {m.lives_applications()}
              </Link>
              <Link {...acceptedBandListLink({ eventId: event.id })} className={secondaryLinkClass}>
                {m.lives_accepted_bands()}
              </Link>
            </>
          ) : undefined
        }
      />
      <EventSwitcher live={shown} shown={event} onChange={(eventId) => void navigate({ to: '.', search: { eventId } })} />
      {event ? (
        <Participants key={event.id} event={event} applicationsLink={applicationListLink(shown, { eventId: search.eventId })} />
      ) : (
        <LiveEventFallback live={live} state={state} what={m.lives_the_live()} />
      )}
    </div>
  )
}

function Participants({ event, applicationsLink }: { event: LiveEvent; applicationsLink: ReturnType<typeof applicationListLink> }) {
  const list = useQuery(participantListQueryOptions(event.id))
  if (list.isPending) return <LoadingBlock label={m.lives_loading_participants()} />
  if (list.isError) return <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.lives_the_participants()} />
  if (list.data.items.length === 0) {
    return (
      <EmptyState title={m.lives_no_accepted_bands()}>
        {m.lives_participants_empty_help()}{' '}
        <Link {...applicationsLink} className={inlineLinkClass}>
          {m.lives_see_applications()}
        </Link>
      </EmptyState>
    )
  }
  return <ParticipantView event={event} list={list.data} />
}

function ParticipantView({ event, list }: { event: LiveEvent; list: ParticipantList }) {
  const ids = useId()
  const isWide = useMediaQuery('(min-width: 768px)')
  const [query, setQuery] = useState('')
  const [grade, setGrade] = useState(ALL_GRADES)
  const [downloading, setDownloading] = useState(false)

  const visible = useMemo(
    () =>
      list.items.filter(
        (person) =>
          (grade === ALL_GRADES || person.grade === grade) &&
          matchesQuery(query, [
            person.displayName,
            ...person.parts,
            ...person.bands.map((band) => band.name),
            person.details?.fullName,
            person.details?.nameKana,
            person.details?.studentNumber,
          ]),
      ),
    [list.items, grade, query],
  )
  const filtered = query.trim() !== '' || grade !== ALL_GRADES
  const missing = list.withDetails ? list.items.filter(lacksDetails).length : 0

  async function downloadCsv() {
    setDownloading(true)
    try {
      await downloadFile(`/api/events/${event.id}/participants/export.csv`, m.lives_participants_csv_filename({ live: event.title }))
    } catch (error) {
      toast.error(m.lives_csv_not_downloaded(), { description: errorMessage(error) })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <>
      <section aria-label={m.lives_participants_by_grade()} className="flex flex-wrap items-center justify-between gap-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {list.countsByGrade.map((count) => (
            <li key={count.grade} className="rounded-full border border-line px-3 py-1">
              {count.grade} <strong className="font-semibold">{count.count}</strong>
            </li>
          ))}
          <li className="rounded-full border border-ink/40 bg-surface-2 px-3 py-1 font-medium">
            {m.lives_total()} <strong className="font-semibold">{list.items.length}</strong>
          </li>
        </ul>
        <Button variant="secondary" onClick={() => void downloadCsv()} busy={downloading} busyLabel={m.lives_downloading()}>
          <Download aria-hidden className="size-4" />
          {m.lives_download_csv()}
        </Button>
      </section>

      {list.withDetails ? (
        <p className="flex items-start gap-2 rounded-md border border-line bg-surface-2 p-3 text-sm text-ink">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{m.lives_private()}</strong> {m.lives_private_help()}
            {missing > 0 ? ` ${m.lives_missing_details({ count: missing })}` : null}
          </span>
        </p>
      ) : null}

      <form role="search" aria-label={m.lives_filter_participants()} className="flex flex-wrap items-end gap-3" onSubmit={(submit) => submit.preventDefault()}>
        <ListFilterField id={`${ids}-q`} label={m.lives_name_or_band()} value={query} onChange={setQuery} placeholder={m.lives_participant_filter_placeholder()} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-grade`} className="text-sm font-medium text-ink">
            {m.lives_grade()}
          </label>
          <select
            id={`${ids}-grade`}
            value={grade}
            onChange={(change) => setGrade(change.target.value)}
            className="min-h-11 rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
          >
            <option value={ALL_GRADES}>{m.lives_all_grades()}</option>
            {list.countsByGrade.map((count) => (
              <option key={count.grade} value={count.grade}>
                {count.grade}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p aria-live="polite" className="text-sm text-ink-muted">
        {filtered ? m.lives_showing_participants({ shown: visible.length, total: list.items.length }) : null}
      </p>

      {visible.length === 0 ? (
        <EmptyState title={m.lives_no_participants_match()}>
          <button
            type="button"
            className={inlineLinkClass}
            onClick={() => {
              setQuery('')
              setGrade(ALL_GRADES)
            }}
          >
            {m.lives_clear_the_filters()}
          </button>
        </EmptyState>
      ) : isWide ? (
        <ParticipantTable items={visible} withDetails={list.withDetails} />
      ) : (
        <ParticipantCards items={visible} withDetails={list.withDetails} />
      )}
    </>
  )
}
