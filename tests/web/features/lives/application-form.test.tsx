import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { dayLabel, todayIn } from '@/contract/calendar'
import type { Application, LiveEvent } from '@/contract/lives'
import { server } from '../../mocks/server'
import { bandMember, buildBand } from '../../mocks/handlers/bands'
import { buildApplication, buildEvent } from '../../mocks/handlers/lives'
import { createLivesFormApi } from '../../mocks/handlers/lives-form'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const owls = buildBand({ name: 'The Night Owls', members: [bandMember(me, 'Bass', true)] })
const scones = buildBand({ name: 'The Rolling Scones', members: [bandMember(me, 'Guitar')] })
const resting = buildBand({ name: 'Sleepy Band', status: 'inactive', members: [bandMember(me, 'Drums', true)] })
const summer = buildEvent({ title: 'Summer Live 2026', venue: 'Student hall' })
const closedMessage = 'Applications closed at 23:59 on Mon 15 Jun.'
const [firstDay, secondDay] = summer.days.map((day) => day.date) as [string, string]

function setup({ events = [summer] as LiveEvent[], bands = [owls], applications = [] as Application[] } = {}) {
  const api = createLivesFormApi({ events, bands, applications, me })
  server.use(...api.handlers)
  return api
}

function existing(overrides: Partial<Application> = {}) {
  return buildApplication({
    eventId: summer.id,
    band: { id: owls.id, name: owls.name },
    submittedBy: { id: me.id, displayName: me.displayName },
    songs: [
      { title: 'Sunrise', artist: 'The Owls', length: '4:30' },
      { title: 'Moonlight', artist: '', length: '3:50' },
      { title: 'Last Train', artist: 'Quruli', length: '5:10' },
    ],
    requestedMinutes: 25,
    preferredDay: secondDay,
    unavailable: [{ date: firstDay, from: '13:00', to: '14:00', reason: 'Seminar' }],
    needs: 'Two guitar amps',
    message: 'Thank you!',
    ...overrides,
  })
}

async function open(path: string) {
  const rendered = renderApp(path, { user: me })
  await screen.findByRole('heading', { level: 1, name: 'Summer Live 2026' })
  return rendered
}

const song = (number: number) => screen.getByRole('group', { name: `Song ${number}` })
const minutes = () => screen.getByRole('spinbutton', { name: 'Requested minutes' })

