import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { feedback, mailOutbox, notices } from '../../../server/src/db/schema'
import type { ClubFeedback, ClubFeedbackPage, FeedbackOptions, MyFeedback, MyFeedbackPage, ReceivedFeedbackPage } from '../../../src/contract/feedback'
import { signInAgain } from '../lives/support'
import {
  api,
  bandThatPlayed,
  createApplication,
  createBand,
  createEvent,
  createTestApp,
  expectError,
  feedbackRows,
  heldLive,
  minutes,
  performanceFeedback,
  suggestion,
  type Caller,
  type TestApp,
} from './support'

/**
 * Feedback (SPEC §5.7, issue 16, decision 022): posting and its rules, the three lists, the
 * executives' status, reply and hide, the notice to the band and the per-member rate limit.
 * The anonymity walk over every answer is anonymity.test.ts.
 */

let t: TestApp
let call: ReturnType<typeof api>
let author: Caller
let bandMember: Caller
let member: Caller
let executive: Caller
let admin: Caller
let live: Awaited<ReturnType<typeof heldLive>>
let band: Awaited<ReturnType<typeof bandThatPlayed>>
let otherBand: Awaited<ReturnType<typeof bandThatPlayed>>

const NIL = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  author = await t.as('member', { displayName: 'Aoi Author' })
  bandMember = await t.as('member', { displayName: 'Ren Bassist' })
  member = await t.as('member', { displayName: 'Mio Member' })
  executive = await t.as('executive', { displayName: 'Exec Eri' })
  admin = await t.as('admin', { displayName: 'Admin Ada' })
  live = await heldLive(t)
  band = await bandThatPlayed(t, live.id, [bandMember.user.id], 'Night Owls')
  otherBand = await bandThatPlayed(t, live.id, [member.user.id], 'Sunrise')
})
afterAll(() => t.close())

