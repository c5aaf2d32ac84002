import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { allocationPaths, type RoundList } from '../../src/contract/allocation-rounds'
import { addDays, dayLabel, periodPhrase, todayIn, weekStartOf } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { createBand, memberId } from './support/club'
import { callApi, launchBrowser, openSignedIn } from './support/browser'

// Issue 15: a member lists wishes on a phone; an executive runs the round, swaps one cell and
// publishes; the member reads the result with the reason for the wish the band lost.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { allocationLeaderA: leaderA, allocationLeaderB: leaderB, allocationLeaderC: leaderC, allocationExecutive: executive } = E2E_USERS
const suffix = Date.now() % 100000
const studio = `Lottery Studio ${suffix}`
const loft = `Lottery Loft ${suffix}`
const bandA = `Paper Lanterns ${suffix}`
const bandB = `Static Bloom ${suffix}`
const bandC = `Low Tide ${suffix}`
const phone = { width: 360, height: 740 }

// The round covers next week (Monday–Sunday, club time).
const monday = weekStartOf(addDays(todayIn(new Date(), 'Asia/Tokyo'), 7))
const tuesday = addDays(monday, 1)
let studioId = ''
let loftId = ''
let periodId = ''
let periodLabel = ''
let settingsBefore: Record<string, unknown> = {}

const cell = (room: string, date: string) => `${room}, ${dayLabel(date)}, ${periodPhrase(periodLabel)}`

async function currentRoundId() {
  const list = (await callApi(leaderB, 'GET', allocationPaths.rounds)) as unknown as RoundList
  expect(list.enabled).toBe(true)
  expect(list.current?.weekStart).toBe(monday)
  return list.current!.id
}

