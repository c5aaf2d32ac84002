import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { bandQueryOptions } from '@/features/bands/bands-queries'
import { isBandMember } from '@/features/bands/band-parts'
import { BandEditScreen } from '@/features/bands/band-edit-screen'

export const Route = createFileRoute('/_authenticated/bands/edit/$bandId')({
  loader: async ({ context, params }) => {
    if (!z.uuid().safeParse(params.bandId).success) throw notFound()
    const band = await context.queryClient.ensureQueryData(bandQueryOptions(params.bandId))
    // A convenience: the server refuses changes from non-members all the same.
    if (!isBandMember(band, context.session.getState().user?.id)) throw redirect({ to: '/dashboard403' })
  },
  component: BandEditScreen,
})
