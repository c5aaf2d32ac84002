import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { defaultClubSettings } from '../../../src/contract/settings'
import { createTestApp, START, type TestApp } from '../support/test-app'
import { createUser, makeExecutive } from '../support/factories'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['as']>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.as('admin')
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.current = new Date(START)
  await t.services.settings.replace(defaultClubSettings, null)
})

/** A fresh admin session each call: tests move the clock past the idle limit. */
const adminHeaders = async () => ({ authorization: `Bearer ${(await t.signIn(admin.user.email, admin.user.password)).access_token}` })
const getSettings = async () => t.inject({ method: 'GET', url: '/api/settings', headers: await adminHeaders() })
const putSettings = async (payload: unknown, headers?: Record<string, string>) =>
  t.inject({ method: 'PUT', url: '/api/settings', headers: headers ?? (await adminHeaders()), payload: payload as object })

describe('GET /api/club', () => {
  it('tells anyone the club name, time zone, default language, start month and current term', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/club' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', language: 'en', academicYearStartMonth: 4, currentTerm: 2026 })
  })
})

describe('GET/PUT /api/settings', () => {
  it('answers the full settings with defaults to an admin', async () => {
    const response = await getSettings()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(defaultClubSettings)
  })

  it('stores a change, which the next request already sees', async () => {
    const next = { ...defaultClubSettings, clubName: '  Keion Club  ', booking: { ...defaultClubSettings.booking, horizonDays: 30 } }
    const response = await putSettings(next)
    expect(response.statusCode).toBe(200)
    expect(response.json().clubName).toBe('Keion Club')
    expect((await t.inject({ method: 'GET', url: '/api/club' })).json().clubName).toBe('Keion Club')
    expect((await getSettings()).json().booking.horizonDays).toBe(30)
  })

  it.each([
    ['an empty club name', { clubName: ' ' }, 'clubName'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['month 13', { academicYearStartMonth: 13 }, 'academicYearStartMonth'],
    ['a month as text', { academicYearStartMonth: '4' }, 'academicYearStartMonth'],
    ['invite mode without a code', { registration: { mode: 'invite', inviteCode: '' } }, 'registration.inviteCode'],
    ['an unknown registration mode', { registration: { mode: 'everyone', inviteCode: '' } }, 'registration.mode'],
    ['a horizon of 0 days', { booking: { ...defaultClubSettings.booking, horizonDays: 0 } }, 'booking.horizonDays'],
    ['an upload limit of 0', { uploadLimitMb: 0 }, 'uploadLimitMb'],
    ['a missing section', { publicSchedule: undefined }, 'publicSchedule'],
    ['feedback as a string', { anonymousFeedbackAllowed: 'yes' }, 'anonymousFeedbackAllowed'],
  ])('refuses %s with a 400 naming the field and changes nothing', async (_what, change, field) => {
    const response = await putSettings({ ...defaultClubSettings, clubName: 'Changed', ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(response.json().error.fields).toHaveProperty([field])
    expect((await getSettings()).json()).toEqual(defaultClubSettings)
  })

  it('refuses an empty body instead of resetting everything', async () => {
    await putSettings({ ...defaultClubSettings, clubName: 'Kept' })
    const response = await putSettings({})
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().error.fields)).toContain('clubName')
    expect((await getSettings()).json().clubName).toBe('Kept')
  })

  it('is for admins only: members and executives get 403', async () => {
    for (const role of ['member', 'executive'] as const) {
      const caller = await t.as(role)
      expect((await t.inject({ method: 'GET', url: '/api/settings', headers: caller.headers })).statusCode).toBe(403)
      expect((await putSettings({ ...defaultClubSettings, clubName: 'Hijack' }, caller.headers)).statusCode).toBe(403)
    }
    expect((await getSettings()).json().clubName).toBe(defaultClubSettings.clubName)
  })
})

describe('the term boundary', () => {
  async function signedInHolder(termYear: number) {
    const user = await createUser(t.db)
    await makeExecutive(t.db, user.id, termYear)
    return user
  }
  const isExecutive = async (email: string, password: string) => {
    const { access_token } = await t.signIn(email, password)
    const response = await t.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access_token}` } })
    return response.json().user.isExecutive as boolean
  }

  it('makes a holder of term 2026 an executive until 2027-03-31 in Tokyo, not from 2027-04-01', async () => {
    const user = await signedInHolder(2026)
    t.clock.current = new Date('2027-03-31T14:59:00Z') // 23:59 in Tokyo
    expect(await isExecutive(user.email, user.password)).toBe(true)
    expect((await t.inject({ method: 'GET', url: '/api/club' })).json().currentTerm).toBe(2026)
    t.clock.current = new Date('2027-03-31T15:00:00Z') // 2027-04-01 00:00 in Tokyo
    expect(await isExecutive(user.email, user.password)).toBe(false)
    expect((await t.inject({ method: 'GET', url: '/api/club' })).json().currentTerm).toBe(2027)
  })

  it('moves the boundary at once when the academic-year start month changes', async () => {
    const user = await signedInHolder(2026)
    t.clock.current = new Date('2027-04-10T03:00:00Z')
    const { access_token } = await t.signIn(user.email, user.password)
    const me = () => t.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access_token}` } })
    expect((await me()).json().user.isExecutive).toBe(false)
    expect((await putSettings({ ...defaultClubSettings, academicYearStartMonth: 5 })).statusCode).toBe(200)
    // Same session, next request: April 2027 now belongs to the 2026 term.
    expect((await me()).json().user.isExecutive).toBe(true)
    expect((await t.inject({ method: 'GET', url: '/api/club' })).json()).toMatchObject({ academicYearStartMonth: 5, currentTerm: 2026 })
  })

  it('lets a holder use executive endpoints only in their term', async () => {
    const user = await signedInHolder(2026)
    const { access_token } = await t.signIn(user.email, user.password)
    const headers = { authorization: `Bearer ${access_token}` }
    expect((await t.inject({ method: 'GET', url: '/api/positions', headers })).statusCode).toBe(200)
    await putSettings({ ...defaultClubSettings, academicYearStartMonth: 1 }) // June 2026 still 2026
    expect((await t.inject({ method: 'GET', url: '/api/positions', headers })).statusCode).toBe(200)
    await putSettings({ ...defaultClubSettings, timeZone: 'Asia/Tokyo', academicYearStartMonth: 4 })
    t.clock.current = new Date('2027-04-01T00:00:00Z') // 09:00 in Tokyo, term 2027
    const fresh = await t.signIn(user.email, user.password)
    expect((await t.inject({ method: 'GET', url: '/api/positions', headers: { authorization: `Bearer ${fresh.access_token}` } })).statusCode).toBe(403)
  })
})
