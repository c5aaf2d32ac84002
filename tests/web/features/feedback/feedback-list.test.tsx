import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { buildClubFeedback, buildMyFeedback, buildReceivedFeedback, createFeedbackApi } from '../../mocks/handlers/feedback'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Exec Eri', isExecutive: true })
const spring = { id: crypto.randomUUID(), title: 'Spring Live', firstDay: '2026-05-30' }
const winter = { id: crypto.randomUUID(), title: 'Winter Live', firstDay: '2026-02-01' }
const owls = { id: crypto.randomUUID(), name: 'Night Owls' }

async function open(path: string, user = me) {
  const rendered = renderApp(path, { user })
  await screen.findByRole('heading', { name: 'Feedback', level: 1 })
  return rendered
}

describe('/feedback-list', () => {
  it('shows what I sent with its status, the executives’ reply, and whether it was hidden', async () => {
    server.use(
      ...createFeedbackApi({
        mine: [
          buildMyFeedback({ body: 'Longer opening hours?', category: 'rooms', status: 'acknowledged', anonymous: true, reply: { text: 'We are asking the university.', by: { id: executive.id, displayName: 'Exec Eri' }, at: '2026-06-02T10:00:00.000Z' } }),
          buildMyFeedback({ target: 'performance', category: null, event: spring, band: owls, body: 'Too loud', hidden: true }),
        ],
      }).handlers,
    )
    await open('/feedback-list')
    const list = await screen.findByRole('region', { name: 'What I sent' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(first).toHaveTextContent('Suggestion · Practice rooms')
    expect(first).toHaveTextContent('without your name')
    expect(first).toHaveTextContent('Seen')
    expect(first).toHaveTextContent('Reply from Exec Eri')
    expect(first).toHaveTextContent('We are asking the university.')
    expect(second).toHaveTextContent('Night Owls at Spring Live (Sat 30 May)')
    expect(second).toHaveTextContent('The executives have hidden this from the band.')
    // Members have no executives' tab.
    expect(screen.getByRole('link', { name: 'What I sent' })).toHaveAttribute('aria-current', 'page')
    expect(screen.queryByRole('link', { name: 'All feedback' })).not.toBeInTheDocument()
  })

  it('shows what my bands received per live, newest live first, without the names of anonymous writers', async () => {
    server.use(
      ...createFeedbackApi({
        received: [
          buildReceivedFeedback({ event: spring, band: owls, body: 'Loved the encore', anonymous: true, author: null }),
          buildReceivedFeedback({ event: spring, band: owls, body: 'Tight drums', author: { id: crypto.randomUUID(), displayName: 'Mio' } }),
          buildReceivedFeedback({ event: winter, band: owls, body: 'Nice cover' }),
        ],
      }).handlers,
    )
    const { user } = await open('/feedback-list')
    await user.click(screen.getByRole('link', { name: 'My bands received' }))
    const springSection = await screen.findByRole('region', { name: 'Spring Live · Sat 30 May' })
    const items = within(springSection).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('From Anonymous')
    expect(items[0]).toHaveTextContent('Loved the encore')
    expect(items[1]).toHaveTextContent('From Mio')
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(headings).toEqual(['Spring Live · Sat 30 May', 'Winter Live · Sun 1 Feb'])
  })

  it('says so when there is nothing yet', async () => {
    server.use(...createFeedbackApi().handlers)
    const { user } = await open('/feedback-list')
    expect(await screen.findByText('You have not sent any feedback yet')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'My bands received' }))
    expect(await screen.findByText('Your bands have not received feedback yet')).toBeInTheDocument()
  })

  it('says when the list could not be loaded, and tries again on request', async () => {
    const api = createFeedbackApi({ mine: [buildMyFeedback({ body: 'Back again' })] })
    api.state.failLists = true
    server.use(...api.handlers)
    const { user } = await open('/feedback-list?tab=mine')
    expect(await screen.findByText('Your feedback could not be loaded.')).toBeInTheDocument()
    api.state.failLists = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Back again')).toBeInTheDocument()
  })

  it('sends a member who edits the URL to the executives’ tab to their own list instead', async () => {
    const api = createFeedbackApi({ mine: [buildMyFeedback({ body: 'My own idea' })] })
    server.use(...api.handlers)
    await open('/feedback-list?tab=all')
    expect(await screen.findByText('My own idea')).toBeInTheDocument()
    expect(api.state.clubRequests).toEqual([])
  })

  it('never skips a heading level, on any tab', async () => {
    server.use(
      ...createFeedbackApi({
        mine: [buildMyFeedback({ body: 'Longer opening hours?' })],
        received: [buildReceivedFeedback({ event: spring, band: owls, body: 'Great set' })],
        club: [buildClubFeedback({ body: 'A new snare' })],
      }).handlers,
    )
    const levels = () => screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)))
    const noSkips = (found: number[]) => found.every((level, index) => index === 0 || level <= found[index - 1]! + 1)
    const { user } = await open('/feedback-list', executive)
    for (const [tab, text] of [['What I sent', 'Longer opening hours?'], ['My bands received', 'Great set'], ['All feedback', 'A new snare']] as const) {
      await user.click(screen.getByRole('link', { name: tab }))
      await within(await screen.findByRole('region', { name: tab })).findByText(text)
      expect(levels()[0]).toBe(1)
      expect(noSkips(levels()), `${tab}: ${levels().join(' ')}`).toBe(true)
    }
  })

  it('labels each filter of the executives’ list with words on screen', async () => {
    server.use(...createFeedbackApi({ club: [buildClubFeedback({ body: 'A new snare' })] }).handlers)
    await open('/feedback-list?tab=all', executive)
    const filters = await screen.findByRole('search', { name: 'Filter feedback' })
    for (const name of ['Status', 'About', 'Hidden']) {
      const group = within(filters).getByRole('group', { name })
      // Named by a visible label, not only by an attribute screen readers read.
      const label = document.getElementById(group.getAttribute('aria-labelledby') ?? '')
      expect(label).toHaveTextContent(name)
      expect(label).not.toHaveClass('sr-only')
    }
  })

  it('lets executives filter, set the status, reply and hide', async () => {
    const idea = buildClubFeedback({ body: 'A new snare', author: null, anonymous: true })
    const review = buildClubFeedback({ target: 'performance', category: null, event: spring, band: owls, body: 'Rude words', author: { id: me.id, displayName: 'Hana Sato' } })
    const api = createFeedbackApi({ club: [idea, review] })
    server.use(...api.handlers)
    const { user, router } = await open('/feedback-list?tab=all', executive)
    const list = await screen.findByRole('region', { name: 'All feedback' })
    const ideaItem = (await within(list).findByText('A new snare')).closest('li')!
    expect(ideaItem).toHaveTextContent('From Anonymous')
    // Suggestions cannot be hidden from a band: there is none.
    expect(within(ideaItem).queryByRole('button', { name: 'Hide from the band' })).not.toBeInTheDocument()

    await user.selectOptions(within(ideaItem).getByRole('combobox', { name: 'Status' }), 'Resolved')
    await waitFor(() => expect(api.state.statusChanges).toEqual([{ id: idea.id, status: 'resolved' }]))
    expect(await screen.findByText('Marked resolved')).toBeInTheDocument()

    await user.click(within(ideaItem).getByRole('button', { name: 'Reply' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reply to this feedback' })
    expect(dialog).toHaveTextContent('even though they sent it without their name')
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }))
    expect(await within(dialog).findByText('Write a reply')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: 'Your reply' }), 'Ordered, arriving Friday.')
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }))
    await waitFor(() => expect(api.state.replies).toEqual([{ id: idea.id, reply: 'Ordered, arriving Friday.' }]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(screen.getByRole('region', { name: 'All feedback' })).findByText('Ordered, arriving Friday.')).toBeInTheDocument()

    const reviewItem = screen.getByText('Rude words').closest('li')!
    await user.click(within(reviewItem).getByRole('button', { name: 'Hide from the band' }))
    const confirm = await screen.findByRole('dialog', { name: 'Hide this feedback from the band?' })
    await user.click(within(confirm).getByRole('button', { name: 'Hide' }))
    await waitFor(() => expect(api.state.hiddenChanges).toEqual([{ id: review.id, hidden: true }]))
    expect(await screen.findByText(/Hidden from the band by Exec Eri/)).toBeInTheDocument()
    await user.click(within(screen.getByText('Rude words').closest('li')!).getByRole('button', { name: 'Show to the band' }))
    await waitFor(() => expect(api.state.hiddenChanges.at(-1)).toEqual({ id: review.id, hidden: false }))

    await user.click(screen.getByRole('button', { name: 'Performances' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'all', target: 'performance' }))
    await waitFor(() => expect(api.state.clubRequests.at(-1)?.searchParams.get('target')).toBe('performance'))
    await waitFor(() => expect(screen.queryByText('A new snare')).not.toBeInTheDocument())
  })

  it('lets executives look for words in the feedback, and says when nothing matches', async () => {
    const api = createFeedbackApi({ club: [buildClubFeedback({ body: 'A new snare' }), buildClubFeedback({ body: 'Longer hours' })] })
    server.use(...api.handlers)
    const { user, router } = await open('/feedback-list?tab=all', executive)
    await screen.findByText('Longer hours')
    await user.type(screen.getByRole('searchbox', { name: 'Words in the feedback' }), 'snare')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'all', q: 'snare' }))
    await waitFor(() => expect(screen.queryByText('Longer hours')).not.toBeInTheDocument())
    expect(screen.getByText('A new snare')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Words in the feedback' }), ' drum')
    expect(await screen.findByText('No feedback matches these filters')).toBeInTheDocument()
  })
})
