import type { TimetableInput } from '../../../../src/contract/timetable'
import { costOfPlaced } from '../../../../src/timetable/cost'
import { compile } from '../../../../src/timetable/model'
import { checkPlaced } from '../../../../src/timetable/rules'
import { SerialSchedule } from '../../../../src/timetable/generator/serial-schedule'
import { performance, SAT, SUN, timetableInput } from '../factories'

/**
 * Small helpers for the generator's stage tests: a serial schedule of a hand-built live, set to
 * a given placing order, and the optimum found by trying every order and stage (tiny lives only).
 */

/** The generator's state for `input`, every performance in play, nothing placed yet. */
export function scheduleOf(input: TimetableInput, seed = input.seed) {
  const problem = compile(input)
  return new SerialSchedule(problem, problem.perfs.map((perf) => perf.index), seed)
}

/** The index of the performance with this id. */
export const at = (s: SerialSchedule, id: string) => s.problem.perfById.get(id)!

/**
 * Sets the timetable to these placing orders: per day, [performance id, stage name] in order
 * (pins are placed by themselves and left out of the lists). Every other performance must be
 * listed, but those in `outside`, which are in no day's order (as a stage's move finds them).
 */
export function setOrders(s: SerialSchedule, days: Array<Array<[string, string]>>, outside: string[] = []) {
  const { problem } = s
  s.orders = days.map((items, day) =>
    items.map(([id, stage]) => {
      const index = at(s, id)
      s.laneOf[index] = problem.lanes.find((lane) => lane.day === day && lane.stage === stage)!.index
      return index
    }),
  )
  if (s.orders.flat().length + outside.length !== s.movable.length) throw new Error('setOrders: list every unpinned performance once')
  for (const index of s.active) if (s.pinned[index]) s.laneOf[index] = s.problem.perfs[index]!.pin!.lane
  s.valid.fill(0)
  s.recompute()
}

/** What the current timetable costs, and the rules it breaks, as the editor would see them. */
export function check(s: SerialSchedule) {
  const placed = s.placed()
  return { cost: costOfPlaced(s.problem, placed).total, violations: checkPlaced(s.problem, placed), placed: placed.length }
}

/** Which day each performance plays: per day, its unpinned performances' ids, sorted. */
export function bandsByDay(s: SerialSchedule) {
  return s.orders.map((order) => order.map((index) => s.problem.perfs[index]!.id).sort())
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items]
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))
}

/** The cheapest way to play `day` with the performances it has now: every order, every stage. */
export function dayOptimum(s: SerialSchedule, day: number) {
  const lanes = s.problem.days[day]!.lanes
  const kept = { order: [...s.orders[day]!], laneOf: s.laneOf.slice() }
  let best = Infinity
  for (const order of permutations(kept.order)) {
    for (let code = 0; code < lanes.length ** order.length; code++) {
      let rest = code
      for (const index of order) {
        s.laneOf[index] = lanes[rest % lanes.length]!
        rest = Math.floor(rest / lanes.length)
      }
      s.orders[day] = order
      s.valid[day] = 0
      best = Math.min(best, s.decodeDay(day))
    }
  }
  s.orders[day] = kept.order
  s.laneOf = kept.laneOf
  s.valid.fill(0)
  s.recompute()
  return best
}

/**
 * The optimum of a tiny live by brute force: every stage for every unpinned performance, every
 * order of each day. Placing an optimal timetable's performances in start order rebuilds it, so
 * under the compact goals this is the optimum; also the timetable that costs it.
 */
export function optimum(s: SerialSchedule) {
  const { problem } = s
  const movable = s.movable
  const lanes = problem.lanes.map((lane) => lane.index)
  for (const index of s.active) if (s.pinned[index]) s.laneOf[index] = problem.perfs[index]!.pin!.lane
  const kept = s.snapshot()
  let best = Infinity
  let bestState = kept
  for (let code = 0; code < lanes.length ** movable.length; code++) {
    let rest = code
    const byDay: number[][] = problem.days.map(() => [])
    for (const index of movable) {
      const lane = lanes[rest % lanes.length]!
      rest = Math.floor(rest / lanes.length)
      s.laneOf[index] = lane
      byDay[s.dayOf(lane)]!.push(index)
    }
    // Orders of each day independently: the cheapest per day adds up to the cheapest in all.
    let total = 0
    const orders: number[][] = []
    for (let day = 0; day < byDay.length; day++) {
      let dayBest = Infinity
      let dayOrder: number[] = []
      for (const order of permutations(byDay[day]!)) {
        s.orders[day] = order
        s.valid[day] = 0
        const cost = s.decodeDay(day)
        if (cost < dayBest) [dayBest, dayOrder] = [cost, order]
      }
      total += dayBest
      orders.push(dayOrder)
    }
    if (total < best) {
      best = total
      bestState = { orders, laneOf: s.laneOf.slice(), dayCosts: new Float64Array(problem.days.length), total }
    }
  }
  s.restore(kept)
  return { cost: best, state: bestState }
}

/**
 * A day to order (the re-sequencing's and the beam's tests). Saturday: Main and Hall
 * 10:00–14:00; Sunday: Main 10:00–14:00. Kenta plays in a, b and c (30 minutes apart at least),
 * Aiko in d and e; e cannot play before 10:30 on Saturday; f is 40 minutes long. Sunday has g alone.
 */
export const orderingLive = () =>
  timetableInput({
    event: {
      days: [
        { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '14:00' }, { name: 'Hall', opensAt: '10:00', closesAt: '14:00' }] },
        { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '14:00' }] },
      ],
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances: [
      performance('Blue Train', { id: 'a', members: ['Kenta'] }),
      performance('Night Owls', { id: 'b', members: ['Kenta', 'Yuto'] }),
      performance('Sunrise', { id: 'c', members: ['Kenta'] }),
      performance('Moonlight', { id: 'd', members: ['Aiko'] }),
      performance('Echo', { id: 'e', members: ['Aiko'], unavailable: [{ date: SAT, from: '10:00', to: '10:30' }] }),
      performance('Foxes', { id: 'f', members: ['Hana'], minutes: 40 }),
      performance('Gulls', { id: 'g', members: ['Sora'] }),
    ],
  })

/** The worst order one could give it: the long set first, the shared musicians back to back. */
export const badSaturday: Array<[string, string]> = [
  ['f', 'Main'],
  ['a', 'Main'],
  ['b', 'Main'],
  ['c', 'Main'],
  ['e', 'Hall'],
  ['d', 'Hall'],
]

/** One day whose stages close at 11:10: five 20-minute sets one after another do not fit on one stage; on two they do. */
export const lateDayLive = () =>
  timetableInput({
    event: {
      days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:10' }, { name: 'Hall', opensAt: '10:00', closesAt: '11:10' }] }],
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances: ['a', 'b', 'c', 'd', 'e'].map((id) => performance(`Band ${id}`, { id, members: [id] })),
  })

/**
 * One day, one stage 10:00–12:30: a 40-minute set that cannot play after 11:00, so it must open
 * the day, and four 20-minute sets. Every order that starts with a short set leaves it out.
 */
export const earlyDeadlineLive = () =>
  timetableInput({
    event: {
      days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '12:30' }] }],
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances: [
      ...['a', 'b', 'c', 'd'].map((id) => performance(`Band ${id}`, { id, members: [id] })),
      performance('Early Birds', { id: 'long', members: ['Mio'], minutes: 40, unavailable: [{ date: SAT, from: '11:00', to: '12:30' }] }),
    ],
  })
