import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '@/components/error-page'

export const Route = createFileRoute('/404')({
  component: () => <ErrorPage code={404} standalone />,
})
