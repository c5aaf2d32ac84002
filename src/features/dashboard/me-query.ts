import { queryOptions } from '@tanstack/react-query'
import { meResponseSchema } from '@/contract/auth'
import { api } from '@/lib/api-client'
import { session } from '@/lib/session'

/**
 * The signed-in user as the server sees them now. Each answer also refreshes the session's
 * copy, so a new position (executive rights) or a renamed account shows without signing in again.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: async () => {
      const { user } = meResponseSchema.parse(await api('/api/me'))
      session.updateUser(user)
      return user
    },
  })
