import { useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { MessageSquarePlus } from 'lucide-react'
import { toast } from 'sonner'
import { m } from '@/i18n/paraglide/messages.js'
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

const tabLabels: Record<FeedbackTab, () => string> = { mine: () => m.feedback_tab_mine(), received: () => m.feedback_tab_received(), all: () => m.feedback_tab_all() }

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
        title={m.feedback_title()}
        description={m.feedback_list_lead()}
        actions={
          <Link
            to="/feedback-form"
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            <MessageSquarePlus aria-hidden className="size-4" />
            {m.feedback_send()}
          </Link>
        }
      />
      <nav aria-label={m.feedback_lists()}>
        <ul className="inline-flex flex-wrap gap-0.5 rounded-md border border-line bg-surface-2 p-0.5">
          {tabs.map((name) => (
            <li key={name}>
              <Link
                to="/feedback-list"
                search={{ tab: name }}
                aria-current={name === tab ? 'page' : undefined}
                className={`${tabClass} ${name === tab ? 'bg-brand text-brand-ink' : 'text-ink hover:bg-surface'}`}
              >
                {tabLabels[name]()}
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
  if (query.isError) return <QueryErrorBlock error={query.error} onRetry={() => void query.refetch()} what={m.feedback_yours()} />
  if (query.data.total === 0) {
    return (
      <EmptyState title={m.feedback_none_sent()}>
        <Link to="/feedback-form" className={linkClass}>
          {m.feedback_send_first()}
        </Link>
      </EmptyState>
    )
  }
  return (
    <section aria-label={tabLabels.mine()}>
      {/* The tab's name, for the outline: the items' h3s must not follow the h1 directly. */}
      <h2 className="sr-only">{tabLabels.mine()}</h2>
      <ul className="flex flex-col gap-3">
        {query.data.items.map((item) => (
          <FeedbackItem
            key={item.id}
            title={aboutOf(item)}
            meta={`${m.feedback_sent_at({ at: dates.dateTime(item.createdAt) })}${item.anonymous ? m.feedback_without_your_name() : ''}`}
            badges={<StatusBadge status={item.status} />}
          >
            <FeedbackText>{item.body}</FeedbackText>
            {item.hidden ? <p className="text-sm text-ink-muted">{m.feedback_hidden_from_band_note()}</p> : null}
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
    else
      groups.push({
        key,
        title: item.event ? m.feedback_live_group({ title: item.event.title, day: dayLabel(item.event.firstDay) }) : m.feedback_a_live_title(),
        items: [item],
      })
  }
  return groups
}

function ReceivedSection({ page }: { page: number }) {
  const dates = useDates()
  const query = useQuery(receivedFeedbackQueryOptions(page, FEEDBACK_PAGE_SIZE))
  const onPage = usePageChange()
  if (query.isPending) return <LoadingBlock />
  if (query.isError) return <QueryErrorBlock error={query.error} onRetry={() => void query.refetch()} what={m.feedback_your_bands_feedback()} />
  if (query.data.total === 0) {
    return <EmptyState title={m.feedback_none_received()}>{m.feedback_none_received_hint()}</EmptyState>
  }
  return (
    <section aria-label={tabLabels.received()} className="flex flex-col gap-4">
      {byLive(query.data.items).map((group) => (
        <section key={group.key} aria-label={group.title}>
          <h2 className="mb-2 text-lg font-semibold text-ink">{group.title}</h2>
          <ul className="flex flex-col gap-3">
            {group.items.map((item) => (
              <FeedbackItem
                key={item.id}
                title={item.band?.name ?? m.feedback_your_band()}
                meta={m.feedback_from({ author: authorLine(item), at: dates.dateTime(item.createdAt) })}
              >
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
    setStatus.mutate(
      { id: item.id, status },
      {
        onSuccess: () => toast.success(m.feedback_marked({ status: feedbackStatusLabels[status].toLowerCase() })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    )
  const show = (item: ClubFeedback) =>
    hide.mutate({ id: item.id, hidden: false }, { onSuccess: () => toast.success(m.feedback_visible_again()), onError: (error) => toast.error(errorMessage(error)) })

  return (
    <section aria-label={tabLabels.all()} className="flex flex-col gap-3">
      <h2 className="sr-only">{tabLabels.all()}</h2>
      <form role="search" aria-label={m.feedback_filter()} className="flex flex-wrap items-end gap-2" onSubmit={(event) => event.preventDefault()}>
        <TextField label={m.feedback_words()} type="search" className="sm:w-64" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
        <SegmentedControl
          showLabel
          label={m.feedback_status()}
          value={search.status}
          onChange={(status) => filter({ status })}
          options={[{ value: undefined, label: m.feedback_any_status() }, ...feedbackStatuses.map((status) => ({ value: status, label: feedbackStatusLabels[status] }))]}
        />
        <SegmentedControl
          showLabel
          label={m.feedback_about()}
          value={search.target}
          onChange={(target) => filter({ target })}
          options={[
            { value: undefined, label: m.feedback_everything() },
            { value: 'club', label: m.feedback_suggestions() },
            { value: 'performance', label: m.feedback_performances() },
          ]}
        />
        <SegmentedControl
          showLabel
          label={m.feedback_hidden()}
          value={search.visibility}
          onChange={(visibility) => filter({ visibility })}
          options={[
            { value: undefined, label: m.feedback_shown_and_hidden() },
            { value: 'shown', label: m.feedback_shown() },
            { value: 'hidden', label: m.feedback_hidden() },
          ]}
        />
      </form>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <QueryErrorBlock error={query.error} onRetry={() => void query.refetch()} what={m.feedback_the_clubs()} />
      ) : query.data.total === 0 ? (
        <EmptyState title={search.status || search.target || search.visibility || search.q ? m.feedback_none_match() : m.feedback_none_yet()} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {query.data.items.map((item) => (
              <FeedbackItem
                key={item.id}
                title={aboutOf(item)}
                meta={m.feedback_from({ author: authorLine(item), at: dates.dateTime(item.createdAt) })}
                badges={
                  <>
                    <StatusBadge status={item.status} />
                    {item.hidden ? (
                      <span className="inline-flex items-center rounded-full border border-danger/40 bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger">
                        {m.feedback_hidden()}
                      </span>
                    ) : null}
                  </>
                }
              >
                <FeedbackText>{item.body}</FeedbackText>
                {item.hidden ? <p className="text-sm text-ink-muted">{m.feedback_hidden_by({ name: item.hidden.by.displayName, at: dates.dateTime(item.hidden.at) })}</p> : null}
                {item.reply ? <ReplyBlock reply={item.reply} /> : null}
                <div className="flex flex-wrap items-end gap-2">
                  <label className="flex flex-col gap-1 text-sm font-medium text-ink">
                    {m.feedback_status()}
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
                    {item.reply ? m.feedback_change_reply() : m.feedback_reply()}
                  </Button>
                  {item.target === 'performance' ? (
                    item.hidden ? (
                      <Button variant="secondary" onClick={() => show(item)} busy={hide.isPending && hide.variables?.id === item.id} busyLabel={m.feedback_working()}>
                        {m.feedback_show_to_band()}
                      </Button>
                    ) : (
                      <Button variant="secondary" onClick={() => setDialog({ open: 'hide', item })}>
                        {m.feedback_hide_from_band()}
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
        title={m.feedback_hide_title()}
        description={m.feedback_hide_description()}
        confirmLabel={m.feedback_hide()}
        busy={hide.isPending}
        onConfirm={() => {
          if (!dialog.item) return
          hide.mutate(
            { id: dialog.item.id, hidden: true },
            {
              onSuccess: () => {
                toast.success(m.feedback_hidden_done())
                close()
              },
            },
          )
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
        toast.success(m.feedback_reply_sent())
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={m.feedback_reply_title()}
      description={item.anonymous ? m.feedback_reply_description_anonymous() : m.feedback_reply_description()}
    >
      <blockquote className="mb-3 max-h-40 overflow-y-auto rounded-md bg-surface-2 px-3 py-2">
        <FeedbackText>{item.body}</FeedbackText>
      </blockquote>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="reply">
            {(field) => (
              <field.TextAreaField
                label={m.feedback_your_reply()}
                rows={5}
                maxLength={REPLY_MAX}
                description={m.feedback_characters_of({ count: field.state.value.length, max: REPLY_MAX })}
              />
            )}
          </form.AppField>
          <form.DialogFooter onCancel={onClose} busyLabel={m.feedback_sending()}>
            {m.feedback_send_reply()}
          </form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}
