import { lazy, Suspense } from 'react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useOnline } from '@/lib/use-online'
import { useSession } from '@/lib/session-context'
import { healthQueryOptions } from '@/features/dashboard/health-query'
import { profileQueryOptions } from '@/features/accounts/accounts-queries'
import { ClubNumbers } from './club-numbers'
import { m } from '@/i18n/paraglide/messages.js'

// recharts comes with the charts, for executives only: no other screen downloads it (decision 025).
const ClubCharts = lazy(() => import('./club-charts'))

function StatusValue({ good, children }: { good: boolean; children: string }) {
  return <dd className={good ? 'font-semibold text-ink' : 'font-semibold text-danger'}>{children}</dd>
}

/** Offline the last answer says nothing about the server now (issue 33): the status is unknown. */
const unknownOffline = () => m.dashboard_unknown_offline()

/**
 * While the charts' code loads. Not `LoadingBlock`: offline that says the page needs a
 * connection, but the code comes from the app's saved files and the charts from the saved copy.
 */
function ChartsLoading() {
  return (
    <p role="status" className="py-8 text-center text-ink-muted">
      {m.dashboard_charts_loading()}
    </p>
  )
}

export function ClubOverviewScreen() {
  const { data: health } = useSuspenseQuery(healthQueryOptions())
  const { user } = useSession()
  const online = useOnline()
  const privileged = user?.isExecutive === true || user?.role === 'admin'
  // Only an executive or admin has a position to name; the screen does not wait for it.
  const profile = useQuery({ ...profileQueryOptions(), enabled: privileged })
  const positions = profile.data?.positions.filter((position) => position.current).map((position) => position.name) ?? []
  const roles = [...(user?.role === 'admin' ? [m.dashboard_role_admin()] : []), ...positions]
  const role = roles.length > 0 ? roles.join(m.dashboard_list_separator()) : user?.isExecutive ? m.dashboard_role_executive() : m.dashboard_role_member()

  return (
    <section aria-labelledby="overview-heading" className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 id="overview-heading" className="text-2xl font-bold">
        {m.dashboard_overview_title()}
      </h1>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="system-heading" className="rounded-lg border border-line p-4">
          <h2 id="system-heading" className="font-semibold">
            {m.dashboard_system_status()}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-ink-muted">{m.dashboard_server()}</dt>
            <StatusValue good={!online || health.status === 'ok'}>{!online ? unknownOffline() : health.status === 'ok' ? m.dashboard_working() : m.dashboard_degraded()}</StatusValue>
            <dt className="text-ink-muted">{m.dashboard_database()}</dt>
            <StatusValue good={!online || health.database === 'up'}>{!online ? unknownOffline() : health.database === 'up' ? m.dashboard_reachable() : m.dashboard_unreachable()}</StatusValue>
          </dl>
        </section>

        <section aria-labelledby="account-heading" className="rounded-lg border border-line p-4">
          <h2 id="account-heading" className="font-semibold">
            {m.dashboard_your_account()}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-ink-muted">{m.dashboard_name()}</dt>
            <dd className="break-words">{user?.displayName}</dd>
            <dt className="text-ink-muted">{m.dashboard_email()}</dt>
            <dd className="break-all">{user?.email}</dd>
            <dt className="text-ink-muted">{m.dashboard_role()}</dt>
            <dd>{role}</dd>
          </dl>
        </section>
      </div>

      <ClubNumbers />

      {privileged ? (
        <section aria-labelledby="charts-heading" className="flex flex-col gap-4">
          <h2 id="charts-heading" className="text-xl font-semibold">
            {m.dashboard_club_at_glance()}
          </h2>
          <Suspense fallback={<ChartsLoading />}>
            <ClubCharts />
          </Suspense>
        </section>
      ) : null}
    </section>
  )
}
