import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
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

/** No serious axe violations in the light theme, then again after reloading in the dark one (the page stays dark). */
async function expectAccessibleInBothThemes(page: Page, ready: () => Promise<unknown>) {
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
  expect(await seriousViolations(page)).toEqual([])
  await page.evaluate(() => localStorage.setItem('theme', 'dark'))
  await page.reload()
  await ready()
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
}

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
    // A period of its own, at an hour no other file uses (periods must not overlap; a fresh club has none).
    const periods = (await callApi(E2E_ADMIN, 'GET', '/api/periods')).items as Array<{ startsAt: string; endsAt: string }>
    const endOf = (time: string) => `${time.slice(0, 3)}${String(Number(time.slice(3)) + 15).padStart(2, '0')}`
    const start = ['02:00', '02:20', '02:40', '03:00', '03:20', '03:40'].find(
      (time) => !periods.some((period) => period.startsAt < endOf(time) && time < period.endsAt),
    )!
    periodLabel = `Night ${suffix}`
    periodId = (await callApi(E2E_ADMIN, 'POST', '/api/periods', { label: periodLabel, startsAt: start, endsAt: endOf(start) })).id as string

    // Rounds on, for these two rooms and one period only; wishes open all this week.
    settingsBefore = await callApi(E2E_ADMIN, 'GET', '/api/settings')
    await callApi(E2E_ADMIN, 'PUT', '/api/settings', {
      ...settingsBefore,
      allocation: { enabled: true, opensWeekday: 1, opensAt: '00:00', closesWeekday: 7, closesAt: '23:59', wishesPerBand: 3, periodsPerBand: 2, roomIds: [studioId, loftId], periodIds: [periodId] },
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

    // The studio on Tuesday first, then on Monday; then Monday is moved up with the keyboard.
    // Two periods wanted at two different times: a lost wish then reads why it went elsewhere
    // (a wish lost to the band's own room at the same time would read "You received … instead").
    await page.getByRole('button', { name: `Add a wish for ${bandA}` }).click()
    const first = page.getByRole('group', { name: '1st wish' })
    await first.getByLabel('Room').selectOption(studioId)
    await first.getByLabel('Day').selectOption(tuesday)
    await page.getByRole('button', { name: `Add a wish for ${bandA}` }).click()
    const second = page.getByRole('group', { name: '2nd wish' })
    await second.getByLabel('Room').selectOption(studioId)
    await second.getByLabel('Day').selectOption(monday)
    // Static Bloom asked for the studio on Monday already: the count says so.
    await expect.poll(() => second.innerText()).toContain('1 band asked so far')

    await page.getByRole('button', { name: 'Move the 2nd wish up' }).focus()
    await page.keyboard.press('Enter')
    expect(await page.getByRole('group', { name: '1st wish' }).getByLabel('Day').inputValue()).toBe(monday)
    expect(await page.getByRole('group', { name: '2nd wish' }).getByLabel('Day').inputValue()).toBe(tuesday)

    await page.getByRole('spinbutton', { name: 'Periods wanted in all' }).fill('2')
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save wishes' }).click()
    await page.getByText(`Saved the wishes of ${bandA}`).waitFor()

    // Saved as ranked.
    const mine = (await callApi(leaderA, 'GET', allocationPaths.myWishes(await currentRoundId()))) as { bands: Array<{ bandName: string; wants: number; wishes: Array<{ rank: number; roomId: string; date: string }> }> }
    const saved = mine.bands.find((band) => band.bandName === bandA)!
    expect(saved.wishes.map((wish) => [wish.rank, wish.roomId, wish.date])).toEqual([
      [1, studioId, monday],
      [2, studioId, tuesday],
    ])
    expect(saved.wants).toBe(2)

    // The week grid marks the round's cells as held and says why and when they open.
    await page.goto(`/room-schedule?week=${monday}`)
    const note = page.getByText(/^The rooms and periods marked for the allocation round are given out by the allocation round for the week of/)
    await note.waitFor()
    expect(await note.innerText()).toContain('what no band receives opens for booking when the results are published')
    const heldStudio = page.getByRole('table').locator('[data-slot-row]').filter({ hasText: `${studio}` }).filter({ hasText: 'Held' })
    expect(await heldStudio.count()).toBeGreaterThan(0)
    expect(await page.getByRole('link', { name: `Book ${studio}, ${periodPhrase(periodLabel)}, ${dayLabel(monday)}` }).count()).toBe(0)
    await expectAccessibleInBothThemes(page, () => note.waitFor())
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
    // Every band served: Static Bloom the studio on Monday, Paper Lanterns the studio on Tuesday (its second wish), Low Tide the loft on Tuesday.
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
    await expectAccessibleInBothThemes(page, () => page.getByText('Changed by hand since the run.').waitFor())

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
    expect(await result.innerText()).toContain('Received 1 period of the 2 asked for.')
    expect(await result.getByRole('list', { name: `Rooms for ${bandA}` }).innerText()).toContain(`${cell(studio, tuesday)} (your 2nd wish)`)
    const lost = await result.getByRole('list', { name: `Wishes not met for ${bandA}` }).innerText()
    expect(lost).toContain(`1st wish: ${cell(studio, monday)}`)
    // The swap gave the studio on Monday to Low Tide, which had not asked for it: the reason says so.
    expect(lost).toContain(`went to ${bandC} (the club’s executives gave it to them).`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await expectAccessibleInBothThemes(page, () => result.waitFor())
    expect(errors).toEqual([])
    await context.close()

    // The room is now a booking of the band's.
    const bookings = (await callApi(leaderA, 'GET', '/api/bookings?scope=mine&when=upcoming')).items as Array<{ roomName: string; date: string; source: string }>
    expect(bookings).toContainEqual(expect.objectContaining({ roomName: studio, date: tuesday, source: 'allocation' }))
  })
})
