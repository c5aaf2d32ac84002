import {
  priorityWeight,
  rankWeight,
  type AllocationAssignment,
  type AllocationBand,
  type AllocationBooking,
  type AllocationObjective,
  type AllocationSnapshot,
} from '../contract/allocation'
import { mulberry32 } from '../contract/random'

/**
 * The allocation problem compiled to indices (decision 020): cells `(date, period, room)`,
 * slots `(date, period)`, the state of each cell, the people busy in each slot, and per band
 * its options — the cells it may receive with the best rank among its wishes that match —
 * and its weights. Bands are sorted by id, so the listing order of the snapshot never
 * matters; the seed alone draws the lottery that breaks exact ties.
 */

export interface CellInfo {
  index: number
  roomId: string
  roomIndex: number
  date: string
  periodId: string
  slot: number
  /** Why it cannot be given out, or null when it can. */
  unavailable: string | null
  booking: AllocationBooking | null
}

export interface Option {
  band: number
  cell: number
  slot: number
  /** The best rank (1 = first) among the band's wishes matching the cell. */
  rank: number
  /** Priority weight × rank weight. */
  value: number
}

export interface BandInfo {
  index: number
  id: string
  band: AllocationBand
  members: string[]
  /** The members as indices 0…personCount − 1 (for fast look-ups while searching). */
  memberIndices: number[]
  points: number
  /** min(limit, wants). */
  cap: number
  asked: number
  weight: number
  /** 1 = first in the seeded lottery. */
  lotteryPlace: number
  /** n + 1 − place: what one period of this band adds to the lottery level. */
  ticket: number
  options: Option[]
  /** The wishes' cells (indices) in the round, per wish; null when the wish is not in the round. */
  wishCells: Array<number[] | null>
}

export interface Problem {
  rooms: Array<{ id: string; name: string }>
  periods: Array<{ id: string; name: string }>
  dates: string[]
  cells: CellInfo[]
  slotCount: number
  bands: BandInfo[]
  bandById: Map<string, BandInfo>
  /** Per slot, person id → the existing booking they are in. */
  busy: Array<Map<string, AllocationBooking>>
  /** People in bands, counted. */
  personCount: number
  peopleNames: Map<string, string>
  bigM: number
  /** Weight of (a)+(b) against the lottery level: more than any lottery total. */
  lotteryScale: number
  cellIndex: (roomId: string, date: string, periodId: string) => number | undefined
  slotIndex: (date: string, periodId: string) => number | undefined
}

export const rng = (seed: number) => mulberry32(seed >>> 0 || 0x9e3779b9)