async function post(who: Caller, payload: object) {
  const response = await call.post(who, '/api/feedback', payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as MyFeedback
}

async function list<T>(who: Caller, url: string): Promise<T> {
  const response = await call.get(who, url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as T
}

describe('the form’s options', () => {
  it('offers lives that have started, each with the bands that played, and whether anonymity is allowed', async () => {
    const future = await createEvent(t.db, { title: 'Summer Live (not yet)' })
    await bandThatPlayed(t, future.id, [bandMember.user.id])
    const draft = await heldLive(t, { title: 'Draft live', status: 'draft' })
    await bandThatPlayed(t, draft.id, [bandMember.user.id])
    const waitlisted = await createBand(t.db, [{ userId: member.user.id }], { name: 'Waiting Room' })
    await createApplication(t.db, { eventId: live.id, bandId: waitlisted.id, submittedBy: member.user.id, status: 'waitlisted' })
    const today = await heldLive(t, { title: 'Live today', days: [{ date: '2026-06-01', stages: [{ name: 'Main', opensAt: '18:00', closesAt: '21:00' }] }] })
    const playingToday = await bandThatPlayed(t, today.id, [member.user.id], 'Tonight')

    const options = await list<FeedbackOptions>(member, '/api/feedback/options')
    expect(options.anonymousAllowed).toBe(true)
    const titles = options.events.map((event) => event.title)
    expect(titles).toContain('Spring Live')
    expect(titles).toContain('Live today')
    expect(titles).not.toContain('Summer Live (not yet)')
    expect(titles).not.toContain('Draft live')
    // Newest first: today's live before the one held on Saturday.
    expect(titles.indexOf('Live today')).toBeLessThan(titles.indexOf('Spring Live'))
    const spring = options.events.find((event) => event.id === live.id)!
    expect(spring.firstDay).toBe('2026-05-30')
    expect(spring.bands.map((b) => b.name)).toEqual(['Night Owls', 'Sunrise'])
    expect(options.events.find((event) => event.id === today.id)!.bands).toEqual([{ id: playingToday.id, name: 'Tonight' }])
  })
})

describe('posting', () => {
  it('keeps a suggestion to the executives and shows it to its author, new and unanswered', async () => {
    const created = await post(author, suggestion({ body: '  The door of Studio B sticks.  ' }))
    expect(created).toMatchObject({ target: 'club', category: 'rooms', body: 'The door of Studio B sticks.', status: 'new', reply: null, hidden: false, event: null, band: null })
    const mine = await list<MyFeedbackPage>(author, '/api/feedback/mine')
    expect(mine.items[0]!.id).toBe(created.id)
    expect(mine.total).toBeGreaterThanOrEqual(1)
    // Nobody else's list of their own.
    expect((await list<MyFeedbackPage>(member, '/api/feedback/mine')).items.map((item) => item.id)).not.toContain(created.id)
  })

  it('tells the executives and admins (not members) of a suggestion, with what it says', async () => {
    await post(author, suggestion({ category: 'equipment', body: 'The bass amp in Studio A hums.' }))
    const told = await t.db.select().from(notices).where(eq(notices.body, 'The bass amp in Studio A hums.'))
    const toldIds = told.map((notice) => notice.userId)
    expect(toldIds).toEqual(expect.arrayContaining([executive.user.id, admin.user.id]))
    expect(toldIds).not.toContain(author.user.id)
    expect(toldIds).not.toContain(member.user.id)
    expect(told[0]).toMatchObject({ kind: 'suggestion', title: 'New suggestion to the club: Equipment', link: '/feedback-list?tab=all' })
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'New suggestion to the club: Equipment'))
    expect(mails.map((mail) => mail.to)).toEqual(expect.arrayContaining([executive.user.email, admin.user.email]))
  })

  it('tells the band’s members (not the author) by notice and mail when it receives performance feedback', async () => {
    const second = await t.as('member', { displayName: 'Second Player' })
    const trio = await bandThatPlayed(t, live.id, [bandMember.user.id, second.user.id, author.user.id], 'Trio')
    const created = await post(author, performanceFeedback(live.id, trio.id, { body: 'Loved the harmonies.' }))
    expect(created).toMatchObject({ target: 'performance', category: null, event: { id: live.id, title: 'Spring Live', firstDay: '2026-05-30' }, band: { id: trio.id, name: 'Trio' } })

    const told = await t.db.select().from(notices).where(eq(notices.title, 'Trio received feedback on Spring Live'))
    expect(told.map((notice) => notice.userId).sort()).toEqual([bandMember.user.id, second.user.id].sort())
    expect(told[0]).toMatchObject({ kind: 'feedback', body: 'Aoi Author wrote about your performance.', link: '/feedback-list?tab=received' })
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Trio received feedback on Spring Live'))
    expect(mails.map((mail) => mail.to).sort()).toEqual([bandMember.user.email, second.user.email].sort())
  })

  it('refuses bad input with the field named, and changes nothing', async () => {
    const before = await feedbackRows(t)
    const cases: Array<[string, object, string]> = [
      ['no target', { body: 'x' }, 'target'],
      ['an unknown target', suggestion({ target: 'band' }), 'target'],
      ['an empty text', suggestion({ body: '   ' }), 'body'],
      ['a text over 2000 characters', suggestion({ body: 'a'.repeat(2001) }), 'body'],
      ['a control character', suggestion({ body: 'bad\u0000text' }), 'body'],
      ['a suggestion without a category', suggestion({ category: undefined }), 'category'],
      ['an unknown category', suggestion({ category: 'snacks' }), 'category'],
      ['performance without a live', performanceFeedback(undefined as unknown as string, band.id), 'eventId'],
      ['performance without a band', performanceFeedback(live.id, undefined as unknown as string), 'bandId'],
      ['a live id that is not an id', performanceFeedback('live-1', band.id), 'eventId'],
      ['anonymous as text', suggestion({ anonymous: 'yes' }), 'anonymous'],
    ]
    for (const [what, payload, field] of cases) {
      const error = expectError(await call.post(author, '/api/feedback', payload), 400, 'VALIDATION_FAILED')
      expect(error.fields?.[field], what).toBeTruthy()
    }
    expectError(await call.malformed(author, 'POST', '/api/feedback'), 400, 'INVALID_JSON')
    expect(await feedbackRows(t)).toEqual(before)
  })

  it('takes 2000 characters, line breaks included', async () => {
    const body = `${'a'.repeat(1000)}\n${'b'.repeat(999)}`
    expect((await post(author, suggestion({ body }))).body).toBe(body)
  })

  it('takes performance feedback only for a band that played at a live that has started', async () => {
    const before = await feedbackRows(t)
    const future = await createEvent(t.db, { title: 'Future live' })
    const futureBand = await bandThatPlayed(t, future.id, [bandMember.user.id])
    const draft = await heldLive(t, { title: 'Draft held', status: 'draft' })
    const draftBand = await bandThatPlayed(t, draft.id, [bandMember.user.id])
    const rejected = await createBand(t.db, [{ userId: member.user.id }])
    await createApplication(t.db, { eventId: live.id, bandId: rejected.id, submittedBy: member.user.id, status: 'rejected' })
    const neverApplied = await createBand(t.db, [{ userId: member.user.id }])

    const refused: Array<[object, string]> = [
      [performanceFeedback(future.id, futureBand.id), 'eventId'],
      [performanceFeedback(draft.id, draftBand.id), 'eventId'],
      [performanceFeedback(NIL, band.id), 'eventId'],
      [performanceFeedback(live.id, rejected.id), 'bandId'],
      [performanceFeedback(live.id, neverApplied.id), 'bandId'],
      [performanceFeedback(live.id, NIL), 'bandId'],
    ]
    for (const [payload, field] of refused) {
      const error = expectError(await call.post(author, '/api/feedback', payload), 409, 'FEEDBACK_TARGET_INVALID')
      expect(error.fields?.[field]).toBeTruthy()
    }
    const after = await feedbackRows(t)
    expect(after.feedback).toEqual(before.feedback)
    expect(after.notices).toEqual(before.notices)
  })

  it('refuses anonymous feedback while the club does not allow it, and says so in the options', async () => {
    const club = await t.services.settings.get()
    await t.services.settings.replace({ ...club, anonymousFeedbackAllowed: false }, admin.user.id)
    try {
      expect((await list<FeedbackOptions>(member, '/api/feedback/options')).anonymousAllowed).toBe(false)
      const before = await feedbackRows(t)
      const error = expectError(await call.post(author, '/api/feedback', suggestion({ anonymous: true })), 409, 'ANONYMOUS_NOT_ALLOWED')
      expect(error.fields?.anonymous).toBeTruthy()
      expect(await feedbackRows(t)).toEqual(before)
      // Signed feedback still goes.
      await post(author, suggestion({ anonymous: false }))
    } finally {
      await t.services.settings.replace({ ...club, anonymousFeedbackAllowed: true }, admin.user.id)
    }
  })

  it('refuses visitors', async () => {
    expectError(await call.post(null, '/api/feedback', suggestion()), 401, 'UNAUTHENTICATED')
    expectError(await call.get(null, '/api/feedback/mine'), 401, 'UNAUTHENTICATED')
  })
})

