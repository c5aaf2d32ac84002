import { createFileRoute } from '@tanstack/react-router'
import { requireRole } from '@/lib/route-guards'
import { userSearchSchema } from '@/features/users/user-search'
import { UserDeleteScreen } from '@/features/users/user-delete-screen'

export const Route = createFileRoute('/_authenticated/user-delete')({
  validateSearch: userSearchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  component: UserDeleteScreen,
})
