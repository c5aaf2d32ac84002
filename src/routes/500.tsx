import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '@/components/error-page'

export const Route = createFileRoute('/500')({
  component: () => <ErrorPage code={500} standalone />,
})
