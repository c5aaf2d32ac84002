import { periodPhrase } from '../contract/calendar'
import type { AllocationResult, AllocationSnapshot, AllocationUnmet } from '../contract/allocation'
import { compile, objectiveOf, rankOf, type BandInfo, type Problem } from './model'
import { m } from '../i18n/paraglide/messages.js'

/**
 * The words a band reads for each wish it did not get (issue 15 item 4), e.g. "Studio A, Tue
 * 3rd period went to Midnight Train (higher priority: they missed out the last two weeks)" or
 * "Ren is already in Room B at that time with Blue Hour". Every sentence states facts of the
 * snapshot and the result only.
 */

/*
 * The words are made when they are read, in the reader's language (decision 046): the result
 * stores each reason as data (`UnmetReason`), never as text, so the round's worker thread
 * words nothing and each member reads the same reason in their own language.
 */

const WEEKDAYS = [m.allocation_weekday_0, m.allocation_weekday_1, m.allocation_weekday_2, m.allocation_weekday_3, m.allocation_weekday_4, m.allocation_weekday_5, m.allocation_weekday_6]
// English spells small numbers out ("the last two weeks", "their first wish"); Japanese writes the number.
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']
const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
const count = (n: number) => m.allocation_count_word({ count: n, word: COUNTS[n] ?? String(n) })
const ordinal = (rank: number) => m.allocation_rank_word({ rank, word: ORDINALS[rank - 1] ?? `${rank}th` })

/** "Tue" for an ISO date (the round is one week, so the weekday names the day). */
export function weekday(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!()
}

export const timeName = (problem: Problem, date: string, periodId: string) =>
  m.allocation_time_name({ weekday: weekday(date), period: periodPhrase(problem.periods.find((period) => period.id === periodId)?.name ?? periodId) })

/** "Studio A, Tue 3rd period". */
export function cellName(problem: Problem, cell: number) {
  const info = problem.cells[cell]!
  return m.allocation_cell_name({ room: problem.rooms[info.roomIndex]!.name, time: timeName(problem, info.date, info.periodId) })
}

export const personName = (problem: Problem, personId: string) => problem.peopleNames.get(personId) ?? m.allocation_a_member()

/**
 * A booking's label or a closed cell's reason, as the server stores it in the snapshot (in
 * English, for every round stored so far): "personal practice", "closed: <blackout reason>",
 * "the room is out of use", "a band"; anything else is a band's name.
 */
export function storedLabel(label: string) {
  if (label === 'personal practice') return m.allocation_label_personal()
  if (label === 'the room is out of use') return m.allocation_label_out_of_use()
  if (label === 'a band') return m.allocation_label_a_band()
  if (label.startsWith('closed: ')) return m.allocation_label_closed({ reason: label.slice('closed: '.length) })
  return label
}
const roomName = (problem: Problem, roomId: string) => problem.rooms.find((room) => room.id === roomId)?.name ?? roomId

/** Why another band came first, from its points, its history, and the ranks of the two wishes. */
function whyThem(problem: Problem, result: AllocationResult, us: BandInfo, them: BandInfo, ourRank: number, cell: number) {
  const theirs = result.bands.find((band) => band.bandId === them.id)
  const ours = result.bands.find((band) => band.bandId === us.id)
  const theirRank = result.assignments.find((a) => a.bandId === them.id && problem.cellIndex(a.roomId, a.date, a.periodId) === cell)?.rank
  // A cell placed by hand on a band that did not wish for it (rank 0): the executives' choice, not the allocator's.
  if (theirRank === 0) return m.allocation_why_executives()
  if (them.points > us.points) {
    const recent = them.band.recent ?? []
    let missed = 0
    for (let i = recent.length - 1; i >= 0 && recent[i]!.asked > 0 && recent[i]!.received === 0; i--) missed++
    const last = recent[recent.length - 1]
    const history =
      missed >= 2
        ? m.allocation_why_missed_weeks({ count: count(missed) })
        : missed === 1
          ? m.allocation_why_missed_week()
          : last && last.received < last.asked
            ? m.allocation_why_fewer()
            : m.allocation_why_points({ theirs: them.points, ours: us.points })
    return m.allocation_why_priority({ history })
  }
  if (theirRank !== undefined && theirRank < ourRank) return m.allocation_why_rank({ theirs: ordinal(theirRank), ours: ordinal(ourRank) })
  if (theirs?.received === 1 && (ours?.received ?? 0) >= 1) return m.allocation_why_only({ count: count(ours!.received) })
  if (them.points === us.points && theirRank === ourRank) {
    const instead = result.assignments.find((a) => a.bandId === us.id && a.date === problem.cells[cell]!.date && a.periodId === problem.cells[cell]!.periodId)
    if (lotDecided(problem, result, us, them, cell, instead)) return m.allocation_why_lot()
    if (instead) return m.allocation_why_more_met_instead({ room: roomName(problem, instead.roomId), rank: ordinal(instead.rank) })
  }
  return m.allocation_why_more_met()
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
  const what = wish.roomId === null ? m.allocation_what_any_room({ when }) : m.allocation_cell_name({ room: roomName(problem, wish.roomId), time: when })
  const reason = unmet.reason
  switch (reason.kind) {
    case 'not-in-round':
      return m.allocation_unmet_not_in_round({ what })
    case 'unavailable':
      return wish.roomId === null
        ? m.allocation_unmet_unavailable_any({ when, room: roomName(problem, reason.roomId), reason: storedLabel(reason.reason) })
        : m.allocation_unmet_unavailable({ what, reason: storedLabel(reason.reason) })
    case 'booked':
      return wish.roomId === null
        ? m.allocation_unmet_booked_any({ when, room: roomName(problem, reason.roomId), label: storedLabel(reason.label) })
        : m.allocation_unmet_booked({ what, label: storedLabel(reason.label) })
    case 'member-busy':
      return m.allocation_unmet_member_busy({ person: personName(problem, reason.personId), room: reason.roomName, label: storedLabel(reason.label) })
    case 'member-allocated':
      return m.allocation_unmet_member_allocated({
        person: personName(problem, reason.personId),
        room: roomName(problem, reason.roomId),
        band: problem.bandById.get(reason.otherBandId)?.band.name ?? m.allocation_another_band(),
      })
    case 'same-time':
      return reason.rank > 0
        ? m.allocation_unmet_same_time({ room: roomName(problem, reason.roomId), rank: ordinal(reason.rank) })
        : m.allocation_unmet_same_time_hand({ room: roomName(problem, reason.roomId) })
    case 'enough':
      if (reason.received === 0) return reason.wants === 0 ? m.allocation_unmet_asked_none() : m.allocation_unmet_may_not()
      return reason.wants <= reason.limit
        ? m.allocation_unmet_enough({ received: reason.received, count: count(reason.received) })
        : m.allocation_unmet_most({ received: reason.received, count: count(reason.received) })
    case 'left-free':
      return m.allocation_unmet_left_free({ what: wish.roomId === null ? m.allocation_cell_name({ room: roomName(problem, reason.roomId), time: when }) : what })
    case 'taken': {
      const them = problem.bandById.get(reason.byBandId)!
      const cell = problem.cellIndex(reason.roomId, wish.date, wish.periodId)!
      const why = whyThem(problem, result, band, them, unmet.rank, cell)
      const where = wish.roomId === null ? m.allocation_unmet_every_room_taken({ when, cell: cellName(problem, cell) }) : cellName(problem, cell)
      return m.allocation_unmet_taken({ where, band: them.band.name, why })
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
