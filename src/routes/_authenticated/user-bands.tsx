import { createFileRoute } from '@tanstack/react-router'
import { UserBandsScreen } from '@/features/bands/user-bands-screen'

export const Route = createFileRoute('/_authenticated/user-bands')({
  component: UserBandsScreen,
})