describe('what my bands received', () => {
  it('shows each band member the feedback to their current bands, per live newest first, and nothing to others', async () => {
    const drummer = await t.as('member', { displayName: 'Drummer' })
    const listener = await t.as('member', { displayName: 'Listener' })
    const older = await heldLive(t, { title: 'Winter Live', season: 'winter', days: [{ date: '2026-02-01', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }] })
    const mine = await bandThatPlayed(t, live.id, [drummer.user.id], 'Drum Corps')
    await createApplication(t.db, { eventId: older.id, bandId: mine.id, submittedBy: drummer.user.id, status: 'accepted' })

    const first = await post(listener, performanceFeedback(older.id, mine.id, { body: 'Winter: tight.' }))
    t.clock.advance(1000)
    const second = await post(listener, performanceFeedback(live.id, mine.id, { body: 'Spring: loud.' }))
    t.clock.advance(1000)
    const third = await post(author, performanceFeedback(live.id, mine.id, { body: 'Spring: fun.', anonymous: true }))
    await post(listener, performanceFeedback(live.id, otherBand.id, { body: 'Not for Drum Corps' }))

    const received = await list<ReceivedFeedbackPage>(drummer, '/api/feedback/received')
    expect(received.items.map((item) => item.id)).toEqual([third.id, second.id, first.id])
    expect(received.total).toBe(3)
    expect(received.items[1]).toMatchObject({ event: { title: 'Spring Live' }, band: { name: 'Drum Corps' }, author: { id: listener.user.id, displayName: 'Listener' }, anonymous: false })
    expect(received.items[0]).toMatchObject({ author: null, anonymous: true })
    expect(received.items[0]).not.toHaveProperty('status')
    expect(received.items[0]).not.toHaveProperty('reply')

    expect((await list<ReceivedFeedbackPage>(listener, '/api/feedback/received')).items).toEqual([])
    // Paging.
    const page2 = await list<ReceivedFeedbackPage>(drummer, '/api/feedback/received?page=2&pageSize=2')
    expect(page2.items.map((item) => item.id)).toEqual([first.id])
    expectError(await call.get(drummer, '/api/feedback/received?pageSize=500'), 400, 'VALIDATION_FAILED')
  })
})

