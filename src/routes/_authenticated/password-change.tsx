import { createFileRoute } from '@tanstack/react-router'
import { PasswordChangeScreen } from '@/features/accounts/password-change-screen'

export const Route = createFileRoute('/_authenticated/password-change')({
  component: PasswordChangeScreen,
})
