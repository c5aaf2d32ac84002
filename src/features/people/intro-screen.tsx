import { useQuery } from '@tanstack/react-query'
import { Link, getRouteApi } from '@tanstack/react-router'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { useSession } from '@/lib/session-context'
import { IntroDetails } from '@/features/people/intro-card'
import { memberIntroQueryOptions, myIntroQueryOptions } from '@/features/people/people-queries'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/intro')

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

/** `/intro`: my intro as others see it, or another member's (`?userId=`, from the directory). */
export function IntroScreen() {
  const { userId } = routeApi.useSearch()
  const { user } = useSession()
  const own = !userId || userId === user?.id
  const intro = useQuery(own ? myIntroQueryOptions() : memberIntroQueryOptions(userId))

  return (
    <div className="mx-auto flex max-w-3xl flex-col">
      <PageHeader
        title={own ? m.people_my_intro() : m.people_member_intro()}
        description={own ? m.people_my_intro_lead() : undefined}
        actions={
          own ? (
            <Link to="/intro-edit" className={`${linkClass} bg-brand text-brand-ink hover:bg-brand/90`}>
              {m.people_edit()}
            </Link>
          ) : (
            <Link to="/intro-list" className={`${linkClass} border border-line bg-surface text-ink hover:bg-surface-2`}>
              {m.people_back_to_directory()}
            </Link>
          )
        }
      />
      {intro.isPending ? (
        <LoadingBlock label={m.people_loading_intro()} />
      ) : intro.isError ? (
        <QueryErrorBlock error={intro.error} onRetry={() => void intro.refetch()} what={m.people_the_intro()} />
      ) : own && !intro.data.hasIntro ? (
        <EmptyState title={m.people_no_own_intro()}>
          <p>{m.people_no_own_intro_lead()}</p>
          <p className="mt-3">
            <Link to="/intro-edit" className="text-brand underline underline-offset-2">
              {m.people_write_intro()}
            </Link>
          </p>
        </EmptyState>
      ) : (
        <IntroDetails intro={intro.data} />
      )}
    </div>
  )
}
