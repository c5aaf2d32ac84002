import { useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { SelectField } from '@/components/ui/field'
import { Card, PageHeader } from '@/components/ui/page'
import type { Band } from '@/contract/bands'
import type { Application, LiveEvent } from '@/contract/lives'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { isStateConflict, ApplicationEditor } from './application-form-editor'
import { ApplicationDetails, ApplicationStatusPanel, EventFacts, dayOfInstant } from './application-form-parts'
import type { ApplicationFormSearch } from './live-search'
import { liveName } from './live-routes'
import { applicationListQueryOptions, livesKeys, useWithdrawApplication, type LiveKindRef } from './lives-queries'
import { myBandsQueryOptions } from '@/lib/reference-queries'
import { NoEventNotice } from './no-event-notice'
import { useLiveEvent } from './use-live-event'
import { CLUB_FALLBACK_TIME_ZONE } from '@/contract/date-format'
import { m } from '@/i18n/paraglide/messages.js'

/** Until the club's settings arrive, the club's usual zone. */
const FALLBACK_TIME_ZONE = CLUB_FALLBACK_TIME_ZONE

function Page({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl min-w-0 flex-col gap-4">
      <PageHeader title={title} description={description} />
      {children}
    </div>
  )
}

/**
 * The application form of a kind of live (`/summer-live-application-form`, …): the current event
 * of the kind, or `?eventId=`; the band from `?bandId=` or the member's only band. A band with an
 * application edits or withdraws it while the window is open; otherwise it is shown as text with
 * the reason it cannot change.
 */
export function ApplicationFormScreen({ live, search }: { live: LiveKindRef; search: ApplicationFormSearch }) {
  const { event, isPending, error, refetch, academicYear } = useLiveEvent(live, search.eventId)
  const title = m.lives_application_of_live({ live: liveName(live) })

  if (isPending) {
    return (
      <Page title={title}>
        <LoadingBlock label={m.lives_loading_live()} />
      </Page>
    )
  }
  if (error) {
    return (
      <Page title={title}>
        <QueryErrorBlock error={error} onRetry={() => void refetch()} what={m.lives_the_live()} />
      </Page>
    )
  }
  if (!event) {
    return (
      <Page title={title}>
        <NoEventNotice live={live} academicYear={academicYear} />
      </Page>
    )
  }
  return (
    <Page title={event.title} description={m.lives_apply_for_your_band({ live: liveName(live) })}>
      <EventFacts event={event} />
      <BandChoice event={event} bandId={search.bandId} />
    </Page>
  )
}

function BandChoice({ event, bandId }: { event: LiveEvent; bandId: string | undefined }) {
  const navigate = useNavigate()
  const bands = useQuery(myBandsQueryOptions())
  const club = useQuery(clubInfoQueryOptions())
  const timeZone = club.data?.timeZone ?? FALLBACK_TIME_ZONE

  if (bands.isPending) return <LoadingBlock label={m.lives_loading_your_bands()} />
  if (bands.isError) return <QueryErrorBlock error={bands.error} onRetry={() => void bands.refetch()} what={m.lives_your_bands()} />

  const active = bands.data.filter((band) => band.status === 'active')
  if (active.length === 0) {
    return (
      <EmptyState title={m.lives_need_active_band()}>
        <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
          {m.lives_register_band()}
        </Link>{' '}
        {m.lives_or_ask_leader()}
      </EmptyState>
    )
  }

  const chosen: Band | undefined = active.find((band) => band.id === bandId) ?? (active.length === 1 ? active[0] : undefined)
  // The band lives in the URL, so a link from "My bands" and the back button both work.
  const choose = (id: string) => void navigate({ to: '.', search: (previous: object) => ({ ...previous, bandId: id || undefined }), replace: true })

  return (
    <>
      {active.length === 1 ? (
        <p className="text-ink">
          {m.lives_applying_for()} <strong className="break-words">{chosen!.name}</strong>
        </p>
      ) : (
        <div className="sm:max-w-sm">
          <SelectField
            label={m.lives_band()}
            value={chosen?.id ?? ''}
            onChange={(change) => choose(change.target.value)}
            options={[{ value: '', label: m.lives_choose_band() }, ...active.map((band) => ({ value: band.id, label: band.name }))]}
            description={m.lives_which_band_applies()}
          />
        </div>
      )}
      {chosen ? <BandApplication key={chosen.id} event={event} band={chosen} timeZone={timeZone} /> : null}
    </>
  )
}

/** Why an application cannot be changed now, in a sentence; null when it can. */
function lockReason(event: LiveEvent, current: Application | undefined) {
  const window = event.applicationWindow
  if (window.state === 'not_yet') return m.lives_lock_not_yet({ window: window.message })
  if (window.state === 'closed') return current ? m.lives_lock_closed({ window: window.message }) : window.message
  if (current?.status === 'rejected') return m.lives_application_rejected_locked()
  if (current && !current.canEdit) return m.lives_lock_cannot_change()
  return null
}

function BandApplication({ event, band, timeZone }: { event: LiveEvent; band: Band; timeZone: string }) {
  const queryClient = useQueryClient()
  const applications = useQuery(applicationListQueryOptions(event.id, { scope: 'mine', bandId: band.id }))
  const withdraw = useWithdrawApplication()
  const [confirming, setConfirming] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)

  if (applications.isPending || applications.isPlaceholderData) return <LoadingBlock label={m.lives_loading_application_of({ band: band.name })} />
  if (applications.isError) return <QueryErrorBlock error={applications.error} onRetry={() => void applications.refetch()} what={m.lives_the_application_of({ band: band.name })} />

  const items = applications.data.items.filter((application) => application.band.id === band.id)
  const current = items.find((application) => application.status !== 'withdrawn')
  const withdrawn = items.filter((application) => application.status === 'withdrawn').toSorted((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]
  const locked = lockReason(event, current)

  /** The event or the application changed meanwhile: say why and show them as they are now. */
  const showConflict = (message: string) => {
    setAlert(message)
    void queryClient.invalidateQueries({ queryKey: livesKeys.all })
  }

  const confirmWithdraw = () => {
    if (!current) return
    withdraw.mutate(current.id, {
      onSuccess: () => {
        setConfirming(false)
        setAlert(null)
        toast.success(m.lives_withdrew_application_of({ band: band.name }))
      },
      onError: (error) => {
        setConfirming(false)
        if (isStateConflict(error)) showConflict(error.message)
        else setAlert(errorMessage(error))
      },
    })
  }

  return (
    <section aria-label={m.lives_application_of_band({ band: band.name })} className="flex min-w-0 flex-col gap-4">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {current ? <ApplicationStatusPanel application={current} timeZone={timeZone} /> : null}
      {!current && withdrawn ? (
        <p className="rounded-md border border-line bg-surface-2 px-3 py-2 text-sm text-ink">
          {locked
            ? m.lives_band_withdrew_on({ band: band.name, day: dayOfInstant(withdrawn.updatedAt, timeZone) })
            : m.lives_band_withdrew_on_apply_again({ band: band.name, day: dayOfInstant(withdrawn.updatedAt, timeZone) })}
        </p>
      ) : null}
      {locked ? (
        <p role="note" className="rounded-md border border-amber-600/60 bg-surface-2 px-3 py-2 text-sm text-ink">
          {locked}
        </p>
      ) : null}

      {!locked ? (
        <Card title={current ? m.lives_your_application() : m.lives_new_application()}>
          <ApplicationEditor
            key={current?.id ?? 'new'}
            event={event}
            band={band}
            application={current ?? null}
            onWithdraw={current ? () => setConfirming(true) : undefined}
            onSaved={() => setAlert(null)}
            onStateConflict={(error) => showConflict(error.message)}
          />
        </Card>
      ) : current ? (
        <ApplicationDetails application={current} />
      ) : (
        <EmptyState title={m.lives_band_not_applied({ band: band.name })} />
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={m.lives_withdraw_application_title({ band: band.name })}
        description={m.lives_withdraw_application_description({ live: event.title })}
        confirmLabel={m.lives_withdraw_application()}
        onConfirm={confirmWithdraw}
        busy={withdraw.isPending}
      />
    </section>
  )
}
