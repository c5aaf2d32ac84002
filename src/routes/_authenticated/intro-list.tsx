import { createFileRoute } from '@tanstack/react-router'
import { directoryUrlSearchSchema, toDirectorySearch } from '@/features/people/directory-search'
import { IntroListScreen } from '@/features/people/intro-list-screen'
import { directoryQueryOptions } from '@/features/people/people-queries'

export const Route = createFileRoute('/_authenticated/intro-list')({
  validateSearch: directoryUrlSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(directoryQueryOptions(toDirectorySearch(deps))),
  component: IntroListScreen,
})
