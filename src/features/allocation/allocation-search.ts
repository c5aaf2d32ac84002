import { searchParams, uuid } from '@/lib/search-params'

/** `/room-allocation-list?round=`: the round shown (the current one when absent). Zod-free: it loads with the app (decision 016). */
export const allocationSearchSchema = searchParams({ round: uuid })
export type AllocationSearch = ReturnType<typeof allocationSearchSchema>
