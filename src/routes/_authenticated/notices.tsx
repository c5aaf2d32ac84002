import { createFileRoute } from '@tanstack/react-router'
import { noticeListQueryOptions } from '@/features/notices/notices-queries'
import { NoticesScreen } from '@/features/notices/notices-screen'

export const Route = createFileRoute('/_authenticated/notices')({
  loader: ({ context }) => context.queryClient.prefetchQuery(noticeListQueryOptions(1)),
  component: NoticesScreen,
})
