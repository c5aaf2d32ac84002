import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import type { BandResult, BandWishes, Round } from '@/contract/allocation-rounds'
import { m } from '@/i18n/paraglide/messages.js'
import { cellLabel, ordinal, periods, wishPlace } from './allocation-parts'
import { contestQueryOptions, myResultsQueryOptions, myWishesQueryOptions } from './allocation-queries'
import { WishesForm } from './wishes-form'

function NoBands() {
  return (
    <EmptyState title={m.allocation_no_bands()}>
      {m.allocation_rooms_to_bands()}{' '}
      <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
        {m.allocation_register_band()}
      </Link>{' '}
      {m.allocation_or_ask()}
    </EmptyState>
  )
}

/** A band's wishes as text, for a round whose wishes cannot be changed now. */
function WishList({ band }: { band: BandWishes }) {
  return (
    <Card title={band.bandName}>
      {band.wishes.length === 0 ? (
        <p className="text-sm text-ink-muted">{m.allocation_no_wishes_listed()}</p>
      ) : (
        <>
          <ol aria-label={m.allocation_wishes_of({ band: band.bandName })} className="flex flex-col gap-1 text-sm">
            {band.wishes
              .toSorted((a, b) => a.rank - b.rank)
              .map((wish) => (
                <li key={wish.rank}>
                  <span className="font-medium">{ordinal(wish.rank)}:</span> {cellLabel(wish)}
                </li>
              ))}
          </ol>
          <p className="mt-2 text-sm text-ink-muted">
            {band.standing ? m.allocation_wanted_in_all_standing({ periods: periods(band.wants) }) : m.allocation_wanted_in_all({ periods: periods(band.wants) })}
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

  if (wishes.isPending) return <LoadingBlock label={m.allocation_loading_your_wishes()} />
  if (wishes.isError) return <QueryErrorBlock error={wishes.error} onRetry={() => void wishes.refetch()} what={m.allocation_your_wishes()} />
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
      {contest.isError ? <p className="text-sm text-ink-muted">{m.allocation_contest_failed()}</p> : null}
      {wishes.data.bands.map((band) => (
        <section key={band.bandId} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
          <WishesForm round={round} band={band} contest={contest.data} timeZone={timeZone} />
        </section>
      ))}
    </div>
  )
}

function pointsNote(result: BandResult) {
  const points = { before: result.pointsBefore, after: result.pointsAfter }
  if (result.pointsAfter > result.pointsBefore) return m.allocation_points_up(points)
  if (result.pointsAfter < result.pointsBefore) return m.allocation_points_down(points)
  return m.allocation_points_same({ points: result.pointsAfter })
}

function BandResultCard({ result }: { result: BandResult }) {
  return (
    <Card title={result.bandName}>
      <div className="flex flex-col gap-3 text-sm">
        <p className="font-medium">
          {result.received === 0 ? m.allocation_result_nothing({ periods: periods(result.asked) }) : m.allocation_result_received({ periods: periods(result.received), asked: result.asked })}
        </p>
        {result.periods.length > 0 ? (
          <ul aria-label={m.allocation_rooms_for({ band: result.bandName })} className="flex flex-col gap-1">
            {result.periods.map((cell) => (
              <li key={`${cell.roomId}|${cell.date}|${cell.periodId}`}>
                {cellLabel(cell)} <span className="text-ink-muted">({cell.rank ? m.allocation_your_wish({ place: wishPlace(cell.rank) }) : m.allocation_placed_by_executives()})</span>
              </li>
            ))}
          </ul>
        ) : null}
        {result.unmet.length > 0 ? (
          <div>
            <h3 className="font-semibold">{m.allocation_wishes_not_met()}</h3>
            <ul aria-label={m.allocation_wishes_not_met_for({ band: result.bandName })} className="mt-1 flex flex-col gap-2">
              {result.unmet.map((wish) => (
                <li key={wish.rank}>
                  <span className="font-medium">
                    {wishPlace(wish.rank)}: {cellLabel(wish)}
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
              {m.allocation_see_bookings()}
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
  if (results.isPending) return <LoadingBlock label={m.allocation_loading_results()} />
  if (results.isError) return <QueryErrorBlock error={results.error} onRetry={() => void results.refetch()} what={m.allocation_your_results_what()} />
  if (results.data.bands === null) return <EmptyState title={m.allocation_no_results()}>{m.allocation_no_results_detail()}</EmptyState>
  if (results.data.bands.length === 0) return <EmptyState title={m.allocation_bands_no_wishes()} />
  return (
    <div className="flex flex-col gap-3">
      {results.data.bands.map((result) => (
        <BandResultCard key={result.bandId} result={result} />
      ))}
    </div>
  )
}
