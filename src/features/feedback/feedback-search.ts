import { feedbackStatuses, feedbackTargets, feedbackVisibilities } from '@/contract/choices'
import { oneOf, page, searchParams, searchText, uuid } from '@/lib/search-params'

// Both screens keep their state in the URL (reloads, the back button, the link in the band's
// notice). A value that makes no sense is dropped, not an error.

/** `/feedback-form?eventId=&bandId=`: a live and band to start from. */
export const feedbackFormSearchSchema = searchParams({ eventId: uuid, bandId: uuid })
export type FeedbackFormSearch = ReturnType<typeof feedbackFormSearchSchema>

export const feedbackTabs = ['mine', 'received', 'all'] as const
export type FeedbackTab = (typeof feedbackTabs)[number]

/** `/feedback-list?tab=&page=` and the executives' filters of the `all` tab. */
export const feedbackListSearchSchema = searchParams({
  tab: oneOf(feedbackTabs),
  status: oneOf(feedbackStatuses),
  target: oneOf(feedbackTargets),
  visibility: oneOf(feedbackVisibilities),
  q: searchText(100),
  page: page({ coerce: true }),
})
export type FeedbackListSearch = ReturnType<typeof feedbackListSearchSchema>

export const FEEDBACK_PAGE_SIZE = 20
