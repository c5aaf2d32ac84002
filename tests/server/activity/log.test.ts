import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asc, eq, sql } from 'drizzle-orm'
import { activityLog, rooms } from '../../../server/src/db/schema'
import { redact, runActivity, writeActivity } from '../../../server/src/activity/activity'
import { withTransaction } from '../../../server/src/db/transaction'
import { AppError } from '../../../server/src/http/errors'
import { FAILED_LOGIN_LIMIT } from '../../../server/src/auth/auth.service'
import { activityPageSchema, type ActivityPage } from '../../../src/contract/activity'
import { createBooking, createPeriod, createRoom, createUser, TEST_PASSWORD } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * The activity log (issue 34 §5, decision 042) beyond the walk over the routes (walk.test.ts):
 * a failed write leaves nothing, secrets never reach it, sign-ins and their refusals, an
 * executive's power on a member route, the admins' list with its filters and pages, and the
 * purge after the kept days.
 */
type Caller = Awaited<ReturnType<TestApp['as']>>
let t: TestApp
let admin: Caller
let executive: Caller
const NIL = '00000000-0000-4000-8000-000000000000'
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  await t.services.jobs.stop()
  admin = await t.as('admin', { displayName: 'Ada Admin' })
  executive = await t.as('executive', { displayName: 'Eli Exec' })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(activityLog)
})

const entries = () => t.db.select().from(activityLog).orderBy(asc(activityLog.at), asc(activityLog.action))
const storedJson = async () => JSON.stringify(await entries())

