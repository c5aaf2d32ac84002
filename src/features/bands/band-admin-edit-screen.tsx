import { Link, getRouteApi } from '@tanstack/react-router'
import { m } from '@/i18n/paraglide/messages.js'
import { useSuspenseQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { FormAlert } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { BandForm, initialFromBand } from './band-form'
import { BandHistory } from './band-history'
import { BandStatusBadge } from './band-parts'
import { bandQueryOptions, useAdminUpdateBand } from './bands-queries'

const routeApi = getRouteApi('/_authenticated/bands/edit-admin/$bandId')

/** `/bands/edit-admin/{bandId}`: executives and admins edit everything, the status included. */
export function BandAdminEditScreen() {
  const { bandId } = routeApi.useParams()
  const { data: band } = useSuspenseQuery(bandQueryOptions(bandId))
  const update = useAdminUpdateBand()
  const deleted = band.members.filter((member) => member.userId === null).length

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader
        title={m.bands_edit_admin_title({ name: band.name })}
        description={<BandStatusBadge status={band.status} />}
        actions={
          <Link to="/band-list" className="inline-flex min-h-11 items-center rounded-md px-3 text-brand underline underline-offset-2">
            {m.bands_back_to_bands()}
          </Link>
        }
      />
      <Card title={m.bands_details()}>
        <div className="flex flex-col gap-4">
          {deleted > 0 ? <FormAlert>{m.bands_deleted_users_listed({ count: deleted })}</FormAlert> : null}
          <BandForm
            key={band.updatedAt}
            admin
            initial={initialFromBand(band)}
            submitLabel={m.bands_save_changes()}
            onSubmit={async (input) => {
              await update.mutateAsync({ bandId: band.id, input })
              toast.success(m.bands_changes_saved())
            }}
          />
        </div>
      </Card>
      <BandHistory bandId={band.id} />
    </div>
  )
}
