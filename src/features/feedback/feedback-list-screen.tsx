import { useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { MessageSquarePlus } from 'lucide-react'
import { toast } from 'sonner'
import { useAppForm } from '@/components/form/form-kit'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { Button } from '@/components/ui/button'
import { ConfirmDialog, Dialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { PageHeader, Pagination } from '@/components/ui/page'
import { SegmentedControl } from '@/components/ui/segmented-control'
import type { SessionUser } from '@/contract/auth'
import { feedbackStatusLabels, feedbackStatuses, type FeedbackStatus } from '@/contract/choices'
import { dayLabel } from '@/contract/calendar'
import { REPLY_MAX, feedbackReplyInputSchema, type ClubFeedback, type ReceivedFeedback } from '@/contract/feedback'
import { useSession } from '@/lib/session-context'
import { useDebouncedSearch } from '@/lib/use-debounced-search'
import { TextField } from '@/components/ui/field'
import { FeedbackItem, FeedbackText, ReplyBlock, StatusBadge, aboutOf, authorLine } from './feedback-parts'
import { clubFeedbackQueryOptions, myFeedbackQueryOptions, receivedFeedbackQueryOptions, useHideFeedback, useReplyToFeedback, useSetFeedbackStatus } from './feedback-queries'
import { FEEDBACK_PAGE_SIZE, type FeedbackListSearch, type FeedbackTab } from './feedback-search'
import { useDates } from '@/lib/use-dates'

const routeApi = getRouteApi('/_authenticated/feedback-list')

export const isExecutive = (user: Pick<SessionUser, 'role' | 'isExecutive'> | null) => user?.role === 'admin' || user?.isExecutive === true

const tabClass = 'inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand'
const linkClass = 'font-medium text-brand underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

const tabLabels: Record<FeedbackTab, string> = { mine: 'What I sent', received: 'My bands received', all: 'All feedback' }

/** The tab shown: members never land on the executives' tab, even from a hand-edited URL. */
export const tabOf = (search: FeedbackListSearch, executive: boolean): FeedbackTab => (search.tab === 'all' && !executive ? 'mine' : (search.tab ?? 'mine'))

/** `/feedback-list`: what I sent, what my bands received, and, for executives, all of it. */
export function FeedbackListScreen() {
  const search = routeApi.useSearch()
  const { user } = useSession()
  const executive = isExecutive(user)
  const tab = tabOf(search, executive)
  const tabs: FeedbackTab[] = executive ? ['mine', 'received', 'all'] : ['mine', 'received']

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Feedback"
        description="Suggestions to the executives and words to bands about their performances, with the executives’ replies."
        actions={
          <Link
            to="/feedback-form"
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            <MessageSquarePlus aria-hidden className="size-4" />
            Send feedback
          </Link>
        }
      />
      <nav aria-label="Feedback lists">
        <ul className="inline-flex flex-wrap gap-0.5 rounded-md border border-line bg-surface-2 p-0.5">
          {tabs.map((name) => (
            <li key={name}>
              <Link
                to="/feedback-list"
                search={{ tab: name }}
                aria-current={name === tab ? 'page' : undefined}
                className={`${tabClass} ${name === tab ? 'bg-brand text-brand-ink' : 'text-ink hover:bg-surface'}`}
              >
                {tabLabels[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'mine' ? <MineSection page={search.page ?? 1} /> : tab === 'received' ? <ReceivedSection page={search.page ?? 1} /> : <AllSection search={search} />}
    </div>
  )
}

function usePageChange() {
  const navigate = routeApi.useNavigate()
  return (page: number) => void navigate({ search: (previous) => ({ ...previous, page }) })
}

function MineSection({ page }: { page: number }) {
  const dates = useDates()
  const query = useQuery(myFeedbackQueryOptions(page, FEEDBACK_PAGE_SIZE))
  const onPage = usePageChange()
  if (query.isPending) return <LoadingBlock />
  if (query.isError) return <QueryErrorBlock error={query.error} onRetry={() => void query.refetch()} what="Your feedback" />
  if (query.data.total === 0) {
    return (
      <EmptyState title="You have not sent any feedback yet">
        <Link to="/feedback-form" className={linkClass}>
          Send a suggestion or a word to a band
        </Link>
      </EmptyState>
    )
  }
  return (
    <section aria-label={tabLabels.mine}>
      {/* The tab's name, for the outline: the items' h3s must not follow the h1 directly. */}
      <h2 className="sr-only">{tabLabels.mine}</h2>
      <ul className="flex flex-col gap-3">
        {query.data.items.map((item) => (
          <FeedbackItem
            key={item.id}
            title={aboutOf(item)}
            meta={`Sent ${dates.dateTime(item.createdAt)}${item.anonymous ? ' · without your name' : ''}`}
            badges={<StatusBadge status={item.status} />}
          >
            <FeedbackText>{item.body}</FeedbackText>
            {item.hidden ? <p className="text-sm text-ink-muted">The executives have hidden this from the band.</p> : null}
            {item.reply ? <ReplyBlock reply={item.reply} /> : null}
          </FeedbackItem>
        ))}
      </ul>
      <Pagination page={page} pageSize={FEEDBACK_PAGE_SIZE} total={query.data.total} onPage={onPage} />
    </section>
  )
}

/** Consecutive items of one live together, in the server's order (newest live first). */
function byLive(items: ReceivedFeedback[]) {
  const groups: Array<{ key: string; title: string; items: ReceivedFeedback[] }> = []
  for (const item of items) {
    const key = item.event?.id ?? 'none'
    const last = groups.at(-1)
    if (last && last.key === key) last.items.push(item)
    else groups.push({ key, title: item.event ? `${item.event.title} · ${dayLabel(item.event.firstDay)}` : 'A live', items: [item] })
  }
  return groups
}

function ReceivedSection({ page }: { page: number }) {
  const dates = useDates()
  const query = useQuery(receivedFeedbackQueryOptions(page, FEEDBACK_PAGE_SIZE))
  const onPage = usePageChange()
  if (query.isPending) return <LoadingBlock />
  if (query.isError) return <QueryErrorBlock error={query.error} onRetry={() => void query.refetch()} what="Your bands’ feedback" />
  if (query.data.total === 0) {
    return <EmptyState title="Your bands have not received feedback yet">After a live, what members write about your performance shows here.</EmptyState>
  }
  return (
    <section aria-label={tabLabels.received} className="flex flex-col gap-4">
      {byLive(query.data.items).map((group) => (
        <section key={group.key} aria-label={group.title}>
          <h2 className="mb-2 text-lg font-semibold text-ink">{group.title}</h2>
          <ul className="flex flex-col gap-3">
            {group.items.map((item) => (
              <FeedbackItem key={item.id} title={item.band?.name ?? 'Your band'} meta={`From ${authorLine(item)} · ${dates.dateTime(item.createdAt)}`}>
                <FeedbackText>{item.body}</FeedbackText>
              </FeedbackItem>
            ))}
          </ul>
        </section>
      ))}
      <Pagination page={page} pageSize={FEEDBACK_PAGE_SIZE} total={query.data.total} onPage={onPage} />
    </section>
  )
}

type DialogState = { open: 'reply' | 'hide'; item: ClubFeedback } | { open: null; item: null }

function AllSection({ search }: { search: FeedbackListSearch }) {
  const dates = useDates()
  const page = search.page ?? 1
  const navigate = routeApi.useNavigate()
  const query = useQuery(
    clubFeedbackQueryOptions({ page, pageSize: FEEDBACK_PAGE_SIZE, status: search.status, target: search.target, visibility: search.visibility ?? 'all', q: search.q }),
  )
  const onPage = usePageChange()
  const [dialog, setDialog] = useState<DialogState>({ open: null, item: null })
  const setStatus = useSetFeedbackStatus()
  const hide = useHideFeedback()
  const filter = (next: Partial<FeedbackListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })
  const close = () => setDialog({ open: null, item: null })
  const [text, setText] = useDebouncedSearch(search.q, (q) => filter({ q }))

  const changeStatus = (item: ClubFeedback, status: FeedbackStatus) =>
    setStatus.mutate({ id: item.id, status }, { onSuccess: () => toast.success(`Marked ${feedbackStatusLabels[status].toLowerCase()}`), onError: (error) => toast.error(errorMessage(error)) })
  const show = (item: ClubFeedback) =>
    hide.mutate({ id: item.id, hidden: false }, { onSuccess: () => toast.success('The band can see it again'), onError: (error) => toast.error(errorMessage(error)) })

  return (
    <section aria-label={tabLabels.all} className="flex flex-col gap-3">
      <h2 className="sr-only">{tabLabels.all}</h2>
      <form role="search" aria-label="Filter feedback" className="flex flex-wrap items-end gap-2" onSubmit={(event) => event.preventDefault()}>
        <TextField label="Words in the feedback" type="search" className="sm:w-64" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
        <SegmentedControl
          showLabel
          label="Status"
          value={search.status}
          onChange={(status) => filter({ status })}
          options={[{ value: undefined, label: 'Any status' }, ...feedbackStatuses.map((status) => ({ value: status, label: feedbackStatusLabels[status] }))]}
        />
        <SegmentedControl
          showLabel
          label="About"
          value={search.target}
          onChange={(target) => filter({ target })}
          options={[
            { value: undefined, label: 'Everything' },
            { value: 'club', label: 'Suggestions' },
            { value: 'performance', label: 'Performances' },
          ]}
        />
        <SegmentedControl
          showLabel
          label="Hidden"
          value={search.visibility}
          onChange={(visibility) => filter({ visibility })}
          options={[
            { value: undefined, label: 'Shown and hidden' },
            { value: 'shown', label: 'Shown' },
            { value: 'hidden', label: 'Hidden' },
          ]}
        />
      </form>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <QueryErrorBlock error={query.error} onRetry={() => void query.refetch()} what="The club’s feedback" />
      ) : query.data.total === 0 ? (
        <EmptyState title={search.status || search.target || search.visibility || search.q ? 'No feedback matches these filters' : 'No feedback yet'} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {query.data.items.map((item) => (
              <FeedbackItem
                key={item.id}
                title={aboutOf(item)}
                meta={`From ${authorLine(item)} · ${dates.dateTime(item.createdAt)}`}
                badges={
                  <>
                    <StatusBadge status={item.status} />
                    {item.hidden ? <span className="inline-flex items-center rounded-full border border-danger/40 bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger">Hidden</span> : null}
                  </>
                }
              >
                <FeedbackText>{item.body}</FeedbackText>
                {item.hidden ? (
                  <p className="text-sm text-ink-muted">
                    Hidden from the band by {item.hidden.by.displayName} · {dates.dateTime(item.hidden.at)}
                  </p>
                ) : null}
                {item.reply ? <ReplyBlock reply={item.reply} /> : null}
                <div className="flex flex-wrap items-end gap-2">
                  <label className="flex flex-col gap-1 text-sm font-medium text-ink">
                    Status
                    <select
                      className="min-h-11 rounded-md border border-line bg-surface px-3 text-ink"
                      value={item.status}
                      disabled={setStatus.isPending}
                      onChange={(event) => changeStatus(item, event.target.value as FeedbackStatus)}
                    >
                      {feedbackStatuses.map((status) => (
                        <option key={status} value={status}>
                          {feedbackStatusLabels[status]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button variant="secondary" onClick={() => setDialog({ open: 'reply', item })}>
                    {item.reply ? 'Change reply' : 'Reply'}
                  </Button>
                  {item.target === 'performance' ? (
                    item.hidden ? (
                      <Button variant="secondary" onClick={() => show(item)} busy={hide.isPending && hide.variables?.id === item.id} busyLabel="Working…">
                        Show to the band
                      </Button>
                    ) : (
                      <Button variant="secondary" onClick={() => setDialog({ open: 'hide', item })}>
                        Hide from the band
                      </Button>
                    )
                  ) : null}
                </div>
              </FeedbackItem>
            ))}
          </ul>
          <Pagination page={page} pageSize={FEEDBACK_PAGE_SIZE} total={query.data.total} onPage={onPage} />
        </>
      )}
      {dialog.open === 'reply' ? <ReplyDialog key={dialog.item.id} item={dialog.item} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog.open === 'hide'}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Hide this feedback from the band?"
        description="The band will no longer see it. It stays here, marked with your name, and you can show it again."
        confirmLabel="Hide"
        busy={hide.isPending}
        onConfirm={() => {
          if (!dialog.item) return
          hide.mutate({ id: dialog.item.id, hidden: true }, { onSuccess: () => { toast.success('Hidden from the band'); close() } })
        }}
      >
        {hide.isError ? <FormAlert>{errorMessage(hide.error)}</FormAlert> : null}
      </ConfirmDialog>
    </section>
  )
}

/** The reply form; the author reads the reply on their list, even when they sent it without their name. */
function ReplyDialog({ item, onClose }: { item: ClubFeedback; onClose: () => void }) {
  const reply = useReplyToFeedback()
  const server = useServerErrors()
  const form = useAppForm({
    defaultValues: { reply: item.reply?.text ?? '' },
    validators: { onSubmit: schemaValidator(feedbackReplyInputSchema) },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        await reply.mutateAsync({ id: item.id, reply: feedbackReplyInputSchema.parse(value).reply })
        toast.success('Reply sent')
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Reply to this feedback" description={`The person who wrote it reads your reply with it${item.anonymous ? ', even though they sent it without their name' : ''}, and is told by mail.`}>
      <blockquote className="mb-3 max-h-40 overflow-y-auto rounded-md bg-surface-2 px-3 py-2">
        <FeedbackText>{item.body}</FeedbackText>
      </blockquote>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="reply">
            {(field) => <field.TextAreaField label="Your reply" rows={5} maxLength={REPLY_MAX} description={`${field.state.value.length} of ${REPLY_MAX} characters.`} />}
          </form.AppField>
          <form.DialogFooter onCancel={onClose} busyLabel="Sending…">
            Send reply
          </form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}
