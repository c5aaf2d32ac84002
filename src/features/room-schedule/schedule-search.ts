import { isoDate, oneOf, searchParams, uuid } from '@/lib/search-params'

/** The phone view's weekdays, as `?day=` spells them (here, not in schedule-slots.ts: the router loads this file at start-up, without the date maths). */
export const weekdayKeys = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type WeekdayKey = (typeof weekdayKeys)[number]

/**
 * `?week=` any day of the week to show (this week when absent), `?day=` the phone view's
 * weekday (`mon`…`sun`, so it stays put when the week changes). Nonsense is dropped, not an error.
 */
export const roomScheduleSearchSchema = searchParams({
  week: isoDate({ inCalendarYears: true }),
  day: oneOf(weekdayKeys),
})
export type RoomScheduleSearch = ReturnType<typeof roomScheduleSearchSchema>

/** The visitors' page adds `?room=` (one room's id); links with it can be shared. */
export const externalScheduleSearchSchema = searchParams({
  ...roomScheduleSearchSchema.params,
  room: uuid,
})
export type ExternalScheduleSearch = ReturnType<typeof externalScheduleSearchSchema>
