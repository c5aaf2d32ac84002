import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { academicYearOf } from '../../src/contract/terms'
import { minimalPdf, samples } from '../server/files/support'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { callApi, launchBrowser, openSignedIn } from './support/browser'
import { memberId } from './support/club'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  // The librarian holds a position this term: an executive.
  const position = (await callApi(E2E_ADMIN, 'POST', '/api/positions', { name: 'Librarian', description: 'Keeps the club’s files' })) as { id: string }
  const termYear = academicYearOf(new Date(), { timeZone: 'Asia/Tokyo', academicYearStartMonth: 4 })
  await callApi(E2E_ADMIN, 'POST', `/api/positions/${position.id}/holders`, { userId: await memberId(librarian), termYear })
})
afterAll(() => browser?.close())

const librarian = E2E_USERS.filesLibrarian
const reader = E2E_USERS.filesReader
const japaneseName = '学園祭のセットリスト.pdf'
/** 6 minutes of tone: about 5.5 MB, three chunks of 2 MB, so the upload can be cut off between them. */
const recording = samples.wav(360)

/** Drops a file on the upload box as a person dragging it from their desktop would. */
async function dropFile(page: Page, name: string, type: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ name, type, data }) => {
      const dataTransfer = new DataTransfer()
      dataTransfer.items.add(new File([Uint8Array.from(atob(data), (char) => char.charCodeAt(0))], name, { type }))
      return dataTransfer
    },
    { name, type, data: bytes.toString('base64') },
  )
  await page.getByText(/Drop files here/).dispatchEvent('drop', { dataTransfer: transfer })
}

describe('files', () => {
  it('an executive uploads files with progress, one cut off by going offline and resumed; a member previews, plays, seeks and downloads', async () => {
    const { page, context, errors } = await openSignedIn(browser, librarian, '/files')
    await page.getByRole('heading', { name: 'Files', exact: true }).waitFor()
    await page.getByText('No files yet').waitFor()

    // The second chunk of the recording is cut off: the device goes offline.
    let patches = 0
    let cut = false
    await page.route('**/api/files/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH') patches += 1
      if (route.request().method() === 'PATCH' && route.request().headers()['upload-offset'] === String(2 * 1024 * 1024) && !cut) {
        cut = true
        await context.setOffline(true)
        return route.abort('internetdisconnected')
      }
      return route.continue()
    })
    await page.getByLabel('Files to upload').setInputFiles([
      { name: japaneseName, mimeType: 'application/pdf', buffer: minimalPdf('Setlist') },
      { name: 'Rehearsal.wav', mimeType: 'audio/wav', buffer: recording },
    ])
    const pdfRow = page.getByRole('listitem', { name: `Upload of ${japaneseName}` })
    const wavRow = page.getByRole('listitem', { name: 'Upload of Rehearsal.wav' })
    await pdfRow.getByText('Uploaded', { exact: true }).waitFor()
    await wavRow.getByText('Offline: continues when the connection is back').waitFor()
    // Progress with sizes: the first 2 MB made it before the connection dropped.
    await wavRow.getByText(/^2\.0 MB of 5\.5 MB \(36%\)/).waitFor()
    await context.setOffline(false)
    await wavRow.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 })
    await wavRow.getByText(/5\.5 MB of 5\.5 MB \(100%\)/).waitFor()
    expect(patches).toBeGreaterThanOrEqual(3)

    // A third file by drag and drop.
    await dropFile(page, 'Poster.png', 'image/png', samples.png())
    await page.getByRole('listitem', { name: 'Upload of Poster.png' }).getByText('Uploaded', { exact: true }).waitFor()
    const files = page.getByRole('list', { name: 'Files' })
    for (const name of [japaneseName, 'Rehearsal.wav', 'Poster.png']) await files.getByRole('button', { name, exact: true }).waitFor()
    // Only the requests cut off while offline failed.
    expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([])
    await context.close()

    // A member on a phone.
    const member = await openSignedIn(browser, reader, '/files', { width: 360, height: 740 })
    const list = member.page.getByRole('list', { name: 'Files' })
    await list.getByRole('button', { name: 'Poster.png', exact: true }).click()
    const image = member.page.getByRole('dialog').getByRole('img')
    await image.waitFor()
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1)
    await member.page.keyboard.press('Escape')

    const pdfLoaded = member.page.waitForResponse((response) => response.url().includes('/content?') && response.headers()['content-type'] === 'application/pdf')
    await list.getByRole('button', { name: japaneseName, exact: true }).click()
    await member.page.getByTitle(`${japaneseName} (PDF)`).waitFor()
    expect((await pdfLoaded).status()).toBe(200)
    await member.page.keyboard.press('Escape')

    // The recording plays and jumps to 5:00 at once: the player asks for that part only.
    await list.getByRole('button', { name: 'Rehearsal.wav', exact: true }).click()
    const audio = member.page.getByLabel('Play Rehearsal.wav')
    await audio.waitFor()
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration))).toBe(360)
    const seekRequest = member.page.waitForResponse((response) => response.url().includes('/content?') && /^bytes=[1-9]\d*-/.test(response.request().headers().range ?? ''))
    const seeked = await audio.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true
      await element.play()
      const done = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }))
      element.currentTime = 300
      await done
      return element.currentTime
    })
    expect(seeked).toBeGreaterThanOrEqual(299)
    const partial = await seekRequest
    expect(partial.status()).toBe(206)
    expect(partial.headers()['content-range']).toMatch(new RegExp(`^bytes \\d+-\\d+/${recording.length}$`))
    await member.page.keyboard.press('Escape')

    // The Japanese name survives the download.
    const downloading = member.page.waitForEvent('download')
    await list.getByRole('button', { name: `Download ${japaneseName}` }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(japaneseName)
    // The phone layout does not scroll sideways.
    expect(await member.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(member.errors).toEqual([])
    await member.context.close()
  }, 120_000)
})
