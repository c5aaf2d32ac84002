import { createFileRoute, notFound } from '@tanstack/react-router'
import { z } from 'zod'
import { requireRole } from '@/lib/route-guards'
import { userQueryOptions } from '@/features/users/users-queries'
import { UserEditScreen } from '@/features/users/user-edit-screen'

const userEditSearchSchema = z.object({ userId: z.string().catch('') })

export const Route = createFileRoute('/_authenticated/user-edit')({
  validateSearch: userEditSearchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  loaderDeps: ({ search }) => ({ userId: search.userId }),
  loader: async ({ context, deps }) => {
    if (!z.uuid().safeParse(deps.userId).success) throw notFound()
    await context.queryClient.ensureQueryData(userQueryOptions(deps.userId))
  },
  component: UserEditScreen,
})
