import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { addDays, todayIn } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { callApi, launchBrowser, openSignedIn } from './support/browser'
import { createBand, createOpenLive } from './support/club'

/**
 * "Keep improving" (issue 35, decision 045) in a real browser against the real server: on a
 * phone-sized screen, an executive generates, keeps improving with a time limit, sees how good
 * the timetable is and the draft it saved, and finds the run again after reloading the page.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { improveLeaderA, improveLeaderB } = E2E_USERS
const suffix = Date.now() % 100000
const bands = { a: `Velvet Moth ${suffix}`, b: `Glass Harbour ${suffix}` }
const title = `Spring Live E2E ${suffix}`
const liveDay = addDays(todayIn(new Date(), 'Asia/Tokyo'), 45)
let eventId = ''

describe('timetables: keep improving', () => {
  beforeAll(async () => {
    eventId = await createOpenLive({ title, venue: 'Main campus', days: [{ date: liveDay, stages: [{ name: 'Main hall', opensAt: '12:00', closesAt: '18:00' }] }] })
    const ids: string[] = []
    for (const [name, leader] of [
      [bands.a, improveLeaderA],
      [bands.b, improveLeaderB],
    ] as const) {
      const band = await createBand(name, leader, [])
      const application = await callApi(leader, 'POST', `/api/events/${eventId}/applications`, {
        bandId: band.id,
        songs: [{ title: 'Opener', artist: '', length: '4:00' }],
        requestedMinutes: 20,
      })
      ids.push(application.id as string)
    }
    await callApi(E2E_ADMIN, 'POST', `/api/events/${eventId}/applications/review`, { applicationIds: ids, status: 'accepted', note: '' })
  })

  it('an executive keeps improving a proposal on a phone, sees it proven best and saved as the draft, and finds it again after a reload', async () => {
    const phone = { width: 360, height: 740 }
    const { page, context, errors } = await openSignedIn(browser, E2E_ADMIN, `/festival-schedule-generator?eventId=${eventId}`, phone)
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    const panel = page.getByRole('region', { name: 'Keep improving' })
    const start = panel.getByRole('button', { name: 'Keep improving' })
    // A computation: the proposal may take some seconds on a busy machine.
    await start.waitFor({ timeout: 30_000 })
    await panel.getByRole('button', { name: '10 s' }).click()
    expect(await panel.getByRole('button', { name: '10 s' }).getAttribute('aria-pressed')).toBe('true')
    // From the keyboard.
    await start.focus()
    await page.keyboard.press('Enter')

    // Two bands on one stage: the bound proves the first answer, which ends the run.
    await panel.getByRole('heading', { name: 'Finished improving' }).waitFor({ timeout: 40_000 })
    expect(await panel.textContent()).toContain('The best possible timetable')
    const draft = panel.getByRole('list', { name: /^Draft: / })
    await expect.poll(() => draft.getByRole('listitem').count(), { timeout: 10_000 }).toBe(2)
    expect(await draft.textContent()).toContain(bands.a)
    expect(await draft.textContent()).toContain(bands.b)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    expect(await seriousViolations(page)).toEqual([])

    // Leaving the page loses nothing: the run and its draft are there after a reload.
    await page.reload()
    await panel.getByRole('heading', { name: 'Finished improving' }).waitFor({ timeout: 15_000 })
    expect(await panel.textContent()).toContain('Started by Administrator')
    const saved = await callApi(E2E_ADMIN, 'GET', `/api/events/${eventId}/timetable`)
    expect((saved.draft as { placements: unknown[] }).placements).toHaveLength(2)

    // No proposal on the page now: it goes on from the draft with the settings in the form.
    const improvement = async () => (await callApi(E2E_ADMIN, 'GET', `/api/events/${eventId}/timetable/improvement`)).improvement as { startedAt: string; status: string }
    const first = await improvement()
    expect(await panel.textContent()).toContain('With the settings under “Parameters” above.')
    const started = page.waitForResponse((response) => response.url().endsWith('/timetable/improvement') && response.request().method() === 'POST')
    await panel.getByRole('button', { name: 'Keep improving again' }).click()
    expect((await started).status()).toBe(202)
    await panel.getByRole('heading', { name: 'Finished improving' }).waitFor({ timeout: 40_000 })
    expect((await improvement()).startedAt).not.toBe(first.startedAt)
    expect(errors).toEqual([])
    await context.close()
  })
})
