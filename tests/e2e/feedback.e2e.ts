import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { dayLabel, todayIn } from '../../src/contract/calendar'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { callApi, launchBrowser, openSignedIn } from './support/browser'
import { createBand, createOpenLive, memberId } from './support/club'

/**
 * Feedback (issue 16): a member sends anonymous feedback on a band's performance at a live that
 * is taking place today; the band's member reads it without the writer's name; an executive (not
 * an admin: admins may see the name) replies without seeing it either; the writer reads the reply.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { feedbackWriter, feedbackPlayer, feedbackExecutive } = E2E_USERS
const suffix = Date.now() % 100000
const bandName = `Paper Lanterns ${suffix}`
const title = `Autumn Live ${suffix}`
const today = todayIn(new Date(), 'Asia/Tokyo')
const words = `The slow song in the middle was the best thing tonight ${suffix}.`
const reply = `Thank you, we passed it on to the band ${suffix}.`

const signedIn = (account: { email: string; password: string }, path: string, viewport?: { width: number; height: number }) => openSignedIn(browser, account, path, viewport)

describe('feedback: anonymous words to a band, and the executives’ reply', () => {
  beforeAll(async () => {
    // A band that plays today at an autumn live: applied while open, accepted by an admin.
    const band = await createBand(bandName, feedbackPlayer, [])
    const eventId = await createOpenLive({ kind: 'seasonal', season: 'autumn', title, days: [{ date: today, stages: [{ name: 'Main', opensAt: '00:00', closesAt: '23:59' }] }] })
    const application = await callApi(feedbackPlayer, 'POST', `/api/events/${eventId}/applications`, {
      bandId: band.id,
      songs: [{ title: 'Lanterns', artist: '', length: '4:00' }],
      requestedMinutes: 10,
      preferredDay: null,
      unavailable: [],
      needs: '',
      message: '',
    })
    await callApi(E2E_ADMIN, 'POST', `/api/applications/${application.id as string}/review`, { status: 'accepted' })
    // An executive of this term.
    const club = await callApi(E2E_ADMIN, 'GET', '/api/club')
    const position = await callApi(E2E_ADMIN, 'POST', '/api/positions', { name: `Feedback keeper ${suffix}` })
    await callApi(E2E_ADMIN, 'POST', `/api/positions/${position.id as string}/holders`, { userId: await memberId(feedbackExecutive), termYear: club.currentTerm })
  })

  it('a member sends anonymous feedback on the band’s performance, on a phone', async () => {
    const { page, context, errors } = await signedIn(feedbackWriter, '/feedback-form', { width: 360, height: 740 })
    await page.getByLabel('What is it about?').selectOption({ label: 'Feedback on a performance' })
    await page.getByLabel('Live', { exact: true }).selectOption({ label: `${title} (${dayLabel(today)})` })
    await page.getByLabel('Band', { exact: true }).selectOption({ label: bandName })
    await page.getByLabel('Your feedback').fill(words)
    await expect.poll(() => page.getByText(`${words.length} of 2000 characters.`).count()).toBe(1)
    const anonymous = page.getByLabel('Send without my name')
    await anonymous.check()
    await expect.poll(() => page.getByText('The club’s admins can still see your name.', { exact: false }).count()).toBe(1)
    // Nothing sticks out of a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Send feedback' }).click()

    await expect.poll(() => new URL(page.url()).pathname).toBe('/feedback-list')
    const item = page.getByRole('listitem').filter({ hasText: words })
    await expect.poll(() => item.count()).toBe(1)
    await expect.poll(() => item.getByText(/without your name/).count()).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the band’s member reads it, without the writer’s name', async () => {
    const { page, context, errors } = await signedIn(feedbackPlayer, '/feedback-list?tab=received')
    const section = page.getByRole('region', { name: `${title} · ${dayLabel(today)}` })
    const item = section.getByRole('listitem').filter({ hasText: words })
    await expect.poll(() => item.count()).toBe(1)
    await expect.poll(() => item.getByText(/From Anonymous/).count()).toBe(1)
    expect(await page.getByText(feedbackWriter.displayName).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('an executive sees it without the name and replies, on a phone', async () => {
    const { page, context, errors } = await signedIn(feedbackExecutive, '/feedback-list?tab=all', { width: 360, height: 740 })
    const item = page.getByRole('listitem').filter({ hasText: words })
    await expect.poll(() => item.count()).toBe(1)
    await expect.poll(() => item.getByText(/From Anonymous/).count()).toBe(1)
    expect(await page.getByText(feedbackWriter.displayName).count()).toBe(0)
    await item.getByRole('button', { name: 'Reply' }).click()
    const dialog = page.getByRole('dialog', { name: 'Reply to this feedback' })
    await dialog.getByLabel('Your reply').fill(reply)
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => item.getByText(reply).count()).toBe(1)
    await item.getByLabel('Status').selectOption({ label: 'Resolved' })
    await expect.poll(() => page.getByText('Marked resolved').count()).toBe(1)
    // The badge (not the select's option) says so once the list is read again.
    await expect.poll(() => item.locator('span', { hasText: /^Resolved$/ }).count()).toBe(1)
    await expect.poll(() => item.getByLabel('Status').inputValue()).toBe('resolved')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the writer reads the reply', async () => {
    const { page, context, errors } = await signedIn(feedbackWriter, '/feedback-list')
    const item = page.getByRole('listitem').filter({ hasText: words })
    await expect.poll(() => item.getByText(reply).count()).toBe(1)
    await expect.poll(() => item.getByText(`Reply from ${feedbackExecutive.displayName}`, { exact: false }).count()).toBe(1)
    await expect.poll(() => item.locator('span', { hasText: /^Resolved$/ }).count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the executives’ filters fit a 360 px phone: each labelled on screen, its choices on one line', async () => {
    const { page, context, errors } = await signedIn(feedbackExecutive, '/feedback-list?tab=all', { width: 360, height: 740 })
    const filters = page.getByRole('search', { name: 'Filter feedback' })
    await filters.waitFor()
    for (const name of ['Status', 'About', 'Hidden']) {
      const group = filters.getByRole('group', { name })
      // The label the group is named by, on screen above its buttons.
      const label = group.locator(':scope > span')
      expect(await label.innerText(), name).toBe(name)
      expect(await label.isVisible(), name).toBe(true)
      const boxes = await Promise.all((await group.getByRole('button').all()).map(async (button) => (await button.boundingBox())!))
      // One line: every choice at the same height, none cut at the screen's edge.
      expect(new Set(boxes.map((box) => Math.round(box.y))).size, name).toBe(1)
      for (const box of boxes) expect(box.x >= 0 && box.x + box.width <= 360, name).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
    await context.close()
  })
})
