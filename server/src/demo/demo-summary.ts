import { DEMO_ACCOUNTS, DEMO_PASSWORD, type loadDemoClub } from './demo-club'

type Loaded = Awaited<ReturnType<typeof loadDemoClub>>

/**
 * What `npm run demo` prints. The bookings are counted as the Bookings list counts them
 * (everyone's, "Any time" and "Upcoming"): every source (first-come and allocation rounds),
 * closures and cancelled ones included, so the numbers match what the executives see.
 */
export function demoSummary(result: Loaded): string[] {
  const { list, weeks } = result.bookings
  const lines = [
    `Loaded the demo club: ${result.users} accounts, ${result.bands} bands, term ${result.term}.`,
    `Room bookings, as the list of everyone's bookings counts them: ${list.any} at any time (${list.upcoming} upcoming), from the week of ${weeks[0]!.weekStart} to the week of ${weeks.at(-1)!.weekStart}: ${list.firstCome} booked first-come, ${list.allocated} given by allocation rounds, ${list.closures} closures and ${list.cancelled} cancelled.`,
  ]
  const rounds = result.allocation.map((round) => `the week of ${round.weekStart} (${round.status}, ${round.bands} bands with wishes${round.status === 'published' ? `, ${round.served} served` : ''})`)
  lines.push(`Room allocation rounds: ${rounds.join(', ')}.`)
  lines.push('Lives:')
  for (const live of result.lives) {
    const counts = Object.entries(live.counts).filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`)
    lines.push(`  ${live.title} (${live.status}, ${live.days.join(' and ')}): ${live.applications ? `${live.applications} applications, ${counts.join(', ')}` : 'no applications yet'}.`)
  }
  lines.push(`Feedback: ${result.feedback.feedback} (${result.feedback.anonymous} anonymous, ${result.feedback.replied} replied to). Shared files: ${result.files}.`)
  lines.push(`Sign in with password "${DEMO_PASSWORD}" as:`)
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) lines.push(`  ${role.padEnd(10)} ${email}`)
  return lines
}
