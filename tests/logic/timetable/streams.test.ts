import { describe, expect, it } from 'vitest'
import { improveWithStreams } from '../../../bench/timetable-streams'
import { familyInstance } from '../../../bench/timetable-families'
import { improveTimetable } from '../../../src/timetable/anytime'

const live = { ...familyInstance('all', 14, 3), seed: 7 }
const costs = (events: Iterable<{ event: string; cost: number; searches: number }>) => [...events].map(({ event, cost, searches }) => `${event} ${cost} ${searches}`)

describe("the bench's simulation of the server's run on several threads", () => {
  it('with one stream is the run in process, event for event', () => {
    expect(costs(improveWithStreams(live, { evaluations: 400_000, streams: 1, perSecond: 450_000 }))).toEqual(costs(improveTimetable(live, { evaluations: 400_000 })))
  })

  it('with two streams spends the budget over both, and is the same every time', () => {
    const events = [...improveWithStreams(live, { evaluations: 800_000, streams: 2, perSecond: 450_000 })]
    const done = events.at(-1)!
    expect(done.event).toBe('done')
    expect(done.evaluations).toBeGreaterThanOrEqual(800_000)
    // Both streams searched: the run's time is about half its evaluations' (a search or so over).
    expect(done.seconds).toBeLessThan((0.75 * done.evaluations) / 450_000)
    expect(costs(improveWithStreams(live, { evaluations: 800_000, streams: 2, perSecond: 450_000 }))).toEqual(costs(events))
  })
})
