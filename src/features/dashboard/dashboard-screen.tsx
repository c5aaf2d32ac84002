import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { useOnline } from '@/lib/use-online'
import { useSession } from '@/lib/session-context'
import { dashboardQueryOptions } from './dashboard-queries'
import { FeedbackCard, MissingInfoPrompt, MyBandsCard, NewFilesCard, NextBookingsCard, NoticesCard, OpenLivesCard, PerformancesCard, RoomAllocationCard } from './dashboard-cards'
import { useDates } from '@/lib/use-dates'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * `/` and `/dashboard` (SPEC §5.9, issue 17): every card from one request (GET /api/dashboard).
 * The answer is kept in the persisted Query cache, so the installed app opened offline shows the
 * dashboard as last seen, marked with when that was (decision 011).
 */
export function DashboardScreen() {
  const { user, isAuthenticated } = useSession()
  // Not after signing out: the cache is emptied then, and this screen must not ask again without a session.
  const dashboard = useQuery({ ...dashboardQueryOptions(), enabled: isAuthenticated })
  const online = useOnline()
  const dates = useDates()

  return (
    <section aria-labelledby="dashboard-heading" className="mx-auto flex max-w-5xl flex-col gap-4 sm:gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="dashboard-heading" className="text-2xl font-bold break-words">
          {user ? m.dashboard_hello({ name: user.displayName }) : m.dashboard_title()}
        </h1>
        {user?.isExecutive || user?.role === 'admin' ? (
          <Link to="/dashboard2" className="text-sm text-brand underline underline-offset-2">
            {m.dashboard_club_at_a_glance()}
          </Link>
        ) : null}
      </div>
      {!online && dashboard.data ? (
        <p role="note" className="rounded-md border border-warn/50 bg-warn/10 px-3 py-2 text-sm text-ink">
          {m.dashboard_offline_last_seen({ time: dates.clock(dashboard.dataUpdatedAt) })}
        </p>
      ) : null}
      {dashboard.isPending ? <LoadingBlock label={m.dashboard_loading()} offline={m.dashboard_not_saved()} /> : null}
      {dashboard.isError && !dashboard.data ? <QueryErrorBlock error={dashboard.error} what={m.dashboard_what()} onRetry={() => void dashboard.refetch()} /> : null}
      {dashboard.data ? (
        <>
          <MissingInfoPrompt missing={dashboard.data.missingInfo} />
          <div className="grid gap-4 md:grid-cols-2">
            <NextBookingsCard bookings={dashboard.data.bookings} />
            <NoticesCard notices={dashboard.data.notices} />
            <OpenLivesCard lives={dashboard.data.openLives} hasBands={dashboard.data.bands.length > 0} />
            <RoomAllocationCard rounds={dashboard.data.allocationRounds} bands={dashboard.data.bands} />
            <PerformancesCard performances={dashboard.data.performances} />
            <MyBandsCard bands={dashboard.data.bands} />
            <FeedbackCard feedback={dashboard.data.feedback} hasBands={dashboard.data.bands.length > 0} />
            <NewFilesCard files={dashboard.data.newFiles} />
          </div>
        </>
      ) : null}
    </section>
  )
}
