import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { addDays, todayIn } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { callApi, expectPath, launchBrowser, openSignedIn } from './support/browser'
import { createBand, createOpenLive } from './support/club'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { timetableLeaderA, timetableLeaderB, timetableLeaderC, timetableDrummer } = E2E_USERS
const suffix = Date.now() % 100000
const bands = { a: `Blue Train ${suffix}`, b: `Night Owls ${suffix}`, c: `Paper Kites ${suffix}` }
const title = `School Festival E2E ${suffix}`
const liveDay = addDays(todayIn(new Date(), 'Asia/Tokyo'), 40)
let eventId = ''

type Account = { email: string; password: string; displayName: string }

const signedIn = (account: { email: string; password: string }, path: string, viewport?: { width: number; height: number }) => openSignedIn(browser, account, path, viewport)

/** A band led by `leader` (with `others`), applying to the festival for 20 minutes. */
async function bandApplies(name: string, leader: Account, others: Account[]) {
  const band = await createBand(name, leader, others.map((account) => ({ account, part: 'Drums' })))
  const application = await callApi(leader, 'POST', `/api/events/${eventId}/applications`, {
    bandId: band.id,
    songs: [{ title: 'Opener', artist: '', length: '4:00' }, { title: 'Closer', artist: '', length: '5:00' }],
    requestedMinutes: 20,
  })
  return application.id as string
}

describe('timetables: generate, apply, edit, publish', () => {
  beforeAll(async () => {
    eventId = await createOpenLive({ title, venue: 'Main campus', days: [{ date: liveDay, stages: [{ name: 'Main hall', opensAt: '12:00', closesAt: '18:00' }] }] })
    const ids = [
      await bandApplies(bands.a, timetableLeaderA, [timetableDrummer]),
      await bandApplies(bands.b, timetableLeaderB, [timetableDrummer]),
      await bandApplies(bands.c, timetableLeaderC, []),
    ]
    await callApi(E2E_ADMIN, 'POST', `/api/events/${eventId}/applications/review`, { applicationIds: ids, status: 'accepted', note: '' })
  })

  it('an executive generates a timetable, applies it, moves a band into a conflict, sees it flagged and publishes anyway; a member sees it', async () => {
    const { page, context, errors } = await signedIn(E2E_ADMIN, `/festival-schedule-generator?eventId=${eventId}`)
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    const apply = page.getByRole('button', { name: 'Apply to draft' })
    // A computation: the proposal may take some seconds on a busy machine.
    await apply.waitFor({ timeout: 30_000 })
    expect(await seriousViolations(page)).toEqual([])
    await apply.click()
    await expectPath(page, '/festival-schedule')

    // The generator keeps the shared drummer's two bands 30 minutes apart: nothing is broken.
    const block = (band: string) => page.getByRole('button', { name: new RegExp(`^${band}, \\d\\d:\\d\\d`) })
    await expect.poll(() => block(bands.b).count()).toBe(1)
    expect(await page.getByRole('list', { name: /^Broken rules of/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    // Drag whichever of the two bands plays later (mouse) to 5 minutes after the other one's
    // end: the changeover holds, the drummer's 30-minute gap does not. As a person does, the
    // pointer moves while the ghost shows where the block would land, and lets go on the target.
    const startOf = async (band: string) => (/, (\d\d:\d\d)–/.exec((await block(band).getAttribute('aria-label')) ?? '') ?? [])[1] ?? ''
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
    const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
    const [first, second] = (await startOf(bands.a)) < (await startOf(bands.b)) ? [bands.a, bands.b] : [bands.b, bands.a]
    const target = clock(minutes(await startOf(first)) + 20 + 5)
    const step = minutes(target) < minutes(await startOf(second)) ? -2 : 2
    const ghost = page.locator('div[aria-hidden="true"].border-dashed', { hasText: second })
    const ghostAt = async () => new RegExp(`^${second}\\s*${target}–`).test((await ghost.count()) > 0 ? ((await ghost.first().textContent()) ?? '') : '')
    const from = (await block(second).boundingBox())!
    const x = from.x + from.width / 2
    let y = from.y + 8
    await page.mouse.move(x, y)
    await page.mouse.down()
    for (let moves = 0; moves < 400 && !(await ghostAt()); moves += 1) {
      y += step
      await page.mouse.move(x, y)
    }
    console.log('MOVES', y - from.y - 8, await ghost.count(), await ghost.first().textContent().catch(() => ''))
    await page.mouse.up()
    await expect.poll(() => startOf(second)).toBe(target)
    const broken = page.getByRole('list', { name: `Broken rules of ${second}` })
    await expect.poll(() => broken.count()).toBe(1)
    expect(await broken.textContent()).toMatch(/Mao Endo|changeover|gap/i)

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Publish a timetable that breaks rules?' })
    await expect.poll(() => confirm.count()).toBe(1)
    expect(await confirm.textContent()).toContain(second)
    await confirm.getByRole('button', { name: /^Publish with/ }).click()
    await expect.poll(() => page.getByText(/Published version 1/).count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()

    const asMember = await signedIn(timetableDrummer, `/festival-schedule?eventId=${eventId}`, { width: 360, height: 740 })
    await expect.poll(() => asMember.page.getByRole('article', { name: new RegExp(`^${bands.a}, .*yours`) }).count()).toBeGreaterThan(0)
    expect(await seriousViolations(asMember.page)).toEqual([])
    expect(asMember.errors).toEqual([])
    await asMember.context.close()
  })
})