describe('room allocation rounds', () => {
  beforeAll(async () => {
    studioId = (await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: studio, capacity: 6 })).id as string
    loftId = (await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: loft, capacity: 4 })).id as string
    const period = ((await callApi(E2E_ADMIN, 'GET', '/api/periods')).items as Array<{ id: string; label: string }>)[0]!
    periodId = period.id
    periodLabel = period.label

    // Rounds on, for these two rooms and one period only; wishes open all this week.
    settingsBefore = await callApi(E2E_ADMIN, 'GET', '/api/settings')
    await callApi(E2E_ADMIN, 'PUT', '/api/settings', {
      ...settingsBefore,
      allocation: { enabled: true, opensWeekday: 1, opensAt: '00:00', closesWeekday: 7, closesAt: '23:59', wishesPerBand: 3, periodsPerBand: 1, roomIds: [studioId, loftId], periodIds: [periodId] },
    })

    // The executive holds a position this term.
    const club = await callApi(E2E_ADMIN, 'GET', '/api/club')
    const position = await callApi(E2E_ADMIN, 'POST', '/api/positions', { name: `Room steward ${suffix}` })
    await callApi(E2E_ADMIN, 'POST', `/api/positions/${position.id as string}/holders`, { userId: await memberId(executive), termYear: club.currentTerm })

    await createBand(bandA, leaderA, [])
    const b = await createBand(bandB, leaderB, [])
    const c = await createBand(bandC, leaderC, [])
    const roundId = await currentRoundId()
    // Static Bloom wants the studio on Monday too; Low Tide the loft on Tuesday.
    await callApi(leaderB, 'PUT', allocationPaths.bandWishes(roundId, b.id), { wishes: [{ roomId: studioId, date: monday, periodId }], wants: 1, standing: false })
    await callApi(leaderC, 'PUT', allocationPaths.bandWishes(roundId, c.id), { wishes: [{ roomId: loftId, date: tuesday, periodId }], wants: 1, standing: false })
  })

  afterAll(async () => {
    if (Object.keys(settingsBefore).length > 0) await callApi(E2E_ADMIN, 'PUT', '/api/settings', settingsBefore)
  })

  it('a member ranks the band’s wishes on a phone and saves them', async () => {
    const { page, context, errors } = await openSignedIn(browser, leaderA, '/room-allocation-list', phone)
    await page.getByRole('heading', { level: 3, name: bandA }).waitFor()
    expect(await page.getByText('Open for wishes').first().isVisible()).toBe(true)

    // The loft first, then the studio; then the studio is moved up with the keyboard.
    await page.getByRole('button', { name: `Add a wish for ${bandA}` }).click()
    const first = page.getByRole('group', { name: '1st wish' })
    await first.getByLabel('Room').selectOption(loftId)
    await first.getByLabel('Day').selectOption(monday)
    await page.getByRole('button', { name: `Add a wish for ${bandA}` }).click()
    const second = page.getByRole('group', { name: '2nd wish' })
    await second.getByLabel('Room').selectOption(studioId)
    await second.getByLabel('Day').selectOption(monday)
    // Static Bloom asked for the studio on Monday already: the count says so.
    await expect.poll(() => second.innerText()).toContain('1 band asked so far')

    await page.getByRole('button', { name: 'Move the 2nd wish up' }).focus()
    await page.keyboard.press('Enter')
    expect(await page.getByRole('group', { name: '1st wish' }).getByLabel('Room').inputValue()).toBe(studioId)
    expect(await page.getByRole('group', { name: '2nd wish' }).getByLabel('Room').inputValue()).toBe(loftId)

    await page.getByRole('spinbutton', { name: 'Periods wanted in all' }).fill('1')
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save wishes' }).click()
    await page.getByText(`Saved the wishes of ${bandA}`).waitFor()

    // Saved as ranked.
    const mine = (await callApi(leaderA, 'GET', allocationPaths.myWishes(await currentRoundId()))) as { bands: Array<{ bandName: string; wishes: Array<{ rank: number; roomId: string }> }> }
    expect(mine.bands.find((band) => band.bandName === bandA)!.wishes.map((wish) => wish.roomId)).toEqual([studioId, loftId])
    expect(errors).toEqual([])
    await context.close()
  })

  it('an executive runs the round, swaps one cell after the rule check, and publishes', async () => {
    const { page, context, errors } = await openSignedIn(browser, executive, '/room-allocation-list')
    await page.getByRole('heading', { level: 2, name: 'Running the round' }).waitFor()
    await page.getByRole('button', { name: 'Run now' }).click()
    const run = page.getByRole('dialog', { name: 'Run the allocation now?' })
    await run.getByRole('button', { name: 'Run now' }).click()
    await page.getByLabel('Figures').waitFor()
    // Every band served: Static Bloom the studio, Paper Lanterns the loft (its second wish), Low Tide the loft on Tuesday.
    await expect.poll(() => page.getByLabel('Figures').innerText()).toContain('3 of 3')

    await page.getByRole('button', { name: `Move or swap ${cell(studio, monday)}` }).click()
    const dialog = page.getByRole('dialog', { name: `Move or swap the room of ${bandB}` })
    await dialog.getByLabel('Room').selectOption(loftId)
    await dialog.getByLabel('Day').selectOption(tuesday)
    const check = dialog.getByRole('status', { name: 'Rule check' })
    await expect.poll(() => check.innerText()).toContain('This keeps every rule.')
    expect(await check.innerText()).toContain(`${bandB} gets ${cell(loft, tuesday)}; ${bandC} gets ${cell(studio, monday)}.`)
    await dialog.getByRole('button', { name: 'Swap' }).click()
    await page.getByText('Changed by hand since the run.').waitFor()

    await page.getByRole('button', { name: 'Publish' }).click()
    const publish = page.getByRole('dialog', { name: /^Publish the rooms for the week of/ })
    await publish.getByRole('button', { name: 'Publish' }).click()
    await page.getByText('Published: the bands have been told').waitFor()
    await page.getByRole('heading', { level: 2, name: 'The published result' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('the member sees the band’s room and why the first wish went to another band', async () => {
    const { page, context, errors } = await openSignedIn(browser, leaderA, '/room-allocation-list', phone)
    const result = page.getByRole('region', { name: bandA })
    await result.waitFor()
    expect(await result.innerText()).toContain('Received 1 period of the 1 asked for.')
    expect(await result.getByRole('list', { name: `Rooms for ${bandA}` }).innerText()).toContain(`${cell(loft, monday)} (your 2nd wish)`)
    const lost = await result.getByRole('list', { name: `Wishes not met for ${bandA}` }).innerText()
    expect(lost).toContain(`1st wish: ${cell(studio, monday)}`)
    expect(lost).toMatch(new RegExp(`went to (${bandB}|${bandC})`))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    expect(errors).toEqual([])
    await context.close()

    // The room is now a booking of the band's.
    const bookings = (await callApi(leaderA, 'GET', '/api/bookings?scope=mine&when=upcoming')).items as Array<{ roomName: string; date: string; source: string }>
    expect(bookings).toContainEqual(expect.objectContaining({ roomName: loft, date: monday, source: 'allocation' }))
  })
})
