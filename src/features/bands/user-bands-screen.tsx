import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { BandCard, linkButtonClass } from './band-card'
import { myBandsQueryOptions } from './bands-queries'

/**
 * `/user-bands`: the bands I play in, with a shortcut to book a room for an active band. Applying
 * to a live gets its shortcut here once that screen exists (SPEC: a shortcut is hidden until its
 * screen exists).
 */
export function UserBandsScreen() {
  const bands = useQuery(myBandsQueryOptions())

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
                        <Link to="/room-booking-form" search={{ bandId: band.id }} className={linkButtonClass}>
                          Book a room
                        </Link>
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
