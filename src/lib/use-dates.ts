import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  CLUB_FALLBACK_TIME_ZONE,
  formatClock,
  formatDate,
  formatDateTime,
  formatDistance,
  formatMoment,
  formatTime,
  type DateSettings,
  type Instant,
} from '@/contract/date-format'
import { clubInfoQueryOptions } from './reference-queries'
import { getLocale } from '@/i18n/paraglide/runtime.js'
import { useLanguage } from '@/i18n/client'

/** The formatters of contract/date-format.ts bound to one zone and language. */
export function datesIn(settings: DateSettings) {
  const language = settings.language ?? getLocale()
  return {
    timeZone: settings.timeZone,
    language,
    /** "Sat 28 Nov 2026, 12:13" */
    dateTime: (instant: Instant) => formatDateTime(instant, settings),
    /** "Sat 28 Nov 2026" */
    date: (instant: Instant) => formatDate(instant, settings),
    /** "12:13" */
    time: (instant: Instant) => formatTime(instant, settings),
    /** "today at 12:13", else the date and time */
    moment: (instant: Instant, now?: Instant) => formatMoment(instant, settings, now),
    /** "12:13" today, else the date and time */
    clock: (instant: Instant, now?: Instant) => formatClock(instant, settings, now),
    /** "in 2 days" */
    distance: (instant: Instant, now: Instant) => formatDistance(instant, now, language),
  }
}
export type Dates = ReturnType<typeof datesIn>

/**
 * Every screen's dates and times: in the club's time zone (GET /api/club; Tokyo until it
 * answers) and the app's language, never the browser's (decision 040). `fetch: false` only
 * reads what is cached, without making the club a query the page waits for (the offline
 * banner's "last seen" counts the queries a page observes).
 */
export function useDates({ fetch = true }: { fetch?: boolean } = {}): Dates {
  const club = useQuery({ ...clubInfoQueryOptions(), enabled: fetch })
  const timeZone = club.data?.timeZone ?? CLUB_FALLBACK_TIME_ZONE
  const language = useLanguage()
  return useMemo(() => datesIn({ timeZone, language }), [timeZone, language])
}
