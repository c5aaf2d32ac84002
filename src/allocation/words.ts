import { periodPhrase } from '../contract/calendar'
import type { AllocationResult, AllocationSnapshot, AllocationUnmet } from '../contract/allocation'
import { compile, objectiveOf, rankOf, type BandInfo, type Problem } from './model'

/**
 * The words a band reads for each wish it did not get (issue 15 item 4), e.g. "Studio A, Tue
 * 3rd period went to Midnight Train (higher priority: they missed out the last two weeks)" or
 * "Ren is already in Room B at that time with Blue Hour". Every sentence states facts of the
 * snapshot and the result only.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']
const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
const count = (n: number) => COUNTS[n] ?? String(n)
const ordinal = (rank: number) => ORDINALS[rank - 1] ?? `${rank}th`

/** "Tue" for an ISO date (the round is one week, so the weekday names the day). */
export function weekday(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!
}

export const timeName = (problem: Problem, date: string, periodId: string) =>
  `${weekday(date)} ${periodPhrase(problem.periods.find((period) => period.id === periodId)?.name ?? periodId)}`

/** "Studio A, Tue 3rd period". */
export function cellName(problem: Problem, cell: number) {
  const info = problem.cells[cell]!
  return `${problem.rooms[info.roomIndex]!.name}, ${timeName(problem, info.date, info.periodId)}`
}

export const personName = (problem: Problem, personId: string) => problem.peopleNames.get(personId) ?? 'A member'
const roomName = (problem: Problem, roomId: string) => problem.rooms.find((room) => room.id === roomId)?.name ?? roomId

/** Why another band came first, from its points, its history, and the ranks of the two wishes. */
function whyThem(problem: Problem, result: AllocationResult, us: BandInfo, them: BandInfo, ourRank: number, cell: number) {
  const theirs = result.bands.find((band) => band.bandId === them.id)
  const ours = result.bands.find((band) => band.bandId === us.id)
  const theirRank = result.assignments.find((a) => a.bandId === them.id && problem.cellIndex(a.roomId, a.date, a.periodId) === cell)?.rank
  // A cell placed by hand on a band that did not wish for it (rank 0): the executives' choice, not the allocator's.
  if (theirRank === 0) return 'the club’s executives gave it to them'
  if (them.points > us.points) {
    const recent = them.band.recent ?? []
    let missed = 0
    for (let i = recent.length - 1; i >= 0 && recent[i]!.asked > 0 && recent[i]!.received === 0; i--) missed++
    const last = recent[recent.length - 1]
    const history =
      missed >= 2
        ? `they missed out the last ${count(missed)} weeks`
        : missed === 1
          ? 'they missed out last week'
          : last && last.received < last.asked
            ? 'they received fewer periods than they asked last week'
            : `${them.points} priority points against your ${us.points}`
    return `higher priority: ${history}`
  }
  if (theirRank !== undefined && theirRank < ourRank) return `it was their ${ordinal(theirRank)} wish and your ${ordinal(ourRank)}`
  if (theirs?.received === 1 && (ours?.received ?? 0) >= 1) return `it is the only period they received; you received ${count(ours!.received)}`
  if (them.points === us.points && theirRank === ourRank) {
    const instead = result.assignments.find((a) => a.bandId === us.id && a.date === problem.cells[cell]!.date && a.periodId === problem.cells[cell]!.periodId)
    if (lotDecided(problem, result, us, them, cell, instead)) return 'drawn by lot'
    if (instead) return `giving it to them let more wishes be met in all; you received ${roomName(problem, instead.roomId)} at that time, your ${ordinal(instead.rank)} wish`
  }
  return 'giving it to them let more wishes be met in all'
}

type Assignment = AllocationResult['assignments'][number]

/**
 * Whether only the lottery kept `cell` from us: giving it to us instead (them losing it, our
 * room at that time, if any, left or handed to them when they wished for it) meets wishes as
 * well. When every such change scores lower, the allocation's value decided, not the lot.
 */
