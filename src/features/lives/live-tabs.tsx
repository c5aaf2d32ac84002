import { Link } from '@tanstack/react-router'
import { ClipboardList, ListMusic, PenLine, Users } from 'lucide-react'
import { seasonLabels, seasons, type Season } from '@/contract/lives'
import { acceptedBandListLink, applicationFormLink, participantListLink } from './live-routes'
import type { LiveKindRef } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

const tabClass =
  'inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand'
// Colours in one class or the other, never both: two text colours on one element fight.
const activeTabClass = 'bg-brand text-brand-ink'
const inactiveTabClass = 'text-ink hover:bg-surface'

/** The four seasonal lives' review lists, one link each; the current season is marked. */
export function SeasonTabs({ current }: { current: Season }) {
  return (
    <nav aria-label={m.lives_seasons()}>
      <ul className="inline-flex flex-wrap gap-0.5 rounded-md border border-line bg-surface-2 p-0.5">
        {seasons.map((season) => (
          <li key={season}>
            <Link
              to="/seasonal-live-application-list/$season"
              params={{ season }}
              aria-current={season === current ? 'page' : undefined}
              className={`${tabClass} ${season === current ? activeTabClass : inactiveTabClass}`}
            >
              {seasonLabels[season]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-3 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

/**
 * The live's other screens: its application form, participants (none for the Christmas live)
 * and accepted bands. `eventId` is passed on when the screen shows another event than the
 * current one; the accepted bands always need it (that screen defaults to the festival).
 */
export function LiveLinks({ live, eventId, shownEventId }: { live: LiveKindRef; eventId: string | undefined; shownEventId: string }) {
  const participants = participantListLink(live, { eventId })
  return (
    <nav aria-label={m.lives_this_live()} className="flex flex-wrap gap-2">
      <span className={`${linkClass} border-brand bg-brand/10`} aria-current="page">
        <ClipboardList aria-hidden className="size-4" />
        {m.lives_applications()}
      </span>
      <Link {...applicationFormLink(live, { eventId })} className={linkClass}>
        <PenLine aria-hidden className="size-4" />
        {m.lives_application_form()}
      </Link>
      {participants ? (
        <Link {...participants} className={linkClass}>
          <Users aria-hidden className="size-4" />
          {m.lives_participants()}
        </Link>
      ) : null}
      <Link {...acceptedBandListLink({ eventId: shownEventId })} className={linkClass}>
        <ListMusic aria-hidden className="size-4" />
        {m.lives_accepted_bands()}
      </Link>
    </nav>
  )
}
