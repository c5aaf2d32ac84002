import { queryOptions } from '@tanstack/react-query'
import { meResponseSchema } from '@/contract/auth'
import { api } from '@/lib/api-client'

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: async () => meResponseSchema.parse(await api('/api/me')).user,
  })
