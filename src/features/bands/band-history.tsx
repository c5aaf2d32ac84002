import { useQuery } from '@tanstack/react-query'
import { m } from '@/i18n/paraglide/messages.js'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { bandHistoryQueryOptions } from './bands-queries'
import { useDates } from '@/lib/use-dates'

/** Who changed what and when, newest first, in the club's time zone. */
export function BandHistory({ bandId }: { bandId: string }) {
  const history = useQuery(bandHistoryQueryOptions(bandId))
  const dates = useDates()

  return (
    <Card title={m.bands_history()}>
      {history.isPending ? (
        <LoadingBlock label={m.bands_loading_history()} />
      ) : history.isError ? (
        <QueryErrorBlock error={history.error} onRetry={() => void history.refetch()} what={m.bands_the_history()} />
      ) : history.data.length === 0 ? (
        <EmptyState title={m.bands_no_history()} />
      ) : (
        <ol aria-label={m.bands_band_history()} className="flex flex-col divide-y divide-line">
          {history.data.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <p className="break-words text-ink">{entry.summary}</p>
              <p className="text-ink-muted">
                <time dateTime={entry.at}>{dates.dateTime(entry.at)}</time>
                {entry.actor ? m.bands_by({ name: entry.actor.displayName }) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
