import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { applications, mailOutbox } from '../../../server/src/db/schema'
import type { Application, ApplicationPage, ApplicationSummary } from '../../../src/contract/lives'
import { createTestApp, minutes, START, type TestApp } from '../support/test-app'
import { createApplication, createBand, createEvent, createUser } from '../support/factories'

/**
 * The executives' review (SPEC §5.6, decision 008): the application list with its running
 * totals, single and bulk reviews with the band limit, and the mail to the bands' members.
 */
type Caller = Awaited<ReturnType<TestApp['as']>>

let t: TestApp
let executive: Caller
let admin: Caller
let aoi: Caller
let ren: Caller
let outsider: Caller

beforeAll(async () => {
  t = await createTestApp()
  executive = await t.as('executive', { displayName: 'Exec Person' })
  admin = await t.as('admin')
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  ren = await t.as('member', { displayName: 'Ren Suzuki' })
  outsider = await t.as('member', { displayName: 'Out Sider' })
})
afterAll(() => t.close())

const NIL = '00000000-0000-4000-8000-000000000000'

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().error.code).toBe(code)
  return response.json().error as { code: string; message: string; fields?: Record<string, string> }
}

const get = (who: Caller, url: string) => t.inject({ method: 'GET', url, headers: who.headers })
const post = (who: Caller, url: string, payload: object) => t.inject({ method: 'POST', url, headers: who.headers, payload })
const review = (who: Caller, applicationId: string, payload: object) => post(who, `/api/applications/${applicationId}/review`, payload)
const bulk = (who: Caller, eventId: string, payload: object) => post(who, `/api/events/${eventId}/applications/review`, payload)

