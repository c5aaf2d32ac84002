import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { addDays, todayIn } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { callApi, launchBrowser, openSignedIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { layoutLeader } = E2E_USERS
const suffix = Date.now() % 100000
const phone = { width: 360, height: 740 }
const date = addDays(todayIn(new Date(), 'Asia/Tokyo'), 1)

const pageScrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** The element's box and the box of every ancestor that clips it, in viewport pixels. */
async function boxes(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const clips: Array<{ left: number; right: number }> = []
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent)
      if (style.overflowX !== 'visible') {
        const box = parent.getBoundingClientRect()
        clips.push({ left: box.left + parent.clientLeft, right: box.left + parent.clientLeft + parent.clientWidth })
      }
    }
    return { left: rect.left, right: rect.right, width: rect.width, clips, viewport: window.innerWidth }
  })
}

/** Fully visible: inside the viewport and inside every box that clips it. */
async function fullyVisible(locator: Locator) {
  const box = await boxes(locator)
  return box.width > 0 && box.left >= -0.5 && box.right <= box.viewport + 0.5 && box.clips.every((clip) => box.left >= clip.left - 0.5 && box.right <= clip.right + 0.5)
}

describe('layout on a phone and on a laptop', () => {
  // The demo club's rooms (server/src/demo/demo-club.ts), made unique for this run.
  const rooms = [`Studio A ${suffix}`, `Studio B ${suffix}`, `Practice room C ${suffix}`]

  beforeAll(async () => {
    for (const name of rooms) await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name, capacity: 6 })
    // A period of its own, at an hour no other file uses.
    const periods = (await callApi(E2E_ADMIN, 'GET', '/api/periods')).items as Array<{ startsAt: string; endsAt: string }>
    const start = ['05:00', '05:20', '05:40', '04:00', '04:20', '04:40'].find((time) => {
      const end = `${time.slice(0, 3)}${String(Number(time.slice(3)) + 15).padStart(2, '0')}`
      return !periods.some((period) => period.startsAt < end && time < period.endsAt)
    })!
    const end = `${start.slice(0, 3)}${String(Number(start.slice(3)) + 15).padStart(2, '0')}`
    await callApi(E2E_ADMIN, 'POST', '/api/periods', { label: `Early ${suffix}`, startsAt: start, endsAt: end })
  })

  it('the room schedule on a 360 px phone shows every room, or says there are more and lets them be reached, without the page scrolling sideways', async () => {
    const { page, context, errors } = await openSignedIn(browser, layoutLeader, `/room-schedule?week=${date}`, phone)
    const table = page.getByRole('table')
    await table.getByRole('columnheader', { name: rooms[2] }).waitFor()
    const headers = table.getByRole('columnheader')
    const hint = page.getByText('Scroll sideways for more rooms')
    /** Every room header is fully on screen, or the hint is shown and scrolling the table's box brings each one in. */
    async function everyRoomReachable() {
      const count = (await headers.count()) - 1
      const shown: boolean[] = []
      for (let index = 1; index <= count; index++) shown.push(await fullyVisible(headers.nth(index)))
      if (shown.includes(false)) {
        expect(await hint.isVisible()).toBe(true)
        for (let index = 1; index <= count; index++) {
          await headers.nth(index).scrollIntoViewIfNeeded()
          expect(await fullyVisible(headers.nth(index))).toBe(true)
        }
      }
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(phone.width)
      return { count, shown }
    }

    const three = await everyRoomReachable()
    if (three.count <= 3) {
      // The demo club's three rooms fit side by side at 360 px, with no hint to scroll.
      expect(three.shown).toEqual([true, true, true])
      expect(await hint.count()).toBe(0)
    }

    // A fourth room no longer fits: the table scrolls in its own box and says so.
    await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: `Rehearsal hall D ${suffix}`, capacity: 10 })
    await page.reload()
    await table.getByRole('columnheader', { name: `Rehearsal hall D ${suffix}` }).waitFor()
    const four = await everyRoomReachable()
    expect(four.shown).toContain(false)
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(phone.width)
    expect(errors).toEqual([])
    await context.close()
  })
})
