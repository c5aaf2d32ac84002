import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { addDays, todayIn } from '../../src/contract/calendar'
import { academicYearOf } from '../../src/contract/terms'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { createBand } from './support/club'
import { callApi, launchBrowser, openSignedIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { liveApplicant, liveBandmate } = E2E_USERS
const suffix = Date.now() % 100000
const bandName = `Night Owls ${suffix}`
const title = `Summer Live E2E ${suffix}`
const today = todayIn(new Date(), 'Asia/Tokyo')
const liveDay = addDays(today, 30)
let eventId = ''

const signedIn = (account: { email: string; password: string }, path: string, viewport?: { width: number; height: number }) => openSignedIn(browser, account, path, viewport)

const eventInput = (window: { opensAt: Date; closesAt: Date }) => ({
  kind: 'seasonal',
  season: 'summer',
  title,
  // The current event of a kind is the newest of the current academic year.
  academicYear: academicYearOf(new Date(), { timeZone: 'Asia/Tokyo', academicYearStartMonth: 4 }),
  venue: 'Student hall',
  days: [{ date: liveDay, stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }],
  defaultPerformanceMinutes: 20,
  changeoverMinutes: 5,
  musicianGapMinutes: 30,
  applicationOpensAt: window.opensAt.toISOString(),
  applicationClosesAt: window.closesAt.toISOString(),
  bandLimit: null,
  status: 'open',
})

describe('lives: apply, review, participants', () => {
  beforeAll(async () => {
    await createBand(bandName, liveApplicant, [{ account: liveBandmate, part: 'Drums' }], 'Vocal')
    const day = 24 * 3600 * 1000
    eventId = (await callApi(E2E_ADMIN, 'POST', '/api/events', eventInput({ opensAt: new Date(Date.now() - day), closesAt: new Date(Date.now() + 7 * day) }))).id as string
  })

  it('a member applies for their band to the summer live', async () => {
    const { page, context, errors } = await signedIn(liveApplicant, '/summer-live-application-form', { width: 360, height: 740 })
    await expect.poll(() => page.getByRole('heading', { name: title }).count()).toBe(1)
    // Their only active band is chosen for them.
    await expect.poll(() => page.getByText(`Applying for ${bandName}`).count()).toBe(1)
    await page.getByLabel('Title', { exact: true }).first().fill('Lazy Sunday')
    await page.getByLabel('Artist').first().fill('The Owls')
    await page.getByLabel('Length').first().fill('4:30')
    // The requested minutes follow the songs: 5 min of song + 5 min setup → 10.
    await expect.poll(() => page.getByLabel('Requested minutes').inputValue()).toBe('10')
    await page.getByRole('button', { name: 'Send application' }).click()
    await expect.poll(() => page.getByText('Submitted', { exact: true }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('button', { name: 'Save changes' }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('an executive accepts it in the list, and its members are the participants, also in the CSV', async () => {
    const { page, context, errors } = await signedIn(E2E_ADMIN, '/seasonal-live-application-list/summer')
    await page.getByRole('button', { name: `Accept ${bandName}` }).click()
    const dialog = page.getByRole('dialog', { name: `Accept ${bandName}?` })
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    const row = page.getByRole('row').filter({ hasText: bandName })
    await expect.poll(() => row.getByText('Accepted', { exact: true }).count()).toBeGreaterThan(0)
    // At 1280 px the Band column is wide enough for a name on one or two lines, not a letter a line.
    const bandCell = row.getByRole('rowheader')
    const shownName = bandCell.getByText(bandName, { exact: true })
    const nameBox = (await shownName.boundingBox())!
    const lineHeight = await shownName.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight))
    expect(nameBox.height).toBeLessThanOrEqual(lineHeight * 2 + 1)
    expect((await bandCell.boundingBox())!.width).toBeGreaterThanOrEqual(160)
    expect(await seriousViolations(page)).toEqual([])
    // The review buttons (Reject is a danger button) in the dark theme too.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await expect.poll(() => page.getByRole('button', { name: `Reject ${bandName}` }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await page.evaluate(() => localStorage.setItem('theme', 'light'))

    await page.goto(`/seasonal-live-participant-list/summer?eventId=${eventId}`)
    await expect.poll(() => page.getByText(liveBandmate.displayName).count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByText(liveApplicant.displayName).count()).toBeGreaterThan(0)
    expect(await seriousViolations(page)).toEqual([])
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv).toContain(liveBandmate.displayName)
    expect(csv).toContain(liveApplicant.displayName)
    expect(csv).toContain(bandName)
    expect(errors).toEqual([])
    await context.close()
  })

  it('after the close time the form is read-only and says why', async () => {
    // "Set the time": the live manager moves the close time into the past.
    const day = 24 * 3600 * 1000
    await callApi(E2E_ADMIN, 'PUT', `/api/events/${eventId}`, eventInput({ opensAt: new Date(Date.now() - 2 * day), closesAt: new Date(Date.now() - 60_000) }))
    const { page, context, errors } = await signedIn(liveApplicant, '/summer-live-application-form')
    await expect.poll(() => page.getByText(/closed at/).count()).toBeGreaterThan(0)
    // The application shows as text: no fields, no buttons to send or withdraw.
    await expect.poll(() => page.getByText('Lazy Sunday').count()).toBeGreaterThan(0)
    expect(await page.getByRole('button', { name: /Save changes|Send application|Withdraw/ }).count()).toBe(0)
    expect(await page.getByLabel('Requested minutes').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
