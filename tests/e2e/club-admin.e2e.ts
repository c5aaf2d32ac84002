import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PositionList } from '../../src/contract/club'
import type { Browser, Page } from 'playwright-core'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { expectPath, launchBrowser, openPage, signIn } from './support/browser'

/** Calls the API from the page with its session's token, as the app would. */
async function call(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = localStorage.getItem('token')
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      // JSON answers of many shapes; each test reads what it needs.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: response.status, body: (await response.json().catch(() => null)) as any }
    },
    { method, url, body },
  )
}

const candidate = E2E_USERS.executiveCandidate
const suffix = Date.now().toString(36)
let browser: Browser
let adminPage: Page
let originalSettings: unknown

beforeAll(async () => {
  browser = await launchBrowser()
  adminPage = (await openPage(browser)).page
  await adminPage.goto('/login')
  await signIn(adminPage, E2E_ADMIN)
  await expectPath(adminPage, '/dashboard')
  originalSettings = (await call(adminPage, 'GET', '/api/settings')).body
})

afterAll(async () => {
  // Other e2e files share this server: put the settings back as they were.
  if (adminPage && originalSettings) {
    await adminPage.goto('/dashboard')
    const restored = await call(adminPage, 'PUT', '/api/settings', originalSettings)
    expect(restored.status).toBe(200)
  }
  await browser?.close()
})

