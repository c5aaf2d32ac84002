import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { knownUser } from '../../mocks/handlers/auth'
import { renderApp } from '../../support/render-app'
import { buildDashboard } from '../../mocks/handlers/dashboard'

const empty: { info: object; missing: Array<'fullName' | 'nameKana' | 'studentNumber' | 'faculty' | 'department'> } = {
  info: { fullName: null, nameKana: null, studentNumber: null, faculty: null, department: null, phone: null, updatedAt: null },
  missing: ['fullName', 'nameKana', 'studentNumber', 'faculty', 'department'],
}

describe('university details', () => {
  it('prompts on the dashboard while required details are missing', async () => {
    server.use(http.get('/api/dashboard', () => HttpResponse.json(buildDashboard({ missingInfo: empty.missing }))))
    const { user, router } = renderApp('/dashboard', { user: knownUser })
    expect(await screen.findByRole('heading', { name: 'Complete your details for the university' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Complete your details' }))
    await screen.findByRole('heading', { name: 'University details' })
    expect(router.state.location.pathname).toBe('/additional-info')
  })

  it('shows no prompt once they are complete', async () => {
    renderApp('/dashboard', { user: knownUser })
    await screen.findByRole('heading', { name: `Hello, ${knownUser.displayName}` })
    await screen.findByRole('region', { name: 'My bands' })
    expect(screen.queryByRole('heading', { name: 'Complete your details for the university' })).not.toBeInTheDocument()
  })

  it('explains who can see them, checks the kana, and saves', async () => {
    let sent: unknown
    server.use(
      http.get('/api/me/additional-info', () => HttpResponse.json(empty)),
      http.put('/api/me/additional-info', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ info: { ...(sent as object), phone: null, updatedAt: '2026-06-01T00:00:00.000Z' }, missing: [] })
      }),
    )
    const { user } = renderApp('/additional-info', { user: knownUser })
    await screen.findByRole('form', { name: 'University details' })
    expect(screen.getByText(/Only you, the club’s executives and the administrators can see these details/)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Full name *'), '山田 花子')
    await user.type(screen.getByLabelText('Name reading (kana) *'), 'Yamada')
    await user.type(screen.getByLabelText('Student number *'), 'S1234567')
    await user.type(screen.getByLabelText('Faculty *'), 'Engineering')
    await user.type(screen.getByLabelText('Department *'), 'Physics')
    await user.click(screen.getByRole('button', { name: 'Save details' }))
    expect(await screen.findByText(/Write the reading in katakana or hiragana/)).toBeInTheDocument()
    expect(sent).toBeUndefined()

    await user.clear(screen.getByLabelText('Name reading (kana) *'))
    await user.type(screen.getByLabelText('Name reading (kana) *'), 'ヤマダ ハナコ')
    await user.click(screen.getByRole('button', { name: 'Save details' }))
    await expect.poll(() => sent).toEqual({
      fullName: '山田 花子',
      nameKana: 'ヤマダ ハナコ',
      studentNumber: 'S1234567',
      faculty: 'Engineering',
      department: 'Physics',
      phone: '',
    })
  })
})
