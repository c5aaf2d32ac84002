import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { addDays, todayIn } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { addFreePeriod, createBand, createOpenLive, memberId } from './support/club'
import { callApi, expectPath, launchBrowser, openSignedIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { layoutLeader, layoutBandmate, layoutExecutive } = E2E_USERS
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
    await addFreePeriod(`Early ${suffix}`)
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

  describe('participants with long university details', () => {
    const bandName = `Long Details Orchestra ${suffix}`
    let eventId = ''
    const leaderPhone = '+81 90-1234-5678'

    beforeAll(async () => {
      const details = (name: string, kana: string, number: string, phoneNumber: string) => ({
        fullName: name,
        nameKana: kana,
        studentNumber: number,
        faculty: 'Faculty of Engineering and Interdisciplinary Sciences',
        department: 'Department of Mechanical and Aerospace Systems Engineering',
        phone: phoneNumber,
      })
      await callApi(layoutLeader, 'PUT', '/api/me/additional-info', details('Haruto Alexander Nishimura-Fitzgerald', 'ニシムラ フィッツジェラルド ハルト アレクサンダー', 'S2023ENGINEER0012345', leaderPhone))
      await callApi(layoutBandmate, 'PUT', '/api/me/additional-info', details('Akari Konstantina Matsumoto-Papadopoulou', 'マツモト パパドプル アカリ コンスタンティナ', 'S2025ENGINEER0098765', '080-9876-5432'))
      const band = await createBand(bandName, layoutLeader, [{ account: layoutBandmate, part: 'Keyboard' }])
      // Winter: the lives file uses the summer live, and the current event of a kind is its newest.
      eventId = await createOpenLive({ kind: 'seasonal', season: 'winter', title: `Winter Layout Live ${suffix}` })
      const application = await callApi(layoutLeader, 'POST', `/api/events/${eventId}/applications`, {
        bandId: band.id,
        songs: [{ title: 'Snow Song', artist: 'The Layouts', length: '4:00' }],
        requestedMinutes: 10,
      })
      await callApi(E2E_ADMIN, 'POST', `/api/applications/${application.id as string}/review`, { status: 'accepted' })
    })

    it('at 1280 px every column, Phone too, is inside the table’s visible box', async () => {
      const { page, context, errors } = await openSignedIn(browser, E2E_ADMIN, `/seasonal-live-participant-list/winter?eventId=${eventId}`, { width: 1280, height: 800 })
      const table = page.getByRole('table', { name: 'Participants' })
      const phoneLink = table.getByRole('link', { name: leaderPhone })
      await phoneLink.waitFor()
      const phoneHeader = table.getByRole('columnheader', { name: 'Phone' })
      expect(await fullyVisible(phoneHeader)).toBe(true)
      expect(await fullyVisible(phoneLink)).toBe(true)
      // Nothing to scroll to: the whole table is in its box.
      const region = page.getByRole('region', { name: 'Participant table' })
      expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(1280)
      expect(errors).toEqual([])
      await context.close()
    })

    it('at 360 px the participants are readable without the page scrolling sideways', async () => {
      const { page, context, errors } = await openSignedIn(browser, E2E_ADMIN, `/seasonal-live-participant-list/winter?eventId=${eventId}`, phone)
      await page.getByRole('link', { name: leaderPhone }).waitFor()
      expect(await fullyVisible(page.getByRole('link', { name: leaderPhone }))).toBe(true)
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(phone.width)
      expect(errors).toEqual([])
      await context.close()
    })
  })
})

/**
 * Whether a finger could tap the element: its middle is inside the viewport and inside every box
 * that clips it, and the element (not something over it) is what is there.
 */
async function tappable(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    if (rect.height === 0 || rect.top < -0.5 || rect.bottom > window.innerHeight + 0.5) return false
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowY === 'visible') continue
      const box = parent.getBoundingClientRect()
      if (rect.top < box.top + parent.clientTop - 0.5 || rect.bottom > box.top + parent.clientTop + parent.clientHeight + 0.5) return false
    }
    const hit = document.elementFromPoint(x, y)
    return hit !== null && element.contains(hit)
  })
}

