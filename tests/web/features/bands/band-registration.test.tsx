import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { MemberSummary } from '@/contract/members'
import { server } from '../../mocks/server'
import { createBandsApi } from '../../mocks/handlers/bands'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const aoi: MemberSummary = { id: crypto.randomUUID(), displayName: 'Aoi Tanaka', enrollmentYear: 2024, grade: 3 }
const aoba: MemberSummary = { id: crypto.randomUUID(), displayName: 'Aoba Mori', enrollmentYear: 2025, grade: 2 }

let api: ReturnType<typeof createBandsApi>

beforeEach(() => {
  api = createBandsApi({ people: [aoi, aoba], me })
  server.use(...api.handlers)
})

async function open() {
  const rendered = renderApp('/band-registration-form', { user: me })
  await screen.findByRole('heading', { name: 'Register a band' })
  return rendered
}

/** Types into the picker and adds the person with the keyboard only. */
async function addWithKeyboard(user: Awaited<ReturnType<typeof open>>['user'], text: string, arrowsDown = 0) {
  const picker = screen.getByRole('combobox', { name: 'Add a member' })
  await user.click(picker)
  await user.keyboard(text)
  const list = await screen.findByRole('listbox', { name: 'Add a member results' })
  await waitFor(() => expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true'))
  for (let index = 0; index < arrowsDown; index += 1) await user.keyboard('{ArrowDown}')
  await user.keyboard('{Enter}')
}

const members = () => screen.getByRole('list', { name: 'Band members' })

describe('/band-registration-form', () => {
  it('starts with the registrant as leader, who cannot be removed', async () => {
    await open()
    const list = members()
    expect(within(list).getByText('Hana Sato')).toBeInTheDocument()
    expect(within(list).getByText('(you)')).toBeInTheDocument()
    expect(within(list).getByRole('radio', { name: 'Leader: Hana Sato' })).toBeChecked()
    expect(within(list).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    expect(screen.getByText('1 of 10 members. Choose each one’s part and exactly one leader.')).toBeInTheDocument()
  })

  it('adds a person with the keyboard, announces the results and lets exactly one leader be chosen', async () => {
    const { user } = await open()
    await addWithKeyboard(user, 'ao', 1)
    const list = members()
    expect(within(list).getByText('Aoba Mori')).toBeInTheDocument()
    expect(within(list).queryByText('Aoi Tanaka')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Add a member' })).toHaveValue('')

    // The person already added is no longer offered; the count is announced.
    await user.keyboard('ao')
    await waitFor(() => expect(screen.getByText(/^1 result\./)).toBeInTheDocument())
    expect(within(screen.getByRole('listbox', { name: 'Add a member results' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Aoi Tanaka'),
    ])
    await user.keyboard('{Escape}')
    expect(screen.getByRole('combobox', { name: 'Add a member' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox', { name: 'Add a member results' })).not.toBeInTheDocument()

    await user.click(within(list).getByRole('radio', { name: 'Leader: Aoba Mori' }))
    expect(within(list).getByRole('radio', { name: 'Leader: Aoba Mori' })).toBeChecked()
    expect(within(list).getByRole('radio', { name: 'Leader: Hana Sato' })).not.toBeChecked()
    expect(within(list).getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1)

    await user.click(within(list).getByRole('button', { name: 'Remove Aoba Mori' }))
    expect(within(list).queryByText('Aoba Mori')).not.toBeInTheDocument()
  })

  it('shows the shared schema’s errors before sending anything', async () => {
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: 'Register band' }))
    expect(await screen.findByText('Enter the band name')).toBeInTheDocument()
    expect(screen.getByLabelText('Band name')).toHaveAttribute('aria-invalid', 'true')
    expect(within(members()).getByText('Choose a part from the list')).toBeInTheDocument()
    expect(api.state.created).toEqual([])
  })

  it('counts the description as it is typed', async () => {
    const { user } = await open()
    await user.type(screen.getByLabelText('Description'), 'Loud')
    expect(screen.getByText('4 of 500 characters')).toBeInTheDocument()
  })

  async function fillValidBand(user: Awaited<ReturnType<typeof open>>['user']) {
    await user.type(screen.getByLabelText('Band name'), 'The Night Owls')
    await user.type(screen.getByLabelText('Genre or artist covered'), 'City pop')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part for Hana Sato' }), 'Vocal')
    await addWithKeyboard(user, 'aoi')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part for Aoi Tanaka' }), 'Drums')
  }

  it('shows the server’s 409 under the name and a member error under that row', async () => {
    const { user } = await open()
    await fillValidBand(user)

    api.state.nextError = { status: 409, code: 'BAND_NAME_TAKEN', message: 'That band name is in use.', fields: { name: 'Another band already uses this name' } }
    await user.click(screen.getByRole('button', { name: 'Register band' }))
    expect(await screen.findByText('Another band already uses this name')).toBeInTheDocument()
    expect(screen.getByLabelText('Band name')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('That band name is in use.')

    api.state.nextError = { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields need attention.', fields: { 'members.1.userId': 'Aoi Tanaka is not an active member' } }
    await user.click(screen.getByRole('button', { name: 'Register band' }))
    const rows = within(members()).getAllByRole('listitem')
    expect(await within(rows[1]!).findByText('Aoi Tanaka is not an active member')).toBeInTheDocument()
    expect(within(rows[0]!).queryByText('Aoi Tanaka is not an active member')).not.toBeInTheDocument()
    expect(api.state.created).toEqual([])
  })

  it('registers the band and opens its page', async () => {
    const { user, router } = await open()
    await fillValidBand(user)
    await user.type(screen.getByLabelText('Description'), 'We play on Fridays.')
    await user.click(screen.getByRole('button', { name: 'Register band' }))

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bands\/edit\/[0-9a-f-]{36}$/))
    expect(api.state.created).toEqual([
      {
        name: 'The Night Owls',
        genre: 'City pop',
        description: 'We play on Fridays.',
        members: [
          { userId: me.id, part: 'Vocal', isLeader: true },
          { userId: aoi.id, part: 'Drums', isLeader: false },
        ],
      },
    ])
    expect(await screen.findByText('“The Night Owls” is registered.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Edit The Night Owls' })).toBeInTheDocument()
  })
})
