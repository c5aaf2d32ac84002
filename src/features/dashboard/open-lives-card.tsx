import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { applicationFormLink, liveOfEvent } from '@/features/lives/live-routes'
import { eventListQueryOptions } from '@/features/lives/lives-queries'

/** The dashboard's "Lives taking applications": each live open now, its deadline, and a way to apply. */
export function OpenLivesCard() {
  const events = useQuery(eventListQueryOptions({ open: true }))
  return (
    <Card title="Lives taking applications">
      {events.isPending ? (
        // Not a live region: the dashboard announces its own loading, one status at a time.
        <p className="py-4 text-center text-ink-muted">Loading the lives…</p>
      ) : events.isError ? (
        <QueryErrorBlock error={events.error} onRetry={() => void events.refetch()} what="The lives taking applications" />
      ) : events.data.length === 0 ? (
        <p className="text-ink-muted">No live is taking applications right now.</p>
      ) : (
        <ul aria-label="Lives taking applications" className="flex flex-col divide-y divide-line">
          {events.data.map((event) => (
            <li key={event.id} className="flex flex-col gap-1 py-2">
              <Link {...applicationFormLink(liveOfEvent(event), { eventId: event.id })} className="font-medium break-words text-brand underline underline-offset-2">
                Apply to {event.title}
              </Link>
              <span className="text-sm text-ink-muted">{event.applicationWindow.message}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