// Applications are typed key by key: longer than the default 5 s on a busy machine.
describe('application forms', () => {
  it('shows the live, then applies for my only band with the songs, the suggested minutes and the rest', async () => {
    const api = setup()
    const { user } = await open('/summer-live-application-form')
    const facts = screen.getByRole('region', { name: 'About this live' })
    expect(facts).toHaveTextContent('Student hall')
    expect(within(facts).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`${dayLabel(firstDay)} Main 12:00–18:00`, `${dayLabel(secondDay)} Main 12:00–18:00`])
    expect(facts).toHaveTextContent('Applications close at 23:59 on Mon 15 Jun.')
    expect(await screen.findByRole('spinbutton', { name: 'Requested minutes' })).toHaveValue(5)
    expect(screen.getByText('The Night Owls')).toBeInTheDocument()

    await user.type(within(song(1)).getByLabelText('Title'), 'Sunrise')
    await user.type(within(song(1)).getByLabelText('Artist'), 'The Owls')
    await user.type(within(song(1)).getByLabelText('Length'), '4:30')
    await user.click(screen.getByRole('button', { name: 'Add a song' }))
    // The new row's title has the focus: the keyboard carries on where the song goes.
    expect(within(song(2)).getByLabelText('Title')).toHaveFocus()
    await user.keyboard('Moonlight')
    await user.type(within(song(2)).getByLabelText('Length'), '3:50')
    // 4:30 + 3:50 = 8:20 → 9 min, + 5 min setup → 14, rounded up to 15.
    expect(minutes()).toHaveValue(15)
    expect(minutes()).toHaveAccessibleDescription(/Songs: 9 min \+ 5 min setup/)

    await user.selectOptions(screen.getByLabelText('Preferred day'), dayLabel(secondDay))
    await user.click(screen.getByRole('button', { name: 'Add a time you cannot play' }))
    const window = screen.getByRole('group', { name: 'Unavailable time 1' })
    expect(within(window).getByLabelText('Day')).toHaveFocus()
    await user.selectOptions(within(window).getByLabelText('Day'), dayLabel(secondDay))
    await user.type(within(window).getByLabelText('From'), '13:00')
    await user.type(within(window).getByLabelText('To'), '14:30')
    await user.type(within(window).getByLabelText('Reason'), 'Seminar')
    await user.type(screen.getByLabelText('Stage and equipment needs'), 'Two guitar amps')
    await user.click(screen.getByRole('button', { name: 'Send application' }))

    await waitFor(() =>
      expect(api.state.submitted).toEqual([
        {
          eventId: summer.id,
          body: {
            bandId: owls.id,
            songs: [
              { title: 'Sunrise', artist: 'The Owls', length: '4:30' },
              { title: 'Moonlight', artist: '', length: '3:50' },
            ],
            requestedMinutes: 15,
            preferredDay: secondDay,
            unavailable: [{ date: secondDay, from: '13:00', to: '14:30', reason: 'Seminar' }],
            needs: 'Two guitar amps',
            message: '',
          },
        },
      ]),
    )
    expect(await screen.findByText('The Night Owls applied to Summer Live 2026.')).toBeInTheDocument()
    // The application is now the band's: its status shows and the form edits it.
    const status = await screen.findByRole('region', { name: 'Application status' })
    expect(status).toHaveTextContent('Submitted')
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument()
    expect(within(song(2)).getByLabelText('Title')).toHaveValue('Moonlight')
    expect(api.state.listRequests.at(-1)?.searchParams.get('scope')).toBe('mine')
    expect(api.state.listRequests.at(-1)?.searchParams.get('bandId')).toBe(owls.id)
  })

  it('lets the requested minutes follow the songs until I type my own, and offers the suggestion back', async () => {
    setup()
    const { user } = await open('/summer-live-application-form')
    await user.type(within(await screen.findByRole('group', { name: 'Song 1' })).getByLabelText('Length'), '12:00')
    expect(minutes()).toHaveValue(20)
    await user.clear(minutes())
    await user.type(minutes(), '30')
    await user.clear(within(song(1)).getByLabelText('Length'))
    await user.type(within(song(1)).getByLabelText('Length'), '21:00')
    expect(minutes()).toHaveValue(30)
    expect(minutes()).toHaveAccessibleDescription('Songs: 21 min + 5 min setup; we suggest 30.')
    await user.clear(within(song(1)).getByLabelText('Length'))
    await user.type(within(song(1)).getByLabelText('Length'), '31:00')
    await user.click(screen.getByRole('button', { name: 'Use 40 min' }))
    expect(minutes()).toHaveValue(40)
    await user.clear(within(song(1)).getByLabelText('Length'))
    await user.type(within(song(1)).getByLabelText('Length'), '2:00')
    expect(minutes()).toHaveValue(10)
  })

  it('checks the form with the shared schema before sending anything', async () => {
    const api = setup()
    const { user } = await open('/summer-live-application-form')
    await screen.findByRole('group', { name: 'Song 1' })
    await user.click(screen.getByRole('button', { name: 'Add a time you cannot play' }))
    await user.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await within(song(1)).findByText('Enter the song’s title')).toBeInTheDocument()
    expect(within(song(1)).getByLabelText('Length')).toHaveAccessibleDescription('Enter the length, e.g. 4:30')
    const window = screen.getByRole('group', { name: 'Unavailable time 1' })
    expect(within(window).getByLabelText('Day')).toHaveAccessibleDescription('Choose a day')
    expect(within(window).getByLabelText('From')).toHaveAccessibleDescription('Enter the start time')

    await user.type(within(song(1)).getByLabelText('Title'), 'Epic')
    await user.type(within(song(1)).getByLabelText('Length'), '30:00')
    await user.clear(minutes())
    await user.type(minutes(), '10')
    await user.click(screen.getByRole('button', { name: 'Remove unavailable time 1' }))
    expect(screen.getByRole('button', { name: 'Add a time you cannot play' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByText('Your songs last 30 min; ask for at least 30')).toBeInTheDocument()
    expect(api.state.submitted).toEqual([])
  })

  it('edits an existing application (from ?bandId=), keeping its status and the executives’ note', async () => {
    const application = existing({ status: 'accepted', reviewNote: 'See you at the sound check at 11:00.' })
    const api = setup({ bands: [owls, scones, resting], applications: [application] })
    const { user } = await open(`/summer-live-application-form?bandId=${owls.id}`)
    expect(await screen.findByLabelText('Band')).toHaveValue(owls.id)
    const status = await screen.findByRole('region', { name: 'Application status' })
    expect(status).toHaveTextContent('Accepted')
    expect(status).toHaveTextContent('See you at the sound check at 11:00.')
    expect(within(song(3)).getByLabelText('Title')).toHaveValue('Last Train')
    expect(minutes()).toHaveValue(25)
    expect(screen.getByLabelText('Preferred day')).toHaveValue(secondDay)
    expect(within(screen.getByRole('group', { name: 'Unavailable time 1' })).getByLabelText('Reason')).toHaveValue('Seminar')

    await user.click(screen.getByRole('button', { name: 'Remove song 2' }))
    // The song that took its place has the focus.
    expect(within(song(2)).getByLabelText('Title')).toHaveFocus()
    expect(within(song(2)).getByLabelText('Title')).toHaveValue('Last Train')
    expect(screen.queryByRole('group', { name: 'Song 3' })).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText('Message to the executives'))
    await user.type(screen.getByLabelText('Message to the executives'), 'We can play early.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    await waitFor(() =>
      expect(api.state.updates).toEqual([
        {
          applicationId: application.id,
          body: {
            songs: [
              { title: 'Sunrise', artist: 'The Owls', length: '4:30' },
              { title: 'Last Train', artist: 'Quruli', length: '5:10' },
            ],
            requestedMinutes: 25,
            preferredDay: secondDay,
            unavailable: [{ date: firstDay, from: '13:00', to: '14:00', reason: 'Seminar' }],
            needs: 'Two guitar amps',
            message: 'We can play early.',
          },
        },
      ]),
    )
    expect(await screen.findByText('Saved the application of The Night Owls.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Application status' })).toHaveTextContent('Accepted')
  })

  it('withdraws only after confirming, then says so and lets the band apply again', async () => {
    const application = existing()
    const api = setup({ applications: [application] })
    const { user } = await open('/summer-live-application-form')
    await user.click(await screen.findByRole('button', { name: 'Withdraw application' }))
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw the application of The Night Owls?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.state.withdrawn).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Withdraw application' }))
    dialog = await screen.findByRole('dialog', { name: 'Withdraw the application of The Night Owls?' })
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }))
    await waitFor(() => expect(api.state.withdrawn).toEqual([application.id]))
    expect(await screen.findByText('Withdrew the application of The Night Owls.')).toBeInTheDocument()
    const today = dayLabel(todayIn(new Date(), 'Asia/Tokyo'))
    expect(await screen.findByText(`The Night Owls withdrew its application on ${today}; you may apply again.`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send application' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Application status' })).not.toBeInTheDocument()
    expect(within(song(1)).getByLabelText('Title')).toHaveValue('')
  })

  it('says so when the band applied meanwhile (409 APPLICATION_EXISTS) and shows that application', async () => {
    const api = setup()
    const { user } = await open('/summer-live-application-form')
    await user.type(within(await screen.findByRole('group', { name: 'Song 1' })).getByLabelText('Title'), 'Sunrise')
    await user.type(within(song(1)).getByLabelText('Length'), '4:30')
    // A bandmate applied from their phone while this form was open.
    const theirs = existing({ songs: [{ title: 'Their song', artist: '', length: '3:00' }], requestedMinutes: 10 })
    api.state.rows.set(theirs.id, theirs)
    await user.click(screen.getByRole('button', { name: 'Send application' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('This band has already applied to this live. Edit that application instead.')
    expect(api.state.submitted).toEqual([])
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument()
    expect(within(song(1)).getByLabelText('Title')).toHaveValue('Their song')
    expect(screen.getByRole('alert')).toHaveTextContent('This band has already applied')
  })

  it('puts the server’s field messages under their fields (400)', async () => {
    const api = setup()
    const { user } = await open('/summer-live-application-form')
    await user.type(within(await screen.findByRole('group', { name: 'Song 1' })).getByLabelText('Title'), 'Sunrise')
    await user.type(within(song(1)).getByLabelText('Length'), '4:30')
    await user.click(screen.getByRole('button', { name: 'Add a song' }))
    await user.keyboard('Moonlight')
    await user.type(within(song(2)).getByLabelText('Length'), '3:00')
    api.state.nextError = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields need attention.',
      fields: { 'songs.1.length': 'This song is too long for the live', preferredDay: 'Choose one of the live’s days' },
    }
    await user.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByText('This song is too long for the live')).toBeInTheDocument()
    expect(within(song(2)).getByLabelText('Length')).toHaveAccessibleDescription('This song is too long for the live')
    expect(within(song(2)).getByLabelText('Length')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Preferred day')).toHaveAccessibleDescription('Choose one of the live’s days')
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention.')
    expect(api.state.submitted).toEqual([])
  })

  it('is read-only after the close time and says why', async () => {
    const closed = { ...summer, status: 'closed' as const, applicationWindow: { state: 'closed' as const, message: closedMessage } }
    setup({ events: [closed], applications: [existing({ canEdit: false })] })
    await open('/summer-live-application-form')
    expect(await screen.findByRole('note')).toHaveTextContent(`${closedMessage} Your application can no longer be changed.`)
    const details = screen.getByRole('region', { name: 'Your application' })
    expect(within(details).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sunrise — The Owls (4:30)',
      'Moonlight (3:50)',
      'Last Train — Quruli (5:10)',
      `${dayLabel(firstDay)} 13:00–14:00 (Seminar)`,
    ])
    expect(details).toHaveTextContent('25 min')
    expect(details).toHaveTextContent('Two guitar amps')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument()
  })

  it('turns read-only with the reason when the window closed while the form was open (409)', async () => {
    const event = buildEvent({ title: 'Summer Live 2026' })
    const application = existing({ eventId: event.id })
    const api = setup({ events: [event], applications: [application] })
    const { user } = await open('/summer-live-application-form')
    await user.type(await screen.findByLabelText('Message to the executives'), ' See you!')
    // The close time passes before "Save changes" is pressed.
    Object.assign(event, { status: 'closed', applicationWindow: { state: 'closed', message: closedMessage } })
    api.state.nextError = { status: 409, code: 'APPLICATIONS_CLOSED', message: closedMessage }
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(closedMessage)
    expect(await screen.findByRole('note')).toHaveTextContent(`${closedMessage} Your application can no longer be changed.`)
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Your application' })).toHaveTextContent('Thank you!')
    expect(api.state.updates).toEqual([])
  })

  it('before applications open, says when they do and shows no form', async () => {
    const notYet = 'Applications open at 09:00 on Mon 1 Jun.'
    setup({ events: [{ ...summer, status: 'draft', applicationWindow: { state: 'not_yet', message: notYet } }] })
    await open('/summer-live-application-form')
    expect(await screen.findByRole('note')).toHaveTextContent(`${notYet} You can apply then.`)
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument()
  })

  it('after the close, a band that did not apply is told so, with no form', async () => {
    const closed = { ...summer, applicationWindow: { state: 'closed' as const, message: closedMessage } }
    setup({ events: [closed] })
    await open('/summer-live-application-form')
    expect(await screen.findByText('The Night Owls has not applied to this live.')).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent(closedMessage)
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument()
  })

  it('shows a rejected application as text with the reason and the executives’ note', async () => {
    setup({ applications: [existing({ status: 'rejected', canEdit: false, reviewNote: 'Too many bands this time, sorry.' })] })
    await open('/summer-live-application-form')
    expect(await screen.findByRole('note')).toHaveTextContent('This application was rejected, so it can no longer be changed.')
    expect(screen.getByRole('region', { name: 'Application status' })).toHaveTextContent('Too many bands this time, sorry.')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument()
  })

  it('says there is no current live when the kind has none', async () => {
    setup({ events: [summer] })
    renderApp('/christmas-live-application', { user: me })
    expect(await screen.findByRole('heading', { level: 1, name: 'Christmas live application' })).toBeInTheDocument()
    expect(await screen.findByText(/There is no current Christmas live/)).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })

  it('asks a member with no active band to register one', async () => {
    setup({ bands: [resting] })
    await open('/summer-live-application-form')
    expect(await screen.findByText('You need an active band to apply.')).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Register a band' })).toHaveAttribute('href', '/band-registration-form')
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument()
  })

  it('lets a member of several bands choose one, and keeps the choice in the URL', async () => {
    const api = setup({ bands: [owls, scones, resting] })
    const { user, router } = await open('/summer-live-application-form')
    const band = await screen.findByLabelText('Band')
    expect(within(band).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a band', 'The Night Owls', 'The Rolling Scones'])
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument()
    await user.selectOptions(band, 'The Rolling Scones')
    await waitFor(() => expect(router.state.location.search).toEqual({ bandId: scones.id }))
    expect(await screen.findByRole('region', { name: 'Application of The Rolling Scones' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Send application' })).toBeInTheDocument()
    expect(api.state.listRequests.at(-1)?.searchParams.get('bandId')).toBe(scones.id)
  })

  it('serves the seasonal path for every season and another event through ?eventId=', async () => {
    const winter = buildEvent({ title: 'Winter Live 2026', season: 'winter' })
    const pastWinter = buildEvent({ title: 'Winter Live 2025', season: 'winter', academicYear: 2025, applicationWindow: { state: 'closed', message: closedMessage } })
    setup({ events: [winter, pastWinter] })
    const { router } = renderApp('/seasonal-live-application/winter', { user: me })
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter Live 2026' })).toBeInTheDocument()
    await router.navigate({ to: '/winter-live-application-form', search: { eventId: pastWinter.id } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter Live 2025' })).toBeInTheDocument()
    expect(await screen.findByRole('note')).toHaveTextContent(closedMessage)
  })

  it('answers an unknown season with the 404 page', async () => {
    setup()
    renderApp('/seasonal-live-application/monsoon', { user: me })
    expect(await screen.findByRole('heading', { name: /404/ })).toBeInTheDocument()
  })

  it('opens from the “Apply” shortcut on My bands with that live and band chosen', async () => {
    setup({ bands: [owls, scones] })
    const { user, router } = renderApp('/user-bands', { user: me })
    const card = await screen.findByRole('article', { name: 'The Rolling Scones' })
    await user.click(await within(card).findByRole('link', { name: 'Apply to Summer Live 2026' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/seasonal-live-application/summer'))
    expect(router.state.location.search).toEqual({ eventId: summer.id, bandId: scones.id })
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Live 2026' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Band')).toHaveValue(scones.id)
  })
})
