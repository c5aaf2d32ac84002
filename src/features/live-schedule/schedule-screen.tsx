import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Hammer, Wand2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { SegmentedControl } from '@/components/ui/segmented-control'
import type { TimetableView } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { isExecutive } from '@/features/lives/event-parts'
import { EventSwitcher } from '@/features/lives/event-summary'
import { FESTIVAL, acceptedBandListLink, applicationListLink, liveName, liveOfEvent } from '@/features/lives/live-routes'
import { LiveEventFallback, eventLine, inlineLinkClass, secondaryLinkClass } from '@/features/lives/participant-parts'
import { useLiveEvent } from '@/features/lives/use-live-event'
import { useSession } from '@/lib/session-context'
import { useMediaQuery } from '@/lib/use-media-query'
import { m } from '@/i18n/paraglide/messages.js'
import { timetableViewQueryOptions } from './live-schedule-queries'
import type { ScheduleSearch } from './live-schedule-search'
import { DraftEditor } from './schedule-editor'
import { DayTabs } from './schedule-grid'
import { SchedulePrint } from './schedule-print'
import { PublishedTimetable, ScheduleDownloads } from './schedule-published'

/**
 * `/festival-schedule` (any live through `?eventId=`): executives edit the draft timetable
 * (drag and drop or keyboard, pins, live checks, save, publish); members see the latest
 * published version with their own performances marked; `?print=true` is one page per day.
 */
export function ScheduleScreen({ search }: { search: ScheduleSearch }) {
  const state = useLiveEvent(FESTIVAL, search.eventId)
  const event = state.event
  const shown = event ? liveOfEvent(event) : FESTIVAL
  const navigate = useNavigate()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="print:hidden">
        <PageHeader
          title={m.live_schedule_title({ live: event ? event.title : liveName(shown) })}
          description={event ? eventLine(event) : m.live_schedule_description()}
          actions={
            event ? (
              <Link {...acceptedBandListLink({ eventId: event.id })} className={secondaryLinkClass}>
                {m.live_schedule_accepted_bands()}
              </Link>
            ) : undefined
          }
        />
        <EventSwitcher live={shown} shown={event} onChange={(eventId) => void navigate({ to: '/festival-schedule', search: { eventId } })} />
      </div>
      {event ? <TimetableBody key={event.id} event={event} search={search} /> : <LiveEventFallback live={FESTIVAL} state={state} what={m.lives_the_live()} />}
    </div>
  )
}

function TimetableBody({ event, search }: { event: LiveEvent; search: ScheduleSearch }) {
  const view = useQuery(timetableViewQueryOptions(event.id))
  const { user } = useSession()
  const executive = isExecutive(user)
  const wide = useMediaQuery('(min-width: 768px)')
  const navigate = useNavigate()
  const chosenDay = search.day && event.days.some((day) => day.date === search.day) ? search.day : null
  const shownDates = chosenDay ? [chosenDay] : wide ? event.days.map((day) => day.date) : event.days.slice(0, 1).map((day) => day.date)
  const showDay = (day: string | undefined) => void navigate({ to: '/festival-schedule', search: (previous) => ({ ...previous, day }) })

  if (view.isPending) return <LoadingBlock label={m.live_schedule_loading()} />
  if (view.isError) return <QueryErrorBlock error={view.error} onRetry={() => void view.refetch()} what={m.live_schedule_the_timetable()} />
  const { published, draft } = view.data

  if (search.print) {
    const printed = published ?? (executive ? draft : null)
    return (
      <SchedulePrint
        event={event}
        placements={printed?.placements ?? null}
        performances={view.data.performances}
        what={published ? m.live_schedule_print_version({ version: published.version }) : m.live_schedule_print_draft()}
      />
    )
  }

  const tabs = <DayTabs days={event.days} shown={chosenDay ?? (wide ? null : (shownDates[0] ?? null))} onShow={showDay} allowAll={wide} />
  if (executive) return <ExecutiveTimetable event={event} view={view.data} shownDates={shownDates} onShowDay={showDay} tabs={tabs} />
  if (!published) {
    return (
      <EmptyState title={m.live_schedule_not_published_title()}>{m.live_schedule_not_published_body()}</EmptyState>
    )
  }
  return (
    <>
      <ScheduleDownloads event={event} />
      {tabs}
      <PublishedTimetable event={event} published={published} performances={view.data.performances} shownDates={shownDates} />
    </>
  )
}

function ExecutiveTimetable({
  event,
  view,
  shownDates,
  onShowDay,
  tabs,
}: {
  event: LiveEvent
  view: TimetableView
  shownDates: string[]
  onShowDay: (day: string) => void
  tabs: ReactNode
}) {
  const [showing, setShowing] = useState<'draft' | 'published'>('draft')
  const [building, setBuilding] = useState(false)
  const { published, draft } = view
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        {published ? (
          <SegmentedControl
            label={m.live_schedule_version_shown()}
            value={showing}
            onChange={setShowing}
            options={[
              { value: 'draft', label: m.live_schedule_draft() },
              { value: 'published', label: m.live_schedule_published_version({ version: published.version }) },
            ]}
          />
        ) : null}
        <p className="text-sm text-ink-muted">
          {published
            ? m.live_schedule_members_see_version({ version: published.version })
            : m.live_schedule_nothing_published()}
        </p>
      </div>

      {showing === 'published' && published ? (
        <>
          <ScheduleDownloads event={event} />
          {tabs}
          <PublishedTimetable event={event} published={published} performances={view.performances} shownDates={shownDates} />
        </>
      ) : view.performances.length === 0 ? (
        <EmptyState title={m.live_schedule_no_accepted_bands()}>
          {m.live_schedule_places_accepted()}{' '}
          <Link {...applicationListLink(liveOfEvent(event), { eventId: event.id })} className={inlineLinkClass}>
            {m.live_schedule_review_applications()}
          </Link>
        </EmptyState>
      ) : !draft && !building ? (
        <section aria-labelledby="no-draft" className="flex flex-col items-start gap-3 rounded-md border border-dashed border-line p-6">
          <h2 id="no-draft" className="font-medium text-ink">
            {m.live_schedule_no_draft_title()}
          </h2>
          <p className="text-sm text-ink-muted">{m.live_schedule_no_draft_body({ count: view.performances.length })}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/festival-schedule-generator" search={{ eventId: event.id }} className={`${secondaryLinkClass} border-brand`}>
              <Wand2 aria-hidden className="size-4" />
              {m.live_schedule_open_generator()}
            </Link>
            <Button variant="secondary" onClick={() => setBuilding(true)}>
              <Hammer aria-hidden className="size-4" />
              {m.live_schedule_build_by_hand()}
            </Button>
          </div>
        </section>
      ) : (
        <>
          {tabs}
          <DraftEditor event={event} view={view} shownDates={shownDates} onShowDay={onShowDay} />
        </>
      )}
    </>
  )
}
