import { createFileRoute } from '@tanstack/react-router'
import { profileQueryOptions } from '@/features/accounts/accounts-queries'
import { ProfileScreen } from '@/features/accounts/profile-screen'
import { CalendarFeedCard } from '@/features/notices/calendar-feed-card'
import { NoticePreferencesCard } from '@/features/notices/notice-preferences-card'
import { calendarFeedQueryOptions, noticePreferencesQueryOptions } from '@/features/notices/notices-queries'
import { useSession } from '@/lib/session-context'

export const Route = createFileRoute('/_authenticated/profile')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(profileQueryOptions()),
      context.queryClient.prefetchQuery(noticePreferencesQueryOptions()),
      context.queryClient.prefetchQuery(calendarFeedQueryOptions()),
    ]),
  component: function Profile() {
    const { user } = useSession()
    return (
      <ProfileScreen>
        <NoticePreferencesCard isExecutive={Boolean(user?.isExecutive || user?.role === 'admin')} />
        <CalendarFeedCard />
      </ProfileScreen>
    )
  },
})
