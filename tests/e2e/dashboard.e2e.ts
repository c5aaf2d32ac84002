import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { allocationPaths, type RoundList } from '../../src/contract/allocation-rounds'
import { addDays, dayLabel, todayIn, weekStartOf } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { callApi, expectPath, launchBrowser, openSignedIn } from './support/browser'
import { addFreePeriod, createBand, createOpenLive, memberId } from './support/club'
import { HISTORY } from './support/history'

/**
 * Dashboards (issue 17) on a phone: a member with a band, a booking and a live closing in two
 * days sees each card filled and goes straight into the application form; a new member sees
 * each card's empty state with its action; an executive sees /dashboard2's charts and their
 * tables.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { dashboardMember, dashboardBandmate, dashboardNewcomer, dashboardExecutive } = E2E_USERS
const phone = { width: 360, height: 740 }
const suffix = Date.now() % 100000
const bandName = `Morning Glory ${suffix}`
const roomName = `Studio Dash ${suffix}`
const liveTitle = `Dash Live ${suffix}`
const HOUR = 3600 * 1000
const periodLabel = `Early ${suffix}`
let bookedDate = ''
let roomId = ''
let periodId = ''

/** Nothing wider than the phone's screen: no sideways scrolling of the page. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

describe('dashboards', () => {
  beforeAll(async () => {
    const band = await createBand(bandName, dashboardMember, [{ account: dashboardBandmate, part: 'Drums' }])
    roomId = (await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: roomName, capacity: 6 })).id as string
    periodId = await addFreePeriod(periodLabel)
    // The band's practice in the days ahead: the first day the rules allow (blackouts from other files aside).
    const today = todayIn(new Date(), 'Asia/Tokyo')
    let booked = false
    const refusals: string[] = []
    for (let days = 1; days <= 6 && !booked; days++) {
      try {
        await callApi(dashboardMember, 'POST', '/api/bookings', { roomId, date: addDays(today, days), periodId, kind: 'band', bandId: band.id })
        bookedDate = addDays(today, days)
        booked = true
      } catch (error) {
        // that day is not bookable (a blackout another file made); try the next
        refusals.push(String(error))
      }
    }
    expect(booked, refusals.join('\n')).toBe(true)
    await createOpenLive({ title: liveTitle, applicationClosesAt: new Date(Date.now() + 2 * 24 * HOUR).toISOString() })
    const club = await callApi(E2E_ADMIN, 'GET', '/api/club')
    const position = await callApi(E2E_ADMIN, 'POST', '/api/positions', { name: `Dashboard watcher ${suffix}` })
    await callApi(E2E_ADMIN, 'POST', `/api/positions/${position.id as string}/holders`, { userId: await memberId(dashboardExecutive), termYear: club.currentTerm })
  })

  it('a member with data sees their cards on a phone and goes straight into the application form', async () => {
    const { page, context, errors } = await openSignedIn(browser, dashboardMember, '/dashboard', phone)
    await page.getByRole('heading', { name: `Hello, ${dashboardMember.displayName}` }).waitFor()
    const bookings = page.getByRole('region', { name: 'My next bookings' })
    await bookings.getByText(roomName).waitFor()
    await expect.poll(() => bookings.innerText()).toContain(`${bandName}: ${dashboardMember.displayName}, ${dashboardBandmate.displayName}`)
    await page.getByRole('region', { name: 'My bands' }).getByRole('link', { name: bandName }).waitFor()
    const lives = page.getByRole('region', { name: 'Lives taking applications' })
    await expect.poll(() => lives.innerText()).toMatch(/Closes in 1 day 23 hours|Closes in 2 days/)
    expect(await page.getByRole('region', { name: 'My performance times' }).innerText()).toContain('No performance times published for your bands yet.')
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
    expect(await seriousViolations(page)).toEqual([])

    // Keyboard: the apply link is reached with Tab and followed with Enter.
    const apply = lives.getByRole('link', { name: `Apply to ${liveTitle}` })
    await apply.focus()
    await page.keyboard.press('Enter')
    await expectPath(page, '/festival-application-form')
    expect(new URL(page.url()).searchParams.get('eventId')).toBeTruthy()
    expect(errors).toEqual([])
    await context.close()
  })

  it('a new member sees each card empty, with the action that fills it', async () => {
    const { page, context, errors } = await openSignedIn(browser, dashboardNewcomer, '/dashboard', phone)
    const bookings = page.getByRole('region', { name: 'My next bookings' })
    await bookings.getByText('No room booked for you or your bands.').waitFor()
    expect(await bookings.getByRole('link', { name: 'Book a room' }).getAttribute('href')).toBe('/room-booking-form')
    const bands = page.getByRole('region', { name: 'My bands' })
    expect(await bands.getByRole('link', { name: 'Register your first band' }).getAttribute('href')).toBe('/band-registration-form')
    await page.getByRole('heading', { name: 'Complete your details for the university' }).waitFor()
    // Without a band, a live asks for one first.
    await page.getByRole('region', { name: 'Lives taking applications' }).getByRole('link', { name: 'Register a band to apply' }).first().waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('an executive sees the club at a glance as charts, each with its table', async () => {
    // An allocation round taking wishes for next week (this file's room and period; the club's
    // settings are put back after): the demand-and-supply chart has a round to show. When the
    // allocation file ran first, next week's round is the one it made.
    const settingsBefore = await callApi(E2E_ADMIN, 'GET', '/api/settings')
    let roundWeek = ''
    try {
      await callApi(E2E_ADMIN, 'PUT', '/api/settings', {
        ...settingsBefore,
        allocation: { enabled: true, opensWeekday: 1, opensAt: '00:00', closesWeekday: 7, closesAt: '23:59', wishesPerBand: 3, periodsPerBand: 2, roomIds: [roomId], periodIds: [periodId] },
      })
      roundWeek = ((await callApi(dashboardExecutive, 'GET', allocationPaths.rounds)) as unknown as RoundList).current!.weekStart
    } finally {
      await callApi(E2E_ADMIN, 'PUT', '/api/settings', settingsBefore)
    }
    expect(roundWeek).toBe(weekStartOf(addDays(todayIn(new Date(), 'Asia/Tokyo'), 7)))
    const { page, context, errors } = await openSignedIn(browser, dashboardExecutive, '/dashboard2', phone)
    await page.getByRole('heading', { name: 'The club at a glance' }).waitFor()
    const heat = page.getByRole('region', { name: 'Room use this week' })
    await heat.getByRole('table').waitFor()
    await heat.getByLabel('Room', { exact: true }).selectOption({ label: roomName })
    const row = heat.getByRole('row', { name: new RegExp(`^${periodLabel}`) })
    // The band's practice shows in its cell when it falls in this week (it may be next week's first days).
    if (weekStartOf(bookedDate) === weekStartOf(todayIn(new Date(), 'Asia/Tokyo'))) await expect.poll(() => row.innerText()).toContain('Band')
    else await row.waitFor()
    const perBand = page.getByRole('region', { name: 'Bookings per band, last 8 weeks' })
    await perBand.locator('svg.recharts-surface').first().waitFor()
    await perBand.getByRole('button', { name: 'Show as a table' }).click()
    // Last week's practice (seeded: no request books the past); this file's band when its practice is this week.
    await perBand.getByRole('table').getByRole('rowheader', { name: HISTORY.bandName }).waitFor()
    if (weekStartOf(bookedDate) === weekStartOf(todayIn(new Date(), 'Asia/Tokyo'))) await perBand.getByRole('table').getByRole('rowheader', { name: bandName }).waitFor()
    const members = page.getByRole('region', { name: 'Members by part and grade' })
    await members.locator('svg.recharts-surface').first().waitFor()
    await members.getByRole('button', { name: 'Show as a table' }).click()
    await members.getByRole('table').waitFor()
    const lives = page.getByRole('region', { name: 'Applications per live' })
    await lives.locator('svg.recharts-surface').first().waitFor()
    await lives.getByRole('button', { name: 'Show as a table' }).click()
    await lives.getByRole('table').getByRole('rowheader', { name: liveTitle }).waitFor()
    const rounds = page.getByRole('region', { name: 'Allocation rounds: demand and supply' })
    await rounds.locator('svg.recharts-surface').first().waitFor()
    expect(await rounds.innerText()).toContain(`Latest round, w/c ${dayLabel(roundWeek).slice(4)}`)
    await rounds.getByRole('button', { name: 'Show as a table' }).click()
    await rounds.getByRole('table').getByRole('rowheader', { name: `w/c ${dayLabel(roundWeek).slice(4)}` }).waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
    expect(await seriousViolations(page)).toEqual([])
    // The dark theme: the charts again, still readable (axe) and within the phone's width.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await page.getByRole('region', { name: 'Allocation rounds: demand and supply' }).locator('svg.recharts-surface').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
