import { createFileRoute, redirect } from '@tanstack/react-router'

// The installed app starts at `/` (the manifest's start_url); the dashboard has one address.
export const Route = createFileRoute('/_authenticated/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true })
  },
})