describe('the phone menu reaches its last link', () => {
  beforeAll(async () => {
    const club = await callApi(E2E_ADMIN, 'GET', '/api/club')
    const position = await callApi(E2E_ADMIN, 'POST', '/api/positions', { name: `Layout keeper ${suffix}` })
    await callApi(E2E_ADMIN, 'POST', `/api/positions/${position.id as string}/holders`, { userId: await memberId(layoutExecutive), termYear: club.currentTerm })
  })

  // The last entry each role's menu shows (src/features/layout/nav-items.ts).
  const roles = [
    { role: 'member', account: layoutLeader, last: { name: 'Files', path: '/files' } },
    { role: 'executive', account: layoutExecutive, last: { name: 'User accounts', path: '/user-list' } },
    { role: 'admin', account: E2E_ADMIN, last: { name: 'Activity log', path: '/activity-log' } },
  ]
  const viewports = [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
  ]

  for (const { role, account, last } of roles) {
    for (const viewport of viewports) {
      it(`${role === 'member' ? 'a' : 'an'} ${role} at ${viewport.width}×${viewport.height} reaches “${last.name}” by swiping the menu and by Tab`, async () => {
        const { page, context, errors } = await openSignedIn(browser, account, '/profile', viewport)
        const openMenu = async () => {
          await page.getByRole('button', { name: 'Toggle navigation' }).click()
          const drawer = page.getByRole('dialog', { name: 'Navigation' })
          await drawer.waitFor()
          return { drawer, link: drawer.getByRole('link', { name: last.name, exact: true }) }
        }

        // Touch: scroll the menu under the finger until the link is on screen, then tap it.
        const { drawer, link: swiped } = await openMenu()
        let link = swiped
        const menuBox = (await drawer.getByRole('navigation', { name: 'Main' }).boundingBox())!
        await page.mouse.move(menuBox.x + menuBox.width / 2, Math.min(menuBox.y + menuBox.height, viewport.height) / 2 + 40)
        for (let step = 0; step < 10 && !(await tappable(link)); step++) {
          await page.mouse.wheel(0, 300)
          await page.waitForTimeout(100)
        }
        expect(await tappable(link)).toBe(true)
        const box = (await link.boundingBox())!
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
        await expectPath(page, last.path)
        await drawer.waitFor({ state: 'detached' })

        // Keyboard: Tab until the link has focus; it is on screen, and Enter follows it.
        await page.goto('/profile')
        await expectPath(page, '/profile')
        ;({ link } = await openMenu())
        for (let presses = 0; presses < 40 && !(await link.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab')
        expect(await link.evaluate((element) => element === document.activeElement)).toBe(true)
        expect(await tappable(link)).toBe(true)
        await page.keyboard.press('Enter')
        await expectPath(page, last.path)
        expect(errors).toEqual([])
        await context.close()
      })
    }
  }
})

describe('the header on a 360 px phone', () => {
  it('shows the app’s whole name beside every button, with the install button too', async () => {
    const { page, context, errors } = await openSignedIn(browser, layoutLeader, '/profile', { width: 360, height: 740 })
    const header = page.locator('header')
    const name = header.getByRole('link', { name: 'Bandroom', exact: true })
    await header.getByRole('button', { name: /Account menu/ }).waitFor()
    /** The name is not cut (no ellipsis: its text fits its box) and the header fits the screen. */
    const whole = async () => {
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
      expect(await fullyVisible(name)).toBe(true)
      for (const button of await header.getByRole('button').all()) expect(await fullyVisible(button)).toBe(true)
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360)
    }
    await whole()
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true })
      Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) })
      window.dispatchEvent(event)
    })
    await header.getByRole('button', { name: 'Install app' }).waitFor()
    await whole()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a refused form on a phone', () => {
  it('takes the member to its first message: in view below the header, focused, and read with its field', async () => {
    const { page, context, errors } = await openSignedIn(browser, layoutBandmate, '/band-registration-form', { width: 360, height: 640 })
    const save = page.getByRole('button', { name: 'Register band' })
    await save.waitFor()
    // At the foot of the form, the first field is above the screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const first = page.getByLabel('Band name')
    expect(await first.evaluate((element) => element.getBoundingClientRect().bottom <= 56)).toBe(true)
    await save.click()
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await first.getAttribute('aria-invalid')).toBe('true')
    // Below the sticky header (56 px) and inside the screen.
    const box = (await first.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(56)
    expect(box.y + box.height).toBeLessThanOrEqual(640)
    // Its message is its description, so a screen reader reads it with the field.
    const described = await first.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    )
    expect(described).toMatch(/\w/)
    expect(errors).toEqual([])
    await context.close()
  })
})
