import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { mailOutbox, notices } from '../../../server/src/db/schema'
import type { MyFeedback } from '../../../src/contract/feedback'
import { api, bandThatPlayed, createTestApp, heldLive, performanceFeedback, suggestion, type Caller, type TestApp } from './support'

/**
 * Anonymity is enforced by the server (issue 16, decision 022): no answer to anyone but an
 * admin carries the author of anonymous feedback. This walks every feedback route the app
 * registered (a new one fails the walk until it is given a case here) as a visitor, a member, the
 * author, a member of the band the feedback is about, an executive and an admin, and looks for
 * the author's id, name and email in every answer, and in the notices and mails the band got.
 */

let t: TestApp
let call: ReturnType<typeof api>
const roles = ['visitor', 'member', 'author', 'band member', 'executive', 'admin'] as const
type Role = (typeof roles)[number]
let who: Record<Role, Caller | null>
let secrets: string[]
let anonymousIdea: MyFeedback
let anonymousReview: MyFeedback
let hiddenReview: MyFeedback

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  const author = await t.as('member', { displayName: 'Secret Sakura', email: 'sakura.secret@example.ac.jp' })
  const bandMember = await t.as('member', { displayName: 'Band Ben' })
  who = {
    visitor: null,
    member: await t.as('member', { displayName: 'Plain Pat' }),
    author,
    'band member': bandMember,
    executive: await t.as('executive', { displayName: 'Exec Emi' }),
    admin: await t.as('admin', { displayName: 'Admin Aki' }),
  }
  secrets = [author.user.id, 'Secret Sakura', 'sakura.secret@example.ac.jp', 'sakura.secret']
  const live = await heldLive(t)
  const band = await bandThatPlayed(t, live.id, [bandMember.user.id], 'Night Owls')

  const post = async (payload: object) => {
    const response = await call.post(author, '/api/feedback', payload)
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as MyFeedback
  }
  anonymousIdea = await post(suggestion({ anonymous: true, body: 'Anonymous idea' }))
  anonymousReview = await post(performanceFeedback(live.id, band.id, { anonymous: true, body: 'Anonymous review' }))
  hiddenReview = await post(performanceFeedback(live.id, band.id, { anonymous: true, body: 'Anonymous and hidden' }))
  for (const item of [anonymousIdea, anonymousReview, hiddenReview]) {
    expect((await call.put(who.executive, `/api/feedback/${item.id}/reply`, { reply: 'Thank you, noted.' })).statusCode).toBe(200)
  }
  expect((await call.put(who.executive, `/api/feedback/${hiddenReview.id}/hidden`, { hidden: true })).statusCode).toBe(200)
  // Signed feedback by someone else, so the lists are not only the author's.
  expect((await call.post(who.member, '/api/feedback', performanceFeedback(live.id, band.id, { body: 'Signed review' }))).statusCode).toBe(201)
})
afterAll(() => t.close())

/** Every request of the walk, by route; each feedback route must have at least one. */
function requestsFor(route: string): Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }> {
  const ids = [anonymousIdea.id, anonymousReview.id, hiddenReview.id]
  switch (route) {
    case 'GET /api/feedback/options':
      return [{ method: 'GET', url: '/api/feedback/options' }]
    case 'GET /api/feedback/mine':
      return [{ method: 'GET', url: '/api/feedback/mine?pageSize=200' }]
    case 'GET /api/feedback/received':
      return [{ method: 'GET', url: '/api/feedback/received?pageSize=200' }]
    case 'GET /api/feedback':
      return ['', '&visibility=hidden', '&target=club', '&target=performance', '&q=Anonymous'].map((filter) => ({ method: 'GET', url: `/api/feedback?pageSize=200${filter}` }))
    case 'POST /api/feedback':
      return [{ method: 'POST', url: '/api/feedback', payload: suggestion({ anonymous: true, body: 'Another anonymous idea' }) }]
    case 'PUT /api/feedback/:feedbackId/status':
      return ids.map((id) => ({ method: 'PUT', url: `/api/feedback/${id}/status`, payload: { status: 'acknowledged' } }))
    case 'PUT /api/feedback/:feedbackId/reply':
      return ids.map((id) => ({ method: 'PUT', url: `/api/feedback/${id}/reply`, payload: { reply: 'Thanks again.' } }))
    case 'PUT /api/feedback/:feedbackId/hidden':
      return ids.map((id) => ({ method: 'PUT', url: `/api/feedback/${id}/hidden`, payload: { hidden: id === hiddenReview.id } }))
    default:
      return []
  }
}

describe('anonymous feedback', () => {
  it('has a walk for every feedback route', () => {
    const routes = t.app.routeDefinitions.filter((route) => route.url.startsWith('/api/feedback')).map((route) => `${route.method} ${route.url}`)
    expect(routes.length).toBeGreaterThanOrEqual(8)
    expect(routes.filter((route) => requestsFor(route).length === 0)).toEqual([])
  })

  it('never names its author in any answer, to anyone but an admin', async () => {
    const leaks: string[] = []
    let adminSawTheAuthor = false
    let answered = 0
    for (const role of roles) {
      for (const route of t.app.routeDefinitions.filter((definition) => definition.url.startsWith('/api/feedback'))) {
        for (const request of requestsFor(`${route.method} ${route.url}`)) {
          const response = await t.inject({ ...request, headers: who[role]?.headers ?? {} })
          if (response.statusCode < 300) answered += 1
          const found = secrets.filter((secret) => response.body.includes(secret))
          if (role === 'admin') {
            if (found.length > 0) adminSawTheAuthor = true
          } else if (found.length > 0) {
            leaks.push(`${role}: ${request.method} ${request.url} → ${response.statusCode} carries ${found.join(', ')}`)
          }
        }
      }
    }
    expect(leaks).toEqual([])
    // The walk saw real answers, and the check can see an author: admins do.
    expect(answered).toBeGreaterThan(30)
    expect(adminSawTheAuthor).toBe(true)
  })

  it('shows admins who wrote it, marked anonymous', async () => {
    const response = await call.get(who.admin, '/api/feedback?pageSize=200')
    const item = (response.json() as { items: Array<{ id: string; anonymous: boolean; author: { id: string; displayName: string } | null }> }).items.find((entry) => entry.id === anonymousReview.id)!
    expect(item).toMatchObject({ anonymous: true, author: { id: who.author!.user.id, displayName: 'Secret Sakura' } })
  })

  it('never names its author in the notices and mails the band got', async () => {
    const bandMember = who['band member']!
    const told = await t.db.select().from(notices).where(eq(notices.userId, bandMember.user.id))
    expect(told.length).toBeGreaterThanOrEqual(3)
    const mails = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, [bandMember.user.email]))
    expect(mails.length).toBeGreaterThanOrEqual(3)
    const text = JSON.stringify([told, mails])
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([])
    // The signed one does name its author, so the check is looking at the right rows.
    expect(text).toContain('Plain Pat')
  })

  it('never names its author in the notices and mails the executives got of an anonymous suggestion', async () => {
    const executive = who.executive!
    const told = await t.db.select().from(notices).where(eq(notices.userId, executive.user.id))
    expect(told.map((notice) => notice.body)).toContain('Anonymous idea')
    const mails = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, [executive.user.email]))
    expect(mails.some((mail) => mail.text.includes('Anonymous idea'))).toBe(true)
    const text = JSON.stringify([told, mails])
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([])
  })
})
