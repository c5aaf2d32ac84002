import { expect } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { allocationPaths, type RoundSummary, type WishesInput } from '../../../src/contract/allocation-rounds'
import { defaultClubSettings, type ClubSettings } from '../../../src/contract/settings'
import type { TestApp } from '../support/test-app'
import { createPeriod, createRoom } from '../support/factories'

export type Caller = Awaited<ReturnType<TestApp['as']>>

/**
 * The club of the allocation-round suites. The test clock starts on Monday 1 June 2026 at
 * 10:00 in Tokyo; with the default settings wishes for the week of Mon 8 June open on Mon 1
 * June 00:00 and close on Thu 4 June 20:00 (11:00 UTC). Studio A and Room B take part in the
 * 5th and 6th periods; Room C and the 1st period stay first-come.
 */
export const NEXT_MON = '2026-06-08'
export const NEXT_TUE = '2026-06-09'
export const NEXT_WED = '2026-06-10'
export const CLOSES_AT = new Date('2026-06-04T11:00:00Z')

export async function seedRoundClub(t: TestApp, allocation: Partial<ClubSettings['allocation']> = {}) {
  const studioA = await createRoom(t.db, { name: 'Studio A', sortOrder: 1 })
  const roomB = await createRoom(t.db, { name: 'Room B', sortOrder: 2 })
  const roomC = await createRoom(t.db, { name: 'Room C', sortOrder: 3 })
  const p1 = await createPeriod(t.db, '1st', '09:00', '10:30')
  const p5 = await createPeriod(t.db, '5th', '16:20', '17:50')
  const p6 = await createPeriod(t.db, '6th', '18:00', '19:30')
  await enableRounds(t, { roomIds: [studioA.id, roomB.id], periodIds: [p5.id, p6.id], ...allocation })
  return { studioA, roomB, roomC, p1, p5, p6 }
}

export async function enableRounds(t: TestApp, allocation: Partial<ClubSettings['allocation']> = {}) {
  await t.services.settings.replace({ ...defaultClubSettings, allocation: { ...defaultClubSettings.allocation, enabled: true, ...allocation } }, null)
}

export const wish = (room: { id: string } | null, date: string, period: { id: string }) => ({ roomId: room?.id ?? null, date, periodId: period.id })

export function roundApi(t: TestApp) {
  const call = (who: Caller | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) })
  return {
    call,
    list: (who: Caller) => call(who, 'GET', allocationPaths.rounds),
    async current(who: Caller) {
      const response = await call(who, 'GET', allocationPaths.rounds)
      expect(response.statusCode, response.body).toBe(200)
      return response.json().current as RoundSummary
    },
    round: (who: Caller, roundId: string) => call(who, 'GET', allocationPaths.round(roundId)),
    saveWishes: (who: Caller, roundId: string, bandId: string, body: WishesInput) => call(who, 'PUT', allocationPaths.bandWishes(roundId, bandId), body),
    myWishes: (who: Caller, roundId: string) => call(who, 'GET', allocationPaths.myWishes(roundId)),
    contest: (who: Caller, roundId: string) => call(who, 'GET', allocationPaths.contest(roundId)),
    allWishes: (who: Caller, roundId: string) => call(who, 'GET', allocationPaths.allWishes(roundId)),
    run: (who: Caller, roundId: string, body: object = {}) => call(who, 'POST', allocationPaths.run(roundId), body),
    draft: (who: Caller, roundId: string) => call(who, 'GET', allocationPaths.draft(roundId)),
    check: (who: Caller, roundId: string, body: object) => call(who, 'POST', allocationPaths.draftCheck(roundId), body),
    change: (who: Caller, roundId: string, body: object) => call(who, 'POST', allocationPaths.draftChange(roundId), body),
    publish: (who: Caller, roundId: string) => call(who, 'POST', allocationPaths.publish(roundId), {}),
    myResults: (who: Caller, roundId: string) => call(who, 'GET', allocationPaths.myResults(roundId)),
  }
}

export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().error.code).toBe(code)
}
