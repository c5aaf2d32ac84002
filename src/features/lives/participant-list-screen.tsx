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
        title={event ? `${event.title}: participants` : `${liveName(shown)}: participants`}
        description={event ? eventLine(event) : 'Everyone who plays in an accepted band.'}
        actions={
          event ? (
            <>
              <Link {...applicationListLink(shown, { eventId: search.eventId })} className={secondaryLinkClass}>
                Applications
              </Link>
              <Link {...acceptedBandListLink({ eventId: event.id })} className={secondaryLinkClass}>
                Accepted bands
              </Link>
            </>
          ) : undefined
        }
      />
      <EventSwitcher live={shown} shown={event} onChange={(eventId) => void navigate({ to: '.', search: { eventId } })} />
      {event ? (
        <Participants key={event.id} event={event} applicationsLink={applicationListLink(shown, { eventId: search.eventId })} />
      ) : (
        <LiveEventFallback live={live} state={state} what="The live" />
      )}
    </div>
  )
}

function Participants({ event, applicationsLink }: { event: LiveEvent; applicationsLink: ReturnType<typeof applicationListLink> }) {
  const list = useQuery(participantListQueryOptions(event.id))
  if (list.isPending) return <LoadingBlock label="Loading the participants…" />
  if (list.isError) return <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what="The participants" />
  if (list.data.items.length === 0) {
    return (
      <EmptyState title="No accepted bands yet">
        The members of the bands accepted for this live will appear here.{' '}
        <Link {...applicationsLink} className={inlineLinkClass}>
          See the applications
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
      await downloadFile(`/api/events/${event.id}/participants/export.csv`, `${event.title} participants.csv`)
    } catch (error) {
      toast.error('The CSV could not be downloaded.', { description: errorMessage(error) })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <>
      <section aria-label="Participants by grade" className="flex flex-wrap items-center justify-between gap-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {list.countsByGrade.map((count) => (
            <li key={count.grade} className="rounded-full border border-line px-3 py-1">
              {count.grade} <strong className="font-semibold">{count.count}</strong>
            </li>
          ))}
          <li className="rounded-full border border-ink/40 bg-surface-2 px-3 py-1 font-medium">
            Total <strong className="font-semibold">{list.items.length}</strong>
          </li>
        </ul>
        <Button variant="secondary" onClick={() => void downloadCsv()} busy={downloading} busyLabel="Downloading…">
          <Download aria-hidden className="size-4" />
          Download CSV
        </Button>
      </section>

      {list.withDetails ? (
        <p className="flex items-start gap-2 rounded-md border border-line bg-surface-2 p-3 text-sm text-ink">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>Private.</strong> Full names, kana, student numbers, faculties and phone numbers are here for the list the university asks
            for. Only executives see them; don’t share them anywhere else.
            {missing > 0 ? ` ${missing === 1 ? '1 participant has' : `${missing} participants have`} not filled in all their university details yet.` : null}
          </span>
        </p>
      ) : null}

      <form role="search" aria-label="Filter participants" className="flex flex-wrap items-end gap-3" onSubmit={(submit) => submit.preventDefault()}>
        <ListFilterField id={`${ids}-q`} label="Name or band" value={query} onChange={setQuery} placeholder="e.g. Sato, Scones, drums" />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-grade`} className="text-sm font-medium text-ink">
            Grade
          </label>
          <select
            id={`${ids}-grade`}
            value={grade}
            onChange={(change) => setGrade(change.target.value)}
            className="min-h-11 rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
          >
            <option value={ALL_GRADES}>All grades</option>
            {list.countsByGrade.map((count) => (
              <option key={count.grade} value={count.grade}>
                {count.grade}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p aria-live="polite" className="text-sm text-ink-muted">
        {filtered ? `Showing ${visible.length} of ${list.items.length} participants.` : null}
      </p>

      {visible.length === 0 ? (
        <EmptyState title="No participants match.">
          <button
            type="button"
            className={inlineLinkClass}
            onClick={() => {
              setQuery('')
              setGrade(ALL_GRADES)
            }}
          >
            Clear the filters
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