async function listed(who: Caller, eventId: string, query = '') {
  const response = await get(who, `/api/events/${eventId}/applications${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as ApplicationPage
}

const statusesOf = async (ids: string[]) =>
  (await t.db.select({ id: applications.id, status: applications.status }).from(applications).where(inArray(applications.id, ids)).orderBy(asc(applications.id))).map(
    (row) => `${row.id}:${row.status}`,
  )

const reviewMails = (to?: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(to ? and(eq(mailOutbox.kind, 'application-decision'), eq(mailOutbox.to, to)) : eq(mailOutbox.kind, 'application-decision'))
    .orderBy(asc(mailOutbox.createdAt))

/** `count` bands of one fresh member each, applied to `eventId` in order, a minute apart. */
async function appliedBands(eventId: string, count: number, overrides: Partial<typeof applications.$inferInsert> = {}) {
  const made = []
  for (let index = 0; index < count; index += 1) {
    const user = await createUser(t.db)
    const band = await createBand(t.db, [{ userId: user.id }])
    const application = await createApplication(t.db, {
      eventId,
      bandId: band.id,
      submittedBy: user.id,
      createdAt: new Date(START.getTime() - minutes(count - index)),
      ...overrides,
    })
    made.push({ user, band, application })
  }
  return made
}

describe('GET /api/events/:eventId/applications', () => {
  let event: Awaited<ReturnType<typeof createEvent>>
  let ids: Record<'owls' | 'train' | 'percent' | 'old' | 'quiet', string>
  let owlsId: string

  beforeAll(async () => {
    event = await createEvent(t.db, { title: 'Summer Live 2026' })
    const owls = await createBand(t.db, [{ userId: aoi.user.id, part: 'Vocals' }, { userId: ren.user.id, part: 'Drums' }], { name: 'Night Owls' })
    owlsId = owls.id
    const train = await createBand(t.db, [{ userId: ren.user.id, part: 'Bass' }], { name: 'blue Train' })
    const percent = await createBand(t.db, [{ userId: outsider.user.id }], { name: '100% Noise' })
    const old = await createBand(t.db, [{ userId: aoi.user.id }], { name: 'Old Friends' })
    const quiet = await createBand(t.db, [{ userId: outsider.user.id }], { name: 'Quiet Ones' })
    const at = (minutesBefore: number) => new Date(START.getTime() - minutes(minutesBefore))
    ids = {
      owls: (await createApplication(t.db, { eventId: event.id, bandId: owls.id, submittedBy: aoi.user.id, requestedMinutes: 25, createdAt: at(50) })).id,
      train: (await createApplication(t.db, { eventId: event.id, bandId: train.id, submittedBy: ren.user.id, requestedMinutes: 15, status: 'accepted', createdAt: at(40) }))
        .id,
      percent: (
        await createApplication(t.db, { eventId: event.id, bandId: percent.id, submittedBy: outsider.user.id, requestedMinutes: 30, status: 'waitlisted', createdAt: at(30) })
      ).id,
      old: (await createApplication(t.db, { eventId: event.id, bandId: old.id, submittedBy: aoi.user.id, requestedMinutes: 20, status: 'withdrawn', createdAt: at(20) })).id,
      quiet: (
        await createApplication(t.db, { eventId: event.id, bandId: quiet.id, submittedBy: outsider.user.id, requestedMinutes: 20, status: 'accepted', createdAt: at(10) })
      ).id,
    }
    // Another live's application never shows here.
    const other = await createEvent(t.db)
    await createApplication(t.db, { eventId: other.id, bandId: owls.id, submittedBy: aoi.user.id })
  })

  const names = (page: ApplicationPage) => page.items.map((item) => item.band.name)

  it('shows a member their own bands’ applications by default, whatever the status, with the totals of the whole event', async () => {
    const page = await listed(aoi, event.id)
    expect(names(page)).toEqual(['Night Owls', 'Old Friends'])
    expect(page.items.map((item) => item.id)).toEqual([ids.owls, ids.old])
    expect(page.total).toBe(2)
    expect(page.summary).toEqual({
      counts: { submitted: 1, accepted: 2, waitlisted: 1, rejected: 0, withdrawn: 1 },
      acceptedMinutes: 35,
      acceptedChangeoverMinutes: 0,
      capacityMinutes: 720,
      bandLimit: null,
    } satisfies ApplicationSummary)
    const owls = page.items[0]!
    expect(owls).toMatchObject({ band: { id: owlsId, name: 'Night Owls' }, submittedBy: { id: aoi.user.id, displayName: 'Aoi Tanaka' }, canEdit: true })
    expect(owls.members.map((member) => [member.displayName, member.part, member.isLeader])).toEqual([
      ['Aoi Tanaka', 'Vocals', true],
      ['Ren Suzuki', 'Drums', false],
    ])
    expect(page.items[1]).toMatchObject({ status: 'withdrawn', canEdit: false })
    expect(names(await listed(ren, event.id, '?scope=mine'))).toEqual(['Night Owls', 'blue Train'])
  })

  it('refuses scope=all to a member with 403 FORBIDDEN and shows every band to executives and admins', async () => {
    expectError(await get(aoi, `/api/events/${event.id}/applications?scope=all`), 403, 'FORBIDDEN')
    const all = await listed(executive, event.id, '?scope=all')
    expect(all.total).toBe(5)
    expect(names(all)).toEqual(['Night Owls', 'blue Train', '100% Noise', 'Old Friends', 'Quiet Ones'])
    expect(all.items.every((item) => !item.canEdit)).toBe(true)
    expect((await listed(admin, event.id, '?scope=all')).total).toBe(5)
    // An executive in no band sees nothing of their own.
    expect((await listed(executive, event.id)).total).toBe(0)
  })

  it('filters by status, band and band name (case-insensitive, % typed literally)', async () => {
    expect(names(await listed(executive, event.id, '?scope=all&status=accepted'))).toEqual(['blue Train', 'Quiet Ones'])
    expect(names(await listed(executive, event.id, `?scope=all&bandId=${owlsId}`))).toEqual(['Night Owls'])
    expect(names(await listed(executive, event.id, '?scope=all&q=TRAIN'))).toEqual(['blue Train'])
    expect(names(await listed(executive, event.id, '?scope=all&q=%25'))).toEqual(['100% Noise'])
    expect(names(await listed(executive, event.id, '?scope=all&q=o&status=accepted'))).toEqual(['Quiet Ones'])
    const none = await listed(executive, event.id, '?scope=all&q=nobody')
    expect(none).toMatchObject({ items: [], total: 0 })
    expect(none.summary.counts.accepted).toBe(2)
  })

  it('sorts by submission, band, minutes and status, either way, ties by submission time', async () => {
    const sorted = async (sort: string) => names(await listed(executive, event.id, `?scope=all&sort=${sort}`))
    expect((await listed(executive, event.id, '?scope=all&sort=-submitted')).items.map((item) => item.id)).toEqual([ids.quiet, ids.old, ids.percent, ids.train, ids.owls])
    expect(await sorted('-submitted')).toEqual(['Quiet Ones', 'Old Friends', '100% Noise', 'blue Train', 'Night Owls'])
    expect(await sorted('band')).toEqual(['100% Noise', 'blue Train', 'Night Owls', 'Old Friends', 'Quiet Ones'])
    expect(await sorted('-band')).toEqual(['Quiet Ones', 'Old Friends', 'Night Owls', 'blue Train', '100% Noise'])
    expect(await sorted('minutes')).toEqual(['blue Train', 'Old Friends', 'Quiet Ones', 'Night Owls', '100% Noise'])
    expect(await sorted('-minutes')).toEqual(['100% Noise', 'Night Owls', 'Old Friends', 'Quiet Ones', 'blue Train'])
    expect(await sorted('status')).toEqual(['Night Owls', 'blue Train', 'Quiet Ones', '100% Noise', 'Old Friends'])
    expect(await sorted('-status')).toEqual(['Old Friends', '100% Noise', 'blue Train', 'Quiet Ones', 'Night Owls'])
  })

  it('pages, with the total of every match', async () => {
    const first = await listed(executive, event.id, '?scope=all&pageSize=2&page=1')
    const third = await listed(executive, event.id, '?scope=all&pageSize=2&page=3')
    expect([first.total, names(first)]).toEqual([5, ['Night Owls', 'blue Train']])
    expect([third.total, names(third)]).toEqual([5, ['Quiet Ones']])
    expect((await listed(executive, event.id, '?scope=all&pageSize=2&page=4')).items).toEqual([])
  })

  it('answers bad queries with 400 VALIDATION_FAILED and an unknown live with 404', async () => {
    for (const query of ['?status=maybe', '?scope=everyone', '?sort=colour', '?bandId=not-a-uuid', '?pageSize=500', '?page=0', `?q=${'x'.repeat(101)}`]) {
      expectError(await get(executive, `/api/events/${event.id}/applications${query}`), 400, 'VALIDATION_FAILED')
    }
    expectError(await get(executive, '/api/events/not-a-uuid/applications'), 400, 'VALIDATION_FAILED')
    expectError(await get(executive, `/api/events/${NIL}/applications`), 404, 'NOT_FOUND')
    // 404 comes before the scope check.
    expectError(await get(aoi, `/api/events/${NIL}/applications?scope=all`), 404, 'NOT_FOUND')
  })

  it('counts the changeovers of accepted bands beyond one per stage-day and shows the band limit', async () => {
    const small = await createEvent(t.db, { bandLimit: 8, changeoverMinutes: 10 })
    await appliedBands(small.id, 5, { status: 'accepted', requestedMinutes: 30 })
    const page = await listed(executive, small.id, '?scope=all')
    expect(page.summary).toMatchObject({ acceptedMinutes: 150, acceptedChangeoverMinutes: 30, capacityMinutes: 720, bandLimit: 8 })
  })
})

describe('POST /api/applications/:applicationId/review', () => {
  it('accepts an application: status, reviewer, time, no note, and mails each active member once', async () => {
    const event = await createEvent(t.db, { title: 'Summer Live 2026' })
    const suspended = await createUser(t.db, { status: 'suspended' })
    const pending = await createUser(t.db, { status: 'pending' })
    const deleted = await createUser(t.db, { status: 'deleted' })
    const band = await createBand(
      t.db,
      [{ userId: aoi.user.id }, { userId: ren.user.id }, { userId: suspended.id }, { userId: pending.id }, { userId: deleted.id }],
      { name: 'Midnight Owls' },
    )
    const application = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: aoi.user.id })
    t.clock.advance(minutes(5))
    const response = await review(executive, application.id, { status: 'accepted', note: '  ' })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json() as Application
    expect(body).toMatchObject({
      id: application.id,
      status: 'accepted',
      reviewNote: null,
      reviewedBy: { id: executive.user.id, displayName: 'Exec Person' },
      reviewedAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      canEdit: false,
    })
    const [row] = await t.db.select().from(applications).where(eq(applications.id, application.id))
    expect(row).toMatchObject({ status: 'accepted', reviewNote: null, reviewedBy: executive.user.id, reviewedAt: t.clock.now() })

    const mails = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, [aoi.user.email, ren.user.email, suspended.email, pending.email, deleted.email]))
    expect(mails.filter((mail) => mail.kind === 'application-decision').map((mail) => mail.to).sort()).toEqual([aoi.user.email, ren.user.email].sort())
    const [mail] = await reviewMails(aoi.user.email)
    expect(mail!.subject).toBe('Summer Live 2026: Midnight Owls is accepted')
    expect(mail!.text).toContain('Hello Aoi Tanaka')
    expect(mail!.text).toContain('Midnight Owls is accepted for Summer Live 2026.')
    expect(mail!.text).toContain(`http://localhost:3000/seasonal-live-application-list/summer?eventId=${event.id}`)
    expect(mail!.text).not.toContain('Note from the executives')
  })

  it('rejects with a note the band reads in the mail, and waitlists; the mail links the list of the event’s kind', async () => {
    const festival = await createEvent(t.db, { kind: 'festival', season: null, title: 'School Festival 2026' })
    const christmas = await createEvent(t.db, { kind: 'christmas', season: null, title: 'Christmas Live 2026' })
    const member = await createUser(t.db)
    const band = await createBand(t.db, [{ userId: member.id }], { name: 'Snow Lights' })
    const first = await createApplication(t.db, { eventId: festival.id, bandId: band.id, submittedBy: member.id })
    const second = await createApplication(t.db, { eventId: christmas.id, bandId: band.id, submittedBy: member.id })

    const rejected = await review(executive, first.id, { status: 'rejected', note: 'Too many bands this year; please apply to the Christmas live.' })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json()).toMatchObject({ status: 'rejected', reviewNote: 'Too many bands this year; please apply to the Christmas live.' })
    expect((await review(admin, second.id, { status: 'waitlisted' })).json()).toMatchObject({ status: 'waitlisted', reviewNote: null })

    const mails = await reviewMails(member.email)
    expect(mails).toHaveLength(2)
    const rejection = mails.find((mail) => mail.subject.startsWith('School Festival'))
    const waitlisting = mails.find((mail) => mail.subject.startsWith('Christmas Live'))
    expect(rejection!.subject).toBe('School Festival 2026: Snow Lights is not accepted')
    expect(rejection!.text).toContain('Note from the executives:\nToo many bands this year; please apply to the Christmas live.')
    expect(rejection!.text).toContain(`/festival-application-list?eventId=${festival.id}`)
    expect(waitlisting!.subject).toBe('Christmas Live 2026: Snow Lights is on the waiting list')
    expect(waitlisting!.text).toContain(`/christmas-live-application-list?eventId=${christmas.id}`)
  })

  it('sends no mail when the status does not change, but keeps the new note', async () => {
    const event = await createEvent(t.db)
    const [{ user, application }] = (await appliedBands(event.id, 1)) as [Awaited<ReturnType<typeof appliedBands>>[number]]
    expect((await review(executive, application.id, { status: 'waitlisted' })).statusCode).toBe(200)
    const again = await review(executive, application.id, { status: 'waitlisted', note: 'First in line if a band drops out.' })
    expect(again.json()).toMatchObject({ status: 'waitlisted', reviewNote: 'First in line if a band drops out.' })
    expect(await reviewMails(user.email)).toHaveLength(1)
  })

  it('refuses bad input with 400 VALIDATION_FAILED and changes nothing', async () => {
    const event = await createEvent(t.db)
    const [{ user, application }] = (await appliedBands(event.id, 1)) as [Awaited<ReturnType<typeof appliedBands>>[number]]
    const cases: Array<[object, string]> = [
      [{ status: 'rejected' }, 'note'],
      [{ status: 'rejected', note: '   ' }, 'note'],
      [{ status: 'maybe' }, 'status'],
      [{ status: 'submitted' }, 'status'],
      [{ status: 'withdrawn' }, 'status'],
      [{}, 'status'],
      [{ status: 'accepted', note: 'x'.repeat(501) }, 'note'],
    ]
    for (const [payload, field] of cases) {
      const error = expectError(await review(executive, application.id, payload), 400, 'VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toContain(field)
    }
    expectError(await review(executive, 'not-a-uuid', { status: 'accepted' }), 400, 'VALIDATION_FAILED')
    expect(await statusesOf([application.id])).toEqual([`${application.id}:submitted`])
    expect(await reviewMails(user.email)).toEqual([])
  })

  it('answers 404 for an unknown application and 403 to a member, even of the band', async () => {
    expectError(await review(executive, NIL, { status: 'accepted' }), 404, 'NOT_FOUND')
    const event = await createEvent(t.db)
    const band = await createBand(t.db, [{ userId: aoi.user.id }])
    const application = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: aoi.user.id })
    expectError(await review(aoi, application.id, { status: 'accepted' }), 403, 'FORBIDDEN')
    expect(await statusesOf([application.id])).toEqual([`${application.id}:submitted`])
  })

  it('refuses a withdrawn application with 409 APPLICATION_WITHDRAWN, sending nothing', async () => {
    const event = await createEvent(t.db)
    const member = await createUser(t.db)
    const band = await createBand(t.db, [{ userId: member.id }], { name: 'Gone Band' })
    const application = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: member.id, status: 'withdrawn' })
    const error = expectError(await review(executive, application.id, { status: 'accepted' }), 409, 'APPLICATION_WITHDRAWN')
    expect(error.message).toContain('Gone Band')
    expect(await statusesOf([application.id])).toEqual([`${application.id}:withdrawn`])
    expect(await reviewMails(member.email)).toEqual([])
  })

  it('refuses to accept past the band limit with 409 BAND_LIMIT_REACHED; waitlisting and re-accepting still work', async () => {
    const event = await createEvent(t.db, { title: 'Summer Live 2026', bandLimit: 2 })
    const made = await appliedBands(event.id, 4)
    const [first, second, third, fourth] = made.map((entry) => entry.application.id) as [string, string, string, string]
    expect((await review(executive, first, { status: 'accepted' })).statusCode).toBe(200)
    expect((await review(executive, second, { status: 'accepted' })).statusCode).toBe(200)
    const error = expectError(await review(executive, third, { status: 'accepted' }), 409, 'BAND_LIMIT_REACHED')
    expect(error.message).toBe('Summer Live 2026 takes at most 2 bands and 2 are accepted; waitlist this one or raise the limit.')
    expect(await reviewMails(made[2]!.user.email)).toEqual([])
    // Accepting an accepted one again passes (it is already counted); other decisions are not limited.
    expect((await review(executive, second, { status: 'accepted', note: 'Opening act' })).statusCode).toBe(200)
    expect((await review(executive, third, { status: 'waitlisted' })).statusCode).toBe(200)
    expect((await review(executive, fourth, { status: 'rejected', note: 'Full' })).statusCode).toBe(200)
    // Freeing a place lets the waitlisted band in.
    expect((await review(executive, first, { status: 'waitlisted' })).statusCode).toBe(200)
    expect((await review(executive, third, { status: 'accepted' })).statusCode).toBe(200)
    expect(await statusesOf([first, second, third, fourth])).toEqual(
      [`${first}:waitlisted`, `${second}:accepted`, `${third}:accepted`, `${fourth}:rejected`].sort(),
    )
  })

  it('lets exactly 3 of 10 parallel accepts through a band limit of 3; the rest are 409 BAND_LIMIT_REACHED and get no mail', async () => {
    const event = await createEvent(t.db, { bandLimit: 3 })
    const made = await appliedBands(event.id, 10)
    const responses = await Promise.all(made.map(({ application }) => review(executive, application.id, { status: 'accepted' })))
    const tally: Record<string, number> = {}
    for (const response of responses) {
      const key = response.statusCode === 200 ? '200' : `${response.statusCode} ${response.json().error.code}`
      tally[key] = (tally[key] ?? 0) + 1
    }
    expect(tally).toEqual({ '200': 3, '409 BAND_LIMIT_REACHED': 7 })
    const accepted = await t.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.eventId, event.id), eq(applications.status, 'accepted')))
    expect(accepted).toHaveLength(3)
    const mailed = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'application-decision'), inArray(mailOutbox.to, made.map((entry) => entry.user.email))))
    expect(mailed).toHaveLength(3)
  })
})

