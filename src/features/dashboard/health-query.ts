import { queryOptions } from '@tanstack/react-query'
import { healthResponseSchema } from '@/contract/auth'
import { ApiError, api } from '@/lib/api-client'

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: async () => {
      try {
        return healthResponseSchema.parse(await api('/api/health'))
      } catch (error) {
        // A degraded server answers 503 with the health body: that is a result to show, not a failure.
        if (error instanceof ApiError && error.status === 503) return healthResponseSchema.parse(error.body)
        throw error
      }
    },
  })
