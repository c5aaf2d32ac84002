import { useNavigate } from '@tanstack/react-router'
import { toast } from 'sonner'
import { m } from '@/i18n/paraglide/messages.js'
import { Card, PageHeader } from '@/components/ui/page'
import { useSession } from '@/lib/session-context'
import { BandForm } from './band-form'
import { useRegisterBand } from './bands-queries'

/** `/band-registration-form`: the registrant is in the band from the start and cannot be removed. */
export function BandRegistrationScreen() {
  const { user: me } = useSession()
  const register = useRegisterBand()
  const navigate = useNavigate()
  // The _authenticated guard ensures a user; the fallback only satisfies the types.
  if (!me) return null

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader title={m.bands_register()} description={m.bands_register_lead()} />
      <Card>
        <BandForm
          admin={false}
          lockedUserId={me.id}
          submitLabel={m.bands_register_submit()}
          busyLabel={m.bands_registering()}
          initial={{
            name: '',
            genre: '',
            description: '',
            status: 'active',
            members: [{ userId: me.id, displayName: me.displayName, part: '', isLeader: true }],
          }}
          onSubmit={async (input) => {
            const band = await register.mutateAsync(input)
            toast.success(m.bands_registered({ name: band.name }))
            await navigate({
              to: '/bands/edit/$bandId',
              params: { bandId: band.id },
            })
          }}
        />
      </Card>
    </div>
  )
}
