import { beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { clubHandlers, clubState } from '../../mocks/handlers/club'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Club Admin' })

describe('how long the activity log is kept', () => {
  beforeEach(() => {
    clubState.reset()
    server.use(...clubHandlers)
  })

  it('is a number of days in the system settings, from 30 to 3650', async () => {
    const { user } = renderApp('/system-settings', { user: admin })
    const form = await screen.findByRole('form', { name: 'Club settings' })
    const days = within(form).getByLabelText('Keep the activity log for (days)')
    expect(days).toHaveValue(730)
    const save = () => user.click(within(form).getByRole('button', { name: 'Save settings' }))

    await user.clear(days)
    await user.type(days, '10')
    await save()
    expect(await within(form).findByText('Keep at least 30 days')).toBeInTheDocument()
    await user.clear(days)
    await user.type(days, '4000')
    await save()
    expect(await within(form).findByText('At most 3650 days (10 years)')).toBeInTheDocument()
    expect(clubState.settings.activityLog.keepDays).toBe(730)

    await user.clear(days)
    await user.type(days, '365')
    await save()
    await screen.findByText('Settings saved. They apply from now on.')
    expect(clubState.settings.activityLog.keepDays).toBe(365)
  })
})
