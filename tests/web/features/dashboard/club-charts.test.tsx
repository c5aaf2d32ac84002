import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { buildClubDashboard } from '../../mocks/handlers/dashboard'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The stylesheet as written (vitest loads no CSS). */
const styles = readFileSync(path.resolve('src/styles.css'), 'utf8')

type Rgb = [number, number, number]

/** The theme's colour tokens ("r g b" channels) from the stylesheet: `:root` (light) and `.dark`. */
function themeTokens(): Record<'light' | 'dark', Record<string, Rgb>> {
  const block = (selector: string) => {
    const body = new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(styles)![1]!
    return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(\d+) (\d+) (\d+);/g)].map((m) => [m[1]!, [Number(m[2]), Number(m[3]), Number(m[4])] as Rgb]))
  }
  return { light: block(':root'), dark: block('.dark') }
}

/** A CSS colour as the browser would draw it in a theme: `rgb(var(--token))`, `rgb(r, g, b)` or `#rrggbb`. */
function colourOf(css: string, tokens: Record<string, Rgb>): Rgb {
  const token = /var\(--([\w-]+)\)/.exec(css)
  if (token) return tokens[token[1]!]!
  const rgb = /rgb\((\d+),?\s*(\d+),?\s*(\d+)/.exec(css)
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])]
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css)
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)]
  throw new Error(`no colour set on the legend text (${css || 'inherits'})`)
}

