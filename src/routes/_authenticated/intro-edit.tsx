import { createFileRoute } from '@tanstack/react-router'
import { IntroEditScreen } from '@/features/people/intro-edit-screen'
import { myIntroQueryOptions } from '@/features/people/people-queries'

export const Route = createFileRoute('/_authenticated/intro-edit')({
  loader: ({ context }) => context.queryClient.prefetchQuery(myIntroQueryOptions()),
  component: IntroEditScreen,
})