describe('a write that fails', () => {
  it('leaves no entry: bad input (400), a missing record (404), a refused caller (403), a rule broken inside the transaction (409)', async () => {
    const member = await t.as('member')
    await t.db.delete(activityLog) // the sign-in above
    const room = await createRoom(t.db, { name: 'Studio Fail' })
    const answers = [
      await t.inject({ method: 'POST', url: '/api/rooms', headers: admin.headers, payload: { capacity: 'many' } }),
      await t.inject({ method: 'PATCH', url: `/api/rooms/${NIL}`, headers: admin.headers, payload: { capacity: 3 } }),
      await t.inject({ method: 'PATCH', url: `/api/rooms/${room.id}`, headers: executive.headers, payload: { capacity: 3 } }),
      await t.inject({ method: 'PATCH', url: `/api/rooms/${room.id}`, headers: member.headers, payload: { capacity: 3 } }),
      // Inside the transaction: an admin may not change their own role; it rolls back.
      await t.inject({ method: 'PATCH', url: `/api/users/${admin.user.id}`, headers: admin.headers, payload: { role: 'member' } }),
      // Approving an account that is not pending: the service noted the change, then refused.
      await t.inject({ method: 'POST', url: `/api/users/${member.user.id}/approve`, headers: admin.headers, payload: {} }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 404, 403, 403, 409, 409])
    expect(await entries()).toEqual([])
    // And the same room changed for real leaves one.
    expect((await t.inject({ method: 'PATCH', url: `/api/rooms/${room.id}`, headers: admin.headers, payload: { capacity: 3 } })).statusCode).toBe(200)
    expect((await entries()).map((entry) => [entry.action, entry.objectLabel, entry.changes])).toEqual([['PATCH /api/rooms/:roomId', 'Studio Fail', [{ field: 'capacity', before: null, after: 3 }]]])
  })

  it('takes back the entry a committed transaction wrote when the request fails after it', async () => {
    const setup = { db: t.db, clock: t.clock.now, actorId: admin.user.id, tag: 'club', method: 'POST', url: '/api/rooms', logged: true, params: {} }
    await expect(
      runActivity(
        setup,
        async () => {
          await withTransaction(t.db, async (tx) => tx.select({ n: sql`1` }).from(rooms))
          expect(await entries()).toHaveLength(1) // written with the (read-only) transaction
          throw new AppError(409, 'CONFLICT', 'Refused after all.')
        },
        () => true,
      ),
    ).rejects.toThrow('Refused after all.')
    expect(await entries()).toEqual([])
  })

  it('writes the entry once per request, with the first transaction that commits, and not again on a retry', async () => {
    const setup = { db: t.db, clock: t.clock.now, actorId: admin.user.id, tag: 'club', method: 'POST', url: '/api/rooms', logged: true, params: {} }
    let attempts = 0
    await runActivity(
      setup,
      async () => {
        await withTransaction(t.db, async () => {
          attempts += 1
          // The first attempt loses a race: PostgreSQL's serialization failure, retried from scratch.
          if (attempts === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' })
        })
        await withTransaction(t.db, async () => undefined)
      },
      () => true,
    )
    expect(attempts).toBe(2)
    expect((await entries()).map((entry) => [entry.actorId, entry.action])).toEqual([[admin.user.id, 'POST /api/rooms']])
  })
})

describe('secrets', () => {
  it('are never stored: the invite code of the settings and the password of a sign-in', async () => {
    const current = await t.services.settings.get()
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.headers,
      payload: { ...current, registration: { ...current.registration, mode: 'invite', inviteCode: 'OPEN-SESAME-4821' } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const user = await createUser(t.db, { status: 'active', password: 'Sw0rdfish-and-chips' })
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Sw0rdfish-and-chips' } })).statusCode).toBe(200)
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Sw0rdfish-and-chips!' } })).statusCode).toBe(401)
    const stored = await storedJson()
    expect(stored).not.toContain('OPEN-SESAME-4821')
    expect(stored).not.toContain('Sw0rdfish')
    const settingsEntry = (await entries()).find((entry) => entry.area === 'settings')!
    expect(settingsEntry.changes).toEqual(
      expect.arrayContaining([
        { field: 'registration.mode', before: current.registration.mode, after: 'invite' },
        { field: 'registration.inviteCode', before: expect.anything(), after: '(hidden)' },
      ]),
    )
  })

  it('are hidden by the name of their field, at any depth', () => {
    expect(redact({ name: 'Aoi', newPassword: 'x', smtp: { apiKey: 'k', host: 'mail' }, items: [{ resetToken: 't' }], inviteCode: 'c', clientSecret: 's' })).toEqual({
      name: 'Aoi',
      newPassword: '(hidden)',
      smtp: { apiKey: '(hidden)', host: 'mail' },
      items: [{ resetToken: '(hidden)' }],
      inviteCode: '(hidden)',
      clientSecret: '(hidden)',
    })
  })
})

describe('sign-ins', () => {
  it('logs a sign-in with the person as actor, a wrong password of an existing account without one, and nothing for an unknown email', async () => {
    const user = await createUser(t.db, { status: 'active', displayName: 'Sana' })
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(200)
    t.clock.advance(1000)
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'not it at all' } })).statusCode).toBe(401)
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody-here@example.ac.jp', password: 'not it at all' } })).statusCode).toBe(401)
    expect((await entries()).map((entry) => [entry.actorId, entry.area, entry.action, entry.objectType, entry.objectId, entry.objectLabel])).toEqual([
      [user.id, 'sign-in', 'Signed in', 'user', user.id, user.email],
      [null, 'sign-in', 'Sign-in refused: wrong password', 'user', user.id, user.email],
    ])
  })

  it('logs the lockout once: five refusals, the lockout, and nothing for the attempts refused while locked', async () => {
    const user = await createUser(t.db, { status: 'active' })
    const statuses = []
    for (let i = 0; i < FAILED_LOGIN_LIMIT + 3; i += 1) {
      statuses.push((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: `guess number ${i}` } })).statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    const actions = (await entries()).map((entry) => entry.action)
    expect(actions.filter((action) => action === 'Sign-in refused: wrong password')).toHaveLength(FAILED_LOGIN_LIMIT)
    expect(actions.filter((action) => action.startsWith('Sign-in locked'))).toEqual(['Sign-in locked for 15 minutes after 5 wrong passwords'])
    expect(actions).toHaveLength(FAILED_LOGIN_LIMIT + 1)
  })

  it('logs a right password refused for a suspended account', async () => {
    const user = await createUser(t.db, { status: 'suspended' })
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(403)
    expect((await entries()).map((entry) => [entry.actorId, entry.action, entry.objectId])).toEqual([[null, 'Sign-in refused: the account is suspended', user.id]])
  })
})

