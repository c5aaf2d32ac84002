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
    onSuccess: (next) => settle(next, confirm === 'regenerate' ? 'A new calendar link is ready. The old one no longer works.' : 'Your calendar link is ready.'),
    onError: (error) => setFailure(errorMessage(error)),
  })
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => settle({ feed: null }, 'Your calendar link is turned off. The old link no longer works.'),
    onError: (error) => setFailure(errorMessage(error)),
  })

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      setSaid('Calendar link copied.')
    } catch {
      setSaid('Could not copy. Select the link and copy it by hand.')
    }
  }

  return (
    <Card title="Calendar">
      {feed.isPending ? (
        <LoadingBlock label="Loading your calendar link…" />
      ) : feed.isError ? (
        <QueryErrorBlock error={feed.error} onRetry={() => void feed.refetch()} what="Your calendar link" />
      ) : (
        <div className="flex flex-col gap-3">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <p role="status" className="text-sm font-medium text-ink empty:hidden">
            {said}
          </p>
          <p className="text-sm text-ink-muted">
            Your room bookings and your bands’ live performances in your phone’s or computer’s calendar, kept up to date. Keep the link to yourself: anyone
            with it can see them.
          </p>
          {feed.data.feed === null ? (
            <div>
              <Button onClick={() => create.mutate()} busy={create.isPending} busyLabel="Making your link…">
                Make my calendar link
              </Button>
            </div>
          ) : (
            <>
              <label className="flex flex-col gap-1 text-sm font-medium text-ink" htmlFor="calendar-link">
                Calendar link
                <input
                  id="calendar-link"
                  readOnly
                  value={feed.data.feed.webcalUrl}
                  onFocus={(event) => event.currentTarget.select()}
                  className="min-h-11 w-full rounded-md border border-line bg-surface-2 px-3 font-mono text-xs text-ink"
                />
              </label>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void copy(feed.data.feed!.webcalUrl)}>Copy link</Button>
                <a
                  href={feed.data.feed.webcalUrl}
                  className="inline-flex min-h-11 items-center rounded-md border border-line px-4 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  Open in calendar app
                </a>
                <Button variant="secondary" onClick={() => setConfirm('regenerate')}>
                  Make a new link
                </Button>
                <Button variant="danger" onClick={() => setConfirm('revoke')}>
                  Turn off
                </Button>
              </div>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirm === 'regenerate'}
        onOpenChange={(open) => setConfirm(open ? 'regenerate' : null)}
        title="Make a new calendar link?"
        description="The current link stops working at once: calendars subscribed to it stop updating until you add the new one."
        confirmLabel="Make a new link"
        tone="primary"
        busy={create.isPending}
        onConfirm={() => create.mutate()}
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        onOpenChange={(open) => setConfirm(open ? 'revoke' : null)}
        title="Turn off your calendar link?"
        description="The link stops working at once and calendars subscribed to it stop updating. You can make a new one later."
        confirmLabel="Turn off"
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </Card>
  )
}
