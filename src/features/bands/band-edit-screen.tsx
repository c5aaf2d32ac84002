import { useState } from 'react'
import { m } from '@/i18n/paraglide/messages.js'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FormAlert, errorMessage } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import type { Band } from '@/contract/bands'
import { useSession } from '@/lib/session-context'
import { BandForm, initialFromBand } from './band-form'
import { BandHistory } from './band-history'
import { BandMemberList, BandStatusBadge, isBandLeader } from './band-parts'
import { bandQueryOptions, useDisbandBand, useLeaveBand, useRefreshBands, useUpdateBand } from './bands-queries'

const routeApi = getRouteApi('/_authenticated/bands/edit/$bandId')

const BackLink = () => (
  <Link to="/user-bands" className="inline-flex min-h-11 items-center rounded-md px-3 text-brand underline underline-offset-2">
    {m.bands_back_to_my_bands()}
  </Link>
)

/** `/bands/edit/{bandId}`: band members edit the band; the leader may disband it. */
export function BandEditScreen() {
  const { bandId } = routeApi.useParams()
  const { data: band } = useSuspenseQuery(bandQueryOptions(bandId))
  const { user: me } = useSession()
  const update = useUpdateBand()

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader title={m.bands_edit_title({ name: band.name })} description={<BandStatusBadge status={band.status} />} actions={<BackLink />} />
      {band.status === 'disbanded' ? (
        <Card title={m.bands_members()}>
          <div className="flex flex-col gap-3">
            <FormAlert>{m.bands_disbanded_locked()}</FormAlert>
            <BandMemberList band={band} />
          </div>
        </Card>
      ) : (
        <>
          <Card title={m.bands_details()}>
            {/* Keyed by the record's version: after a save the form shows the stored values. */}
            <BandForm
              key={band.updatedAt}
              admin={false}
              initial={initialFromBand(band)}
              lockedUserId={me?.id}
              leaderLocked={!isBandLeader(band, me?.id)}
              submitLabel={m.bands_save_changes()}
              onSubmit={async (input) => {
                await update.mutateAsync({ bandId: band.id, input })
                toast.success(m.bands_changes_saved())
              }}
            />
          </Card>
          <MembershipActions band={band} isLeader={isBandLeader(band, me?.id)} />
        </>
      )}
      <BandHistory bandId={band.id} />
    </div>
  )
}

function MembershipActions({ band, isLeader }: { band: Band; isLeader: boolean }) {
  const leave = useLeaveBand()
  const disband = useDisbandBand()
  const refresh = useRefreshBands()
  const navigate = useNavigate()
  const [open, setOpen] = useState<'leave' | 'disband' | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function run(action: 'leave' | 'disband') {
    setError(null)
    try {
      if (action === 'leave') await leave.mutateAsync(band.id)
      else await disband.mutateAsync(band.id)
    } catch (failure) {
      setError(errorMessage(failure))
      return
    }
    setOpen(null)
    toast.success(action === 'leave' ? m.bands_left({ name: band.name }) : m.bands_disbanded_done({ name: band.name }))
    await navigate({ to: '/user-bands' })
    await refresh()
  }

  const busy = leave.isPending || disband.isPending
  const close = (next: boolean) => {
    if (!next && !busy) {
      setOpen(null)
      setError(null)
    }
  }

  return (
    <Card title={m.bands_membership()}>
      <p className="mb-3 text-sm text-ink-muted">{isLeader ? m.bands_leader_leave_hint() : m.bands_leave_hint()}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setOpen('leave')}>
          {m.bands_leave()}
        </Button>
        {isLeader ? (
          <Button variant="danger" onClick={() => setOpen('disband')}>
            {m.bands_disband()}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={open === 'leave'}
        onOpenChange={close}
        title={m.bands_leave_title({ name: band.name })}
        description={m.bands_leave_description()}
        confirmLabel={m.bands_leave()}
        busy={leave.isPending}
        onConfirm={() => void run('leave')}
      >
        {error ? <FormAlert>{error}</FormAlert> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'disband'}
        onOpenChange={close}
        title={m.bands_disband_title({ name: band.name })}
        description={m.bands_disband_description({ name: band.name })}
        confirmLabel={m.bands_disband()}
        busy={disband.isPending}
        onConfirm={() => void run('disband')}
      >
        {error ? <FormAlert>{error}</FormAlert> : null}
      </ConfirmDialog>
    </Card>
  )
}
