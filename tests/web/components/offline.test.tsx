import { afterEach, describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query'
import { createQueryClient } from '@/lib/query-client'
import { ApiError } from '@/lib/api-client'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { OfflineBanner } from '@/components/offline-banner'
import { formatClock } from '@/contract/date-format'
import { todayIn, zonedInstant } from '@/contract/calendar'

afterEach(() => {
  act(() => onlineManager.setOnline(true))
})

function SavedScreen({ withData }: { withData: boolean }) {
  const saved = useQuery({ queryKey: ['saved'], queryFn: () => Promise.resolve('fresh') })
  const missing = useQuery({ queryKey: ['missing'], queryFn: () => Promise.resolve('fresh'), enabled: !withData })
  return (
    <>
      <OfflineBanner />
      {saved.isPending ? <LoadingBlock /> : <p>{saved.data}</p>}
      {withData ? null : missing.isPending ? <LoadingBlock offline="This week was not saved for offline use." /> : null}
    </>
  )
}

describe('offline blocks', () => {
  it('shows saved data with when it was last seen, and says what needs a connection', async () => {
    const queryClient = createQueryClient()
    // 14:05 today on the club's clock (Tokyo until the club has answered), whatever the machine's zone.
    const seenAt = zonedInstant(todayIn(new Date(), 'Asia/Tokyo'), '14:05', 'Asia/Tokyo')
    queryClient.setQueryData(['saved'], 'saved copy', { updatedAt: seenAt.getTime() })
    act(() => onlineManager.setOnline(false))
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <SavedScreen withData />
      </QueryClientProvider>,
    )
    expect(screen.getByText('saved copy')).toBeInTheDocument()
    expect(await screen.findByText(/You are offline\. Showing this page as last seen at 14:05/)).toHaveAttribute('role', 'status')
    unmount()

    render(
      <QueryClientProvider client={queryClient}>
        <SavedScreen withData={false} />
      </QueryClientProvider>,
    )
    // Part of the page is not saved: no "last seen" for it, and it says so instead of spinning.
    expect(screen.getByText('You are offline.', { exact: false })).not.toHaveTextContent('last seen')
    expect(screen.getByText('This week was not saved for offline use.')).toHaveAttribute('role', 'status')
  })

  it('a call that failed for want of a connection is not shown as an error offline', () => {
    act(() => onlineManager.setOnline(false))
    render(<QueryErrorBlock error={new ApiError({ status: 0, code: 'NETWORK', message: 'Could not reach the server.' })} what="The bands" />)
    expect(screen.getByRole('status')).toHaveTextContent('This page needs a connection: it has not been opened on this device before.')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('names the day when the copy is not from today', () => {
    const seen = Date.UTC(2026, 10, 20, 0, 30)
    expect(formatClock(seen, { timeZone: 'Asia/Tokyo' }, Date.UTC(2026, 10, 28, 3))).toBe('Fri 20 Nov 2026, 09:30')
    expect(formatClock(seen, { timeZone: 'Asia/Tokyo' }, Date.UTC(2026, 10, 20, 14))).toBe('09:30')
  })
})
