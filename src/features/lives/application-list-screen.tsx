import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { CalendarPlus, Pencil } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { useSession } from '@/lib/session-context'
import { ApplicationReview } from './application-review'
import { MyApplications } from './application-review-mine'
import { EventDialog } from './event-dialog'
import { isExecutive } from './event-parts'
import { EventSummary, EventSwitcher } from './event-summary'
import { LiveLinks, SeasonTabs } from './live-tabs'
import { liveName } from './live-routes'
import type { ApplicationListSearch } from './live-search'
import type { LiveKindRef } from './lives-queries'
import { NoEventNotice } from './no-event-notice'
import { useLiveEvent } from './use-live-event'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * `/festival-application-list`, `/seasonal-live-application-list/{season}`,
 * `/christmas-live-application-list`: the event of the kind (the current one, or `?eventId=`),
 * members' own bands' applications, and the executives' review with the running total.
 * Executives create and edit events here, in a dialog.
 */
export function ApplicationListScreen({ live, search }: { live: LiveKindRef; search: ApplicationListSearch }) {
  const { user } = useSession()
  const executive = isExecutive(user)
  const navigate = useNavigate()
  const { event, isPending, error, refetch, academicYear } = useLiveEvent(live, search.eventId)
  const [dialog, setDialog] = useState<'new' | 'edit' | null>(null)
  const name = liveName(live)

  // The same screen serves three routes, whose search params are alike: stay on this one.
  const setSearch = (next: Partial<ApplicationListSearch>) =>
    void navigate({ to: '.', search: (previous) => ({ ...previous, ...next }) })

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.lives_applications_of_live({ live: name })}
        description={executive ? m.lives_review_lead() : m.lives_mine_lead()}
        actions={
          executive ? (
            <>
              {event ? (
                <Button variant="secondary" onClick={() => setDialog('edit')}>
                  <Pencil aria-hidden className="size-4" />
                  {m.lives_edit_live()}
                </Button>
              ) : null}
              <Button onClick={() => setDialog('new')}>
                <CalendarPlus aria-hidden className="size-4" />
                {m.lives_new_live()}
              </Button>
            </>
          ) : null
        }
      />
      {live.kind === 'seasonal' && live.season ? <SeasonTabs current={live.season} /> : null}
      <EventSwitcher live={live} shown={event} onChange={(eventId) => setSearch({ eventId, status: undefined, q: undefined, page: undefined })} />

      {isPending ? (
        <LoadingBlock label={m.lives_loading_live_of({ live: name })} />
      ) : error ? (
        <QueryErrorBlock error={error} onRetry={() => void refetch()} what={m.lives_the_live_of({ live: name })} />
      ) : !event ? (
        <NoEventNotice live={live} academicYear={academicYear} />
      ) : (
        <>
          <EventSummary event={event} />
          <LiveLinks live={live} eventId={search.eventId} shownEventId={event.id} />
          {executive ? (
            <ApplicationReview key={event.id} event={event} search={search} onSearch={setSearch} />
          ) : (
            <MyApplications live={live} event={event} search={search} onSearch={setSearch} />
          )}
        </>
      )}

      {executive && dialog !== null ? (
        <EventDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null)
          }}
          live={live}
          event={dialog === 'edit' ? event : null}
          academicYear={dialog === 'new' ? academicYear : undefined}
          // A new event is shown at once, even when it is not the kind's current one (another year, archived).
          onSaved={(saved) => {
            if (dialog === 'new') setSearch({ eventId: saved.id, status: undefined, q: undefined, page: undefined })
          }}
        />
      ) : null}
    </div>
  )
}
