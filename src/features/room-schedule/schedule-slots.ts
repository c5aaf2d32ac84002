import type { BookingKind, PublicSchedule, WeekSchedule } from '@/contract/bookings'
import { dayLabel, periodPhrase, zonedInstant } from '@/contract/calendar'
import { weekdayKeys, type WeekdayKey } from './schedule-search'
import { m } from '@/i18n/paraglide/messages.js'

export type ScheduleRoom = WeekSchedule['rooms'][number]
export type SchedulePeriod = WeekSchedule['periods'][number]

/** What the grid needs of either answer (signed-in or public). */
export interface ScheduleFrame {
  weekStart: string
  days: string[]
  today: string
  rooms: ScheduleRoom[]
  periods: SchedulePeriod[]
}

/** One room × day × period, as the grid shows it. */
export type SlotState =
  | { kind: 'booked'; label: string; bookingKind: BookingKind; mine: boolean }
  | { kind: 'blackout'; reason: string }
  | { kind: 'inactive' }
  | { kind: 'past' }
  /** Kept for a room allocation round (issue 15); the screen says why and when it opens above the grid. */
  | { kind: 'held' }
  | { kind: 'not-open' }
  /** `bookable`: the signed-in grid links it to the booking form; the public grid never does. */
  | { kind: 'free'; bookable: boolean }

export interface Slot {
  room: ScheduleRoom
  date: string
  period: SchedulePeriod
  state: SlotState
}

export type SlotResolver = (room: ScheduleRoom, date: string, period: SchedulePeriod) => SlotState

const slotKey = (roomId: string, date: string, periodId: string) => `${roomId}|${date}|${periodId}`

type Entry = { roomId: string; date: string; periodId: string; kind: BookingKind; label: string; mine?: boolean }
type Blackout = { date: string; roomId: string | null; reason: string }

function indexes(entries: ReadonlyArray<Entry>, blackouts: ReadonlyArray<Blackout>) {
  const byslot = new Map(entries.map((entry) => [slotKey(entry.roomId, entry.date, entry.periodId), entry]))
  const blackoutOf = (roomId: string, date: string) =>
    // A room's own closure is more specific than an all-rooms one.
    blackouts.find((blackout) => blackout.date === date && blackout.roomId === roomId) ?? blackouts.find((blackout) => blackout.date === date && blackout.roomId === null)
  return { byslot, blackoutOf }
}

/**
 * The signed-in grid. Order of precedence: a booking (kept visible even in the past or in a
 * room closed since), a blackout, an inactive room, a slot that has started, one held for an
 * allocation round, one past the booking horizon, and only then a free slot, which opens the
 * booking form. The server re-checks every rule when booking; this only decides what to offer.
 */
export function memberSlotResolver(schedule: WeekSchedule, timeZone: string): SlotResolver {
  const { byslot, blackoutOf } = indexes(schedule.entries, schedule.blackouts)
  const now = new Date(schedule.now).getTime()
  const hold = schedule.allocationHold
  const heldRooms = new Set(hold?.roomIds)
  const heldPeriods = new Set(hold?.periodIds)
  return (room, date, period) => {
    const entry = byslot.get(slotKey(room.id, date, period.id))
    if (entry) return { kind: 'booked', label: entry.label, bookingKind: entry.kind, mine: entry.mine ?? false }
    const blackout = blackoutOf(room.id, date)
    if (blackout) return { kind: 'blackout', reason: blackout.reason }
    if (!room.active) return { kind: 'inactive' }
    if (date < schedule.today || (date === schedule.today && zonedInstant(date, period.startsAt, timeZone).getTime() <= now)) return { kind: 'past' }
    // The round's rooms and periods, every day of the week.
    if (heldRooms.has(room.id) && heldPeriods.has(period.id)) return { kind: 'held' }
    if (date > schedule.lastBookableDate) return { kind: 'not-open' }
    return { kind: 'free', bookable: true }
  }
}

/**
 * The visitors' grid, nothing bookable. Today's periods that have started are past by the
 * browser's clock (the answer is cached for everyone, so it carries no instant of its own),
 * as the signed-in grid shows them.
 */
export function publicSlotResolver(schedule: Extract<PublicSchedule, { enabled: true }>, now: Date): SlotResolver {
  const { byslot, blackoutOf } = indexes(schedule.entries, schedule.blackouts)
  return (room, date, period) => {
    const entry = byslot.get(slotKey(room.id, date, period.id))
    if (entry) return { kind: 'booked', label: entry.label, bookingKind: entry.kind, mine: false }
    const blackout = blackoutOf(room.id, date)
    if (blackout) return { kind: 'blackout', reason: blackout.reason }
    if (!room.active) return { kind: 'inactive' }
    if (date < schedule.today || (date === schedule.today && zonedInstant(date, period.startsAt, schedule.timeZone).getTime() <= now.getTime())) return { kind: 'past' }
    return { kind: 'free', bookable: false }
  }
}

/** "Book Studio A, 1st, Tue 12 May": the free-slot link's accessible name. */
export const bookSlotName = (slot: Pick<Slot, 'room' | 'date' | 'period'>) =>
  m.room_schedule_book_slot({ room: slot.room.name, period: periodPhrase(slot.period.label), day: dayLabel(slot.date) })

/** The words a slot shows; the same text for sighted and screen-reader users. */
export function slotText(state: SlotState): { primary: string; secondary?: string } {
  switch (state.kind) {
    case 'booked':
      if (state.bookingKind === 'block') return state.label === m.bookings_kind_block() ? { primary: state.label } : { primary: m.bookings_kind_block(), secondary: state.label }
      // The public grid already says "Personal practice"; the signed-in one names the person.
      if (state.bookingKind === 'personal' && state.label !== m.bookings_kind_personal()) return { primary: state.label, secondary: m.bookings_kind_personal() }
      return { primary: state.label }
    case 'blackout':
      return { primary: m.bookings_kind_block(), secondary: state.reason }
    case 'inactive':
      return { primary: m.room_schedule_room_closed() }
    case 'past':
      return { primary: m.room_schedule_past() }
    case 'held':
      return { primary: m.room_schedule_held(), secondary: m.room_schedule_allocation_round() }
    case 'not-open':
      return { primary: m.room_schedule_not_open() }
    case 'free':
      return { primary: state.bookable ? m.room_schedule_book() : m.room_schedule_free() }
  }
}

/** The browser's zone: a fallback for the rare moment the club's is not known yet. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export { weekdayKeys, type WeekdayKey }

/** The phone view's day: the one in the URL, else today when it is in the shown week, else Monday. */
export function selectedDayIndex(frame: Pick<ScheduleFrame, 'days' | 'today'>, day: WeekdayKey | undefined) {
  if (day) return weekdayKeys.indexOf(day)
  const todayIndex = frame.days.indexOf(frame.today)
  return todayIndex >= 0 ? todayIndex : 0
}