describe('club administration', () => {
  it('lets the admin change the club name and add a room and a period', async () => {
    const page = adminPage
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    await page.getByRole('link', { name: 'System settings' }).click()
    await expectPath(page, '/system-settings')
    const form = page.getByRole('form', { name: 'Club settings' })
    await form.getByLabel('Club name').fill(`E2E Club ${suffix}`)
    await form.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Settings saved. They apply from now on.').waitFor()
    expect((await call(page, 'GET', '/api/club')).body.clubName).toBe(`E2E Club ${suffix}`)

    // A bad value is refused under its field and nothing is sent.
    await form.getByLabel('Upload size limit (MB)').fill('0')
    await form.getByRole('button', { name: 'Save settings' }).click()
    await form.getByText('At least 1 MB').waitFor()
    await form.getByLabel('Upload size limit (MB)').fill('25')

    const roomName = `E2E Studio ${suffix}`
    await page.getByRole('button', { name: 'Add room' }).click()
    const roomDialog = page.getByRole('dialog', { name: 'Add a room' })
    await roomDialog.getByLabel('Room name').fill(roomName)
    await roomDialog.getByLabel('Capacity (people)').fill('6')
    await roomDialog.getByRole('button', { name: 'Add room' }).click()
    await page.getByRole('cell', { name: roomName, exact: true }).waitFor()

    const periods = (await call(page, 'GET', '/api/periods')).body.items as Array<{ startsAt: string; endsAt: string }>
    // A slot no other file uses: a 5-minute period late at night that overlaps nothing there.
    const free = ['23:50', '23:40', '23:30', '23:20'].find((start) => !periods.some((period) => period.startsAt < `${start.slice(0, 3)}${Number(start.slice(3)) + 5}` && start < period.endsAt))!
    const end = `${free.slice(0, 3)}${Number(free.slice(3)) + 5}`
    await page.getByRole('button', { name: 'Add period' }).click()
    const periodDialog = page.getByRole('dialog', { name: 'Add a period' })
    await periodDialog.getByLabel('Label').fill(`Late ${suffix}`)
    await periodDialog.getByLabel('Starts at').fill(free)
    await periodDialog.getByLabel('Ends at').fill(end)
    await periodDialog.getByRole('button', { name: 'Add period' }).click()
    await page.getByRole('list', { name: 'Periods' }).getByText(`Late ${suffix}`).waitFor()
    expect(errors).toEqual([])

    // Clean up at once: other e2e files share this server.
    expect((await call(page, 'PUT', '/api/settings', originalSettings)).status).toBe(200)
    const room = ((await call(page, 'GET', '/api/rooms')).body.items as Array<{ id: string; name: string }>).find((item) => item.name === roomName)!
    expect((await call(page, 'DELETE', `/api/rooms/${room.id}`)).status).toBe(204)
    const period = ((await call(page, 'GET', '/api/periods')).body.items as Array<{ id: string; label: string }>).find((item) => item.label === `Late ${suffix}`)!
    expect((await call(page, 'DELETE', `/api/periods/${period.id}`)).status).toBe(204)
  })

  it('gives executive rights with the term, and takes them away when the term moves on', async () => {
    const admin = adminPage
    await admin.goto('/executive-management')
    await admin.getByRole('heading', { name: 'Executive management' }).waitFor()
    const club = (await call(admin, 'GET', '/api/club')).body as { currentTerm: number; academicYearStartMonth: number }
    const previousTerm = club.currentTerm - 1
    const position = await call(admin, 'POST', '/api/positions', { name: `E2E Archivist ${suffix}` })
    expect(position.status).toBe(201)
    const found = await call(admin, 'GET', `/api/members/search?q=${encodeURIComponent(candidate.displayName)}`)
    const candidateId = found.body.items[0].id as string
    const holder = await call(admin, 'POST', `/api/positions/${position.body.id}/holders`, { userId: candidateId, termYear: previousTerm })
    expect(holder.status).toBe(201)

    const { page, context } = await openPage(browser)
    await page.goto('/login')
    await signIn(page, candidate)
    await expectPath(page, '/dashboard')
    const rights = async () => {
      await page.reload()
      await page.getByRole('heading', { name: `Hello, ${candidate.displayName}` }).waitFor()
      const me = await call(page, 'GET', '/api/me')
      const positions = await call(page, 'GET', '/api/positions')
      return { isExecutive: me.body.user.isExecutive as boolean, positions: positions.status }
    }
    expect(await rights()).toEqual({ isExecutive: false, positions: 403 })
    await page.goto('/executive-management')
    await expectPath(page, '/dashboard403')

    const month = await admin.evaluate((timeZone) => Number(new Intl.DateTimeFormat('en', { timeZone, month: 'numeric' }).format(new Date())), (originalSettings as { timeZone: string }).timeZone)
    if (month < 12) {
      // Start the academic year next month: today then belongs to the previous term, and the
      // candidate's holding makes them an executive, with no change to the holding itself.
      await admin.goto('/system-settings')
      const form = admin.getByRole('form', { name: 'Club settings' })
      await form.getByLabel('Academic year starts in').selectOption(String(month + 1))
      await form.getByRole('button', { name: 'Save settings' }).click()
      await admin.getByText('Settings saved. They apply from now on.').first().waitFor()
      expect((await call(admin, 'GET', '/api/club')).body.currentTerm).toBe(previousTerm)
    } else {
      // In December every start month puts today in the same term, so the term cannot be
      // moved from the settings; the holding moves into the current term instead. (The term
      // boundary itself is tested on the server with a moved clock.)
      const current = await call(admin, 'POST', `/api/positions/${position.body.id}/holders`, { userId: candidateId, termYear: club.currentTerm })
      expect(current.status).toBe(201)
    }

    await page.goto('/dashboard')
    expect(await rights()).toEqual({ isExecutive: true, positions: 200 })
    // The screen learns it when its own request for the user comes back, which may be after ours.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('user') ?? '{}').isExecutive === true, undefined, { timeout: 10_000 })

    // Back to the original term: the rights are gone again.
    const restore = await call(admin, 'PUT', '/api/settings', { ...(originalSettings as object), academicYearStartMonth: club.academicYearStartMonth })
    expect(restore.status).toBe(200)
    if (month === 12) {
      const list = (await call(admin, 'GET', `/api/positions?term=${club.currentTerm}`)).body as PositionList
      const held = list.items.find((item) => item.id === position.body.id)!.holders.find((h) => h.userId === candidateId)!
      expect((await call(admin, 'DELETE', `/api/position-holders/${held.id}`)).status).toBe(204)
    }
    expect(await rights()).toEqual({ isExecutive: false, positions: 403 })
    await context.close()

    expect((await call(admin, 'DELETE', `/api/positions/${position.body.id}`)).status).toBe(204)
  })
})