/** WCAG 2 contrast ratio. */
function contrast(a: Rgb, b: Rgb) {
  const luminance = (rgb: Rgb) => {
    const [r, g, bl] = rgb.map((channel) => {
      const c = channel / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as Rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}

/** The innermost element holding an element's words (a formatter may wrap them in its own span). */
function deepest(element: HTMLElement): HTMLElement {
  let at = element
  while (at.children.length === 1 && at.children[0] instanceof HTMLElement && at.children[0].textContent === at.textContent) at = at.children[0]
  return at
}

const executive = buildUser({ displayName: 'Emi Exec', isExecutive: true })
const studio = { id: crypto.randomUUID(), name: 'Studio A' }
const hall = { id: crypto.randomUUID(), name: 'Hall' }
const third = { id: crypto.randomUUID(), label: '3rd' }
const owls = { id: crypto.randomUUID(), name: 'Night Owls' }

beforeAll(() => {
  // jsdom lays nothing out; recharts' `responsive` charts watch their size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})

const club = buildClubDashboard({
  periods: [third],
  roomUse: [
    { room: studio, cells: [{ date: '2026-06-02', periodId: third.id, kind: 'band' }] },
    { room: hall, cells: [{ date: '2026-06-02', periodId: third.id, kind: 'personal' }, { date: '2026-06-03', periodId: third.id, kind: 'block' }] },
  ],
  bookingsPerBand: [{ band: owls, counts: [1, 0, 0, 0, 0, 0, 1, 2], total: 4 }],
  membersByPart: [
    { part: 'Vocal', counts: { 1: 2, 2: 1, 3: 0, 4: 0, graduate: 0, incoming: 0 }, total: 3 },
    { part: 'Drums', counts: { 1: 0, 2: 0, 3: 0, 4: 1, graduate: 0, incoming: 0 }, total: 1 },
  ],
  activeMembers: 4,
  applicationsPerLive: [{ event: { id: crypto.randomUUID(), title: 'Summer Live' }, counts: { submitted: 3, accepted: 2, waitlisted: 1, rejected: 0, withdrawn: 1 } }],
  allocationRounds: [
    { id: crypto.randomUUID(), weekStart: '2026-06-08', status: 'open', bands: 5, asked: 9, offered: 40, given: null },
    { id: crypto.randomUUID(), weekStart: '2026-06-01', status: 'published', bands: 7, asked: 12, offered: 38, given: 10 },
  ],
})

describe('/dashboard2 account', () => {
  it('gives an executive’s position as the role, not “Member”', async () => {
    server.use(
      http.get('/api/dashboard/club', () => HttpResponse.json(club)),
      http.get('/api/profile', () =>
        HttpResponse.json({
          user: executive,
          grade: '3',
          gradeLabel: '3rd year',
          positions: [
            { name: 'President', termYear: 2026, current: true },
            { name: 'Treasurer', termYear: 2025, current: false },
          ],
          bands: [],
        }),
      ),
    )
    renderApp('/dashboard2', { user: executive })
    const account = await screen.findByRole('region', { name: 'Your account' }, { timeout: 15_000 })
    const role = () => within(account).getByText('Role').nextElementSibling
    await waitFor(() => expect(role()).toHaveTextContent(/^President$/))
  })
})

describe('/dashboard2 charts', () => {
  it('shows an executive room use as a heat map table, per room on request', async () => {
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json(club)))
    const { user } = renderApp('/dashboard2', { user: executive })
    // The first test of the file pays the cold import of the lazy route and its charts chunk:
    // 4.4 s once in a full suite on a slow machine, so this first wait is longer.
    const heat = await screen.findByRole('region', { name: 'Room use this week' }, { timeout: 15_000 })
    const table = within(heat).getByRole('table')
    const row = within(table).getByRole('row', { name: /^3rd/ })
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0/2', '2/2', '1/2', '0/2', '0/2', '0/2', '0/2'])
    await user.selectOptions(within(heat).getByLabelText('Room'), 'Hall')
    expect(within(within(heat).getByRole('row', { name: /^3rd/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Free', 'Personal', 'Closed', 'Free', 'Free', 'Free', 'Free'])
  })

  it('gives every chart its numbers as a table behind a keyboard toggle', async () => {
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json(club)))
    const { user } = renderApp('/dashboard2', { user: executive })
    const perBand = await screen.findByRole('region', { name: 'Bookings per band, last 8 weeks' })
    expect(perBand).toHaveTextContent('4 band bookings by 1 bands; the busiest: Night Owls (4).')
    const toggle = within(perBand).getByRole('button', { name: 'Show as a table' })
    expect(within(perBand).queryByRole('table')).not.toBeInTheDocument()
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const owlsRow = within(within(perBand).getByRole('table')).getByRole('row', { name: /^Night Owls/ })
    expect(within(owlsRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '0', '0', '0', '0', '0', '1', '2', '4'])

    const members = screen.getByRole('region', { name: 'Members by part and grade' })
    await user.click(within(members).getByRole('button', { name: 'Show as a table' }))
    const memberTable = within(members).getByRole('table')
    expect(within(memberTable).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Part', '1st year', '2nd year', '4th year', 'Total'])
    expect(within(within(memberTable).getByRole('row', { name: /^Vocal/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '1', '0', '3'])

    const lives = screen.getByRole('region', { name: 'Applications per live' })
    await user.click(within(lives).getByRole('button', { name: 'Show as a table' }))
    expect(within(within(lives).getByRole('table')).getByRole('row', { name: /^Summer Live/ })).toHaveTextContent('Summer Live32101')

    const rounds = screen.getByRole('region', { name: 'Allocation rounds: demand and supply' })
    expect(rounds).toHaveTextContent('Latest round, w/c 8 Jun (open for wishes): 5 bands asked for 9 periods, with 40 free in the rooms of the round; nothing given yet.')
    await user.click(within(rounds).getByRole('button', { name: 'Show as a table' }))
    const roundTable = within(rounds).getByRole('table')
    expect(within(roundTable).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Round', 'Periods asked', 'Periods free', 'Periods given'])
    expect(within(within(roundTable).getByRole('row', { name: /^w\/c 8 Jun/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['9', '40', 'Not yet'])
    expect(within(within(roundTable).getByRole('row', { name: /^w\/c 1 Jun/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12', '38', '10'])
  })

  it('draws every legend’s words in AA contrast on the card in both themes, beside a swatch in the bar’s colour', async () => {
    // Ten bands (the ninth and tenth add up as "Other bands"), grades and statuses: every legend.
    const bands = ['Penny Lane Commuters', 'Night Owls', 'Amber Tide', 'Green Room', 'Red Alert', 'Sky Divers', 'Violet Hour', 'Lime Light', 'Pink Noise', 'Grey Area']
    const many = buildClubDashboard({
      ...club,
      bookingsPerBand: bands.map((name, index) => ({ band: { id: crypto.randomUUID(), name }, counts: [1, 1, 1, 1, 1, 1, 1, index], total: 7 + index })),
      membersByPart: [{ part: 'Vocal', counts: { 1: 1, 2: 1, 3: 1, 4: 1, graduate: 1, incoming: 1 }, total: 6 }],
    })
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json(many)))
    renderApp('/dashboard2', { user: executive })
    await screen.findByRole('region', { name: 'Bookings per band, last 8 weeks' })
    await waitFor(() => expect(document.querySelectorAll('.recharts-legend-item-text').length).toBeGreaterThanOrEqual(9 + 6 + 5 + 3))
    const items = [...document.querySelectorAll<HTMLElement>('.recharts-legend-item')]
    expect(items.map((item) => item.textContent)).toEqual(expect.arrayContaining(['Penny Lane Commuters', 'Other bands']))

    const tokens = themeTokens()
    const failing: string[] = []
    for (const item of items) {
      const words = deepest(item.querySelector<HTMLElement>('.recharts-legend-item-text')!)
      // The swatch keeps the series' colour.
      expect(item.querySelector('.recharts-legend-icon, svg')).not.toBeNull()
      for (const theme of ['light', 'dark'] as const) {
        const ratio = contrast(colourOf(words.style.color, tokens[theme]), tokens[theme].surface!)
        if (ratio < 4.5) failing.push(`${words.textContent} (${theme}): ${ratio.toFixed(2)}:1`)
      }
    }
    expect(failing).toEqual([])
  })

  it('shows each chart’s empty state when the club has no data yet', async () => {
    renderApp('/dashboard2', { user: executive })
    expect(await screen.findByText('No rooms or periods are set up yet.')).toBeInTheDocument()
    expect(screen.getByText('No band has booked a room in the last 8 weeks.')).toBeInTheDocument()
    expect(screen.getByText('No active members yet.')).toBeInTheDocument()
    expect(screen.getByText('No live is planned yet.')).toBeInTheDocument()
    expect(screen.getByText('No allocation round has opened yet.')).toBeInTheDocument()
  })

  it('says when the charts could not be loaded', async () => {
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json({ error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }, { status: 429 })))
    renderApp('/dashboard2', { user: executive })
    expect(await screen.findByText('The club’s charts could not be loaded.')).toBeInTheDocument()
  })

  it('shows members the overview without the charts, and never asks for them', async () => {
    let asked = false
    server.use(
      http.get('/api/dashboard/club', () => {
        asked = true
        return HttpResponse.json(club)
      }),
    )
    renderApp('/dashboard2', { user: buildUser() })
    expect(await screen.findByRole('heading', { name: 'Club overview' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'The club at a glance' })).not.toBeInTheDocument()
    expect(asked).toBe(false)
  })
})
