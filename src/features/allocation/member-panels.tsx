import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import type { BandResult, BandWishes, Round } from '@/contract/allocation-rounds'
import { cellLabel, ordinal, periods } from './allocation-parts'
import { contestQueryOptions, myResultsQueryOptions, myWishesQueryOptions } from './allocation-queries'
import { WishesForm } from './wishes-form'

function NoBands() {
  return (
    <EmptyState title="You play in no active band.">
      Rooms are given to bands.{' '}
      <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
        Register a band
      </Link>{' '}
      or ask a band to add you.
    </EmptyState>
  )
}

/** A band's wishes as text, for a round whose wishes cannot be changed now. */
function WishList({ band }: { band: BandWishes }) {
  return (
    <Card title={band.bandName}>
      {band.wishes.length === 0 ? (
        <p className="text-sm text-ink-muted">No wishes listed.</p>
      ) : (
        <>
          <ol aria-label={`Wishes of ${band.bandName}`} className="flex flex-col gap-1 text-sm">
            {band.wishes
              .toSorted((a, b) => a.rank - b.rank)
              .map((wish) => (
                <li key={wish.rank}>
                  <span className="font-medium">{ordinal(wish.rank)}:</span> {cellLabel(wish)}
                </li>
              ))}
          </ol>
          <p className="mt-2 text-sm text-ink-muted">
            {periods(band.wants)} wanted in all{band.standing ? ' · kept as the standing wish' : ''}.
          </p>
        </>
      )}
    </Card>
  )
}

/** "Your bands' wishes": a form per band while the round is open, else the list as it stands. */
export function MyWishesPanel({ round, timeZone }: { round: Round; timeZone: string }) {
  const wishes = useQuery(myWishesQueryOptions(round.id))
  const contest = useQuery({ ...contestQueryOptions(round.id), enabled: round.wishesEditable })

  if (wishes.isPending) return <LoadingBlock label="Loading your bands’ wishes…" />
  if (wishes.isError) return <QueryErrorBlock error={wishes.error} onRetry={() => void wishes.refetch()} what="Your bands’ wishes" />
  if (wishes.data.bands.length === 0) return <NoBands />
  if (!round.wishesEditable) {
    return (
      <div className="flex flex-col gap-3">
        {wishes.data.bands.map((band) => (
          <WishList key={band.bandId} band={band} />
        ))}
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      {contest.isError ? <p className="text-sm text-ink-muted">How contested each room is could not be loaded; your wishes can still be saved.</p> : null}
      {wishes.data.bands.map((band) => (
        <section key={band.bandId} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
          <WishesForm round={round} band={band} contest={contest.data} timeZone={timeZone} />
        </section>
      ))}
    </div>
  )
}

function pointsNote(result: BandResult) {
  if (result.pointsAfter > result.pointsBefore) return `Priority points ${result.pointsBefore} → ${result.pointsAfter}: your band’s wishes weigh more in the next rounds.`
  if (result.pointsAfter < result.pointsBefore) return `Priority points ${result.pointsBefore} → ${result.pointsAfter}: served well this week, your band gives some of its priority back.`
  return `Priority points stay at ${result.pointsAfter}.`
}

function BandResultCard({ result }: { result: BandResult }) {
  return (
    <Card title={result.bandName}>
      <div className="flex flex-col gap-3 text-sm">
        <p className="font-medium">
          {result.received === 0 ? `No room this week (${periods(result.asked)} asked for).` : `Received ${periods(result.received)} of the ${result.asked} asked for.`}
        </p>
        {result.periods.length > 0 ? (
          <ul aria-label={`Rooms for ${result.bandName}`} className="flex flex-col gap-1">
            {result.periods.map((cell) => (
              <li key={`${cell.roomId}|${cell.date}|${cell.periodId}`}>
                {cellLabel(cell)} <span className="text-ink-muted">({cell.rank ? `your ${ordinal(cell.rank)} wish` : 'placed by the executives'})</span>
              </li>
            ))}
          </ul>
        ) : null}
        {result.unmet.length > 0 ? (
          <div>
            <h3 className="font-semibold">Wishes not met</h3>
            <ul aria-label={`Wishes not met for ${result.bandName}`} className="mt-1 flex flex-col gap-2">
              {result.unmet.map((wish) => (
                <li key={wish.rank}>
                  <span className="font-medium">
                    {ordinal(wish.rank)} wish: {cellLabel(wish)}
                  </span>
                  <br />
                  <span className="text-ink-muted">{wish.reason}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="text-ink-muted">{pointsNote(result)}</p>
        {result.periods.length > 0 ? (
          <p>
            <Link to="/room-booking-list" className="text-brand underline underline-offset-2">
              See them in your bookings
            </Link>
          </p>
        ) : null}
      </div>
    </Card>
  )
}

/** Each of my bands' result in a published round, with a reason in words for each wish not met. */
export function MyResultsPanel({ round }: { round: Round }) {
  const results = useQuery(myResultsQueryOptions(round.id))
  if (results.isPending) return <LoadingBlock label="Loading your results…" />
  if (results.isError) return <QueryErrorBlock error={results.error} onRetry={() => void results.refetch()} what="Your results" />
  if (results.data.bands === null) return <EmptyState title="No results yet.">They show here once the executives publish the round.</EmptyState>
  if (results.data.bands.length === 0) return <EmptyState title="Your bands listed no wishes in this round." />
  return (
    <div className="flex flex-col gap-3">
      {results.data.bands.map((result) => (
        <BandResultCard key={result.bandId} result={result} />
      ))}
    </div>
  )
}
