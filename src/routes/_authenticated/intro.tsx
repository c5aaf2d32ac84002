import { createFileRoute } from '@tanstack/react-router'
import { IntroScreen } from '@/features/people/intro-screen'
import { memberIntroQueryOptions, myIntroQueryOptions } from '@/features/people/people-queries'
import { searchParams, uuid } from '@/lib/search-params'

const introSearchSchema = searchParams({ userId: uuid })

export const Route = createFileRoute('/_authenticated/intro')({
  validateSearch: introSearchSchema,
  loaderDeps: ({ search }) => ({ userId: search.userId }),
  // Prefetch, not ensure: the screen shows its own loading and error states.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      deps.userId && deps.userId !== context.session.getState().user?.id ? memberIntroQueryOptions(deps.userId) : myIntroQueryOptions(),
    ),
  component: IntroScreen,
})