describe('POST /api/events/:eventId/applications/review', () => {
  it('reviews many at once, mails only the bands whose status changed, and answers the new totals', async () => {
    const event = await createEvent(t.db, { title: 'Summer Live 2026' })
    const made = await appliedBands(event.id, 3, { requestedMinutes: 20 })
    await t.db.update(applications).set({ status: 'accepted' }).where(eq(applications.id, made[0]!.application.id))
    t.clock.advance(minutes(1))
    const response = await bulk(executive, event.id, { applicationIds: made.map((entry) => entry.application.id), status: 'accepted', note: 'See you there!' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ updated: 3, summary: { counts: { accepted: 3, submitted: 0 }, acceptedMinutes: 60, bandLimit: null } })
    const rows = await t.db.select().from(applications).where(eq(applications.eventId, event.id))
    expect(rows.every((row) => row.status === 'accepted' && row.reviewNote === 'See you there!' && row.reviewedBy === executive.user.id)).toBe(true)
    expect(rows.every((row) => row.reviewedAt?.getTime() === t.clock.now().getTime())).toBe(true)
    expect(await reviewMails(made[0]!.user.email)).toEqual([])
    const [mail] = await reviewMails(made[1]!.user.email)
    expect(mail!.subject).toBe(`Summer Live 2026: ${made[1]!.band.name} is accepted`)
    expect(mail!.text).toContain('See you there!')
    expect(await reviewMails(made[2]!.user.email)).toHaveLength(1)
  })

  it('refuses an id that is not an application of this live with 400 on applicationIds, changing nothing', async () => {
    const event = await createEvent(t.db)
    const other = await createEvent(t.db)
    const mine = await appliedBands(event.id, 2)
    const theirs = await appliedBands(other.id, 1)
    const ids = [...mine, ...theirs].map((entry) => entry.application.id)
    for (const applicationIds of [ids, [mine[0]!.application.id, NIL]]) {
      const error = expectError(await bulk(executive, event.id, { applicationIds, status: 'waitlisted' }), 400, 'VALIDATION_FAILED')
      expect(error.fields?.applicationIds).toBe('One of the chosen applications is not an application to this live')
    }
    expect(await statusesOf(ids)).toEqual(ids.map((id) => `${id}:submitted`).sort())
    expect((await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, [...mine, ...theirs].map((entry) => entry.user.email))))).toEqual([])
  })

  it('refuses a batch holding withdrawn applications with 409 APPLICATION_WITHDRAWN naming the bands, changing nothing', async () => {
    const event = await createEvent(t.db)
    const active = await appliedBands(event.id, 2)
    const gone = await appliedBands(event.id, 2, { status: 'withdrawn' })
    const ids = [...active, ...gone].map((entry) => entry.application.id)
    const error = expectError(await bulk(executive, event.id, { applicationIds: ids, status: 'accepted' }), 409, 'APPLICATION_WITHDRAWN')
    const goneNames = gone.map((entry) => entry.band.name).sort((a, b) => a.localeCompare(b))
    expect(error.message).toBe(`${goneNames[0]} and ${goneNames[1]} withdrew their applications, so they cannot be reviewed. Leave them out and try again.`)
    expect(await statusesOf(ids)).toEqual([...active.map((entry) => `${entry.application.id}:submitted`), ...gone.map((entry) => `${entry.application.id}:withdrawn`)].sort())
    expect(await reviewMails(active[0]!.user.email)).toEqual([])
  })

  it('counts the whole batch against the band limit, the already accepted ones included', async () => {
    const event = await createEvent(t.db, { title: 'Autumn Live', bandLimit: 3 })
    const made = await appliedBands(event.id, 4)
    const ids = made.map((entry) => entry.application.id)
    await t.db.update(applications).set({ status: 'accepted' }).where(eq(applications.id, ids[0]!))
    const error = expectError(await bulk(executive, event.id, { applicationIds: ids.slice(1), status: 'accepted' }), 409, 'BAND_LIMIT_REACHED')
    expect(error.message).toBe('Autumn Live takes at most 3 bands and 1 are accepted; accepting these 3 would make 4. Waitlist some or raise the limit.')
    expect(await statusesOf(ids.slice(1))).toEqual(ids.slice(1).map((id) => `${id}:submitted`).sort())
    // The accepted one in the batch is not counted twice: 1 + 2 new = 3.
    const fits = await bulk(executive, event.id, { applicationIds: ids.slice(0, 3), status: 'accepted' })
    expect(fits.statusCode, fits.body).toBe(200)
    expect(fits.json().summary.counts.accepted).toBe(3)
  })

  it('refuses bad input with 400 VALIDATION_FAILED, an unknown live with 404 and members with 403, changing nothing', async () => {
    const event = await createEvent(t.db)
    const made = await appliedBands(event.id, 2)
    const ids = made.map((entry) => entry.application.id)
    const cases: Array<[object, string]> = [
      [{ applicationIds: ids, status: 'rejected' }, 'note'],
      [{ applicationIds: ids, status: 'maybe' }, 'status'],
      [{ applicationIds: [ids[0], ids[0]], status: 'accepted' }, 'applicationIds'],
      [{ applicationIds: [], status: 'accepted' }, 'applicationIds'],
      [{ applicationIds: ['not-a-uuid'], status: 'accepted' }, 'applicationIds.0'],
      [{ applicationIds: Array.from({ length: 201 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`), status: 'accepted' }, 'applicationIds'],
      [{ status: 'accepted' }, 'applicationIds'],
    ]
    for (const [payload, field] of cases) {
      const error = expectError(await bulk(executive, event.id, payload), 400, 'VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {}), JSON.stringify(payload).slice(0, 80)).toContain(field)
    }
    expectError(await bulk(executive, 'not-a-uuid', { applicationIds: ids, status: 'accepted' }), 400, 'VALIDATION_FAILED')
    expectError(await bulk(executive, NIL, { applicationIds: ids, status: 'accepted' }), 404, 'NOT_FOUND')
    expectError(await bulk(ren, event.id, { applicationIds: ids, status: 'accepted' }), 403, 'FORBIDDEN')
    expect(await statusesOf(ids)).toEqual(ids.map((id) => `${id}:submitted`).sort())
    expect(await reviewMails(made[0]!.user.email)).toEqual([])
  })

  it('takes up to 200 applications at once', async () => {
    const event = await createEvent(t.db)
    const leader = await createUser(t.db)
    const values = []
    for (let index = 0; index < 200; index += 1) {
      const band = await createBand(t.db, [{ userId: leader.id }])
      values.push({ eventId: event.id, bandId: band.id, submittedBy: leader.id, songs: [{ title: 'Song', artist: '', length: '4:00' }], requestedMinutes: 10 })
    }
    const rows = await t.db.insert(applications).values(values).returning({ id: applications.id })
    const response = await bulk(executive, event.id, { applicationIds: rows.map((row) => row.id), status: 'waitlisted' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ updated: 200, summary: { counts: { waitlisted: 200 } } })
    expect(await reviewMails(leader.email)).toHaveLength(200)
  })
})
