import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { addDays, dayLabel, weekLabel, weekStartOf } from '@/contract/calendar'
import { server } from '../../mocks/server'
import { bandMember, buildBand } from '../../mocks/handlers/bands'
import { buildPeriod, buildQuota, buildRoom, clubToday, createBookingsApi } from '../../mocks/handlers/bookings'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })
const studioA = buildRoom({ name: 'Studio A' })
const studioB = buildRoom({ name: 'Studio B' })
const closedRoom = buildRoom({ name: 'Old Room', active: false })
const first = buildPeriod({ label: '1st', startsAt: '09:00', endsAt: '10:30' })
const second = buildPeriod({ label: '2nd', startsAt: '10:40', endsAt: '12:10' })
const scones = buildBand({ name: 'The Rolling Scones', members: [bandMember(me, 'Bass', true)] })
const resting = buildBand({ name: 'Sleepy Band', status: 'inactive', members: [bandMember(me, 'Bass', true)] })
const date = addDays(clubToday(), 3)

function setup({ personalAllowed = true, mayExceed = false } = {}) {
  const api = createBookingsApi({
    rooms: [studioA, studioB, closedRoom],
    periods: [first, second],
    bands: [scones, resting],
    me,
    quota: (day) =>
      buildQuota(day, {
        mayExceed,
        personal: { limit: 2, used: 1, remaining: 1, allowed: personalAllowed },
        bands: [{ bandId: scones.id, name: scones.name, limit: 4, used: 2, remaining: 2 }],
      }),
  })
  server.use(...api.handlers)
  return api
}

async function open(path: string, user = me) {
  const rendered = renderApp(path, { user })
  await screen.findByRole('heading', { name: 'Book a room', level: 1 })
  await screen.findByLabelText('Room')
  return rendered
}

const slotPath = `/room-booking-form?roomId=${studioA.id}&date=${date}&periodId=${first.id}`
const status = () => screen.getByRole('status', { name: 'Slot check' })

