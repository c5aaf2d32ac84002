import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { E2E_USERS } from './support/accounts'
import { expectPath, launchBrowser, openPage, signIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const writer = E2E_USERS.introWriter
const reader = E2E_USERS.introReader

describe('people', () => {
  it('a member completes their university details and writes an intro; another member finds it in the directory', async () => {
    // The writer: the dashboard asks for the details until they are complete.
    const one = await openPage(browser, { viewport: { width: 360, height: 740 } })
    await one.page.goto('/login')
    await signIn(one.page, writer)
    await expectPath(one.page, '/dashboard')
    await one.page.getByRole('heading', { name: 'Complete your details for the university' }).waitFor()
    await one.page.getByRole('link', { name: 'Complete your details' }).click()
    await expectPath(one.page, '/additional-info')
    await one.page.getByText('Only you, the club’s executives and the administrators can see these details').waitFor()
    await one.page.getByLabel('Full name *').fill('山田 陽菜')
    await one.page.getByLabel('Name reading (kana) *').fill('Yamada')
    await one.page.getByLabel('Student number *').fill('S2500123')
    await one.page.getByLabel('Faculty *').fill('Letters')
    await one.page.getByLabel('Department *').fill('Musicology')
    await one.page.getByRole('button', { name: 'Save details' }).click()
    await one.page.getByText(/Write the reading in katakana or hiragana/).waitFor()
    await one.page.getByLabel('Name reading (kana) *').fill('ヤマダ ヒナ')
    await one.page.getByRole('button', { name: 'Save details' }).click()
    await one.page.getByText('Your details are saved.').waitFor()

    // The dashboard asks everything it shows, the missing details included, in one call.
    const checked = one.page.waitForResponse((response) => response.url().endsWith('/api/dashboard'))
    await one.page.goto('/dashboard')
    await one.page.getByRole('heading', { name: `Hello, ${writer.displayName}` }).waitFor()
    await checked
    await one.page.getByRole('heading', { name: 'Complete your details for the university' }).waitFor({ state: 'hidden' })

    // The intro: empty at first, then written with Drums and looking for a band.
    await one.page.goto('/intro')
    await one.page.getByText('You have not written an intro yet').waitFor()
    await one.page.getByRole('link', { name: 'Write your intro' }).click()
    await expectPath(one.page, '/intro-edit')
    await one.page.getByLabel('Nickname (optional)').fill('Hina-drums')
    await one.page.getByRole('group', { name: 'Parts you play' }).getByLabel('Drums').check()
    await one.page.getByRole('button', { name: 'Add artist' }).click()
    await one.page.getByLabel('Artist 1', { exact: true }).fill('Tokyo Jihen')
    await one.page.getByLabel('About you').fill('Drummer looking for a jazz-rock band.')
    await one.page.getByText('37 / 1000 characters').waitFor()
    await one.page.getByLabel('I am looking for a band').check()
    await one.page.getByRole('group', { name: /Parts you would like to play/ }).getByLabel('Drums').check()
    await one.page.getByRole('button', { name: 'Save intro' }).click()
    await expectPath(one.page, '/intro')
    await one.page.getByRole('heading', { name: /Hina Yamada/ }).waitFor()
    await one.page.getByText('Looking for a band').waitFor()
    expect(one.errors).toEqual([])
    await one.context.close()

    // The reader: finds the drummer in the directory and opens the intro.
    const two = await openPage(browser)
    await two.page.goto('/login')
    await signIn(two.page, reader)
    await expectPath(two.page, '/dashboard')
    await two.page.getByRole('link', { name: 'Members directory' }).first().click()
    await expectPath(two.page, '/intro-list')
    await two.page.getByLabel('Part', { exact: true }).selectOption('Drums')
    await two.page.waitForURL((url) => url.searchParams.get('part') === 'Drums')
    await two.page.getByLabel('Looking for a band', { exact: true }).selectOption('true')
    await two.page.waitForURL((url) => url.searchParams.get('lookingForBand') === 'true')
    const members = two.page.getByRole('list', { name: 'Members' })
    // The reader plays nothing yet: once the filtered answer is shown they are not in it.
    await members.getByRole('link', { name: reader.displayName }).waitFor({ state: 'detached' })
    const card = members.getByRole('link', { name: writer.displayName })
    await card.waitFor()
    await members.getByText('Looking for a band · wants Drums').first().waitFor()
    const page = await two.page.content()
    expect(page).not.toContain('S2500123')
    await card.click()
    await expectPath(two.page, '/intro')
    await two.page.getByRole('heading', { name: 'Member intro' }).waitFor()
    await two.page.getByText('Drummer looking for a jazz-rock band.').waitFor()
    await two.page.getByText('Tokyo Jihen').waitFor()
    expect(await two.page.getByText('山田 陽菜').count()).toBe(0)
    expect(two.errors).toEqual([])
    await two.context.close()
  })
})
