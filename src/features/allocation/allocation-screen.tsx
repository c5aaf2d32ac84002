import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import type { Round, RoundList, RoundSummary } from '@/contract/allocation-rounds'
import { periodPhrase } from '@/contract/calendar'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { RoundStatusBadge, bandsCount, roundMoment, roundWeekLabel, useNow } from './allocation-parts'
import { roundListQueryOptions, roundQueryOptions } from './allocation-queries'
import { AllWishesPanel, DraftPanel, RunControls } from './draft-panel'
import { MyResultsPanel, MyWishesPanel } from './member-panels'
import { CLUB_FALLBACK_TIME_ZONE } from '@/contract/date-format'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/room-allocation-list')

// The club's zone until its settings arrive (the same default as the other screens).
const FALLBACK_TIME_ZONE = CLUB_FALLBACK_TIME_ZONE

const linkClass = 'text-brand underline underline-offset-2'

function roundFigures(round: RoundSummary) {
  const bands = bandsCount(round.bandsWithWishes)
  return round.bandsServed === null ? m.allocation_figures_wishes({ bands }) : m.allocation_figures_served({ bands, served: round.bandsServed })
}

/** The rounds to choose from: the current one first, then the past ones, newest first. */
function RoundPicker({ list, selectedId }: { list: RoundList; selectedId: string | undefined }) {
  if (list.past.length === 0) return null
  const rounds = [...(list.current ? [list.current] : []), ...list.past]
  return (
    <nav aria-label={m.allocation_rounds()}>
      <h2 className="mb-2 text-lg font-semibold">{m.allocation_rounds()}</h2>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
        {rounds.map((round) => {
          const current = round.id === list.current?.id
          const selected = round.id === selectedId
          return (
            <li key={round.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Link
                to="/room-allocation-list"
                search={current ? {} : { round: round.id }}
                aria-current={selected ? 'page' : undefined}
                className={`flex min-h-11 items-center font-medium ${selected ? 'text-ink' : linkClass}`}
              >
                {roundWeekLabel(round)}
                {current ? m.allocation_this_round() : ''}
              </Link>
              <RoundStatusBadge status={round.status} />
              <span className="text-ink-muted">{roundFigures(round)}</span>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function RoundHeader({ round, timeZone }: { round: Round; timeZone: string }) {
  const now = useNow()
  const rooms = round.rooms.map((room) => room.name).join(m.allocation_list_separator())
  const times = round.periods.map((period) => periodPhrase(period.label)).join(m.allocation_list_separator())
  return (
    <Card>
      <div className="flex flex-col gap-2 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-semibold">{roundWeekLabel(round)}</h2>
          <RoundStatusBadge status={round.status} />
        </div>
        <p className="font-medium">{roundMoment(round, timeZone, now)}</p>
        <p className="text-ink-muted">
          {m.allocation_given_out({ rooms: rooms || m.allocation_no_room(), periods: times || m.allocation_no_period() })}
        </p>
        <p className="text-ink-muted">
          {m.allocation_each_band({ wishes: round.wishesPerBand, count: round.periodsPerBand })} {roundFigures(round)}
        </p>
      </div>
    </Card>
  )
}

function RoundView({ roundId, timeZone }: { roundId: string; timeZone: string }) {
  const round = useQuery(roundQueryOptions(roundId))
  if (round.isPending) return <LoadingBlock label={m.allocation_loading_round()} />
  if (round.isError) return <QueryErrorBlock error={round.error} onRetry={() => void round.refetch()} what={m.allocation_the_round()} />
  const data = round.data
  const hasResult = data.status === 'draft' || data.status === 'published'
  return (
    <div className="flex flex-col gap-6">
      <RoundHeader round={data} timeZone={timeZone} />

      <section aria-labelledby="my-bands" className="flex flex-col gap-3">
        <h2 id="my-bands" className="text-lg font-semibold">
          {data.status === 'published' ? m.allocation_your_results() : m.allocation_your_wishes()}
        </h2>
        {data.status === 'published' ? (
          <MyResultsPanel round={data} />
        ) : (
          <>
            {data.status === 'upcoming' ? <p className="text-sm text-ink-muted">{m.allocation_wishes_later()}</p> : null}
            {['closed', 'running', 'draft'].includes(data.status) ? <p className="text-sm text-ink-muted">{m.allocation_wishes_closed_results_later()}</p> : null}
            <MyWishesPanel round={data} timeZone={timeZone} />
          </>
        )}
      </section>

      {data.canManage ? (
        <section aria-labelledby="running" className="flex flex-col gap-3 border-t border-line pt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="running" className="text-lg font-semibold">
              {data.status === 'published' ? m.allocation_published_result() : m.allocation_running_round()}
            </h2>
            {hasResult ? null : <RunControls round={data} />}
          </div>
          {data.status === 'running' ? <p role="status">{m.allocation_being_given_out()}</p> : null}
          {hasResult ? <DraftPanel round={data} /> : null}
          <h3 className="text-base font-semibold">{m.allocation_every_band_wishes()}</h3>
          <AllWishesPanel round={data} />
        </section>
      ) : null}
    </div>
  )
}

/**
 * `/room-allocation-list`: the weekly allocation rounds. The current round (or the one chosen)
 * with its dates; members list their bands' wishes and read their results; executives see every
 * wish, run the round, change the draft by hand and publish it.
 */
export function AllocationScreen() {
  const search = routeApi.useSearch()
  const rounds = useQuery(roundListQueryOptions())
  const club = useQuery(clubInfoQueryOptions())
  const timeZone = club.data?.timeZone ?? FALLBACK_TIME_ZONE
  const selectedId = search.round ?? rounds.data?.current?.id

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title={m.allocation_title()} description={m.allocation_description()} />
      {rounds.isPending ? (
        <LoadingBlock label={m.allocation_loading_rounds()} />
      ) : rounds.isError ? (
        <QueryErrorBlock error={rounds.error} onRetry={() => void rounds.refetch()} what={m.allocation_the_rounds()} />
      ) : (
        <>
          {!rounds.data.enabled ? (
            <EmptyState title={m.allocation_rounds_off()}>
              {m.allocation_first_come()}{' '}
              <Link to="/room-booking-form" className={linkClass}>
                {m.allocation_book_a_room()}
              </Link>
            </EmptyState>
          ) : !rounds.data.current && !search.round ? (
            <EmptyState title={m.allocation_no_round()}>{m.allocation_no_round_detail()}</EmptyState>
          ) : null}
          {search.round && rounds.data.current && search.round !== rounds.data.current.id ? (
            <p className="text-sm">
              <Link to="/room-allocation-list" search={{}} className={linkClass}>
                {m.allocation_back_to_current()}
              </Link>
            </p>
          ) : null}
          {selectedId ? <RoundView key={selectedId} roundId={selectedId} timeZone={timeZone} /> : null}
          <RoundPicker list={rounds.data} selectedId={selectedId} />
        </>
      )}
    </div>
  )
}
