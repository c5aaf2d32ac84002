import { createFileRoute } from '@tanstack/react-router'
import { requireRole } from '@/lib/route-guards'
import { userSearchSchema } from '@/features/users/user-search'
import { UserListScreen } from '@/features/users/user-list-screen'

export const Route = createFileRoute('/_authenticated/user-list')({
  validateSearch: userSearchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'executive'),
  component: UserListScreen,
})
