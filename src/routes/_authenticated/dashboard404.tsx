import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '@/components/error-page'

export const Route = createFileRoute('/_authenticated/dashboard404')({
  component: () => <ErrorPage code={404} />,
})
