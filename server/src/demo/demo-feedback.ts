import { feedbackCategoryLabels, type FeedbackCategory } from '../../../src/contract/choices'
import { zonedInstant, type IsoDate } from '../../../src/contract/calendar'
import { feedback, notices } from '../db/schema'
import type { Executor } from '../db/transaction'
import type { Random } from './random'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

const praise = [
  'The second song was the best thing I heard all night. The bass and drums were completely locked in.',
  'Great energy from the first note! Maybe turn the guitar down a little next time: the vocals got lost in the chorus.',
  'Lovely harmonies. I would come and see you again any time.',
  'The keyboard solo was amazing. The ending felt a bit rushed, though.',
  'You looked nervous at the start but the last song really took off.',
  'Tight set and a great choice of songs. The MC between songs was very funny.',
]
const suggestions: ReadonlyArray<readonly [FeedbackCategory, string, reply: string | null]> = [
  ['equipment', 'The snare in Studio B rattles and one of its lugs is missing. Could the club replace it before the festival?', 'Thank you: a new snare is ordered and should arrive next week.'],
  ['rooms', 'Could the club room stay open until 21:00 on Fridays? Many of us have lectures until the 6th period.', null],
  ['app', 'It would help to see on the room grid which bookings came from the allocation round.', 'Good idea, we have passed it on to the people who look after Bandroom.'],
  ['lives', 'Please publish the festival timetable at least a week before, so we can tell our friends when we play.', 'We published it earlier this year: see the festival page.'],
  ['rules', 'Could personal practice count separately from band practice in the weekly limit?', null],
  ['other', 'Thank you to the executives for organising so much this term!', null],
]

/**
 * Feedback as members leave it (SPEC §5.7): on the bands that played at the last live (one to
 * three each by members of other bands, some anonymous; each band's members were told), and
 * suggestions to the club (some anonymous, some answered by an executive and their author
 * told). Feedback is written from the evening of the live on, never after now.
 */
export async function addDemoFeedback(
  db: Executor,
  random: Random,
  options: {
    now: Date
    timeZone: string
    live: { id: string; title: string; date: IsoDate }
    bands: Array<{ id: string; name: string; memberIds: string[] }>
    members: Array<{ id: string; displayName: string }>
    executives: string[]
  },
) {
  const { now } = options
  const rows: Array<typeof feedback.$inferInsert> = []
  const noticeRows: Array<typeof notices.$inferInsert> = []
  const after = (from: number, days: number) => new Date(from + Math.floor((Math.min(now.getTime(), from + days * DAY) - from) * random.next()))
  const readBy = (at: Date) => (at.getTime() < now.getTime() - 3 * DAY ? new Date(at.getTime() + random.int(1, 24) * HOUR) : null)

  const evening = zonedInstant(options.live.date, '20:00', options.timeZone).getTime()
  for (const [index, band] of options.bands.entries()) {
    const count = random.int(1, 3)
    for (let n = 0; n < count; n++) {
      const author = random.pick(options.members.filter((person) => !band.memberIds.includes(person.id)))
      // The first feedback of every other band is anonymous, so both kinds show.
      const anonymous = n === 0 ? index % 2 === 0 : random.chance(0.3)
      const createdAt = after(evening, 10)
      rows.push({ authorId: author.id, anonymous, target: 'performance', eventId: options.live.id, bandId: band.id, body: random.pick(praise), status: 'new', createdAt, updatedAt: createdAt })
      for (const userId of band.memberIds) {
        noticeRows.push({
          userId,
          kind: 'feedback',
          title: `${band.name} received feedback on ${options.live.title}`,
          body: anonymous ? 'A member wrote about your performance without giving their name.' : `${author.displayName} wrote about your performance.`,
          link: '/feedback-list?tab=received',
          createdAt,
          readAt: readBy(createdAt),
        })
      }
    }
  }

  const from = now.getTime() - 20 * DAY
  for (const [index, [category, body, reply]] of suggestions.entries()) {
    const author = random.pick(options.members)
    const createdAt = after(from, 18)
    const repliedAt = reply ? after(createdAt.getTime(), 3) : null
    const replier = random.pick(options.executives)
    rows.push({
      authorId: author.id,
      anonymous: index % 3 === 1,
      target: 'club',
      category,
      body,
      status: reply ? (index === 0 ? 'resolved' : 'acknowledged') : index === 5 ? 'acknowledged' : 'new',
      reply,
      repliedBy: reply ? replier : null,
      repliedAt,
      createdAt,
      updatedAt: repliedAt ?? createdAt,
    })
    for (const userId of options.executives.filter((id) => id !== author.id)) {
      noticeRows.push({ userId, kind: 'suggestion', title: `New suggestion to the club: ${feedbackCategoryLabels[category]}`, body, link: '/feedback-list?tab=all', createdAt, readAt: readBy(createdAt) })
    }
    if (reply && repliedAt) {
      noticeRows.push({ userId: author.id, kind: 'feedback', title: 'The executives replied to your feedback', body: reply, link: '/feedback-list', createdAt: repliedAt, readAt: readBy(repliedAt) })
    }
  }

  await db.insert(feedback).values(rows)
  await db.insert(notices).values(noticeRows)
  return { feedback: rows.length, anonymous: rows.filter((row) => row.anonymous).length, replied: rows.filter((row) => row.reply).length }
}