describe('the executives', () => {
  it('list everyone’s feedback with filters; members may not', async () => {
    const idea = await post(member, suggestion({ category: 'equipment', body: 'A new snare drum, please' }))
    const all = await list<ClubFeedbackPage>(executive, '/api/feedback?pageSize=200')
    expect(all.items.map((item) => item.id)).toContain(idea.id)
    expect(all.items.find((item) => item.id === idea.id)).toMatchObject({ author: { id: member.user.id, displayName: 'Mio Member' }, status: 'new', hidden: null, reply: null })

    const filtered = await list<ClubFeedbackPage>(executive, '/api/feedback?category=equipment&q=snare')
    expect(filtered.items.map((item) => item.id)).toEqual([idea.id])
    const performances = await list<ClubFeedbackPage>(executive, `/api/feedback?target=performance&bandId=${band.id}&pageSize=200`)
    expect(performances.items.every((item) => item.target === 'performance' && item.band?.id === band.id)).toBe(true)
    // `%` is a character, not a wildcard.
    expect((await list<ClubFeedbackPage>(executive, '/api/feedback?q=%25')).items).toEqual([])

    expectError(await call.get(member, '/api/feedback'), 403, 'FORBIDDEN')
    expectError(await call.get(bandMember, '/api/feedback'), 403, 'FORBIDDEN')
    expectError(await call.get(executive, '/api/feedback?status=open'), 400, 'VALIDATION_FAILED')
    expect((await list<ClubFeedbackPage>(admin, '/api/feedback')).total).toBe(all.total)
  })

  it('set the status; the author sees it', async () => {
    const idea = await post(author, suggestion({ body: 'Longer opening hours' }))
    const updated = (await call.put(executive, `/api/feedback/${idea.id}/status`, { status: 'acknowledged' })).json() as ClubFeedback
    expect(updated.status).toBe('acknowledged')
    expect((await list<MyFeedbackPage>(author, '/api/feedback/mine')).items.find((item) => item.id === idea.id)!.status).toBe('acknowledged')
    expect((await list<ClubFeedbackPage>(executive, '/api/feedback?status=acknowledged')).items.map((item) => item.id)).toContain(idea.id)

    const before = await feedbackRows(t)
    expectError(await call.put(executive, `/api/feedback/${idea.id}/status`, { status: 'done' }), 400, 'VALIDATION_FAILED')
    expectError(await call.put(executive, `/api/feedback/${NIL}/status`, { status: 'resolved' }), 404, 'NOT_FOUND')
    expectError(await call.put(author, `/api/feedback/${idea.id}/status`, { status: 'resolved' }), 403, 'FORBIDDEN')
    expectError(await call.put(bandMember, `/api/feedback/${idea.id}/status`, { status: 'resolved' }), 403, 'FORBIDDEN')
    expectError(await call.put(null, `/api/feedback/${idea.id}/status`, { status: 'resolved' }), 401, 'UNAUTHENTICATED')
    expect(await feedbackRows(t)).toEqual(before)
  })

  it('reply; the author, anonymous too, reads the reply and is told', async () => {
    const idea = await post(author, suggestion({ body: 'Can we get a second mic stand?', anonymous: true }))
    const response = await call.put(executive, `/api/feedback/${idea.id}/reply`, { reply: 'Ordered, arriving Friday.' })
    expect(response.statusCode, response.body).toBe(200)
    const replied = response.json() as ClubFeedback
    expect(replied.reply).toMatchObject({ text: 'Ordered, arriving Friday.', by: { id: executive.user.id, displayName: 'Exec Eri' } })
    expect(replied.author).toBeNull()

    const mine = (await list<MyFeedbackPage>(author, '/api/feedback/mine')).items.find((item) => item.id === idea.id)!
    expect(mine.reply).toMatchObject({ text: 'Ordered, arriving Friday.', by: { displayName: 'Exec Eri' } })
    const told = await t.db.select().from(notices).where(eq(notices.userId, author.user.id))
    expect(told.find((notice) => notice.title === 'The executives replied to your feedback')).toMatchObject({ body: 'Ordered, arriving Friday.', link: '/feedback-list' })

    // A later reply replaces the first; bad replies change nothing.
    const by = (await call.put(admin, `/api/feedback/${idea.id}/reply`, { reply: 'It has arrived.' })).json() as ClubFeedback
    expect(by.reply).toMatchObject({ text: 'It has arrived.', by: { id: admin.user.id } })
    const before = await feedbackRows(t)
    expectError(await call.put(executive, `/api/feedback/${idea.id}/reply`, { reply: '' }), 400, 'VALIDATION_FAILED')
    expectError(await call.put(executive, `/api/feedback/${idea.id}/reply`, { reply: 'x'.repeat(2001) }), 400, 'VALIDATION_FAILED')
    expectError(await call.put(author, `/api/feedback/${idea.id}/reply`, { reply: 'I reply to myself' }), 403, 'FORBIDDEN')
    expectError(await call.put(executive, `/api/feedback/${NIL}/reply`, { reply: 'Hello' }), 404, 'NOT_FOUND')
    expect(await feedbackRows(t)).toEqual(before)
  })

  it('hide abusive feedback from the band (kept, with who hid it) and show it again', async () => {
    const rude = await post(author, performanceFeedback(live.id, band.id, { body: 'Something rude' }))
    const hidden = (await call.put(executive, `/api/feedback/${rude.id}/hidden`, { hidden: true })).json() as ClubFeedback
    expect(hidden.hidden).toMatchObject({ by: { id: executive.user.id, displayName: 'Exec Eri' } })
    expect((await list<ReceivedFeedbackPage>(bandMember, '/api/feedback/received?pageSize=200')).items.map((item) => item.id)).not.toContain(rude.id)
    expect((await list<MyFeedbackPage>(author, '/api/feedback/mine?pageSize=200')).items.find((item) => item.id === rude.id)!.hidden).toBe(true)
    expect((await list<ClubFeedbackPage>(executive, '/api/feedback?visibility=hidden&pageSize=200')).items.map((item) => item.id)).toContain(rude.id)
    expect((await list<ClubFeedbackPage>(executive, '/api/feedback?visibility=shown&pageSize=200')).items.map((item) => item.id)).not.toContain(rude.id)
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, rude.id))
    expect(row).toMatchObject({ body: 'Something rude', hiddenBy: executive.user.id })

    // Hiding again keeps who hid it first.
    const again = (await call.put(admin, `/api/feedback/${rude.id}/hidden`, { hidden: true })).json() as ClubFeedback
    expect(again.hidden).toEqual(hidden.hidden)

    expectError(await call.put(bandMember, `/api/feedback/${rude.id}/hidden`, { hidden: false }), 403, 'FORBIDDEN')
    expectError(await call.put(executive, `/api/feedback/${rude.id}/hidden`, { hidden: 'no' }), 400, 'VALIDATION_FAILED')

    const shown = (await call.put(executive, `/api/feedback/${rude.id}/hidden`, { hidden: false })).json() as ClubFeedback
    expect(shown.hidden).toBeNull()
    expect((await list<ReceivedFeedbackPage>(bandMember, '/api/feedback/received?pageSize=200')).items.map((item) => item.id)).toContain(rude.id)
  })
})

