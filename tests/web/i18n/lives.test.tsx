import { afterEach, describe, it } from 'vitest'
import { screen } from '@testing-library/react'
import { server } from '../mocks/server'
import { buildAcceptedBand, buildEvent } from '../mocks/handlers/lives'
import { createParticipantsApi } from '../mocks/handlers/lives-participants'
import { buildUser } from '../support/factories'
import { renderApp } from '../support/render-app'
import { expectAllTranslated, recordApiData } from '../support/translated'

// The lives screens in Japanese (issue 36): each route for each role that can open it. The
// check covers the screen's own content (<main>): the shell around it is another area's.
let recording: ReturnType<typeof recordApiData> | undefined
afterEach(() => recording?.stop())

const roles = {
  member: buildUser({ displayName: 'Hana Sato' }),
  executive: buildUser({ displayName: 'Exec Person', isExecutive: true }),
  admin: buildUser({ displayName: 'Club Admin', role: 'admin' }),
}

const festival = buildEvent({ kind: 'festival', season: null, title: 'Campus Festival 2026', capacityMinutes: 600, venue: 'Student hall' })

function setup(bands = [buildAcceptedBand({ name: 'The Rolling Scones', requestedMinutes: 25, members: [{ id: crypto.randomUUID(), displayName: 'Hana Sato', part: 'Guitar', isLeader: true }] })]) {
  server.use(...createParticipantsApi({ current: [festival], events: [], bands: { [festival.id]: bands } }).handlers)
}

describe('the accepted bands in Japanese', () => {
  it.each(Object.entries(roles))('/festival-band-list for a %s shows only catalogue words', async (_role, user) => {
    setup()
    recording = recordApiData()
    renderApp('/festival-band-list', { user, language: 'ja' })
    await screen.findByRole('heading', { name: 'Campus Festival 2026: 採用バンド', level: 1 })
    await screen.findByRole('list', { name: '採用バンド' })
    expectAllTranslated(screen.getByRole('main'), recording.strings)
  }, 60_000) // the first render loads the app's chunks: well past 20 s on the loaded shared machine

  it('the empty list too', async () => {
    setup([])
    recording = recordApiData()
    renderApp('/festival-band-list', { user: roles.member, language: 'ja' })
    await screen.findByText('採用されたバンドはまだありません')
    expectAllTranslated(screen.getByRole('main'), recording.strings)
  })
})
