import { useState } from 'react'
import { CalendarPlus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useSession } from '@/lib/session-context'
import { EventDialog } from './event-dialog'
import { isExecutive } from './event-parts'
import { liveName } from './live-routes'
import type { LiveKindRef } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

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
    <section aria-label={m.lives_no_current({ live: name })} className="flex flex-col items-start gap-3 rounded-md border border-dashed border-line p-6">
      <p className="font-medium text-ink">
        {academicYear ? m.lives_no_current_in_year({ live: name, year: academicYear }) : m.lives_no_current_sentence({ live: name })}
      </p>
      <p className="text-sm text-ink-muted">
        {executive ? m.lives_create_to_open() : m.lives_not_set_up_yet()}
      </p>
      {executive ? (
        <>
          <Button onClick={() => setCreating(true)}>
            <CalendarPlus aria-hidden className="size-4" />
            {m.lives_create_live({ live: name })}
          </Button>
          <EventDialog open={creating} onOpenChange={setCreating} live={live} academicYear={academicYear} />
        </>
      ) : null}
    </section>
  )
}
