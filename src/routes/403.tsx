import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '@/components/error-page'

export const Route = createFileRoute('/403')({
  component: () => <ErrorPage code={403} standalone />,
})
