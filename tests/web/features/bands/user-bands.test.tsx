import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { bandMember, buildBand, createBandsApi } from '../../mocks/handlers/bands'
import { buildApplication, buildEvent, summaryOf } from '../../mocks/handlers/lives'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const aoi = { id: crypto.randomUUID(), displayName: 'Aoi Tanaka' }

describe('/user-bands', () => {
  it('shows my bands with members, parts, the leader, and shortcuts to edit and to book a room', async () => {
    const band = buildBand({ name: 'The Night Owls', members: [bandMember(aoi, 'Guitar', true), bandMember(me, 'Bass')] })
    server.use(...createBandsApi({ bands: [band], me }).handlers)
    renderApp('/user-bands', { user: me })
    const card = await screen.findByRole('article', { name: 'The Night Owls' })
    const roster = within(card).getByRole('list', { name: 'Members of The Night Owls' })
    expect(within(roster).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Aoi TanakaGuitarLeader', 'Hana SatoBass'])
    expect(within(card).getAllByRole('link').map((link) => link.textContent)).toEqual(['Edit band', 'Book a room'])
    expect(within(card).getByRole('link', { name: 'Edit band' })).toHaveAttribute('href', `/bands/edit/${band.id}`)
    expect(within(card).getByRole('link', { name: 'Book a room' })).toHaveAttribute('href', `/room-booking-form?bandId=${band.id}`)
  })

  it('offers booking a room only for active bands', async () => {
    const resting = buildBand({ name: 'Sleepy Band', status: 'inactive', members: [bandMember(me, 'Bass', true)] })
    server.use(...createBandsApi({ bands: [resting], me }).handlers)
    renderApp('/user-bands', { user: me })
    const card = await screen.findByRole('article', { name: 'Sleepy Band' })
    expect(within(card).getAllByRole('link').map((link) => link.textContent)).toEqual(['Edit band'])
  })

  it('offers each active band a shortcut to every live whose applications are open now', async () => {
    const owls = buildBand({ name: 'The Night Owls', members: [bandMember(me, 'Bass', true)] })
    const resting = buildBand({ name: 'Sleepy Band', status: 'inactive', members: [bandMember(me, 'Bass', true)] })
    const summer = buildEvent({ title: 'Summer Live 2026' })
    const festival = buildEvent({ kind: 'festival', season: null, title: 'School Festival 2026' })
    const asked: URL[] = []
    server.use(
      ...createBandsApi({ bands: [owls, resting], me }).handlers,
      http.get('/api/events', ({ request }) => {
        asked.push(new URL(request.url))
        return HttpResponse.json({ items: [summer, festival] })
      }),
      http.get('/api/events/:eventId/applications', () => HttpResponse.json({ items: [], total: 0, summary: summaryOf(summer, []) })),
    )
    renderApp('/user-bands', { user: me })
    const card = await screen.findByRole('article', { name: 'The Night Owls' })
    await within(card).findByRole('link', { name: 'Apply to Summer Live 2026' })
    expect(within(card).getAllByRole('link').map((link) => link.textContent)).toEqual(['Edit band', 'Book a room', 'Apply to Summer Live 2026', 'Apply to School Festival 2026'])
    expect(within(card).getByRole('link', { name: 'Apply to Summer Live 2026' })).toHaveAttribute(
      'href',
      `/seasonal-live-application/summer?eventId=${summer.id}&bandId=${owls.id}`,
    )
    expect(within(card).getByRole('link', { name: 'Apply to School Festival 2026' })).toHaveAttribute(
      'href',
      `/festival-application-form?eventId=${festival.id}&bandId=${owls.id}`,
    )
    // Only the lives taking applications now are asked for, and only active bands apply.
    expect(asked.every((url) => url.searchParams.get('open') === 'true')).toBe(true)
    expect(within(screen.getByRole('article', { name: 'Sleepy Band' })).getAllByRole('link').map((link) => link.textContent)).toEqual(['Edit band'])
  })

  it('shows a band that already applied its application’s state, linking to it, instead of “Apply to”', async () => {
    const owls = buildBand({ name: 'The Night Owls', members: [bandMember(me, 'Bass', true)] })
    const autumn = buildEvent({ title: 'Autumn Live 2026', season: 'autumn' })
    const summer = buildEvent({ title: 'Summer Live 2026' })
    const accepted = buildApplication({ eventId: autumn.id, band: { id: owls.id, name: owls.name }, status: 'accepted' })
    const withdrawn = buildApplication({ eventId: summer.id, band: { id: owls.id, name: owls.name }, status: 'withdrawn' })
    server.use(
      ...createBandsApi({ bands: [owls], me }).handlers,
      http.get('/api/events', () => HttpResponse.json({ items: [autumn, summer] })),
      http.get('/api/events/:eventId/applications', ({ params, request }) => {
        expect(new URL(request.url).searchParams.get('scope')).toBe('mine')
        const items = [accepted, withdrawn].filter((application) => application.eventId === params.eventId)
        return HttpResponse.json({ items, total: items.length, summary: summaryOf(autumn, items) })
      }),
    )
    renderApp('/user-bands', { user: me })
    const card = await screen.findByRole('article', { name: 'The Night Owls' })
    const state = await within(card).findByRole('link', { name: 'Accepted for Autumn Live 2026' })
    expect(state).toHaveAttribute('href', `/seasonal-live-application-list/autumn?eventId=${autumn.id}`)
    expect(within(card).queryByRole('link', { name: 'Apply to Autumn Live 2026' })).not.toBeInTheDocument()
    // A withdrawn application may apply again.
    expect(within(card).getByRole('link', { name: 'Apply to Summer Live 2026' })).toBeInTheDocument()
  })

  it('links to registration when I am in no band', async () => {
    server.use(...createBandsApi({ me }).handlers)
    renderApp('/user-bands', { user: me })
    expect(await screen.findByText('You are not in any band yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Register your first band' })).toHaveAttribute('href', '/band-registration-form')
  })
})
