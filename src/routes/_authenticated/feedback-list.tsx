import { createFileRoute } from '@tanstack/react-router'
import { FeedbackListScreen } from '@/features/feedback/feedback-list-screen'
import { myFeedbackQueryOptions, receivedFeedbackQueryOptions } from '@/features/feedback/feedback-queries'
import { FEEDBACK_PAGE_SIZE, feedbackListSearchSchema } from '@/features/feedback/feedback-search'

export const Route = createFileRoute('/_authenticated/feedback-list')({
  validateSearch: feedbackListSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab, page: search.page ?? 1 }),
  // Prefetch, not ensure: each list shows its own loading and error states. The executives'
  // list loads with its filters on the screen.
  loader: ({ context, deps }) => {
    if (deps.tab === 'received') return context.queryClient.prefetchQuery(receivedFeedbackQueryOptions(deps.page, FEEDBACK_PAGE_SIZE))
    if (deps.tab !== 'all') return context.queryClient.prefetchQuery(myFeedbackQueryOptions(deps.page, FEEDBACK_PAGE_SIZE))
  },
  component: FeedbackListScreen,
})
