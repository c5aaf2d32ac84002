import { createFileRoute } from '@tanstack/react-router'
import { BandRegistrationScreen } from '@/features/bands/band-registration-screen'

export const Route = createFileRoute('/_authenticated/band-registration-form')({
  component: BandRegistrationScreen,
})
