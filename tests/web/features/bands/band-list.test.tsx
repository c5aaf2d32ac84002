import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { MemberSummary } from '@/contract/members'
import { server } from '../../mocks/server'
import { bandMember, buildBand, createBandsApi } from '../../mocks/handlers/bands'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Exec Person', isExecutive: true })
const aoi: MemberSummary = { id: crypto.randomUUID(), displayName: 'Aoi Tanaka', enrollmentYear: 2024, grade: 3 }

function setup(viewer = me) {
  const owls = buildBand({ name: 'The Night Owls', genre: 'City pop', members: [bandMember(me, 'Vocal', true), bandMember(aoi, 'Drums')] })
  const larks = buildBand({
    name: 'Morning Larks',
    status: 'inactive',
    members: [bandMember(aoi, 'Guitar', true), { userId: null, displayName: '', part: 'Bass', isLeader: false }],
  })
  const api = createBandsApi({ bands: [owls, larks], people: [aoi], me: viewer })
  server.use(...api.handlers)
  return { api, owls, larks }
}

describe('/band-list', () => {
  it('shows each band with genre, status, members, parts and the leader; members get Edit', async () => {
    const { owls } = setup()
    renderApp('/band-list', { user: me })
    const card = await screen.findByRole('article', { name: 'The Night Owls' })
    expect(within(card).getByText('City pop')).toBeInTheDocument()
    expect(within(card).getByText('Active')).toBeInTheDocument()
    const roster = within(card).getByRole('list', { name: 'Members of The Night Owls' })
    expect(within(roster).getAllByRole('listitem')[0]).toHaveTextContent('Hana SatoVocalLeader')
    expect(within(roster).getAllByRole('listitem')[1]).toHaveTextContent('Aoi TanakaDrums')
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/bands/edit/${owls.id}`)
    expect(within(card).queryByRole('link', { name: 'Edit (admin)' })).not.toBeInTheDocument()

    const other = screen.getByRole('article', { name: 'Morning Larks' })
    expect(within(other).getByText('Inactive')).toBeInTheDocument()
    expect(within(other).getByText('Deleted user')).toBeInTheDocument()
    expect(within(other).queryByRole('link')).not.toBeInTheDocument()
  })

  it('gives executives an admin edit link on every band', async () => {
    const { larks } = setup(executive)
    renderApp('/band-list', { user: executive })
    const card = await screen.findByRole('article', { name: 'Morning Larks' })
    expect(within(card).getByRole('link', { name: 'Edit (admin)' })).toHaveAttribute('href', `/bands/edit-admin/${larks.id}`)
  })

  it('keeps search and filters in the URL and asks the server with them', async () => {
    const { api } = setup()
    const { user, router } = renderApp('/band-list', { user: me })
    await screen.findByRole('article', { name: 'The Night Owls' })

    await user.selectOptions(screen.getByLabelText('Status'), 'inactive')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'inactive' }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('status')).toBe('inactive'))
    expect(await screen.findByRole('article', { name: 'Morning Larks' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('article', { name: 'The Night Owls' })).not.toBeInTheDocument())

    await user.selectOptions(screen.getByLabelText('Part'), 'Guitar')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'inactive', part: 'Guitar' }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('part')).toBe('Guitar'))

    await user.type(screen.getByLabelText('Search bands'), 'larks')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'larks', part: 'Guitar' }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('q')).toBe('larks'))
    expect(api.state.requests.filter((url) => url.searchParams.get('q')?.startsWith('l')).map((url) => url.searchParams.get('q'))).toEqual(['larks'])
  })

  it('filters by a member chosen in the picker, or by “only my bands”', async () => {
    const { api } = setup()
    const { user, router } = renderApp('/band-list', { user: me })
    await screen.findByRole('article', { name: 'The Night Owls' })

    await user.click(screen.getByLabelText('Only my bands'))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ memberId: me.id }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('memberId')).toBe(me.id))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Morning Larks' })).not.toBeInTheDocument())
    await user.click(screen.getByLabelText('Only my bands'))
    await waitFor(() => expect(router.state.location.search.memberId).toBeUndefined())

    await user.click(screen.getByRole('combobox', { name: 'Bands with member' }))
    await user.keyboard('aoi')
    await screen.findByRole('option', { name: /Aoi Tanaka/ })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ memberId: aoi.id, memberName: 'Aoi Tanaka' }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('memberId')).toBe(aoi.id))
    expect(within(screen.getByRole('search', { name: 'Filter bands' })).getByText(/^Bands with/)).toHaveTextContent('Bands with Aoi Tanaka')
    await user.click(screen.getByRole('button', { name: 'Clear member filter' }))
    await waitFor(() => expect(router.state.location.search.memberId).toBeUndefined())
  })

  it('reads its filters from the URL', async () => {
    const { api } = setup()
    renderApp('/band-list?status=inactive&q=larks&page=1', { user: me })
    expect(await screen.findByLabelText('Status')).toHaveValue('inactive')
    expect(screen.getByLabelText('Search bands')).toHaveValue('larks')
    await waitFor(() => expect(api.state.requests[0]?.searchParams.get('status')).toBe('inactive'))
    expect(api.state.requests[0]?.searchParams.get('q')).toBe('larks')
  })

  it('says when nothing matches', async () => {
    server.use(...createBandsApi({ me }).handlers)
    renderApp('/band-list', { user: me })
    expect(await screen.findByText('No bands match')).toBeInTheDocument()
  })
})
