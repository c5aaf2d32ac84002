import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderApp } from '../support/render-app'
import { expectAllTranslated, recordApiData, untranslatedTexts } from '../support/translated'

// Every screen in Japanese, area by area (issue 36): each file renders its routes for each role
// and fails on any visible text that did not come from the catalogue.
let recording: ReturnType<typeof recordApiData> | undefined
afterEach(() => recording?.stop())

describe('the public pages in Japanese', () => {
  it('the sign-in page shows only catalogue words', async () => {
    recording = recordApiData()
    renderApp('/login', { language: 'ja' })
    await screen.findByRole('heading', { name: 'Bandroom にログイン' })
    expectAllTranslated(document.body, recording.strings)
  })

  it('the check itself catches an English sentence left on a Japanese screen', async () => {
    renderApp('/login', { language: 'ja' })
    await screen.findByRole('heading', { name: 'Bandroom にログイン' })
    const stray = document.createElement('p')
    stray.textContent = 'Forgot to translate this'
    document.body.append(stray)
    expect(untranslatedTexts(document.body)).toEqual(['Forgot to translate this'])
    stray.remove()
  })
})