describe('member routes', () => {
  it('log only an executive’s power: cancelling someone else’s booking and blocking a room, not a member’s own booking or cancel', async () => {
    const room = await createRoom(t.db, { name: 'Room M' })
    const period = await createPeriod(t.db, 'M1', '09:00', '10:30')
    const member = await t.as('member', { displayName: 'Mio' })
    await t.db.delete(activityLog)
    const book = (who: Caller, date: string, extra: object = {}) =>
      t.inject({ method: 'POST', url: '/api/bookings', headers: who.headers, payload: { roomId: room.id, periodId: period.id, date, kind: 'personal', ...extra } })
    const own = await book(member, '2026-06-03')
    expect(own.statusCode, own.body).toBe(201)
    expect((await t.inject({ method: 'POST', url: `/api/bookings/${own.json().id}/cancel`, headers: member.headers, payload: {} })).statusCode).toBe(200)
    // The executive's own practice, booked and cancelled: a member's power.
    const execOwn = await book(executive, '2026-06-04')
    expect(execOwn.statusCode, execOwn.body).toBe(201)
    expect((await t.inject({ method: 'POST', url: `/api/bookings/${execOwn.json().id}/cancel`, headers: executive.headers, payload: {} })).statusCode).toBe(200)
    expect(await entries()).toEqual([])

    const someoneElses = await createBooking(t.db, { room, period, date: '2026-06-05', userId: member.user.id })
    expect((await t.inject({ method: 'POST', url: `/api/bookings/${someoneElses.id}/cancel`, headers: executive.headers, payload: {} })).statusCode).toBe(200)
    const block = await book(executive, '2026-06-08', { kind: 'block', reason: 'Piano tuning' })
    expect(block.statusCode, block.body).toBe(201)
    // A refused cancel (already cancelled) leaves nothing.
    expect((await t.inject({ method: 'POST', url: `/api/bookings/${someoneElses.id}/cancel`, headers: executive.headers, payload: {} })).statusCode).toBe(409)
    expect((await entries()).map((entry) => [entry.actorId, entry.area, entry.action, entry.objectId, entry.objectLabel, entry.changes])).toEqual([
      [executive.user.id, 'bookings', 'booking.block', block.json().id, 'Room M, 2026-06-08 M1', [{ field: 'reason', before: null, after: 'Piano tuning' }]],
      [
        executive.user.id,
        'bookings',
        'booking.cancel-other',
        someoneElses.id,
        'Room M, 2026-06-05 M1',
        [
          { field: 'status', before: 'active', after: 'cancelled' },
          { field: 'booked for', before: null, after: 'Mio' },
        ],
      ],
    ])
  })

  it('keeps role and status changes with their values before and after', async () => {
    const user = await createUser(t.db, { status: 'active', displayName: 'Kai' })
    const response = await t.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: admin.headers, payload: { role: 'admin', status: 'suspended' } })
    expect(response.statusCode, response.body).toBe(200)
    expect((await entries()).map((entry) => [entry.actorId, entry.area, entry.objectType, entry.objectId, entry.objectLabel, entry.changes])).toEqual([
      [
        admin.user.id,
        'users',
        'user',
        user.id,
        'Kai',
        [
          { field: 'role', before: 'member', after: 'admin' },
          { field: 'status', before: 'active', after: 'suspended' },
        ],
      ],
    ])
  })
})

