import { Link } from '@tanstack/react-router'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { m } from '@/i18n/paraglide/messages.js'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import type { Application, ApplicationStatus } from '@/contract/lives'
import { applicationFormLink, applicationListLink, liveOfEvent } from '@/features/lives/live-routes'
import { applicationListQueryOptions, eventListQueryOptions } from '@/features/lives/lives-queries'
import { BandCard, linkButtonClass } from './band-card'
import { myBandsQueryOptions } from '@/lib/reference-queries'

/** What a band's live application means for it, e.g. "Accepted for Autumn Live 2026". */
const applicationStateText: Record<Exclude<ApplicationStatus, 'withdrawn'>, (title: string) => string> = {
  submitted: (title) => m.bands_application_submitted({ title }),
  accepted: (title) => m.bands_application_accepted({ title }),
  waitlisted: (title) => m.bands_application_waitlisted({ title }),
  rejected: (title) => m.bands_application_rejected({ title }),
}

/**
 * `/user-bands`: the bands I play in, with shortcuts for an active band: book a room, and apply to
 * each live whose applications are open now (the form opens with that live and band chosen).
 */
export function UserBandsScreen() {
  const bands = useQuery(myBandsQueryOptions())
  // Only a shortcut: when the open lives cannot be loaded the cards simply go without it.
  const openEvents = useQuery(eventListQueryOptions({ open: true }))
  // My bands' applications to those lives: a band that applied sees its application's state
  // instead of a second "Apply to" (a withdrawn application may apply again).
  const applications = useQueries({
    queries: (openEvents.data ?? []).map((event) => applicationListQueryOptions(event.id, { scope: 'mine', page: 1, pageSize: 100, sort: 'submitted' })),
  })
  const applied = new Map<string, Application>()
  for (const result of applications) {
    for (const application of result.data?.items ?? []) {
      if (application.status !== 'withdrawn') applied.set(`${application.eventId}:${application.band.id}`, application)
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.bands_my_bands()}
        actions={
          <Link to="/band-registration-form" className={linkButtonClass}>
            <Plus aria-hidden className="mr-1 size-4" />
            {m.bands_register()}
          </Link>
        }
      />
      {bands.isPending ? (
        <LoadingBlock label={m.bands_loading_mine()} />
      ) : bands.isError ? (
        <QueryErrorBlock error={bands.error} onRetry={() => void bands.refetch()} what={m.bands_your_bands()} />
      ) : bands.data.length === 0 ? (
        <EmptyState title={m.bands_not_in_any()}>
          <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
            {m.bands_register_first()}
          </Link>
          {m.bands_or_ask_leader_spaced()}
          <Link to="/band-list" className="text-brand underline underline-offset-2">
            {m.bands_see_every_band()}
          </Link>
          {m.bands_sentence_end()}
        </EmptyState>
      ) : (
        <ul aria-label={m.bands_my_bands()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {bands.data.map((band) => (
            <li key={band.id}>
              <BandCard
                band={band}
                actions={
                  band.status === 'disbanded' ? null : (
                    <>
                      <Link to="/bands/edit/$bandId" params={{ bandId: band.id }} className={linkButtonClass}>
                        {m.bands_edit_band()}
                      </Link>
                      {band.status === 'active' ? (
                        <>
                          <Link to="/room-booking-form" search={{ bandId: band.id }} className={linkButtonClass}>
                            {m.bands_book_room()}
                          </Link>
                          {(openEvents.data ?? []).map((event) => {
                            const application = applied.get(`${event.id}:${band.id}`)
                            return application && application.status !== 'withdrawn' ? (
                              <Link key={event.id} {...applicationListLink(liveOfEvent(event), { eventId: event.id })} className={linkButtonClass}>
                                {applicationStateText[application.status](event.title)}
                              </Link>
                            ) : (
                              <Link key={event.id} {...applicationFormLink(liveOfEvent(event), { eventId: event.id, bandId: band.id })} className={linkButtonClass}>
                                {m.bands_apply_to({ title: event.title })}
                              </Link>
                            )
                          })}
                        </>
                      ) : null}
                    </>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