describe('a deleted account', () => {
  it('shows its signed feedback as from “Deleted user”, and its anonymous feedback stays anonymous', async () => {
    const leaving = await t.as('member', { displayName: 'Leaving Lee' })
    const signed = await post(leaving, performanceFeedback(live.id, band.id, { body: 'Signed, then gone' }))
    const hiddenName = await post(leaving, performanceFeedback(live.id, band.id, { body: 'Anonymous, then gone', anonymous: true }))
    expect((await call.post(admin, '/api/users/delete', { userIds: [leaving.user.id] })).statusCode).toBe(200)
    const received = (await list<ReceivedFeedbackPage>(bandMember, '/api/feedback/received?pageSize=200')).items
    expect(received.find((item) => item.id === signed.id)!.author).toEqual({ id: null, displayName: 'Deleted user' })
    expect(received.find((item) => item.id === hiddenName.id)!.author).toBeNull()
    const all = (await list<ClubFeedbackPage>(admin, '/api/feedback?pageSize=200')).items
    expect(all.find((item) => item.id === hiddenName.id)!.author).toEqual({ id: null, displayName: 'Deleted user' })
  })
})

describe('each role', () => {
  it('gets what its rule says from every feedback endpoint', async () => {
    const executiveIdea = await post(executive, suggestion({ body: 'Executives write too' }))
    const cases: Array<[string, Caller | null, number, number, number]> = [
      // who, mine, received, all
      ['visitor', null, 401, 401, 401],
      ['member', member, 200, 200, 403],
      ['band member', bandMember, 200, 200, 403],
      ['executive', executive, 200, 200, 200],
      ['admin', admin, 200, 200, 200],
    ].map(([name, who, ...codes]) => [name as string, who as Caller | null, ...(codes as [number, number, number])])
    for (const [name, who, mine, received, all] of cases) {
      expect((await call.get(who, '/api/feedback/mine')).statusCode, name).toBe(mine)
      expect((await call.get(who, '/api/feedback/received')).statusCode, name).toBe(received)
      expect((await call.get(who, '/api/feedback')).statusCode, name).toBe(all)
      expect((await call.get(who, '/api/feedback/options')).statusCode, name).toBe(who ? 200 : 401)
      if (who !== executive) expect((await call.post(who, '/api/feedback', performanceFeedback(live.id, otherBand.id, { body: `From the ${name}` }))).statusCode, name).toBe(who ? 201 : 401)
      const target = (await t.db.select({ id: feedback.id }).from(feedback).limit(1))[0]!.id
      const allowed = who === executive || who === admin
      for (const [path, body] of [['status', { status: 'new' }], ['reply', { reply: 'Thanks' }], ['hidden', { hidden: false }]] as const) {
        expect((await call.put(who, `/api/feedback/${target}/${path}`, body)).statusCode, `${name} ${path}`).toBe(who ? (allowed ? 200 : 403) : 401)
      }
    }
    const mineOfExecutive = await list<MyFeedbackPage>(executive, '/api/feedback/mine?pageSize=200')
    expect(mineOfExecutive.items.map((item) => item.id)).toEqual([executiveIdea.id])
    const ids = (await t.db.select({ id: feedback.id }).from(feedback).where(inArray(feedback.authorId, [executive.user.id]))).map((row) => row.id)
    expect(ids).toEqual([executiveIdea.id])
  })
})

