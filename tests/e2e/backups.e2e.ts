import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { verifyArchive } from '../../server/src/backup/restore.service'
import { E2E_ADMIN } from './support/accounts'
import { launchBrowser, openSignedIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('the backups card (decision 041)', () => {
  it('backs up the running server on the embedded database and saves the archive from a phone', async () => {
    const admin = await openSignedIn(browser, E2E_ADMIN, '/system-settings', { width: 360, height: 800 })
    const card = admin.page.getByRole('region', { name: 'Backups' })
    await card.getByRole('button', { name: 'Back up now' }).click()
    await admin.page.getByText(/^Backup made \(.+\)\. Download it to keep a copy off the server\.$/).waitFor()
    await card.getByText('Succeeded').waitFor()

    const downloading = admin.page.waitForEvent('download')
    await card.getByRole('button', { name: 'Download the newest backup' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^bandroom-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-now(-\d+)?\.tar\.gz$/)
    // What was saved is a whole archive that restore accepts, made by the server on PGlite while it served.
    const manifest = await verifyArchive((await download.path())!)
    expect(manifest.source.engine).toBe('pglite')
    expect(manifest.secret).not.toBeNull()

    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(admin.errors).toEqual([])
    await admin.context.close()
  }, 120_000)
})
