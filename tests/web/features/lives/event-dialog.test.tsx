import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { LiveEvent } from '@/contract/lives'
import { server } from '../../mocks/server'
import { buildEvent } from '../../mocks/handlers/lives'
import { createLivesReviewApi } from '../../mocks/handlers/lives-review'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const member = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })
const admin = buildUser({ displayName: 'Ada Admin', role: 'admin' })

function setup(events: LiveEvent[] = []) {
  const api = createLivesReviewApi({ events })
  server.use(...api.handlers)
  return api
}

/** datetime-local, date and time inputs take their value in one go (typing into them is browser-specific). */
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })

const day = (dialog: HTMLElement, number: number) => within(dialog).getByRole('group', { name: `Day ${number}` })
const stage = (dialog: HTMLElement, dayNumber: number, stageNumber: number) =>
  within(dialog).getByRole('group', { name: `Day ${dayNumber}, stage ${stageNumber}` })

describe('EventDialog', () => {
  it('creates the Christmas live with the window converted from the club’s clock (Tokyo)', async () => {
    const api = setup()
    const { user } = renderApp('/christmas-live-application-list', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Create the Christmas live' }))
    const dialog = await screen.findByRole('dialog', { name: 'New Christmas live' })

    // Defaults: the club's current term, the usual minutes, a draft.
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Christmas live 2026')
    expect(within(dialog).getByLabelText('Academic year')).toHaveValue(2026)
    expect(within(dialog).getByLabelText('Performance (min)')).toHaveValue(20)
    expect(within(dialog).getByLabelText('Changeover (min)')).toHaveValue(5)
    expect(within(dialog).getByLabelText('Musician’s gap (min)')).toHaveValue(30)
    expect(within(dialog).getByLabelText('Status')).toHaveValue('draft')
    expect(within(dialog).getAllByText('On the club’s clock (Asia/Tokyo).')).toHaveLength(2)

    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Xmas Live')
    await user.type(within(dialog).getByLabelText('Venue'), 'Hall B')
    setValue(within(day(dialog, 1)).getByLabelText('Date'), '2026-12-24')
    const firstStage = stage(dialog, 1, 1)
    await user.clear(within(firstStage).getByLabelText('Stage 1'))
    await user.type(within(firstStage).getByLabelText('Stage 1'), 'Hall')
    setValue(within(firstStage).getByLabelText('Opens'), '17:00')
    setValue(within(firstStage).getByLabelText('Closes'), '21:00')

    // A second day copies the first's stages and takes the next date; a second stage on it.
    await user.click(within(dialog).getByRole('button', { name: 'Add a day' }))
    expect(within(day(dialog, 2)).getByLabelText('Date')).toHaveValue('2026-12-25')
    await user.click(within(dialog).getByRole('button', { name: 'Add a stage to day 2' }))
    const added = stage(dialog, 2, 2)
    expect(within(added).getByLabelText('Stage 2')).toHaveFocus()
    await user.type(within(added).getByLabelText('Stage 2'), 'Lounge')

    setValue(within(dialog).getByLabelText('Applications open'), '2026-11-01T09:00')
    setValue(within(dialog).getByLabelText('Applications close'), '2026-11-30T23:59')
    await user.type(within(dialog).getByLabelText('Band limit'), '8')
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Open')
    await user.click(within(dialog).getByRole('button', { name: 'Create live' }))

    await waitFor(() => expect(api.state.createdEvents).toHaveLength(1))
    expect(api.state.createdEvents[0]).toEqual({
      kind: 'christmas',
      season: null,
      title: 'Xmas Live',
      academicYear: 2026,
      venue: 'Hall B',
      days: [
        { date: '2026-12-24', stages: [{ name: 'Hall', opensAt: '17:00', closesAt: '21:00' }] },
        {
          date: '2026-12-25',
          stages: [
            { name: 'Hall', opensAt: '17:00', closesAt: '21:00' },
            { name: 'Lounge', opensAt: '12:00', closesAt: '18:00' },
          ],
        },
      ],
      defaultPerformanceMinutes: 20,
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
      // 09:00 and 23:59 in Tokyo (UTC+9).
      applicationOpensAt: '2026-11-01T00:00:00.000Z',
      applicationClosesAt: '2026-11-30T14:59:00.000Z',
      bandLimit: 8,
      status: 'open',
    })
    expect(await screen.findByText('Created Xmas Live.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // It is now the current Christmas live, so the screen shows it.
    expect(await screen.findByRole('heading', { name: 'Xmas Live' })).toBeInTheDocument()
  })

  it('fixes the kind and season from the screen', async () => {
    const api = setup([buildEvent({ title: 'Winter Live 2026', season: 'winter' })])
    const { user, router } = renderApp('/seasonal-live-application-list/winter', { user: admin })
    expect(await screen.findByRole('heading', { name: 'Winter Live 2026' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'New live' }))
    const dialog = await screen.findByRole('dialog', { name: 'New Winter live' })
    setValue(within(day(dialog, 1)).getByLabelText('Date'), '2027-01-30')
    setValue(within(dialog).getByLabelText('Applications open'), '2026-12-01T00:00')
    setValue(within(dialog).getByLabelText('Applications close'), '2026-12-20T12:00')
    await user.click(within(dialog).getByRole('button', { name: 'Create live' }))
    await waitFor(() => expect(api.state.createdEvents).toHaveLength(1))
    expect(api.state.createdEvents[0]).toMatchObject({
      kind: 'seasonal',
      season: 'winter',
      title: 'Winter live 2026',
      bandLimit: null,
      status: 'draft',
      applicationOpensAt: '2026-11-30T15:00:00.000Z',
      applicationClosesAt: '2026-12-20T03:00:00.000Z',
    })
    // The screen moves to the new event.
    await waitFor(() => expect(router.state.location.search).toMatchObject({ eventId: expect.any(String) }))
    expect(await screen.findByRole('heading', { name: 'Winter live 2026' })).toBeInTheDocument()
  })

  it('shows the schema’s messages under their fields and sends nothing', async () => {
    const api = setup()
    const { user } = renderApp('/festival-application-list', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Create the School festival' }))
    const dialog = await screen.findByRole('dialog', { name: 'New School festival' })

    await user.clear(within(dialog).getByLabelText('Title'))
    await user.clear(within(dialog).getByLabelText('Performance (min)'))
    const firstStage = stage(dialog, 1, 1)
    setValue(within(firstStage).getByLabelText('Opens'), '18:00')
    setValue(within(firstStage).getByLabelText('Closes'), '17:00')
    await user.type(within(dialog).getByLabelText('Band limit'), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Create live' }))

    expect(await within(dialog).findByText('Give the live a title')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText('Enter minutes')).toBeInTheDocument()
    expect(within(day(dialog, 1)).getByText('Use YYYY-MM-DD')).toBeInTheDocument()
    expect(within(stage(dialog, 1, 1)).getByText('Must be after the opening time')).toBeInTheDocument()
    expect(within(dialog).getByText('At least 1')).toBeInTheDocument()
    expect(api.state.createdEvents).toEqual([])
  })

  it('asks for a window that closes after it opens', async () => {
    const api = setup()
    const { user } = renderApp('/festival-application-list', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Create the School festival' }))
    const dialog = await screen.findByRole('dialog', { name: 'New School festival' })
    setValue(within(day(dialog, 1)).getByLabelText('Date'), '2026-11-03')
    setValue(within(dialog).getByLabelText('Applications open'), '2026-10-10T10:00')
    setValue(within(dialog).getByLabelText('Applications close'), '2026-10-01T10:00')
    await user.click(within(dialog).getByRole('button', { name: 'Create live' }))
    expect(await within(dialog).findByText('Must be after applications open')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Applications close')).toHaveAttribute('aria-invalid', 'true')
    expect(api.state.createdEvents).toEqual([])
  })

  it('asks for the application window when it is left empty', async () => {
    const api = setup()
    const { user } = renderApp('/festival-application-list', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Create the School festival' }))
    const dialog = await screen.findByRole('dialog', { name: 'New School festival' })
    setValue(within(day(dialog, 1)).getByLabelText('Date'), '2026-11-03')
    await user.click(within(dialog).getByRole('button', { name: 'Create live' }))
    expect(await within(dialog).findAllByText('Choose a date and time')).toHaveLength(2)
    expect(api.state.createdEvents).toEqual([])
  })

  it('opens an event for editing with every field filled in, and saves the whole event', async () => {
    const event = buildEvent({
      title: 'Summer Live 2026',
      venue: 'Student hall',
      bandLimit: 15,
      days: [{ date: '2026-07-18', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }, { name: 'Sub', opensAt: '13:00', closesAt: '17:00' }] }],
      applicationOpensAt: '2026-05-24T15:00:00.000Z',
      applicationClosesAt: '2026-06-15T14:59:00.000Z',
    })
    const api = setup([event])
    const { user } = renderApp('/seasonal-live-application-list/summer', { user: executive })
    expect(await screen.findByRole('heading', { name: 'Summer Live 2026' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit live' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Summer Live 2026' })

    expect(within(dialog).getByLabelText('Title')).toHaveValue('Summer Live 2026')
    expect(within(dialog).getByLabelText('Venue')).toHaveValue('Student hall')
    expect(within(day(dialog, 1)).getByLabelText('Date')).toHaveValue('2026-07-18')
    expect(within(stage(dialog, 1, 2)).getByLabelText('Stage 2')).toHaveValue('Sub')
    expect(within(stage(dialog, 1, 2)).getByLabelText('Opens')).toHaveValue('13:00')
    // Instants shown on the club's clock.
    expect(within(dialog).getByLabelText('Applications open')).toHaveValue('2026-05-25T00:00')
    expect(within(dialog).getByLabelText('Applications close')).toHaveValue('2026-06-15T23:59')
    expect(within(dialog).getByLabelText('Band limit')).toHaveValue(15)
    expect(within(dialog).getByLabelText('Status')).toHaveValue('open')

    await user.click(within(dialog).getByRole('button', { name: 'Remove stage 2 of day 1' }))
    await user.clear(within(dialog).getByLabelText('Band limit'))
    await user.clear(within(dialog).getByLabelText('Venue'))
    await user.type(within(dialog).getByLabelText('Venue'), 'Main hall')
    await user.click(within(dialog).getByRole('button', { name: 'Save live' }))

    await waitFor(() => expect(api.state.updatedEvents).toHaveLength(1))
    expect(api.state.updatedEvents[0]).toEqual({
      eventId: event.id,
      body: expect.objectContaining({
        kind: 'seasonal',
        season: 'summer',
        venue: 'Main hall',
        days: [{ date: '2026-07-18', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }],
        applicationOpensAt: '2026-05-24T15:00:00.000Z',
        applicationClosesAt: '2026-06-15T14:59:00.000Z',
        bandLimit: null,
        status: 'open',
      }),
    })
    expect(await screen.findByText('Saved Summer Live 2026.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('region', { name: 'Summer Live 2026' })).toHaveTextContent('Main hall'))
  })

  it('puts the server’s field messages under their fields, stages included', async () => {
    const event = buildEvent({ title: 'Summer Live 2026' })
    const api = setup([event])
    api.state.nextError = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields need attention.',
      fields: { 'days.1.stages.0.closesAt': 'The hall closes at 17:00 that day', title: 'Another live has this title' },
    }
    const { user } = renderApp('/seasonal-live-application-list/summer', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Edit live' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Summer Live 2026' })
    await user.click(within(dialog).getByRole('button', { name: 'Save live' }))

    expect(await within(stage(dialog, 2, 1)).findByText('The hall closes at 17:00 that day')).toBeInTheDocument()
    expect(within(stage(dialog, 2, 1)).getByLabelText('Closes')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText('Another live has this title')).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields need attention.')
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    // Removing a day moves the rows: the server's row messages go.
    await user.click(within(dialog).getByRole('button', { name: 'Remove day 2' }))
    expect(within(dialog).queryByText('The hall closes at 17:00 that day')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Add a day' })).toHaveFocus()
  })

  it('offers creating and editing to executives only', async () => {
    setup([buildEvent({ title: 'Summer Live 2026' })])
    renderApp('/seasonal-live-application-list/summer', { user: member })
    expect(await screen.findByRole('heading', { name: 'Summer Live 2026' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit live' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New live' })).not.toBeInTheDocument()
  })

  it('closes without saving on Cancel', async () => {
    const api = setup([buildEvent({ title: 'Summer Live 2026' })])
    const { user } = renderApp('/seasonal-live-application-list/summer', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Edit live' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Summer Live 2026' })
    await user.type(within(dialog).getByLabelText('Title'), ' (changed)')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.state.updatedEvents).toEqual([])
    // Opening it again starts from the saved event.
    await user.click(screen.getByRole('button', { name: 'Edit live' }))
    expect(within(await screen.findByRole('dialog')).getByLabelText('Title')).toHaveValue('Summer Live 2026')
  })
})
