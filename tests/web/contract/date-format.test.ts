import { describe, expect, it } from 'vitest'
import { dayLabel, weekLabel } from '@/contract/calendar'
import { formatClock, formatDate, formatDateTime, formatDay, formatDayMonth, formatDayRange, formatDistance, formatMoment, formatTime, monthName } from '@/contract/date-format'

// 03:13 UTC on Sat 28 Nov 2026: 12:13 in Tokyo, still Fri 27 Nov 19:13 in Los Angeles.
const instant = '2026-11-28T03:13:00.000Z'
const tokyo = { timeZone: 'Asia/Tokyo' }

describe('dates and times in the club’s time zone and the app’s language', () => {
  // The machine's own zone and language must not show through (issue 33 item 4).
  process.env.TZ = 'America/Los_Angeles'

  it('runs where the machine’s clock is not the club’s', () => {
    expect(new Date(instant).getHours()).not.toBe(12)
  })

  it('words an instant on the club’s clock, in English whatever the machine’s locale', () => {
    expect(formatDateTime(instant, tokyo)).toBe('Sat 28 Nov 2026, 12:13')
    expect(formatDate(instant, tokyo)).toBe('Sat 28 Nov 2026')
    expect(formatTime(instant, tokyo)).toBe('12:13')
    expect(formatDateTime(Date.parse(instant), tokyo)).toBe('Sat 28 Nov 2026, 12:13')
    expect(formatDateTime(new Date(instant), { timeZone: 'America/Los_Angeles' })).toBe('Fri 27 Nov 2026, 19:13')
    expect(formatDateTime('2026-11-27T15:00:00Z', tokyo)).toBe('Sat 28 Nov 2026, 00:00')
    // The app's own names: newer ICU data calls September "Sept" in en-GB.
    expect(formatDateTime('2026-09-01T01:00:00Z', tokyo)).toBe('Tue 1 Sep 2026, 10:00')
  })

  it('says "today" by the club’s calendar, not the machine’s', () => {
    // 20:00 UTC on the 27th is already the 28th in Tokyo, still the 27th in Los Angeles.
    const sameTokyoDay = '2026-11-27T20:00:00Z'
    expect(formatMoment(instant, tokyo, sameTokyoDay)).toBe('today at 12:13')
    expect(formatClock(instant, tokyo, sameTokyoDay)).toBe('12:13')
    const dayBefore = '2026-11-27T14:59:00Z'
    expect(formatMoment(instant, tokyo, dayBefore)).toBe('Sat 28 Nov 2026, 12:13')
    expect(formatClock(instant, tokyo, dayBefore)).toBe('Sat 28 Nov 2026, 12:13')
  })

  it('names calendar days and weeks the same way', () => {
    expect(formatDay('2026-11-28')).toBe('Sat 28 Nov')
    expect(dayLabel('2026-11-28')).toBe('Sat 28 Nov')
    expect(weekLabel('2026-05-11')).toBe('11–17 May 2026')
    expect(weekLabel('2026-11-30')).toBe('30 Nov – 6 Dec 2026')
    expect(formatDayRange('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027')
    // The dashboard's weeks: the app's own "Sep", not newer ICU's "Sept".
    expect(formatDayMonth('2026-09-07')).toBe('7 Sep')
    expect(formatDayMonth('2026-09-07', 'ja')).toBe('9月7日')
  })

  it('names the months of the club’s year in the reader’s language', () => {
    expect(monthName(4)).toBe('April')
    expect(monthName(9, 'ja')).toBe('9月')
  })

  it('says how far off a moment is in the largest whole unit', () => {
    expect(formatDistance('2026-11-30T03:13:00Z', instant)).toBe('in 2 days')
    expect(formatDistance('2026-11-28T00:13:00Z', instant)).toBe('3 hours ago')
    expect(formatDistance('2026-11-28T03:43:00Z', instant)).toBe('in 30 minutes')
  })

  it('is ready for Japanese: the same club-time moment in Japanese words', () => {
    expect(formatDateTime(instant, { ...tokyo, language: 'ja' })).toMatch(/^2026年11月28日\(土\) 12:13$/)
    expect(formatMoment(instant, { ...tokyo, language: 'ja' }, '2026-11-27T20:00:00Z')).toBe('今日 12:13')
    expect(formatDay('2026-11-28', 'ja')).toBe('11月28日(土)')
  })
})