export function compile(snapshot: AllocationSnapshot): Problem {
  const { rooms, periods, dates } = snapshot
  const roomAt = new Map(rooms.map((room, index) => [room.id, index]))
  const periodAt = new Map(periods.map((period, index) => [period.id, index]))
  const dateAt = new Map(dates.map((date, index) => [date, index]))
  const slotIndex = (date: string, periodId: string) => {
    const d = dateAt.get(date)
    const p = periodAt.get(periodId)
    return d === undefined || p === undefined ? undefined : d * periods.length + p
  }
  const cellIndex = (roomId: string, date: string, periodId: string) => {
    const slot = slotIndex(date, periodId)
    const r = roomAt.get(roomId)
    return slot === undefined || r === undefined ? undefined : slot * rooms.length + r
  }
  const slotCount = dates.length * periods.length
  const cells: CellInfo[] = []
  for (let slot = 0; slot < slotCount; slot++) {
    for (let r = 0; r < rooms.length; r++) {
      cells.push({
        index: cells.length,
        roomId: rooms[r]!.id,
        roomIndex: r,
        date: dates[Math.floor(slot / periods.length)]!,
        periodId: periods[slot % periods.length]!.id,
        slot,
        unavailable: null,
        booking: null,
      })
    }
  }
  for (const item of snapshot.unavailable) {
    const cell = cellIndex(item.roomId, item.date, item.periodId)
    if (cell !== undefined) cells[cell]!.unavailable ??= item.reason
  }
  const busy = Array.from({ length: slotCount }, () => new Map<string, AllocationBooking>())
  for (const booking of snapshot.bookings) {
    const cell = cellIndex(booking.roomId, booking.date, booking.periodId)
    if (cell !== undefined) cells[cell]!.booking ??= booking
    const slot = slotIndex(booking.date, booking.periodId)
    if (slot === undefined) continue
    for (const person of booking.people) if (!busy[slot]!.has(person)) busy[slot]!.set(person, booking)
  }

  const sorted = [...snapshot.bands].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  // The lottery: a seeded shuffle (Fisher–Yates) of the bands sorted by id.
  const random = rng(snapshot.seed)
  const order = sorted.map((_, index) => index)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  const place = new Array<number>(sorted.length)
  order.forEach((bandIndex, at) => (place[bandIndex] = at + 1))

  const personAt = new Map<string, number>()
  const bands: BandInfo[] = sorted.map((band, index) => {
    const members = [...new Set(band.members)]
    const memberIndices = members.map((person) => {
      if (!personAt.has(person)) personAt.set(person, personAt.size)
      return personAt.get(person)!
    })
    const cap = Math.max(0, Math.min(band.limit, band.wants))
    const weight = priorityWeight(band.points)
    const best = new Map<number, number>()
    const wishCells: Array<number[] | null> = []
    const wishedSlots = new Set<number>()
    band.wishes.forEach((wish, at) => {
      const rank = at + 1
      const slot = slotIndex(wish.date, wish.periodId)
      const list = wish.roomId === null ? rooms.map((room) => cellIndex(room.id, wish.date, wish.periodId)) : [cellIndex(wish.roomId, wish.date, wish.periodId)]
      if (slot === undefined || list.some((cell) => cell === undefined)) {
        wishCells.push(null)
        return
      }
      wishCells.push(list as number[])
      wishedSlots.add(slot)
      if (members.some((person) => busy[slot]!.has(person))) return
      for (const cell of list as number[]) {
        const info = cells[cell]!
        if (info.unavailable !== null || info.booking !== null) continue
        if (!best.has(cell)) best.set(cell, rank)
      }
    })
    const options = [...best].map(([cell, rank]) => ({ band: index, cell, slot: cells[cell]!.slot, rank, value: weight * rankWeight(rank) }))
    options.sort((a, b) => a.rank - b.rank || a.cell - b.cell)
    return {
      index,
      id: band.id,
      band,
      members,
      memberIndices,
      points: band.points,
      cap,
      asked: Math.min(cap, wishedSlots.size),
      weight,
      lotteryPlace: place[index]!,
      ticket: sorted.length + 1 - place[index]!,
      options: cap > 0 ? options : [],
      wishCells,
    }
  })
  const bigM = 1 + bands.reduce((sum, band) => sum + band.weight * rankWeight(1) * Math.min(band.cap, band.options.length), 0)
  const lotteryScale = 1 + bands.reduce((sum, band) => sum + band.ticket * band.cap, 0)
  return {
    rooms,
    periods,
    dates,
    cells,
    slotCount,
    bands,
    bandById: new Map(bands.map((band) => [band.id, band])),
    busy,
    personCount: personAt.size,
    peopleNames: new Map(snapshot.people.map((person) => [person.id, person.name])),
    bigM,
    lotteryScale,
    cellIndex,
    slotIndex,
  }
}

/** The best rank among a band's wishes that match a cell, or null when none does. */
export function rankOf(band: BandInfo, cell: number): number | null {
  let best: number | null = null
  band.wishCells.forEach((list, at) => {
    if (best === null && list?.includes(cell)) best = at + 1
  })
  return best
}

/**
 * The objective of any set of assignments (decision 020), recomputed from the snapshot alone:
 * served bands, Σ priority weight × rank weight (a period no wish asked for counts 0), the
 * lottery level, and score = M × served + weighted. Assignments naming an unknown band or cell
 * count nothing; the checker reports them.
 */
export function objectiveOf(problem: Problem, assignments: ReadonlyArray<Pick<AllocationAssignment, 'bandId' | 'roomId' | 'date' | 'periodId'>>): AllocationObjective {
  const received = new Map<BandInfo, number>()
  let weighted = 0
  let lottery = 0
  for (const assignment of assignments) {
    const band = problem.bandById.get(assignment.bandId)
    const cell = problem.cellIndex(assignment.roomId, assignment.date, assignment.periodId)
    if (!band || cell === undefined) continue
    received.set(band, (received.get(band) ?? 0) + 1)
    const rank = rankOf(band, cell)
    if (rank !== null) weighted += band.weight * rankWeight(rank)
    lottery += band.ticket
  }
  const served = received.size
  return { served, weighted, lottery, bigM: problem.bigM, score: problem.bigM * served + weighted }
}
