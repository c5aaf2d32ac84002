import { describe, expect, it } from 'vitest'
import { safeRedirect } from '@/features/auth/safe-redirect'
import { boolean, isoDate, oneOf, page, searchParams, searchText, string, uuid, withFallback } from '@/lib/search-params'

describe('URL search parsing (validateSearch without zod)', () => {
  const parse = searchParams({
    q: searchText(10),
    kind: oneOf(['band', 'block']),
    id: uuid,
    day: isoDate({ inCalendarYears: true }),
    page: page({ coerce: true }),
    print: boolean,
    name: string({ max: 5 }),
    redirect: safeRedirect,
  })

  it('keeps good values, trims search text and reads a number typed into the search box', () => {
    expect(parse({ q: '  drums ', kind: 'band', id: '0b6d8f43-5a0e-4c1b-9a57-3f0f6c1d2e4a', day: '2028-02-29', page: '3', print: true, name: 'Ann', redirect: '/bands' })).toEqual({
      q: 'drums',
      kind: 'band',
      id: '0b6d8f43-5a0e-4c1b-9a57-3f0f6c1d2e4a',
      day: '2028-02-29',
      page: 3,
      print: true,
      name: 'Ann',
      redirect: '/bands',
    })
    expect(parse({ q: 1234 })).toEqual({ q: '1234' })
  })

  it('leaves absent parameters out', () => {
    expect(parse({})).toEqual({})
    expect(Object.keys(parse({ other: 1 }))).toEqual([])
  })

  it('drops nonsense as undefined, so the raw value never shows through', () => {
    const parsed = parse({ q: '   ', kind: 'party', id: 'nope', day: '2027-02-29', page: 0, print: 'yes', name: 'Annabel', redirect: '//evil.example/' })
    expect(parsed).toEqual({ q: undefined, kind: undefined, id: undefined, day: undefined, page: undefined, print: undefined, name: undefined, redirect: undefined })
    expect(Object.keys(parsed)).toHaveLength(8)
    expect(parse({ day: '1899-12-31', page: 100_001 })).toEqual({ day: undefined, page: undefined })
    expect(parse({ page: 2.5 })).toEqual({ page: undefined })
  })

  it('extends a parser and fills a fallback', () => {
    const base = searchParams({ id: uuid })
    const wider = searchParams({ ...base.params, userId: withFallback(string(), '') })
    expect(wider({})).toEqual({ userId: '' })
    expect(wider({ userId: 7 })).toEqual({ userId: '' })
  })

  it('takes an uncoerced page only as a number', () => {
    expect(searchParams({ page: page({ coerce: false }) })({ page: '2' })).toEqual({ page: undefined })
  })
})
