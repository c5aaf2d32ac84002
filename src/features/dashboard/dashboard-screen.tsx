import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { meQueryOptions } from '@/features/dashboard/me-query'
import { AdditionalInfoPrompt } from '@/features/people/additional-info-prompt'
import { MyBandsCard } from '@/features/bands/my-bands-card'
import { OpenLivesCard } from './open-lives-card'

export function DashboardScreen() {
  const me = useQuery(meQueryOptions())

  return (
    <section aria-labelledby="dashboard-heading" className="mx-auto flex max-w-3xl flex-col gap-6">
      {me.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading your dashboard…
        </p>
      ) : me.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-danger/40 p-4">
          <h1 id="dashboard-heading" className="text-xl font-bold">
            Dashboard
          </h1>
          <p className="text-danger">Your dashboard could not be loaded.</p>
          <button
            type="button"
            onClick={() => void me.refetch()}
            className="rounded-md border border-line px-3 py-2 text-sm hover:bg-surface-2"
          >
            Try again
          </button>
        </div>
      ) : (
        <h1 id="dashboard-heading" className="text-2xl font-bold">
          Hello, {me.data.displayName}
        </h1>
      )}

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
