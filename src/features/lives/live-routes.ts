import { linkOptions } from '@tanstack/react-router'
import { liveKindName, type EventKind, type Season } from '@/contract/choices'
import type { LiveKindRef } from './lives-queries'

export const FESTIVAL: LiveKindRef = { kind: 'festival' }
export const CHRISTMAS: LiveKindRef = { kind: 'christmas' }
export const seasonal = (season: Season): LiveKindRef => ({ kind: 'seasonal', season })

/** "School festival", "Summer live", "Christmas live". */
export const liveName = (live: LiveKindRef) => liveKindName(live.kind, live.season)

/** The application form of a kind of live (summer and winter have their own short paths). */
export function applicationFormLink(live: LiveKindRef, search: { eventId?: string; bandId?: string } = {}) {
  if (live.kind === 'festival') return linkOptions({ to: '/festival-application-form', search })
  if (live.kind === 'christmas') return linkOptions({ to: '/christmas-live-application', search })
  return linkOptions({ to: '/seasonal-live-application/$season', params: { season: live.season ?? 'summer' }, search })
}

export function applicationListLink(live: LiveKindRef, search: { eventId?: string } = {}) {
  if (live.kind === 'festival') return linkOptions({ to: '/festival-application-list', search })
  if (live.kind === 'christmas') return linkOptions({ to: '/christmas-live-application-list', search })
  return linkOptions({ to: '/seasonal-live-application-list/$season', params: { season: live.season ?? 'summer' }, search })
}

/** Participants: the festival and the seasonal lives have a list (SPEC §5.6); the Christmas live has none. */
export function participantListLink(live: LiveKindRef, search: { eventId?: string } = {}) {
  if (live.kind === 'festival') return linkOptions({ to: '/festival-participant-list', search })
  if (live.kind === 'seasonal') return linkOptions({ to: '/seasonal-live-participant-list/$season', params: { season: live.season ?? 'summer' }, search })
  return null
}

/** The accepted bands: the festival's screen, which takes any live's `?eventId=`. */
export const acceptedBandListLink = (search: { eventId?: string } = {}) => linkOptions({ to: '/festival-band-list', search })

export const liveOfEvent = (event: { kind: EventKind; season: Season | null }): LiveKindRef => ({ kind: event.kind, season: event.season })
