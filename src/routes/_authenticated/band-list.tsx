import { createFileRoute } from '@tanstack/react-router'
import { bandListUrlSearchSchema } from '@/features/bands/band-search'
import { BandListScreen } from '@/features/bands/band-list-screen'

export const Route = createFileRoute('/_authenticated/band-list')({
  validateSearch: bandListUrlSearchSchema,
  component: BandListScreen,
})
