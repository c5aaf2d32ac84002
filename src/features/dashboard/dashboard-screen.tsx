import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { meQueryOptions } from '@/features/dashboard/me-query'
import { AdditionalInfoPrompt } from '@/features/people/additional-info-prompt'
import { MyBandsCard } from '@/features/bands/my-bands-card'
import { OpenLivesCard } from './open-lives-card'

export function DashboardScreen() {
  const me = useQuery(meQueryOptions())

  return (
    <section aria-labelledby="dashboard-heading" className="mx-auto flex max-w-3xl flex-col gap-6">
      {me.isSuccess ? (
        <h1 id="dashboard-heading" className="text-2xl font-bold">
          Hello, {me.data.displayName}
        </h1>
      ) : (
        <h1 id="dashboard-heading" className="text-2xl font-bold">
          Dashboard
        </h1>
      )}
      {/* The shared blocks know offline from broken: a dashboard never opened on this device says it needs a connection. */}
      {me.isPending ? <LoadingBlock label="Loading your dashboard…" /> : null}
      {me.isError ? <QueryErrorBlock error={me.error} what="Your dashboard" onRetry={() => void me.refetch()} /> : null}

      <AdditionalInfoPrompt />

      <MyBandsCard />

      <OpenLivesCard />

      <p>
        <Link to="/room-booking-list" className="text-brand underline underline-offset-2">
          My room bookings
        </Link>
        {' · '}
        <Link to="/dashboard2" className="text-brand underline underline-offset-2">
          See the club at a glance
        </Link>
      </p>
    </section>
  )
}
