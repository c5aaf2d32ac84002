import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { EmptyState, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { BandStatusBadge } from './band-parts'
import { myBandsQueryOptions } from '@/lib/reference-queries'

/** The dashboard's "My bands": names linking to each band, or a way to register one. */
export function MyBandsCard() {
  const bands = useQuery(myBandsQueryOptions())
  return (
    <Card
      title="My bands"
      actions={
        <Link to="/user-bands" className="text-sm text-brand underline underline-offset-2">
          All my bands
        </Link>
      }
    >
      {bands.isPending ? (
        // Not a live region: the dashboard announces its own loading, one status at a time.
        <p className="py-4 text-center text-ink-muted">Loading your bands…</p>
      ) : bands.isError ? (
        <QueryErrorBlock error={bands.error} onRetry={() => void bands.refetch()} what="Your bands" />
      ) : bands.data.length === 0 ? (
        <EmptyState title="You are not in any band yet.">
          <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
            Register your first band
          </Link>
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {bands.data.map((band) => (
            <li key={band.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              {band.status === 'disbanded' ? (
                <span className="font-medium break-words">{band.name}</span>
              ) : (
                <Link to="/bands/edit/$bandId" params={{ bandId: band.id }} className="font-medium break-words text-brand underline underline-offset-2">
                  {band.name}
                </Link>
              )}
              <BandStatusBadge status={band.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
