import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '@/components/error-page'

export const Route = createFileRoute('/401')({
  component: () => <ErrorPage code={401} standalone />,
})
