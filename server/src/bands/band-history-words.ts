import { bandStatusLabels, type BandHistoryEntry, type BandStatus } from '../../../src/contract/bands'
import { partLabel } from '../../../src/contract/choices'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { DELETED_MEMBER_NAME, deletedMemberName } from '../users/deleted-member'

/**
 * A band's history in the reader's language (decision 046). band_events keeps each summary as
 * the English sentence bands.service.ts wrote, with the names in it: no migration, so the
 * sentence is read back by its action's known shapes and worded from the catalogue. A summary
 * of no known shape (older wording, a name that breaks the shape) is shown as stored.
 */
type Action = BandHistoryEntry['action']

const name = (stored: string) => (stored === DELETED_MEMBER_NAME ? deletedMemberName() : stored)

const shapes: Partial<Record<Action, ReadonlyArray<readonly [RegExp, (...parts: string[]) => string]>>> = {
  created: [
    [/^Registered “(.+)”$/s, (band) => m.bands_history_registered_named({ name: band })],
    [/^Registered$/, () => m.bands_history_registered()],
  ],
  updated: [
    [/^Renamed to “(.+)”$/s, (band) => m.bands_history_renamed({ name: band })],
    [/^Genre: (.+)$/s, (genre) => m.bands_history_genre({ genre })],
    [/^Genre removed$/, () => m.bands_history_genre_removed()],
    [/^Description updated$/, () => m.bands_history_description()],
  ],
  'member-added': [[/^(.+) joined as (.+)$/s, (who, part) => m.bands_history_joined({ name: name(who), part: partLabel(part) })]],
  'member-removed': [
    [/^A member \((.+)\) left the band: their account was deleted$/s, (part) => m.bands_history_left_deleted({ part: partLabel(part) })],
    [/^(.+) left the band$/s, (who) => m.bands_history_left({ name: name(who) })],
  ],
  left: [[/^(.+) left the band$/s, (who) => m.bands_history_left({ name: name(who) })]],
  'part-changed': [[/^(.+) now plays (.+)$/s, (who, part) => m.bands_history_now_plays({ name: name(who), part: partLabel(part) })]],
  'leader-changed': [[/^Leader: (.+)$/s, (who) => m.bands_history_leader({ name: name(who) })]],
  'status-changed': [[/^Status: (Active|Inactive|Disbanded)$/, (status) => m.bands_history_status({ status: bandStatusLabels[status.toLowerCase() as BandStatus]() })]],
  disbanded: [
    [/^Disbanded: no members are left$/, () => m.bands_history_disbanded_empty()],
    [/^Disbanded by the club$/, () => m.bands_history_disbanded_by_club()],
    [/^Disbanded by (.+)$/s, (who) => m.bands_history_disbanded_by({ name: name(who) })],
  ],
}

/** A stored summary in the reader's language; English readers get it exactly as stored. */
export function wordHistory(action: Action, summary: string): string {
  if (getLocale() === 'en') return summary
  for (const [shape, word] of shapes[action] ?? []) {
    const match = shape.exec(summary)
    if (match) return word(...match.slice(1))
  }
  return summary
}
