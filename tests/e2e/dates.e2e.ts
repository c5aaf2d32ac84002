import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { addDays, dayLabel, todayIn } from '../../src/contract/calendar'
import { formatDate, formatDateTime, formatMoment } from '../../src/contract/date-format'
import { minimalPdf, tusClient } from '../server/files/support'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { baseURL, callApi, launchBrowser, openSignedIn } from './support/browser'
import { addFreePeriod, createBand, createOpenLive } from './support/club'

/**
 * Issue 33 item 4: every screen words a moment in the club's time zone (Asia/Tokyo), whatever
 * the browser's. The same seeded moments are read by a browser in Tokyo with an English locale
 * and by one in Los Angeles with a Japanese locale (where Tokyo's today is often Los Angeles'
 * yesterday): each screen must read the same, in club time. The member chose English on their
 * profile, which wins over the browser's language (decision 046), so both read English.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  // The club is shared with the later areas: the files area starts from an empty shelf.
  if (seeded.fileId) await callApi(E2E_ADMIN, 'DELETE', `/api/files/${seeded.fileId}`)
})

const { datesMember } = E2E_USERS
const suffix = Date.now() % 100000
const bandName = `Clock Tower ${suffix}`
const liveTitle = `Time Zone Live ${suffix}`
const feedbackWords = `The practice room clock is five minutes fast ${suffix}.`
const fileName = `Setlist ${suffix}.pdf`
const tokyo = { timeZone: 'Asia/Tokyo' }
const browsers = {
  tokyo: { timezoneId: 'Asia/Tokyo', locale: 'en-GB' },
  elsewhere: { timezoneId: 'America/Los_Angeles', locale: 'ja-JP' },
}

const seeded = {} as { bandId: string; bookedDate: string; roomName: string; noticeAt: string; feedbackAt: string; fileAt: string; fileId: string; historyAt: string }

async function tokenOf(account: { email: string; password: string }) {
  const login = await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
  return ((await login.json()) as { access_token: string }).access_token
}

/** The text of `what` on `path`, as each browser shows it. */
async function readIn(path: string, what: (page: Page) => Promise<string>) {
  const texts: Record<keyof typeof browsers, string> = { tokyo: '', elsewhere: '' }
  for (const [name, options] of Object.entries(browsers) as Array<[keyof typeof browsers, (typeof browsers)['tokyo']]>) {
    const { page, context, errors } = await openSignedIn(browser, datesMember, path, undefined, options)
    // The browser really is elsewhere: its own clock and language are not the club's.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(options.timezoneId)
    texts[name] = await what(page)
    expect(errors).toEqual([])
    await context.close()
  }
  expect(texts.elsewhere).toBe(texts.tokyo)
  return texts.elsewhere
}

describe('dates and times in the club’s time zone, whatever the browser’s', () => {
  beforeAll(async () => {
    await callApi(datesMember, 'PUT', '/api/profile/language', { language: 'en' })
    // A band (its history), a live that accepts it (a notice), feedback sent, a file and a booking.
    const band = await createBand(bandName, datesMember, [])
    seeded.bandId = band.id
    const eventId = await createOpenLive({ kind: 'seasonal', season: 'autumn', title: liveTitle })
    const application = await callApi(datesMember, 'POST', `/api/events/${eventId}/applications`, { bandId: band.id, songs: [{ title: 'Midnight', artist: '', length: '4:00' }], requestedMinutes: 10 })
    await callApi(E2E_ADMIN, 'POST', `/api/applications/${application.id as string}/review`, { status: 'accepted' })
    const notices = (await callApi(datesMember, 'GET', '/api/notices')).items as Array<{ title: string; createdAt: string }>
    seeded.noticeAt = notices.find((notice) => notice.title.includes(bandName))!.createdAt
    seeded.feedbackAt = (await callApi(datesMember, 'POST', '/api/feedback', { target: 'club', category: 'rooms', body: feedbackWords })).createdAt as string
    const sent = await tusClient(baseURL(), { authorization: `Bearer ${await tokenOf(E2E_ADMIN)}` }).upload(minimalPdf('dates'), { filename: fileName, visibility: 'members' })
    expect(sent.status).toBe(204)
    const files = (await callApi(datesMember, 'GET', `/api/files?q=${encodeURIComponent(`Setlist ${suffix}`)}`)).items as Array<{ id: string; name: string; createdAt: string }>
    const file = files.find((item) => item.name === fileName)!
    seeded.fileAt = file.createdAt
    seeded.fileId = file.id
    const history = (await callApi(datesMember, 'GET', `/api/bands/${band.id}/history`)).items as Array<{ at: string }>
    seeded.historyAt = history[0]!.at
    seeded.roomName = `Clock room ${suffix}`
    const roomId = (await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: seeded.roomName, capacity: 6 })).id as string
    const periodId = await addFreePeriod(`Dawn ${suffix}`)
    const today = todayIn(new Date(), 'Asia/Tokyo')
    for (let days = 1; days <= 6 && !seeded.bookedDate; days++) {
      try {
        await callApi(datesMember, 'POST', '/api/bookings', { roomId, date: addDays(today, days), periodId, kind: 'band', bandId: band.id })
        seeded.bookedDate = addDays(today, days)
      } catch {
        // A blackout or a rule of another area's on that day: the next one.
      }
    }
    expect(seeded.bookedDate).toBeTruthy()
  })

  it('notices: "today" and the time by the club’s clock', async () => {
    const text = await readIn('/notices', async (page) => {
      const row = page.getByRole('listitem').filter({ hasText: bandName })
      await row.waitFor()
      return row.innerText()
    })
    expect(text).toContain(formatMoment(seeded.noticeAt, tokyo))
  })

  it('feedback: when it was sent', async () => {
    const text = await readIn('/feedback-list', async (page) => {
      const item = page.getByRole('listitem').filter({ hasText: feedbackWords })
      await item.waitFor()
      return item.innerText()
    })
    expect(text).toContain(`Sent ${formatDateTime(seeded.feedbackAt, tokyo)}`)
  })

  it('files: the day a file came, worded like every other screen', async () => {
    const text = await readIn(`/files?q=${encodeURIComponent(`Setlist ${suffix}`)}`, async (page) => {
      const row = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: fileName })
      await row.waitFor()
      return row.innerText()
    })
    expect(text).toContain(formatDate(seeded.fileAt, tokyo))
    expect(text).not.toMatch(/年|月|日/)
  })

  it('the band’s history: when it was registered', async () => {
    const text = await readIn(`/bands/edit/${seeded.bandId}`, async (page) => {
      const history = page.getByRole('list', { name: 'Band history' })
      await history.getByRole('listitem').first().waitFor()
      return history.innerText()
    })
    expect(text).toContain(formatDateTime(seeded.historyAt, tokyo))
  })

  it('bookings and the dashboard: the club’s day of the booking', async () => {
    const list = await readIn('/room-booking-list', async (page) => {
      const row = page.getByRole('row').filter({ hasText: seeded.roomName })
      await row.first().waitFor()
      return row.first().innerText()
    })
    expect(list).toContain(dayLabel(seeded.bookedDate))
    const card = await readIn('/dashboard', async (page) => {
      const bookings = page.getByRole('region', { name: 'My next bookings' })
      await bookings.getByText(seeded.roomName).waitFor()
      return bookings.innerText()
    })
    expect(card).toContain(dayLabel(seeded.bookedDate))
  })
})