// Last: it moves the clock past the sessions' idle limit.
describe('the rate limit', () => {
  it('lets a member post 10 an hour, counts only what was kept, and answers 429 with Retry-After', async () => {
    let poster = await t.as('member', { displayName: 'Busy Poster' })
    // Refused posts do not count.
    expectError(await call.post(poster, '/api/feedback', suggestion({ body: '' })), 400, 'VALIDATION_FAILED')
    expectError(await call.post(poster, '/api/feedback', performanceFeedback(live.id, NIL)), 409, 'FEEDBACK_TARGET_INVALID')
    for (let index = 0; index < 10; index += 1) await post(poster, suggestion({ body: `Idea ${index}` }))

    const before = await feedbackRows(t)
    const refused = await call.post(poster, '/api/feedback', suggestion({ body: 'One more' }))
    const error = expectError(refused, 429, 'RATE_LIMITED')
    expect(error.message).toMatch(/Try again in \d+ minutes?/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600)
    expect(await feedbackRows(t)).toEqual(before)
    // Per member: another member is not held back.
    await post(member, suggestion({ body: 'Mine still goes' }))

    t.clock.advance(minutes(61))
    poster = await signInAgain(t, poster)
    await post(poster, suggestion({ body: 'A new hour' }))
  })

  it('holds under parallel posts: never more than 10 kept', async () => {
    const racer = await t.as('member', { displayName: 'Racer' })
    const responses = await Promise.all(Array.from({ length: 14 }, (_, index) => call.post(racer, '/api/feedback', suggestion({ body: `Race ${index}` }))))
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(10)
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(4)
    expect(await t.db.select().from(feedback).where(eq(feedback.authorId, racer.user.id))).toHaveLength(10)
  })
})
