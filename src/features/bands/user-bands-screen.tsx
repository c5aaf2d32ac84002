import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { applicationFormLink, liveOfEvent } from '@/features/lives/live-routes'
import { eventListQueryOptions } from '@/features/lives/lives-queries'
import { BandCard, linkButtonClass } from './band-card'
import { myBandsQueryOptions } from './bands-queries'

/**
 * `/user-bands`: the bands I play in, with shortcuts for an active band: book a room, and apply to
 * each live whose applications are open now (the form opens with that live and band chosen).
 */
export function UserBandsScreen() {
  const bands = useQuery(myBandsQueryOptions())
  // Only a shortcut: when the open lives cannot be loaded the cards simply go without it.
  const openEvents = useQuery(eventListQueryOptions({ open: true }))

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title="My bands"
        actions={
          <Link to="/band-registration-form" className={linkButtonClass}>
            <Plus aria-hidden className="mr-1 size-4" />
            Register a band
          </Link>
        }
      />
      {bands.isPending ? (
        <LoadingBlock label="Loading your bands…" />
      ) : bands.isError ? (
        <QueryErrorBlock error={bands.error} onRetry={() => void bands.refetch()} what="Your bands" />
      ) : bands.data.length === 0 ? (
        <EmptyState title="You are not in any band yet.">
          <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
            Register your first band
          </Link>{' '}
          or ask a band’s leader to add you.{' '}
          <Link to="/band-list" className="text-brand underline underline-offset-2">
            See every band
          </Link>
          .
        </EmptyState>
      ) : (
        <ul aria-label="My bands" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {bands.data.map((band) => (
            <li key={band.id}>
              <BandCard
                band={band}
                actions={
                  band.status === 'disbanded' ? null : (
                    <>
                      <Link to="/bands/edit/$bandId" params={{ bandId: band.id }} className={linkButtonClass}>
                        Edit band
                      </Link>
                      {band.status === 'active' ? (
                        <>
                          <Link to="/room-booking-form" search={{ bandId: band.id }} className={linkButtonClass}>
                            Book a room
                          </Link>
                          {(openEvents.data ?? []).map((event) => (
                            <Link key={event.id} {...applicationFormLink(liveOfEvent(event), { eventId: event.id, bandId: band.id })} className={linkButtonClass}>
                              Apply to {event.title}
                            </Link>
                          ))}
                        </>
                      ) : null}
                    </>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
