import { timetablePresets, type TimetableInput, type TimetablePerformance } from '../../../src/contract/timetable'

/** Small builders for pure timetable tests (no database). 2026-11-07 is a Saturday. */

export const SAT = '2026-11-07'
export const SUN = '2026-11-08'

let next = 0
export function performance(bandName: string, fields: Partial<Omit<TimetablePerformance, 'members'>> & { members?: string[] } = {}): TimetablePerformance {
  const { members = [], ...rest } = fields
  next++
  return {
    id: rest.id ?? `p-${bandName.toLowerCase().replace(/\W+/g, '-')}-${next}`,
    bandName,
    minutes: 20,
    preferredDate: null,
    unavailable: [],
    grade: null,
    ...rest,
    members: members.map((name) => ({ id: `m-${name.toLowerCase()}`, name })),
  }
}

export function timetableInput(fields: Partial<TimetableInput> & { performances: TimetablePerformance[] }): TimetableInput {
  return {
    event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '16:00' }] }], changeoverMinutes: 5, musicianGapMinutes: 30 },
    weights: timetablePresets.compact,
    seed: 1,
    ...fields,
  }
}
