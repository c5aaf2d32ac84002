import {
  POINTS_FOR_LESS,
  POINTS_FOR_NOTHING,
  ALLOCATION_MAX_POINTS,
  type AllocationAssignment,
  type AllocationSnapshot,
  type AllocationViolation,
} from '../contract/allocation'
import { compile, type Problem } from './model'
import { cellName, personName, storedLabel } from './words'
import { m } from '../i18n/paraglide/messages.js'

/**
 * Every broken hard rule of a set of assignments (a draft, or one an executive edits by hand),
 * in sentences: a cell given twice (`cell-twice`), a person in two places at one time with
 * two bands or with an existing booking, or a band in two rooms at once (`person-twice`), a
 * band over min(limit, wants) (`limit`), a cell closed, out of use or already booked
 * (`unavailable`), an unknown band or a cell outside the round (`placement`). Pairs are
 * listed on both assignments. Pure; linear in the assignments and their members.
 */
export function checkAllocation(snapshot: AllocationSnapshot, assignments: ReadonlyArray<Omit<AllocationAssignment, 'rank'>>): AllocationViolation[] {
  return checkCompiled(compile(snapshot), assignments)
}

export function checkCompiled(problem: Problem, assignments: ReadonlyArray<Omit<AllocationAssignment, 'rank'>>): AllocationViolation[] {
  const violations: AllocationViolation[] = []
  const holders = new Map<number, string[]>()
  const where = new Map<string, Array<{ bandId: string; roomId: string }>>()
  const count = new Map<string, number>()
  for (const assignment of assignments) {
    const cell = { roomId: assignment.roomId, date: assignment.date, periodId: assignment.periodId }
    const band = problem.bandById.get(assignment.bandId)
    const index = problem.cellIndex(assignment.roomId, assignment.date, assignment.periodId)
    if (!band) {
      violations.push({ rule: 'placement', bandId: assignment.bandId, cell, message: m.allocation_break_no_band({ band: assignment.bandId }) })
      continue
    }
    if (index === undefined) {
      violations.push({ rule: 'placement', bandId: band.id, cell, message: m.allocation_break_placement({ band: band.band.name }) })
      continue
    }
    const info = problem.cells[index]!
    const name = cellName(problem, index)
    if (info.unavailable !== null) violations.push({ rule: 'unavailable', bandId: band.id, cell, message: m.allocation_break_unavailable({ cell: name, reason: storedLabel(info.unavailable) }) })
    else if (info.booking !== null) violations.push({ rule: 'unavailable', bandId: band.id, cell, message: m.allocation_break_booked({ cell: name, label: storedLabel(info.booking.label) }) })
    holders.set(index, [...(holders.get(index) ?? []), band.id])
    count.set(band.id, (count.get(band.id) ?? 0) + 1)
    for (const person of [`#${band.id}`, ...band.members]) {
      const key = `${info.slot}|${person}`
      where.set(key, [...(where.get(key) ?? []), { bandId: band.id, roomId: info.roomId }])
      const booking = person.startsWith('#') ? undefined : problem.busy[info.slot]!.get(person)
      if (booking) {
        violations.push({
          rule: 'person-twice',
          bandId: band.id,
          cell,
          message: m.allocation_break_person_busy({ person: personName(problem, person), room: booking.roomName, label: storedLabel(booking.label), cell: name, band: band.band.name }),
        })
      }
    }
  }
  for (const [index, list] of holders) {
    if (list.length < 2) continue
    const info = problem.cells[index]!
    const cell = { roomId: info.roomId, date: info.date, periodId: info.periodId }
    for (const bandId of list) {
      for (const otherBandId of list) {
        if (otherBandId === bandId) continue
        violations.push({ rule: 'cell-twice', bandId, cell, otherBandId, message: m.allocation_break_cell_twice({ cell: cellName(problem, index), band: nameOf(problem, bandId), other: nameOf(problem, otherBandId) }) })
      }
    }
  }
  const reported = new Set<string>()
  for (const [key, list] of where) {
    if (list.length < 2) continue
    const [slotText, person] = [key.slice(0, key.indexOf('|')), key.slice(key.indexOf('|') + 1)]
    const slot = Number(slotText)
    for (const a of list) {
      for (const b of list) {
        if (a === b) continue
        const pair = `${slot}|${a.bandId}|${a.roomId}|${b.bandId}|${b.roomId}`
        if (reported.has(pair)) continue
        reported.add(pair)
        const cellA = problem.cellIndex(a.roomId, problem.cells[slot * problem.rooms.length]!.date, problem.cells[slot * problem.rooms.length]!.periodId)!
        const info = problem.cells[cellA]!
        const cell = { roomId: info.roomId, date: info.date, periodId: info.periodId }
        const otherRoom = problem.rooms.find((room) => room.id === b.roomId)!.name
        const message = person.startsWith('#')
          ? m.allocation_break_two_rooms({ band: nameOf(problem, a.bandId), cell: cellName(problem, cellA), room: otherRoom })
          : m.allocation_break_two_places({ person: personName(problem, person), cell: cellName(problem, cellA), band: nameOf(problem, a.bandId), room: otherRoom, other: nameOf(problem, b.bandId) })
        violations.push({ rule: 'person-twice', bandId: a.bandId, cell, otherBandId: b.bandId, message })
      }
    }
  }
  for (const [bandId, received] of count) {
    const band = problem.bandById.get(bandId)!
    if (received > band.cap) {
      const first = assignments.find((assignment) => assignment.bandId === bandId)!
      violations.push({
        rule: 'limit',
        bandId,
        cell: { roomId: first.roomId, date: first.date, periodId: first.periodId },
        message:
          band.band.wants <= band.band.limit
            ? m.allocation_break_over_wants({ band: band.band.name, received, wants: band.band.wants })
            : m.allocation_break_over_limit({ band: band.band.name, received, limit: band.band.limit }),
      })
    }
  }
  return violations
}

const nameOf = (problem: Problem, bandId: string) => problem.bandById.get(bandId)?.band.name ?? bandId

/**
 * A band's priority points after a round (decision 020). A band that asked for nothing keeps
 * its points; otherwise it keeps half of them (rounded down) and gains 4 if it received
 * nothing, 1 if it received fewer periods than it asked.
 */
export function nextPoints(points: number, asked: number, received: number): number {
  if (asked <= 0) return points
  const gain = received <= 0 ? POINTS_FOR_NOTHING : received < asked ? POINTS_FOR_LESS : 0
  return Math.min(ALLOCATION_MAX_POINTS, Math.floor(Math.max(0, points) / 2) + gain)
}