describe('GET /api/activity', () => {
  const list = async (query = '', who: Caller = admin) => {
    const response = await t.inject({ method: 'GET', url: `/api/activity${query}`, headers: who.headers })
    expect(response.statusCode, response.body).toBe(200)
    return activityPageSchema.parse(response.json()) as ActivityPage
  }
  /** Entries at chosen instants: 2026-06-01T15:30Z is 2 June 00:30 in Tokyo, the club's time zone. */
  async function seed() {
    await t.db.delete(activityLog)
    const at = (iso: string) => new Date(iso)
    await writeActivity(t.db, { at: at('2026-05-31T14:59:00Z'), actorId: admin.user.id, area: 'club', action: 'Add a room', object: { type: 'room', id: NIL, label: 'Studio 1' } })
    await writeActivity(t.db, { at: at('2026-05-31T15:00:00Z'), actorId: executive.user.id, area: 'bands', action: 'Edit a band' })
    await writeActivity(t.db, { at: at('2026-06-01T14:59:00Z'), actorId: admin.user.id, area: 'users', action: 'Edit an account' })
    await writeActivity(t.db, { at: at('2026-06-01T15:30:00Z'), actorId: null, area: 'sign-in', action: 'Sign-in refused: wrong password', object: { type: 'user', id: admin.user.id, label: admin.user.email } })
    await writeActivity(t.db, { at: at('2026-06-02T03:00:00Z'), actorId: executive.user.id, area: 'club', action: 'Add a period' })
  }

  it('lists newest first with the actor’s name, filters by person, area and club days, and pages', async () => {
    await seed()
    const all = await list()
    expect(all.total).toBe(5)
    expect(all.items.map((item) => [item.action, item.actor?.name ?? null])).toEqual([
      ['Add a period', 'Eli Exec'],
      ['Sign-in refused: wrong password', null],
      ['Edit an account', 'Ada Admin'],
      ['Edit a band', 'Eli Exec'],
      ['Add a room', 'Ada Admin'],
    ])
    expect(all.items[4]).toMatchObject({ area: 'club', object: { type: 'room', id: NIL, label: 'Studio 1' }, changes: [], at: '2026-05-31T14:59:00.000Z' })
    expect((await list(`?actorId=${executive.user.id}`)).items.map((item) => item.action)).toEqual(['Add a period', 'Edit a band'])
    expect((await list('?area=club')).items.map((item) => item.action)).toEqual(['Add a period', 'Add a room'])
    expect((await list(`?area=club&actorId=${admin.user.id}`)).items.map((item) => item.action)).toEqual(['Add a room'])
    // 1 June in Tokyo runs from 31 May 15:00 to 1 June 15:00 UTC.
    expect((await list('?from=2026-06-01&to=2026-06-01')).items.map((item) => item.action)).toEqual(['Edit an account', 'Edit a band'])
    expect((await list('?from=2026-06-02')).items.map((item) => item.action)).toEqual(['Add a period', 'Sign-in refused: wrong password'])
    expect((await list('?to=2026-05-31')).items.map((item) => item.action)).toEqual(['Add a room'])
    const second = await list('?pageSize=2&page=2')
    expect(second).toMatchObject({ total: 5 })
    expect(second.items.map((item) => item.action)).toEqual(['Edit an account', 'Edit a band'])
    expect((await list('?pageSize=2&page=4')).items).toEqual([])
  })

  it('answers bad filters with 400 naming the field, never a 500, and only admins', async () => {
    for (const query of ['?actorId=someone', '?area=everything', '?from=2026-02-30', '?to=yesterday', '?page=0', '?pageSize=1000', '?from=2026-06-02&to=2026-06-01']) {
      const response = await t.inject({ method: 'GET', url: `/api/activity${query}`, headers: admin.headers })
      expect(response.statusCode, query).toBe(400)
      expect(response.json().error.code, query).toBe('VALIDATION_FAILED')
      expect(Object.keys(response.json().error.fields ?? {}).length, query).toBeGreaterThan(0)
    }
    expect((await t.inject({ method: 'GET', url: '/api/activity', headers: executive.headers })).statusCode).toBe(403)
  })
})

describe('keeping', () => {
  it('deletes entries older than the settings’ kept days with the job runner’s purge, and keeps the rest', async () => {
    const now = t.clock.now()
    const ago = (days: number) => new Date(now.getTime() - days * DAY)
    for (const days of [731, 729, 40, 1]) await writeActivity(t.db, { at: ago(days), actorId: admin.user.id, area: 'club', action: `${days} days ago` })
    expect(await t.services.jobs.purgeNow()).toMatchObject({ 'activity log entries': 1 })
    expect((await entries()).map((entry) => entry.action)).toEqual(['729 days ago', '40 days ago', '1 days ago'])

    const current = await t.services.settings.get()
    await t.services.settings.replace({ ...current, activityLog: { keepDays: 30 } }, null)
    try {
      await t.services.jobs.purgeNow()
      expect((await entries()).filter((entry) => entry.area === 'club').map((entry) => entry.action)).toEqual(['1 days ago'])
    } finally {
      await t.services.settings.replace(current, null)
    }
  })

  it('keeps an entry’s actor unknown, not the entry, when the account row goes', async () => {
    const user = await createUser(t.db, { status: 'active' })
    await writeActivity(t.db, { at: t.clock.now(), actorId: user.id, area: 'club', action: 'Add a room' })
    await t.db.execute(sql`delete from users where id = ${user.id}`)
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'Add a room'))
    expect(entry).toMatchObject({ actorId: null })
  })
})