function lotDecided(problem: Problem, result: AllocationResult, us: BandInfo, them: BandInfo, cell: number, instead: Assignment | undefined) {
  const target = problem.cells[cell]!
  const theirs = result.assignments.find((a) => a.bandId === them.id && problem.cellIndex(a.roomId, a.date, a.periodId) === cell)
  const ours = { bandId: us.id, roomId: target.roomId, date: target.date, periodId: target.periodId }
  const rest = result.assignments.filter((a) => a !== theirs && a !== instead)
  const options = [[...rest, ours]]
  if (instead) {
    const insteadCell = problem.cellIndex(instead.roomId, instead.date, instead.periodId)
    if (insteadCell !== undefined && rankOf(them, insteadCell) !== null) options.push([...rest, ours, { ...instead, bandId: them.id }])
  }
  const score = objectiveOf(problem, result.assignments).score
  return options.some((assignments) => objectiveOf(problem, assignments).score >= score)
}

/** One unmet wish in words. */
export function explainUnmetIn(problem: Problem, result: AllocationResult, unmet: AllocationUnmet): string {
  const band = problem.bandById.get(unmet.bandId)!
  const wish = band.band.wishes[unmet.rank - 1]!
  const when = timeName(problem, wish.date, wish.periodId)
  const what = wish.roomId === null ? `${when} (any room)` : `${roomName(problem, wish.roomId)}, ${when}`
  const reason = unmet.reason
  switch (reason.kind) {
    case 'not-in-round':
      return `${what} is not part of this round.`
    case 'unavailable':
      return wish.roomId === null ? `No room can be given out at ${when} (${roomName(problem, reason.roomId)}: ${reason.reason}).` : `${what} cannot be given out: ${reason.reason}.`
    case 'booked':
      return wish.roomId === null ? `Every room at ${when} is already booked or closed (${roomName(problem, reason.roomId)}: ${reason.label}).` : `${what} is already booked (${reason.label}).`
    case 'member-busy':
      return `${personName(problem, reason.personId)} is already in ${reason.roomName} at that time with ${reason.label}.`
    case 'member-allocated':
      return `${personName(problem, reason.personId)} is in ${roomName(problem, reason.roomId)} at that time with ${problem.bandById.get(reason.otherBandId)?.band.name ?? 'another band'}.`
    case 'same-time':
      return reason.rank > 0
        ? `You received ${roomName(problem, reason.roomId)} at that time instead (your ${ordinal(reason.rank)} wish).`
        : `You received ${roomName(problem, reason.roomId)} at that time instead (given by the club’s executives).`
    case 'enough':
      if (reason.received === 0) return reason.wants === 0 ? 'Your band asked for no periods in this round.' : 'Your band may not have any period in this round.'
      return reason.wants <= reason.limit
        ? `You received the ${reason.received === 1 ? 'period' : `${count(reason.received)} periods`} you asked for.`
        : `You received ${count(reason.received)} ${reason.received === 1 ? 'period' : 'periods'}, the most a band may have in this round.`
    case 'left-free':
      return `${wish.roomId === null ? `${roomName(problem, reason.roomId)}, ${when}` : what} was free, but the club’s executives changed the allocation by hand and did not give it to your band.`
    case 'taken': {
      const them = problem.bandById.get(reason.byBandId)!
      const cell = problem.cellIndex(reason.roomId, wish.date, wish.periodId)!
      const why = whyThem(problem, result, band, them, unmet.rank, cell)
      const where = wish.roomId === null ? `Every room at ${when} is taken; ${cellName(problem, cell)}` : cellName(problem, cell)
      return `${where} went to ${them.band.name} (${why}).`
    }
  }
}

/** Every unmet wish of a round in words, per band id: `[rank, sentence]` in rank order. */
export function explainAllocation(snapshot: AllocationSnapshot, result: AllocationResult): Map<string, Array<{ rank: number; text: string }>> {
  const problem = compile(snapshot)
  const out = new Map<string, Array<{ rank: number; text: string }>>()
  for (const unmet of result.unmet) {
    const list = out.get(unmet.bandId) ?? []
    list.push({ rank: unmet.rank, text: explainUnmetIn(problem, result, unmet) })
    out.set(unmet.bandId, list)
  }
  return out
}

/** One unmet wish in words, from the snapshot. */
export const explainUnmet = (snapshot: AllocationSnapshot, result: AllocationResult, unmet: AllocationUnmet) => explainUnmetIn(compile(snapshot), result, unmet)
