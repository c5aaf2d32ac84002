import { createFileRoute, notFound } from '@tanstack/react-router'
import { requireRole } from '@/lib/route-guards'
import { isUuid, searchParams, string, withFallback } from '@/lib/search-params'
import { userQueryOptions } from '@/features/users/users-queries'
import { UserEditScreen } from '@/features/users/user-edit-screen'

const userEditSearchSchema = searchParams({ userId: withFallback(string(), '') })

export const Route = createFileRoute('/_authenticated/user-edit')({
  validateSearch: userEditSearchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  loaderDeps: ({ search }) => ({ userId: search.userId }),
  loader: async ({ context, deps }) => {
    if (!isUuid(deps.userId)) throw notFound()
    await context.queryClient.ensureQueryData(userQueryOptions(deps.userId))
  },
  component: UserEditScreen,
})
