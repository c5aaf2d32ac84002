import { createFileRoute } from '@tanstack/react-router'
import { AdditionalInfoScreen } from '@/features/people/additional-info-screen'
import { myAdditionalInfoQueryOptions } from '@/features/people/people-queries'

export const Route = createFileRoute('/_authenticated/additional-info')({
  loader: ({ context }) => context.queryClient.prefetchQuery(myAdditionalInfoQueryOptions()),
  component: AdditionalInfoScreen,
})
