import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { IntroScreen } from '@/features/people/intro-screen'
import { memberIntroQueryOptions, myIntroQueryOptions } from '@/features/people/people-queries'

export const Route = createFileRoute('/_authenticated/intro')({
  validateSearch: z.object({ userId: z.uuid().optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ userId: search.userId }),
  // Prefetch, not ensure: the screen shows its own loading and error states.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      deps.userId && deps.userId !== context.session.getState().user?.id ? memberIntroQueryOptions(deps.userId) : myIntroQueryOptions(),
    ),
  component: IntroScreen,
})