describe('/room-booking-form', () => {
  it('fills room, date and period from a grid cell, and the band from “My bands”', async () => {
    setup()
    await open(`${slotPath}&bandId=${scones.id}`)
    expect(screen.getByLabelText('Room')).toHaveValue(studioA.id)
    expect(screen.getByLabelText('Date')).toHaveValue(date)
    expect(screen.getByLabelText('Period')).toHaveValue(first.id)
    expect(screen.getByRole('radio', { name: 'The Rolling Scones' })).toBeChecked()
    // Only active rooms and active bands are offered.
    expect(within(screen.getByLabelText('Room')).queryByRole('option', { name: 'Old Room' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Sleepy Band' })).not.toBeInTheDocument()
    expect(within(screen.getByLabelText('Period')).getByRole('option', { name: '1st period (09:00–10:30)' })).toBeInTheDocument()
  })

  it('opens from “My bands” with that band chosen', async () => {
    setup()
    const { user, router } = renderApp('/user-bands', { user: me })
    const card = await screen.findByRole('article', { name: 'The Rolling Scones' })
    await user.click(within(card).getByRole('link', { name: 'Book a room' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/room-booking-form'))
    expect(await screen.findByRole('radio', { name: 'The Rolling Scones' })).toBeChecked()
    expect(screen.getByLabelText('Date')).toHaveValue(clubToday())
  })

  it('shows what is left of the week’s quotas for the chosen date', async () => {
    const api = setup()
    await open(slotPath)
    const week = await screen.findByRole('region', { name: `Week of ${weekLabel(weekStartOf(date))}` })
    const left = within(week).getByRole('list', { name: 'Periods left this week' })
    await waitFor(() => expect(within(left).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['The Rolling Scones2 of 4 left', 'Personal practice1 of 2 left']))
    expect(within(week).queryByText('Executives may exceed these quotas.')).not.toBeInTheDocument()
    expect(api.state.quotaRequests.at(-1)?.searchParams.get('date')).toBe(weekStartOf(date))
  })

  it('checks the slot as it is chosen and lists every reason it cannot be booked', async () => {
    const api = setup()
    const sentence = `Ayaka already has a booking in 1st period on ${dayLabel(date)} (Studio B).`
    api.state.check = (url) =>
      url.searchParams.get('kind') === 'band'
        ? { bookable: false, problems: [{ code: 'PERSON_DOUBLE_BOOKED', message: sentence }, { code: 'BAND_QUOTA_EXCEEDED', message: 'The Rolling Scones has used all 4 periods this week.' }] }
        : { bookable: true, problems: [] }
    const { user } = await open(slotPath)
    expect(status()).toHaveTextContent('Choose a room, a date, a period and who it is for')
    expect(api.state.checkRequests).toEqual([])

    await user.click(screen.getByRole('radio', { name: 'The Rolling Scones' }))
    await waitFor(() => expect(status()).toHaveTextContent('This slot cannot be booked:'))
    expect(within(status()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([sentence, 'The Rolling Scones has used all 4 periods this week.'])
    const asked = api.state.checkRequests.at(-1)!.searchParams
    expect(Object.fromEntries(asked)).toEqual({ roomId: studioA.id, date, periodId: first.id, kind: 'band', bandId: scones.id })
    // A refused slot cannot be submitted: the button is off and says why, and the reason shows once.
    const book = screen.getByRole('button', { name: 'Book room' })
    expect(book).toBeDisabled()
    expect(book).toHaveAccessibleDescription(expect.stringContaining(sentence))
    await user.click(book)
    expect(screen.getAllByText(sentence)).toHaveLength(1)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(api.state.created).toEqual([])

    await user.click(screen.getByRole('radio', { name: 'Personal practice' }))
    await waitFor(() => expect(status()).toHaveTextContent('This slot is free.'))
    expect(api.state.checkRequests.at(-1)!.searchParams.get('kind')).toBe('personal')
    expect(api.state.checkRequests.at(-1)!.searchParams.has('bandId')).toBe(false)
    expect(screen.getByRole('button', { name: 'Book room' })).toBeEnabled()
  })

  it('books for a band, says so and opens my bookings', async () => {
    const api = setup()
    const { user, router } = await open(`/room-booking-form?date=${date}`)
    await user.selectOptions(screen.getByLabelText('Room'), studioB.id)
    await user.selectOptions(screen.getByLabelText('Period'), second.id)
    await user.click(screen.getByRole('radio', { name: 'The Rolling Scones' }))
    await user.click(screen.getByRole('button', { name: 'Book room' }))

    await waitFor(() => expect(api.state.created).toEqual([{ roomId: studioB.id, date, periodId: second.id, kind: 'band', bandId: scones.id }]))
    expect(await screen.findByText(`Booked Studio B, 2nd period, ${dayLabel(date)}`)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/room-booking-list'))
    expect(await screen.findByText('The Rolling Scones')).toBeInTheDocument()
  })

  it('books personal practice with no band and no reason in the body', async () => {
    const api = setup()
    const { user } = await open(slotPath)
    await user.click(await screen.findByRole('radio', { name: 'Personal practice' }))
    await user.click(screen.getByRole('button', { name: 'Book room' }))
    await waitFor(() => expect(api.state.created).toEqual([{ roomId: studioA.id, date, periodId: first.id, kind: 'personal' }]))
  })

  it('offers personal practice only when the club allows it', async () => {
    setup({ personalAllowed: false })
    await open(slotPath)
    await screen.findByText('2 of 4 left')
    expect(screen.queryByRole('radio', { name: 'Personal practice' })).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'The Rolling Scones' })).toBeInTheDocument()
  })

  it('shows the shared schema’s messages before sending anything', async () => {
    const api = setup()
    const { user } = await open(`/room-booking-form?date=${date}`)
    await user.click(screen.getByRole('button', { name: 'Book room' }))
    expect(await screen.findByText('Choose a room')).toBeInTheDocument()
    expect(screen.getByLabelText('Room')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Choose a period')).toBeInTheDocument()
    expect(screen.getByText('Choose who the booking is for')).toBeInTheDocument()
    expect(api.state.created).toEqual([])
  })

  it('shows the server’s sentence when the booking is refused', async () => {
    const api = setup()
    const { user, router } = await open(slotPath)
    await user.click(screen.getByRole('radio', { name: 'The Rolling Scones' }))
    const sentence = `Ayaka already has a booking in 1st period on ${dayLabel(date)} (Studio B).`
    api.state.nextError = { status: 409, code: 'PERSON_DOUBLE_BOOKED', message: sentence }
    await user.click(screen.getByRole('button', { name: 'Book room' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence)
    expect(router.state.location.pathname).toBe('/room-booking-form')
    expect(api.state.created).toEqual([])
  })

  it('puts the server’s field messages under “Book for”', async () => {
    const api = setup()
    const { user } = await open(slotPath)
    await user.click(screen.getByRole('radio', { name: 'The Rolling Scones' }))
    api.state.nextError = { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields need attention.', fields: { bandId: 'Choose one of your bands' } }
    await user.click(screen.getByRole('button', { name: 'Book room' }))
    expect(await screen.findByText('Choose one of your bands')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Book for' })).toHaveAccessibleDescription('Choose one of your bands')
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention.')
  })

  it('lets executives close a room, with a reason, and tells them they may exceed quotas', async () => {
    const api = setup({ mayExceed: true })
    const { user } = await open(slotPath, executive)
    expect(await screen.findByText('Executives may exceed these quotas.')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Close the room (block)' }))
    await user.click(screen.getByRole('button', { name: 'Book room' }))
    expect(await screen.findByText('Say why the room is closed')).toBeInTheDocument()
    expect(api.state.created).toEqual([])

    await user.type(screen.getByLabelText('Reason for closing'), 'Piano tuning')
    await user.click(screen.getByRole('button', { name: 'Book room' }))
    await waitFor(() => expect(api.state.created).toEqual([{ roomId: studioA.id, date, periodId: first.id, kind: 'block', reason: 'Piano tuning' }]))
  })

  it('does not offer closing a room to members', async () => {
    setup()
    await open(slotPath)
    expect(screen.getByRole('radio', { name: 'The Rolling Scones' })).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Close the room (block)' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Reason for closing')).not.toBeInTheDocument()
  })
})
