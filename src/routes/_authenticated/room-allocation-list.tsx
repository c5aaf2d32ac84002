import { createFileRoute } from '@tanstack/react-router'
import { AllocationScreen } from '@/features/allocation/allocation-screen'
import { roundListQueryOptions, roundQueryOptions } from '@/features/allocation/allocation-queries'
import { allocationSearchSchema } from '@/features/allocation/allocation-search'
import { clubInfoQueryOptions } from '@/features/club/club-queries'

export const Route = createFileRoute('/_authenticated/room-allocation-list')({
  validateSearch: allocationSearchSchema,
  loaderDeps: ({ search }) => ({ round: search.round }),
  // Prefetch, not ensure: the screen shows its own loading and error states (with a retry).
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(roundListQueryOptions()),
      context.queryClient.prefetchQuery(clubInfoQueryOptions()),
      deps.round ? context.queryClient.prefetchQuery(roundQueryOptions(deps.round)) : undefined,
    ]),
  component: AllocationScreen,
})
