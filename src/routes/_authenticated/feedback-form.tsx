import { createFileRoute } from '@tanstack/react-router'
import { FeedbackFormScreen } from '@/features/feedback/feedback-form-screen'
import { feedbackOptionsQueryOptions } from '@/features/feedback/feedback-queries'
import { feedbackFormSearchSchema } from '@/features/feedback/feedback-search'

export const Route = createFileRoute('/_authenticated/feedback-form')({
  validateSearch: feedbackFormSearchSchema,
  // Prefetch, not ensure: the screen shows its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(feedbackOptionsQueryOptions()),
  component: FeedbackFormScreen,
})
