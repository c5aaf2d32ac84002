import { z } from 'zod'
import { isoDateSchema } from '@/contract/club'
import { weekdayKeys } from './schedule-slots'

/**
 * `?week=` any day of the week to show (this week when absent), `?day=` the phone view's
 * weekday (`mon`…`sun`, so it stays put when the week changes). Nonsense is dropped, not an error.
 */
export const roomScheduleSearchSchema = z.object({
  week: isoDateSchema.optional().catch(undefined),
  day: z.enum(weekdayKeys).optional().catch(undefined),
})
export type RoomScheduleSearch = z.output<typeof roomScheduleSearchSchema>

/** The visitors' page adds `?room=` (one room's id); links with it can be shared. */
export const externalScheduleSearchSchema = roomScheduleSearchSchema.extend({
  room: z.uuid().optional().catch(undefined),
})
export type ExternalScheduleSearch = z.output<typeof externalScheduleSearchSchema>
