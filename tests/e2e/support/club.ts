import { academicYearOf } from '../../../src/contract/terms'
import { addDays, todayIn } from '../../../src/contract/calendar'
import { E2E_ADMIN } from './accounts'
import { callApi } from './browser'

type Account = { email: string; password: string; displayName: string }

/** The id of a member, found by name as the band form finds them. */
export async function memberId(account: Account) {
  const found = (await callApi(E2E_ADMIN, 'GET', `/api/members/search?q=${encodeURIComponent(account.displayName)}`)).items as Array<{ id: string }>
  return found[0]!.id
}

/** A band `leader` creates with themselves as leader (first part) and `others` (parts in order). */
export async function createBand(name: string, leader: Account, others: Array<{ account: Account; part: string }>, leaderPart = 'Guitar') {
  const members = [{ userId: await memberId(leader), part: leaderPart, isLeader: true }]
  for (const { account, part } of others) members.push({ userId: await memberId(account), part, isLeader: false })
  return (await callApi(leader, 'POST', '/api/bands', { name, description: '', genre: '', members })) as { id: string }
}

/**
 * A 15-minute period named `label` at an early hour no other area's period takes (periods
 * must not overlap): its id.
 */
export async function addFreePeriod(label: string) {
  const periods = (await callApi(E2E_ADMIN, 'GET', '/api/periods')).items as Array<{ startsAt: string; endsAt: string }>
  const endOf = (time: string) => `${time.slice(0, 3)}${String(Number(time.slice(3)) + 15).padStart(2, '0')}`
  const start = ['05:00', '05:20', '05:40', '04:00', '04:20', '04:40'].find((time) => !periods.some((period) => period.startsAt < endOf(time) && time < period.endsAt))!
  return ((await callApi(E2E_ADMIN, 'POST', '/api/periods', { label, startsAt: start, endsAt: endOf(start) })) as { id: string }).id
}

const DAY_MS = 24 * 3600 * 1000

/**
 * A live open for applications (opened yesterday, closing in a week) in the current academic
 * year, one stage 12:00–18:00 on `liveDay` (default: 40 days from today); `fields` override.
 */
export async function createOpenLive(fields: Record<string, unknown> & { title: string }) {
  const body = {
    kind: 'festival',
    academicYear: academicYearOf(new Date(), { timeZone: 'Asia/Tokyo', academicYearStartMonth: 4 }),
    venue: 'Student hall',
    days: [{ date: addDays(todayIn(new Date(), 'Asia/Tokyo'), 40), stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }],
    defaultPerformanceMinutes: 20,
    changeoverMinutes: 5,
    musicianGapMinutes: 30,
    applicationOpensAt: new Date(Date.now() - DAY_MS).toISOString(),
    applicationClosesAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
    bandLimit: null,
    status: 'open',
    ...fields,
  }
  return ((await callApi(E2E_ADMIN, 'POST', '/api/events', body)) as { id: string }).id
}
