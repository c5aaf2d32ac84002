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
  const title = `${liveName(live)} application`

  if (isPending) {
    return (
      <Page title={title}>
        <LoadingBlock label="Loading the live…" />
      </Page>
    )
  }
  if (error) {
    return (
      <Page title={title}>
        <QueryErrorBlock error={error} onRetry={() => void refetch()} what="The live" />
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
    <Page title={event.title} description={`${title}: apply for one of your bands.`}>
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

  if (bands.isPending) return <LoadingBlock label="Loading your bands…" />
  if (bands.isError) return <QueryErrorBlock error={bands.error} onRetry={() => void bands.refetch()} what="Your bands" />

  const active = bands.data.filter((band) => band.status === 'active')
  if (active.length === 0) {
    return (
      <EmptyState title="You need an active band to apply.">
        <Link to="/band-registration-form" className="text-brand underline underline-offset-2">
          Register a band
        </Link>{' '}
        or ask a band’s leader to add you.
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
          Applying for <strong className="break-words">{chosen!.name}</strong>
        </p>
      ) : (
        <div className="sm:max-w-sm">
          <SelectField
            label="Band"
            value={chosen?.id ?? ''}
            onChange={(change) => choose(change.target.value)}
            options={[{ value: '', label: 'Choose a band' }, ...active.map((band) => ({ value: band.id, label: band.name }))]}
            description="Which of your bands is applying."
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
  if (window.state === 'not_yet') return `${window.message} You can apply then.`
  if (window.state === 'closed') return current ? `${window.message} Your application can no longer be changed.` : window.message
  if (current?.status === 'rejected') return 'This application was rejected, so it can no longer be changed.'
  if (current && !current.canEdit) return 'You can no longer change this application.'
  return null
}

function BandApplication({ event, band, timeZone }: { event: LiveEvent; band: Band; timeZone: string }) {
  const queryClient = useQueryClient()
  const applications = useQuery(applicationListQueryOptions(event.id, { scope: 'mine', bandId: band.id }))
  const withdraw = useWithdrawApplication()
  const [confirming, setConfirming] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)

  if (applications.isPending || applications.isPlaceholderData) return <LoadingBlock label={`Loading the application of ${band.name}…`} />
  if (applications.isError) return <QueryErrorBlock error={applications.error} onRetry={() => void applications.refetch()} what={`The application of ${band.name}`} />

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
        toast.success(`Withdrew the application of ${band.name}.`)
      },
      onError: (error) => {
        setConfirming(false)
        if (isStateConflict(error)) showConflict(error.message)
        else setAlert(errorMessage(error))
      },
    })
  }

  return (
    <section aria-label={`Application of ${band.name}`} className="flex min-w-0 flex-col gap-4">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {current ? <ApplicationStatusPanel application={current} timeZone={timeZone} /> : null}
      {!current && withdrawn ? (
        <p className="rounded-md border border-line bg-surface-2 px-3 py-2 text-sm text-ink">
          {band.name} withdrew its application on {dayOfInstant(withdrawn.updatedAt, timeZone)}
          {locked ? '.' : '; you may apply again.'}
        </p>
      ) : null}
      {locked ? (
        <p role="note" className="rounded-md border border-amber-600/60 bg-surface-2 px-3 py-2 text-sm text-ink">
          {locked}
        </p>
      ) : null}

      {!locked ? (
        <Card title={current ? 'Your application' : 'New application'}>
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
        <EmptyState title={`${band.name} has not applied to this live.`} />
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Withdraw the application of ${band.name}?`}
        description={`The executives will no longer consider it for ${event.title}. While applications are open, the band may apply again.`}
        confirmLabel="Withdraw application"
        onConfirm={confirmWithdraw}
        busy={withdraw.isPending}
      />
    </section>
  )
}
