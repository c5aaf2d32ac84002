import { boolean, isoDate, searchParams, uuid } from '@/lib/search-params'

/** `/festival-schedule?eventId=&day=&print=`: any live's timetable (the festival's by default). */
export const scheduleSearchSchema = searchParams({
  eventId: uuid,
  /** One day of the event (phones show one day at a time). */
  day: isoDate({ inCalendarYears: false }),
  /** The print view: one A4 page per day. */
  print: boolean,
})
export type ScheduleSearch = ReturnType<typeof scheduleSearchSchema>

/** `/festival-schedule-generator?eventId=`. */
export const generatorSearchSchema = searchParams({ eventId: uuid })
export type GeneratorSearch = ReturnType<typeof generatorSearchSchema>
