import { useQueries, useQuery } from '@tanstack/react-query'
import type { BandStatus } from '@/contract/bands'
import { bandListQueryOptions } from '@/features/bands/bands-queries'
import { eventListQueryOptions } from '@/features/lives/lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

const countedStatuses: ReadonlyArray<{ status: BandStatus; label: () => string }> = [
  { status: 'active', label: () => m.dashboard_active_bands() },
  { status: 'inactive', label: () => m.dashboard_resting_bands() },
]

/**
 * The club in a few numbers from lists that exist already (each list's `total`, one row asked
 * for): bands by status and the lives taking applications. The full charts come later.
 */
export function ClubNumbers() {
  const bands = useQueries({
    queries: countedStatuses.map(({ status }) => bandListQueryOptions({ q: undefined, status, part: undefined, memberId: undefined, page: 1, pageSize: 1 })),
  })
  const openLives = useQuery(eventListQueryOptions({ open: true }))
  const value = (count: number | undefined, failed: boolean) => (failed ? m.dashboard_could_not_load() : count === undefined ? '…' : String(count))

  return (
    <section aria-labelledby="club-numbers-heading" className="rounded-lg border border-line p-4">
      <h2 id="club-numbers-heading" className="font-semibold">
        {m.dashboard_club_now()}
      </h2>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        {countedStatuses.map(({ status, label }, index) => (
          <div key={status} className="contents">
            <dt className="text-ink-muted">{label()}</dt>
            <dd className="text-right font-semibold tabular-nums">{value(bands[index]?.data?.total, bands[index]?.isError === true)}</dd>
          </div>
        ))}
        <dt className="text-ink-muted">{m.dashboard_open_lives()}</dt>
        <dd className="text-right font-semibold tabular-nums">{value(openLives.data?.length, openLives.isError)}</dd>
      </dl>
    </section>
  )
}
