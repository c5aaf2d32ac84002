import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { addDays, dayLabel, todayIn } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { createBand } from './support/club'
import { callApi, expectPath, launchBrowser, openPage, openSignedIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { bookerLeader, bookerBandmate } = E2E_USERS
const suffix = Date.now() % 100000
const bandName = `Tuesday Static ${suffix}`
const roomA = `Booking Studio ${suffix}`
const roomB = `Booking Loft ${suffix}`
// Tomorrow in the club's time zone: in the future and inside the horizon whatever the hour.
const date = addDays(todayIn(new Date(), 'Asia/Tokyo'), 1)
const day = dayLabel(date)
let periodLabel = ''
let periodId = ''
let roomBId = ''

const signedIn = (account: { email: string; password: string }, path: string, viewport?: { width: number; height: number }) => openSignedIn(browser, account, path, viewport)

/** A room's slots in the week grid (one list item per room inside each day × period cell). */
const slot = (page: Page, room: string) => page.getByRole('table').getByRole('listitem').filter({ hasText: room })

describe('room bookings', () => {
  beforeAll(async () => {
    // Two rooms and a period of their own, beside whatever other files create.
    await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: roomA, capacity: 8 })
    roomBId = (await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: roomB, capacity: 4 })).id as string
    const periods = (await callApi(E2E_ADMIN, 'GET', '/api/periods')).items as Array<{ startsAt: string; endsAt: string }>
    const candidates = ['07:00', '07:20', '07:40', '06:00', '06:20', '06:40']
    const start = candidates.find((time) => {
      const end = `${time.slice(0, 3)}${String(Number(time.slice(3)) + 15).padStart(2, '0')}`
      return !periods.some((period) => period.startsAt < end && time < period.endsAt)
    })!
    periodLabel = `Dawn ${suffix}`
    const end = `${start.slice(0, 3)}${String(Number(start.slice(3)) + 15).padStart(2, '0')}`
    periodId = (await callApi(E2E_ADMIN, 'POST', '/api/periods', { label: periodLabel, startsAt: start, endsAt: end })).id as string

    await createBand(bandName, bookerLeader, [{ account: bookerBandmate, part: 'Drums' }])
  })

  it('a member books a free cell for their band and sees it on the schedule, and so does a visitor', async () => {
    const { page, context, errors } = await signedIn(bookerLeader, `/room-schedule?week=${date}`)
    await page.getByRole('link', { name: `Book ${roomA}, ${periodLabel} period, ${day}` }).click()
    await expectPath(page, '/room-booking-form')
    await page.getByRole('radio', { name: bandName }).check()
    await expect.poll(() => page.getByRole('status', { name: 'Slot check' }).innerText()).toContain('This slot is free.')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Book room' }).click()
    await expectPath(page, '/room-booking-list')
    await page.getByText(`Booked ${roomA}, ${periodLabel} period, ${day}`).waitFor()

    await page.goto(`/room-schedule?week=${date}`)
    const mine = slot(page, roomA).filter({ hasText: bandName })
    await mine.waitFor()
    expect(await mine.innerText()).toContain('Mine')
    expect(errors).toEqual([])
    await context.close()

    const visitor = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await visitor.page.goto(`/room-schedule-external?week=${date}`)
    await slot(visitor.page, roomA).filter({ hasText: bandName }).waitFor()
    expect(await visitor.page.getByRole('link', { name: new RegExp(`^Book ${roomA}`) }).count()).toBe(0)
    expect(await seriousViolations(visitor.page)).toEqual([])
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })

  it('a second member of the band trying another room in that period gets the conflict in words', async () => {
    const path = `/room-booking-form?roomId=${roomBId}&date=${date}&periodId=${periodId}`
    const { page, context, errors } = await signedIn(bookerBandmate, path, { width: 360, height: 740 })
    await page.getByRole('radio', { name: bandName }).check()
    const conflict = new RegExp(`(${bookerLeader.displayName}|${bookerBandmate.displayName}) already has a booking in ${periodLabel} period on ${day} \\(${roomA}\\)`)
    await expect.poll(() => page.getByRole('status', { name: 'Slot check' }).innerText()).toMatch(conflict)
    // The form has said why: "Book room" is off, and each refusal is printed once.
    expect(await page.getByRole('button', { name: 'Book room' }).isDisabled()).toBe(true)
    const refusals = await page.getByText(conflict).allInnerTexts()
    expect(refusals.length).toBeGreaterThan(0)
    expect(new Set(refusals).size).toBe(refusals.length)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(errors.filter((error) => !error.includes('409'))).toEqual([])
    await context.close()
  })

  it('cancelling the booking frees the cell', async () => {
    const { page, context, errors } = await signedIn(bookerLeader, '/room-booking-list')
    const label = `${roomA}, ${periodLabel} period, ${day}`
    await page.getByRole('button', { name: `Cancel ${label}` }).first().click()
    const dialog = page.getByRole('dialog', { name: `Cancel the booking of ${label}?` })
    await dialog.getByRole('button', { name: 'Cancel booking' }).click()
    await dialog.waitFor({ state: 'detached' })

    await page.goto(`/room-schedule?week=${date}`)
    await page.getByRole('link', { name: `Book ${label}` }).waitFor()
    expect(await page.getByRole('table').innerText()).not.toContain(bandName)
    expect(errors).toEqual([])
    await context.close()
  })
})
