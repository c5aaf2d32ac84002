import type { TimetableInput, TimetablePin, TimetableWeights } from '../contract/timetable'
import { toMinutes, toTime } from './model'

/**
 * The engine's input from a live as the API shows it, for the server (generate, checks of
 * stored timetables) and the editor (checks while dragging) alike, so both see the same rules.
 */

/** An accepted performance as the timetable screens and the server hold it. */
export interface InputPerformance {
  id: string
  bandName: string
  minutes: number
  members: ReadonlyArray<{ id: string; displayName: string }>
  preferredDay: string | null
  unavailable: ReadonlyArray<{ date: string; from: string; to: string }>
  /** The band's lowest grade (1–4) in the live's year, or null. */
  grade: number | null
}

export interface InputEvent {
  days: ReadonlyArray<{ date: string; stages: ReadonlyArray<{ name: string; opensAt: string; closesAt: string }> }>
  changeoverMinutes: number
  musicianGapMinutes: number
}

export function timetableInput(
  event: InputEvent,
  performances: ReadonlyArray<InputPerformance>,
  options: {
    weights: TimetableWeights
    pins?: ReadonlyMap<string, TimetablePin>
    wishes?: Readonly<Record<string, 'first' | 'last'>>
    seed?: number
    effort?: number
  },
): TimetableInput {
  return {
    event: {
      days: event.days.map((day) => ({ date: day.date, stages: day.stages.map(({ name, opensAt, closesAt }) => ({ name, opensAt, closesAt })) })),
      changeoverMinutes: event.changeoverMinutes,
      musicianGapMinutes: event.musicianGapMinutes,
    },
    performances: performances.map((performance) => ({
      id: performance.id,
      bandName: performance.bandName,
      minutes: performance.minutes,
      members: performance.members.map((member) => ({ id: member.id, name: member.displayName })),
      preferredDate: performance.preferredDay,
      unavailable: performance.unavailable.map(({ date, from, to }) => ({ date, from, to })),
      grade: performance.grade,
      pin: options.pins?.get(performance.id) ?? null,
      wish: options.wishes?.[performance.id] ?? null,
    })),
    weights: options.weights,
    seed: options.seed ?? 1,
    ...(options.effort !== undefined ? { effort: options.effort } : {}),
  }
}

/** The pins a set of placements holds: its pinned ones, by performance. */
export function pinsOf(placements: ReadonlyArray<{ performanceId: string; date: string; stage: string; start: string; pinned: boolean }>): Map<string, TimetablePin> {
  return new Map(placements.filter((placement) => placement.pinned).map((placement) => [placement.performanceId, { date: placement.date, stage: placement.stage, start: placement.start }]))
}

/** `HH:MM` after a start and a length in minutes. */
export const endAfter = (start: string, minutes: number) => toTime(toMinutes(start) + minutes)

/**
 * Each break once, in words: a rule broken between two performances is listed on both of
 * them, so a pair counts once.
 */
export function distinctBreaks(violations: ReadonlyArray<{ performanceId: string; rule: string; message: string; otherPerformanceId?: string }>): string[] {
  const seen = new Set<string>()
  const messages: string[] = []
  for (const violation of violations) {
    const key = violation.otherPerformanceId
      ? `${violation.rule}|${[violation.performanceId, violation.otherPerformanceId].sort().join('|')}`
      : `${violation.rule}|${violation.performanceId}|${violation.message}`
    if (seen.has(key)) continue
    seen.add(key)
    messages.push(violation.message)
  }
  return messages
}
