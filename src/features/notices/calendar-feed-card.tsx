import { m } from '@/i18n/paraglide/messages.js'
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CalendarFeed } from '@/contract/notices'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { errorMessage, FormAlert, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { calendarFeedQueryOptions, noticesKeys, regenerateCalendarFeed, revokeCalendarFeed } from './notices-queries'

/**
 * On the profile: my secret calendar link (issue 17 item 4) with my bookings and my bands'
 * performances, to subscribe to in a calendar app; copy it, make a new one (the old one stops
 * working) or turn it off.
 */
export function CalendarFeedCard() {
  const feed = useQuery(calendarFeedQueryOptions())
  const queryClient = useQueryClient()
  const [confirm, setConfirm] = useState<'regenerate' | 'revoke' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // Said in the card, not in a toast: on a phone a toast would sit over the card's buttons.
  const [said, setSaid] = useState<string | null>(null)
  const settle = (next: CalendarFeed, message: string) => {
    queryClient.setQueryData(noticesKeys.calendarFeed(), next)
    setConfirm(null)
    setFailure(null)
    setSaid(message)
  }
  const create = useMutation({
    mutationFn: regenerateCalendarFeed,
    onSuccess: (next) => settle(next, confirm === 'regenerate' ? m.notices_calendar_card_regenerated() : m.notices_calendar_card_ready()),
    onError: (error) => setFailure(errorMessage(error)),
  })
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => settle({ feed: null }, m.notices_calendar_card_off()),
    onError: (error) => setFailure(errorMessage(error)),
  })

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      setSaid(m.notices_calendar_card_copied())
    } catch {
      setSaid(m.notices_calendar_card_copy_failed())
    }
  }

  return (
    <Card title={m.notices_calendar_card_title()}>
      {feed.isPending ? (
        <LoadingBlock label={m.notices_calendar_card_loading()} />
      ) : feed.isError ? (
        <QueryErrorBlock error={feed.error} onRetry={() => void feed.refetch()} what={m.notices_calendar_card_what()} />
      ) : (
        <div className="flex flex-col gap-3">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <p role="status" className="text-sm font-medium text-ink empty:hidden">
            {said}
          </p>
          <p className="text-sm text-ink-muted">
            {m.notices_calendar_card_lead()}
          </p>
          {feed.data.feed === null ? (
            <div>
              <Button onClick={() => create.mutate()} busy={create.isPending} busyLabel={m.notices_calendar_card_making()}>
                {m.notices_calendar_card_make()}
              </Button>
            </div>
          ) : (
            <>
              <label className="flex flex-col gap-1 text-sm font-medium text-ink" htmlFor="calendar-link">
                {m.notices_calendar_card_link()}
                <input
                  id="calendar-link"
                  readOnly
                  value={feed.data.feed.webcalUrl}
                  onFocus={(event) => event.currentTarget.select()}
                  className="min-h-11 w-full rounded-md border border-line bg-surface-2 px-3 font-mono text-xs text-ink"
                />
              </label>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void copy(feed.data.feed!.webcalUrl)}>{m.notices_calendar_card_copy()}</Button>
                <a
                  href={feed.data.feed.webcalUrl}
                  className="inline-flex min-h-11 items-center rounded-md border border-line px-4 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  {m.notices_calendar_card_open()}
                </a>
                <Button variant="secondary" onClick={() => setConfirm('regenerate')}>
                  {m.notices_calendar_card_new()}
                </Button>
                <Button variant="danger" onClick={() => setConfirm('revoke')}>
                  {m.notices_calendar_card_turn_off()}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirm === 'regenerate'}
        onOpenChange={(open) => setConfirm(open ? 'regenerate' : null)}
        title={m.notices_calendar_card_new_title()}
        description={m.notices_calendar_card_new_description()}
        confirmLabel={m.notices_calendar_card_new()}
        tone="primary"
        busy={create.isPending}
        onConfirm={() => create.mutate()}
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        onOpenChange={(open) => setConfirm(open ? 'revoke' : null)}
        title={m.notices_calendar_card_off_title()}
        description={m.notices_calendar_card_off_description()}
        confirmLabel={m.notices_calendar_card_turn_off()}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </Card>
  )
}
