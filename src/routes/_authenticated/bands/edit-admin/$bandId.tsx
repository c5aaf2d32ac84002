import { createFileRoute, notFound } from '@tanstack/react-router'
import { z } from 'zod'
import { requireRole } from '@/lib/route-guards'
import { bandQueryOptions } from '@/features/bands/bands-queries'
import { BandAdminEditScreen } from '@/features/bands/band-admin-edit-screen'

export const Route = createFileRoute('/_authenticated/bands/edit-admin/$bandId')({
  beforeLoad: ({ context }) => requireRole(context, 'executive'),
  loader: async ({ context, params }) => {
    if (!z.uuid().safeParse(params.bandId).success) throw notFound()
    await context.queryClient.ensureQueryData(bandQueryOptions(params.bandId))
  },
  component: BandAdminEditScreen,
})
