import { useState } from 'react'
import { CalendarPlus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useSession } from '@/lib/session-context'
import { EventDialog } from './event-dialog'
import { isExecutive } from './event-parts'
import { liveName } from './live-routes'
import type { LiveKindRef } from './lives-queries'

/**
 * "There is no current Summer live for the 2026 academic year." On the lists and the forms
 * when a kind has no current event; executives get a button that creates it in the dialog.
 */
export function NoEventNotice({ live, academicYear }: { live: LiveKindRef; academicYear?: number }) {
  const { user } = useSession()
  const [creating, setCreating] = useState(false)
  const name = liveName(live)
  const executive = isExecutive(user)
  return (
    <section aria-label={`No current ${name}`} className="flex flex-col items-start gap-3 rounded-md border border-dashed border-line p-6">
      <p className="font-medium text-ink">
        There is no current {name}
        {academicYear ? ` for the ${academicYear} academic year` : ''}.
      </p>
      <p className="text-sm text-ink-muted">
        {executive ? 'Create it to open applications.' : 'The executives have not set it up yet. Check again later.'}
      </p>
      {executive ? (
        <>
          <Button onClick={() => setCreating(true)}>
            <CalendarPlus aria-hidden className="size-4" />
            Create the {name}
          </Button>
          <EventDialog open={creating} onOpenChange={setCreating} live={live} academicYear={academicYear} />
        </>
      ) : null}
    </section>
  )
}
