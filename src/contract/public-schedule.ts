import type { PublicSchedule } from './bookings'
import { bookingKinds } from './choices'
import { isRecord, schema, uuidPattern } from './plain-schema'

type PublicEntry = Extract<PublicSchedule, { enabled: true }>['entries'][number]

/**
 * `publicScheduleSchema` (bookings.ts) again, checked by hand, for the visitors' room schedule:
 * a page people open first, from a link or a poster. Parsing its answer with zod meant
 * downloading zod (~23 KB compressed) and building every schema of the contract, ~100 ms of a
 * phone's main thread while the grid was about to render (decision 016). The server and the
 * members' grid keep `bookings.ts`; tests/web/contract/public-schedule.test.ts holds this copy
 * to it (the same verdicts, the same data, unknown keys left out as zod does).
 */
export const publicScheduleSchema = schema<PublicSchedule>((value, issues) => {
  const fail = (path: PropertyKey[]) => void issues.push({ path, message: 'Invalid input' })
  const text = (record: Record<string, unknown>, key: string, path: PropertyKey[]) => {
    if (typeof record[key] !== 'string') fail([...path, key])
    return record[key] as string
  }
  const uuid = (record: Record<string, unknown>, key: string, path: PropertyKey[], nullable = false) => {
    const field = record[key]
    if (!(nullable && field === null) && !(typeof field === 'string' && uuidPattern.test(field))) fail([...path, key])
    return field as string
  }
  const list = <T>(record: Record<string, unknown>, key: string, item: (entry: Record<string, unknown>, path: PropertyKey[]) => T): T[] => {
    const entries = record[key]
    if (!Array.isArray(entries)) {
      fail([key])
      return []
    }
    return entries.map((entry: unknown, index) => {
      if (isRecord(entry)) return item(entry, [key, index])
      fail([key, index])
      return undefined as T
    })
  }

  if (!isRecord(value)) return void fail([])
  if (value.enabled === false) return { enabled: false, clubName: text(value, 'clubName', []) }
  if (value.enabled !== true) return void fail(['enabled'])
  const days: unknown[] = Array.isArray(value.days) ? value.days : []
  if (!Array.isArray(value.days)) fail(['days'])
  days.forEach((day, index) => {
    if (typeof day !== 'string') fail(['days', index])
  })
  return {
    enabled: true,
    clubName: text(value, 'clubName', []),
    timeZone: text(value, 'timeZone', []),
    weekStart: text(value, 'weekStart', []),
    days: days as string[],
    today: text(value, 'today', []),
    rooms: list(value, 'rooms', (room, path) => {
      if (typeof room.active !== 'boolean') fail([...path, 'active'])
      return { id: uuid(room, 'id', path), name: text(room, 'name', path), active: room.active as boolean }
    }),
    periods: list(value, 'periods', (period, path) => ({
      id: uuid(period, 'id', path),
      label: text(period, 'label', path),
      startsAt: text(period, 'startsAt', path),
      endsAt: text(period, 'endsAt', path),
    })),
    blackouts: list(value, 'blackouts', (blackout, path) => ({
      date: text(blackout, 'date', path),
      roomId: uuid(blackout, 'roomId', path, true),
      reason: text(blackout, 'reason', path),
    })),
    entries: list(value, 'entries', (entry, path) => {
      if (!(bookingKinds as ReadonlyArray<unknown>).includes(entry.kind)) fail([...path, 'kind'])
      return {
        roomId: uuid(entry, 'roomId', path),
        date: text(entry, 'date', path),
        periodId: uuid(entry, 'periodId', path),
        kind: entry.kind as PublicEntry['kind'],
        label: text(entry, 'label', path),
      }
    }),
  }
})
