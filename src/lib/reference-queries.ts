import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { bandSchema } from '@/contract/bands'
import { clubInfoSchema, periodListSchema, roomListSchema } from '@/contract/club'
import { api } from '@/lib/api-client'
import { rememberClubLanguage } from '@/i18n/client'

// Reference data several areas read (the booking form, the club settings, the application
// form, the band pages): one query each, so one cache entry and one fetch. Keys stay rooted at
// the area that changes the data, so its mutations (invalidating `['club']` or `['bands']`)
// refresh them everywhere.

export const referenceKeys = {
  clubInfo: ['club', 'info'] as const,
  rooms: ['club', 'rooms'] as const,
  periods: ['club', 'periods'] as const,
  myBands: ['bands', 'mine'] as const,
}

/** The club's name, time zone and term: every screen's dates follow its zone (lib/use-dates.ts). */
export const clubInfoQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.clubInfo,
    queryFn: async () => {
      const club = clubInfoSchema.parse(await api('/api/club'))
      rememberClubLanguage(club.language)
      return club
    },
  })

export const roomsQueryOptions = () =>
  queryOptions({ queryKey: referenceKeys.rooms, queryFn: async () => roomListSchema.parse(await api('/api/rooms')).items })

export const periodsQueryOptions = () =>
  queryOptions({ queryKey: referenceKeys.periods, queryFn: async () => periodListSchema.parse(await api('/api/periods')).items })

const myBandsSchema = z.object({ items: z.array(bandSchema) })

/** The caller's bands (any status; screens filter). */
export const myBandsQueryOptions = () =>
  queryOptions({ queryKey: referenceKeys.myBands, queryFn: async () => myBandsSchema.parse(await api('/api/bands/mine')).items })
