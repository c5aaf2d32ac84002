import { z } from 'zod'

/** `/festival-schedule?eventId=&day=&print=`: any live's timetable (the festival's by default). */
export const scheduleSearchSchema = z.object({
  eventId: z.uuid().optional().catch(undefined),
  /** One day of the event (phones show one day at a time). */
  day: z.iso.date().optional().catch(undefined),
  /** The print view: one A4 page per day. */
  print: z.boolean().optional().catch(undefined),
})
export type ScheduleSearch = z.output<typeof scheduleSearchSchema>

/** `/festival-schedule-generator?eventId=`. */
export const generatorSearchSchema = z.object({ eventId: z.uuid().optional().catch(undefined) })
export type GeneratorSearch = z.output<typeof generatorSearchSchema>
