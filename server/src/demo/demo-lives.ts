import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { applications, bandMembers, events, notices, timetables } from '../db/schema'
import { applicationListPath } from '../lives/review.service'
import { timetablePresets } from '../../../src/contract/timetable'
import { generateTimetable } from '../../../src/timetable/generator'
import { acceptedPerformances, timetableInputOf } from '../lives/live-schedule.service'
import { addDays, zonedInstant, type IsoDate } from '../../../src/contract/calendar'
import {
  minutesOfDay,
  seasonLabels,
  songsMinutes,
  suggestedMinutes,
  type ApplicationStatus,
  type EventDay,
  type EventKind,
  type EventStatus,
  type Season,
  type Song,
  type UnavailableWindow,
} from '../../../src/contract/lives'
import type { Random } from './random'

/** A demo band as demo-club.ts built it. */
export interface DemoLiveBand {
  id: string
  name: string
  genre: string
  status: string
  createdAt: Date
  leaderId: string
  memberIds: string[]
}

type EventRow = typeof events.$inferInsert & { id: string }
type ApplicationRow = typeof applications.$inferInsert

/** Covers each band plays, by the band's genre: [title, artist, length]. */
const songBook: Record<string, ReadonlyArray<readonly [string, string, string]>> = {
  'ASIAN KUNG-FU GENERATION': [['Rewrite', '', '3:47'], ['Haruka Kanata', '', '4:02'], ['Solanin', '', '4:42'], ['Loop & Loop', '', '4:15'], ['Kimi to Iu Hana', '', '4:54']],
  Spitz: [['Robinson', '', '4:29'], ['Cherry', '', '4:25'], ['Sora mo Toberu Hazu', '', '4:20'], ['Kaede', '', '4:21']],
  'J-pop': [['Idol', 'YOASOBI', '3:33'], ['Lemon', 'Kenshi Yonezu', '4:15'], ['Marigold', 'Aimyon', '5:03'], ['Pretender', 'Official HIGE DANdism', '5:26'], ['Bling-Bang-Bang-Born', 'Creepy Nuts', '2:49']],
  'King Gnu': [['Hakujitsu', '', '4:32'], ['Ichizu', '', '4:05'], ['Specialz', '', '3:58'], ['Prayer X', '', '4:21']],
  YOASOBI: [['Yoru ni Kakeru', '', '4:21'], ['Idol', '', '3:33'], ['Gunjo', '', '4:09'], ['Kaibutsu', '', '3:25']],
  'Official HIGE DANdism': [['Pretender', '', '5:26'], ['Subtitle', '', '5:33'], ['Mixed Nuts', '', '3:33'], ['Cry Baby', '', '4:01'], ['I LOVE...', '', '4:59']],
  RADWIMPS: [['Zenzenzense', '', '4:46'], ['Nandemonaiya', '', '5:44'], ['Grand Escape', '', '4:59'], ['Sparkle', '', '8:54']],
  Sakanaction: [['Shin Takarajima', '', '5:19'], ['Aruku Around', '', '4:15'], ['Identity', '', '4:42'], ['Rookie', '', '5:41']],
  'the pillows': [['Ride on Shooting Star', '', '3:30'], ['Funny Bunny', '', '3:47'], ['Little Busters', '', '3:59'], ['Hybrid Rainbow', '', '5:05']],
  'Number Girl': [['Omoide in My Head', '', '4:15'], ['Toumei Shoujo', '', '3:52'], ['Tattoo Ari', '', '4:30']],
  Radiohead: [['Creep', '', '3:56'], ['Karma Police', '', '4:21'], ['High and Dry', '', '4:17'], ['Fake Plastic Trees', '', '4:50'], ['Paranoid Android', '', '6:23']],
  'Arctic Monkeys': [['Do I Wanna Know?', '', '4:32'], ['R U Mine?', '', '3:21'], ['I Bet You Look Good on the Dancefloor', '', '2:53'], ['505', '', '4:13'], ['Fluorescent Adolescent', '', '2:57']],
  Paramore: [['Misery Business', '', '3:31'], ['Still Into You', '', '3:36'], ['Decode', '', '4:22'], ['Ain’t It Fun', '', '4:56']],
  'The Beatles': [['Help!', '', '2:18'], ['Come Together', '', '4:19'], ['In My Life', '', '2:26'], ['Let It Be', '', '4:03'], ['Hey Jude', '', '7:11']],
  'Red Hot Chili Peppers': [['Can’t Stop', '', '4:29'], ['By the Way', '', '3:37'], ['Californication', '', '5:21'], ['Dani California', '', '4:42'], ['Snow (Hey Oh)', '', '5:34']],
  'Snarky Puppy': [['Shofukan', '', '6:31'], ['What About Me?', '', '6:23'], ['Lingus', '', '10:43']],
  'Tower of Power': [['What Is Hip?', '', '5:00'], ['So Very Hard to Go', '', '3:40'], ['Squib Cakes', '', '5:00']],
  'Jazz standards': [['Autumn Leaves', 'Cannonball Adderley', '5:30'], ['Fly Me to the Moon', 'Frank Sinatra', '3:30'], ['Take the A Train', 'Duke Ellington', '4:10'], ['Blue Bossa', 'Kenny Dorham', '5:20'], ['So What', 'Miles Davis', '6:00']],
  'Zazen Boys': [['Himitsu Girl’s Top Secret', '', '4:48'], ['Honnoji', '', '3:58'], ['Asobi', '', '6:10']],
  'Kessoku Band': [['Seishun Complex', '', '3:24'], ['Guitar to Kodoku to Aoi Hoshi', '', '3:48'], ['Ano Band', '', '3:31'], ['Distortion!!', '', '3:50'], ['Korogaru Iwa, Kimi ni Asa ga Furu', '', '4:17']],
  'Mr.Children': [['innocent world', '', '5:57'], ['Hanabi', '', '6:24'], ['Sign', '', '5:26'], ['GIFT', '', '5:13']],
  Shoegaze: [['Only Shallow', 'My Bloody Valentine', '4:17'], ['When You Sleep', 'My Bloody Valentine', '4:11'], ['Alison', 'Slowdive', '3:51'], ['Vapour Trail', 'Ride', '4:18']],
  Blues: [['The Thrill Is Gone', 'B.B. King', '5:24'], ['Pride and Joy', 'Stevie Ray Vaughan', '3:39'], ['Crossroads', 'Cream', '4:13'], ['Red House', 'Jimi Hendrix', '3:44']],
}
const christmasSongs: ReadonlyArray<readonly [string, string, string]> = [
  ['Christmas Eve', 'Tatsuro Yamashita', '4:12'],
  ['All I Want for Christmas Is You', 'Mariah Carey', '4:01'],
  ['Last Christmas', 'Wham!', '4:27'],
  ['Happy Xmas (War Is Over)', 'John Lennon', '3:34'],
  ['Koibito ga Santa Claus', 'Yumi Matsutoya', '3:32'],
]
const needsList = [
  'Two guitar amps (a Marshall and a Jazz Chorus) and a keyboard stand.',
  'We bring our own snare and cymbals.',
  'Three vocal mics: our guitarist and bassist sing backing vocals.',
  'A DI box for the synth and a second keyboard stand.',
  'Two chairs for the acoustic song at the end.',
  'A mic for the trumpet (we bring our own clip).',
]
const messages = [
  'Our first live as a band, we are very excited!',
  'We can swap the last song for a shorter one if the timetable is tight.',
  'Two of us also play in other bands; we are happy to go first or last.',
  'Thank you for organising this!',
  'Our drummer is a first-year: this is her first stage.',
]
const unavailableReasons = ['Class exhibition shift', 'Part-time job', 'Playing with the brass band', 'Seminar presentation', 'Helping at the department’s stand']
const rejectionNotes = [
  'We could take only a few first-time bands this year. Please apply for the Christmas live: we would love to hear you there.',
  'Two of your songs are also in the set of a band we accepted earlier. Change them and tell the live manager: we will look again if there is room.',
]
const waitlistNote = 'Waitlisted: we will confirm once the timetable shows whether there is room.'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

const weekday = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay()
const saturdayOnOrAfter = (date: IsoDate) => addDays(date, (6 - weekday(date) + 7) % 7)
const saturdayOnOrBefore = (date: IsoDate) => addDays(date, -((weekday(date) + 1) % 7))
const previousSeason: Record<Season, Season> = { spring: 'winter', summer: 'spring', autumn: 'summer', winter: 'autumn' }
/** The first day of the season `date` is in (winter starts in December). */
const seasonStartOf = (date: IsoDate): IsoDate => {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))]
  const first = ({ spring: 3, summer: 6, autumn: 9, winter: 12 } as const)[seasonOfMonth(month)]
  return `${month < first ? year - 1 : year}-${String(first).padStart(2, '0')}-01` as IsoDate
}
const seasonOfMonth = (month: number): Season => (month >= 3 && month <= 5 ? 'spring' : month >= 6 && month <= 8 ? 'summer' : month >= 9 && month <= 11 ? 'autumn' : 'winter')
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** What each planned event looks like before its applications are drawn. */
interface PlannedEvent {
  row: EventRow
  /** Statuses of its applications, in the order bands are drawn; empty for none. */
  statuses: ApplicationStatus[]
  /** Bands that apply first, in order (the demo member's and president's bands). */
  firstBands?: string[]
  /** Bands that must not apply (left for the demo member to try the form). */
  skipBands?: string[]
  christmas?: boolean
}

/**
 * The club's lives this academic year, placed around "today" so every screen has something
 * to show whatever the date: the school festival (its window closed a few days ago, review
 * done, the festival itself in two or three weeks), the seasonal live of the current season
 * (open now), the summer live (the open one in summer, a past one from September, a draft in
 * April and May), and the Christmas live (draft, open or closed as the date makes it). About
 * 25–35 applications in mixed states, by active bands, submitted by a member, reviewed by the
 * live manager. Two bulk inserts.
 */
export async function addDemoLives(
  db: Db,
  random: Random,
  options: {
    now: Date
    term: number
    timeZone: string
    today: IsoDate
    bands: DemoLiveBand[]
    reviewerId: string
    featuredBands: string[]
    ownBand: string
    /** The academic year a date falls in (the club's start month). */
    academicYearOf: (date: IsoDate) => number
  },
) {
  const { now, term, timeZone, today } = options
  const at = (date: IsoDate, time: string) => zonedInstant(date, time, timeZone)
  const before = (instant: Date, days: number) => new Date(Math.min(instant.getTime() - days * DAY, now.getTime() - HOUR))

  function event(fields: Omit<EventRow, 'id' | 'academicYear' | 'createdBy' | 'createdAt' | 'updatedAt'> & { academicYear?: number }): EventRow {
    const createdAt = before(fields.applicationOpensAt, random.int(3, 10))
    // A closed event was closed by hand soon after its window ended.
    const closedAt = new Date(fields.applicationClosesAt.getTime() + random.int(1, 10) * HOUR)
    const updatedAt = fields.status === 'closed' && closedAt < now ? closedAt : createdAt
    return { id: crypto.randomUUID(), academicYear: term, createdBy: options.reviewerId, createdAt, updatedAt, ...fields }
  }
  const stage = (name: string, opensAt: string, closesAt: string) => ({ name, opensAt, closesAt })

  // The Christmas live: the Saturday before Christmas; applications from six weeks to ten days before.
  const christmasDay = saturdayOnOrBefore(`${term}-12-24`)
  const christmasOpens = at(addDays(christmasDay, -42), '09:00')
  const christmasCloses = at(addDays(christmasDay, -10), '23:59')
  const christmasStatus: EventStatus = now < christmasOpens ? 'draft' : now < christmasCloses ? 'open' : 'closed'

  // The festival: a weekend in about two weeks (not the Christmas live's), window closed three days ago.
  let festivalDay = saturdayOnOrAfter(addDays(today, 10))
  if (festivalDay === christmasDay) festivalDay = addDays(festivalDay, 7)
  const festivalDays = [festivalDay, addDays(festivalDay, 1)]

  // The current season's live: window open since ten days ago for two weeks more, the live a few days after.
  const season = seasonOfMonth(Number(today.slice(5, 7)))
  let seasonalDay = saturdayOnOrAfter(addDays(today, 18))
  while (seasonalDay === christmasDay || festivalDays.includes(seasonalDay)) seasonalDay = addDays(seasonalDay, 7)
  // The autumn live comes before the Christmas live: late in November it moves to an earlier
  // Saturday (not the festival's), and its window closes sooner, a few days before it.
  if (season === 'autumn' && seasonalDay > christmasDay) {
    seasonalDay = addDays(christmasDay, -7)
    while (festivalDays.includes(seasonalDay)) seasonalDay = addDays(seasonalDay, -7)
  }
  const seasonalCloses = [addDays(today, 14), addDays(seasonalDay, -3)].sort()[0]!

  const planned: PlannedEvent[] = [
    {
      row: event({
        kind: 'festival',
        season: null,
        title: `School Festival ${term}`,
        venue: 'Main campus: Student Hall and Student Lounge',
        days: festivalDays.map((date) => ({ date, stages: [stage('Main hall', '10:00', '17:00'), stage('Lounge', '11:00', '16:00')] })),
        defaultPerformanceMinutes: 20,
        changeoverMinutes: 5,
        musicianGapMinutes: 30,
        applicationOpensAt: at(addDays(today, -38), '09:00'),
        applicationClosesAt: at(addDays(today, -3), '23:59'),
        bandLimit: null,
        status: 'closed',
      }),
      statuses: [
        ...Array<ApplicationStatus>(8).fill('accepted'),
        ...Array<ApplicationStatus>(2).fill('waitlisted'),
        ...Array<ApplicationStatus>(2).fill('rejected'),
        'withdrawn',
        'submitted',
        'submitted',
      ],
      // The demo member's and the president's bands are accepted: they share those two musicians.
      firstBands: options.featuredBands,
    },
    {
      row: event({
        kind: 'seasonal',
        season,
        title: `${seasonLabels[season]} Live ${term}`,
        venue: 'Live House Moonstep, Shimokitazawa',
        days: [{ date: seasonalDay, stages: [stage('Main stage', '12:00', '20:00')] }],
        defaultPerformanceMinutes: 25,
        changeoverMinutes: 10,
        musicianGapMinutes: 30,
        applicationOpensAt: at(addDays(today, -10), '09:00'),
        applicationClosesAt: at(seasonalCloses, '23:59'),
        bandLimit: 12,
        status: 'open',
      }),
      // The demo member's other band and the president's have applied and wait for review.
      statuses: ['submitted', 'submitted', 'accepted', 'withdrawn', ...Array<ApplicationStatus>(6).fill('submitted')],
      firstBands: options.featuredBands.filter((id) => id !== options.ownBand),
      skipBands: [options.ownBand],
    },
  ]

  if (season !== 'summer') {
    // The issue asks for a summer live: the past one of this academic year, or this summer's, not open yet.
    const summerDay = saturdayOnOrAfter(`${term}-07-18`)
    const past = summerDay < today
    planned.push({
      row: event({
        kind: 'seasonal',
        season: 'summer',
        title: `Summer Live ${term}`,
        venue: 'Student Hall',
        days: [{ date: summerDay, stages: [stage('Main stage', '12:00', '19:00')] }],
        defaultPerformanceMinutes: 25,
        changeoverMinutes: 10,
        musicianGapMinutes: 30,
        applicationOpensAt: at(`${term}-06-01`, '09:00'),
        applicationClosesAt: at(`${term}-06-30`, '23:59'),
        bandLimit: null,
        status: past ? 'closed' : 'draft',
      }),
      statuses: past ? [...Array<ApplicationStatus>(5).fill('accepted'), 'withdrawn'] : [],
      // When it is the last live played, the featured bands played there (and got feedback).
      firstBands: past ? options.featuredBands : undefined,
    })
  }

  planned.push({
    row: event({
      kind: 'christmas',
      season: null,
      title: `Christmas Live ${term}`,
      venue: 'Club room (Studio A)',
      days: [{ date: christmasDay, stages: [stage('Studio A', '15:00', '20:00')] }],
      defaultPerformanceMinutes: 15,
      changeoverMinutes: 5,
      musicianGapMinutes: 20,
      applicationOpensAt: christmasOpens,
      applicationClosesAt: christmasCloses,
      bandLimit: 10,
      status: christmasStatus,
    }),
    statuses: christmasStatus === 'draft' ? [] : christmasStatus === 'open' ? Array<ApplicationStatus>(4).fill('submitted') : ['accepted', 'accepted', 'accepted', 'waitlisted'],
    christmas: true,
  })

  // The last live the club played: the one of the season before this one, a few weeks ago, where
  // the featured bands played (their feedback is about it). In autumn that is the summer live above.
  const lastSeason = previousSeason[season]
  const lastDay = [saturdayOnOrBefore(addDays(today, -21)), saturdayOnOrBefore(addDays(seasonStartOf(today), -1))].sort()[0]!
  if (!(lastSeason === 'summer' && season !== 'summer')) {
    const year = options.academicYearOf(lastDay)
    planned.push({
      row: event({
        kind: 'seasonal',
        season: lastSeason,
        academicYear: year,
        title: `${seasonLabels[lastSeason]} Live ${year}`,
        venue: 'Live House Moonstep, Shimokitazawa',
        days: [{ date: lastDay, stages: [stage('Main stage', '12:00', '19:00')] }],
        defaultPerformanceMinutes: 25,
        changeoverMinutes: 10,
        musicianGapMinutes: 30,
        applicationOpensAt: at(addDays(lastDay, -40), '09:00'),
        applicationClosesAt: at(addDays(lastDay, -14), '23:59'),
        bandLimit: 10,
        status: 'closed',
      }),
      statuses: Array<ApplicationStatus>(Math.max(5, options.featuredBands.length)).fill('accepted'),
      firstBands: options.featuredBands,
    })
  }

  const rows: ApplicationRow[] = []
  for (const plan of planned) rows.push(...drawApplications(random, plan, options))

  await db.insert(events).values(planned.map((plan) => plan.row))
  if (rows.length) await db.insert(applications).values(rows)

  // The festival's timetable is out: generated, published as version 1 (the live is marked
  // published, as publishing does), and kept as the draft to try the editor on.
  const festival = planned.find((plan) => plan.row.kind === 'festival')!.row
  const performances = await acceptedPerformances(db, festival.id)
  const proposal = generateTimetable(timetableInputOf(festival, performances, { weights: timetablePresets.balanced, seed: 1 }))
  const placements = proposal.placements.map(({ performanceId, date, stage, start }) => ({ performanceId, date, stage, start, pinned: false }))
  const publishedAt = new Date(Math.max(now.getTime() - 2 * HOUR, ...rows.filter((row) => row.eventId === festival.id && row.reviewedAt).map((row) => row.reviewedAt!.getTime())))
  await db.insert(timetables).values([
    { eventId: festival.id, status: 'draft', version: 0, placements, updatedBy: options.reviewerId, createdAt: now, updatedAt: now },
    { eventId: festival.id, status: 'published', version: 1, placements, updatedBy: options.reviewerId, publishedAt, createdAt: publishedAt, updatedAt: publishedAt },
  ])
  festival.status = 'published'
  festival.updatedAt = publishedAt
  await db.update(events).set({ status: 'published', updatedAt: publishedAt }).where(eq(events.id, festival.id))

  // What the members were told, as the review and publishing tell them: decisions on their
  // bands' applications (read after a few days), and the festival's timetable (unread).
  const memberRows = await db.select({ bandId: bandMembers.bandId, userId: bandMembers.userId }).from(bandMembers)
  const membersOf = (bandId: string) => memberRows.filter((row) => row.bandId === bandId).map((row) => row.userId)
  const bandName = (bandId: string) => options.bands.find((band) => band.id === bandId)!.name
  const noticeRows: Array<typeof notices.$inferInsert> = []
  for (const row of rows) {
    if (!row.reviewedAt || row.status === 'submitted' || row.status === 'withdrawn') continue
    const live = planned.find((plan) => plan.row.id === row.eventId)!.row
    const phrase = row.status === 'accepted' ? 'is accepted' : row.status === 'waitlisted' ? 'is on the waiting list' : 'is not accepted'
    const read = row.reviewedAt.getTime() < now.getTime() - 3 * DAY
    for (const userId of membersOf(row.bandId)) {
      noticeRows.push({
        userId,
        kind: 'application-decision',
        title: `${live.title}: ${bandName(row.bandId)} ${phrase}`,
        body: `${bandName(row.bandId)} ${phrase} for ${live.title}.${row.reviewNote ? `\n\nNote from the executives:\n${row.reviewNote}` : ''}`,
        link: applicationListPath({ kind: live.kind as EventKind, season: live.season ?? null, id: live.id }),
        createdAt: row.reviewedAt,
        readAt: read ? new Date(row.reviewedAt.getTime() + random.int(1, 48) * HOUR) : null,
      })
    }
  }
  const placed = new Set(placements.map((placement) => placement.performanceId))
  for (const userId of new Set(performances.filter((performance) => placed.has(performance.id)).flatMap((performance) => performance.members.map((member) => member.id)))) {
    noticeRows.push({
      userId,
      kind: 'timetable',
      title: `The timetable of ${festival.title} is out`,
      body: 'See when and on which stage your band plays.',
      link: `/festival-schedule?eventId=${festival.id}`,
      createdAt: publishedAt,
    })
  }
  if (noticeRows.length) await db.insert(notices).values(noticeRows)

  // The last live played, with the bands that played there.
  const lastLive = planned
    .map((plan) => plan.row)
    .filter((row) => row.kind === 'seasonal' && row.days[0]!.date < today && row.status === 'closed')
    .sort((a, b) => b.days[0]!.date.localeCompare(a.days[0]!.date))[0]!
  const played = rows.filter((row) => row.eventId === lastLive.id && row.status === 'accepted').map((row) => options.bands.find((band) => band.id === row.bandId)!)

  const lives = planned.map(({ row }) => {
    const mine = rows.filter((application) => application.eventId === row.id)
    const counts = Object.fromEntries(
      (['submitted', 'accepted', 'waitlisted', 'rejected', 'withdrawn'] as const).map((status) => [status, mine.filter((application) => application.status === status).length]),
    ) as Record<ApplicationStatus, number>
    return { id: row.id, kind: row.kind as EventKind, season: row.season ?? null, title: row.title, status: row.status as EventStatus, days: row.days.map((day) => day.date), applications: mine.length, counts }
  })
  return { lives, lastLive: { id: lastLive.id, title: lastLive.title, date: lastLive.days[0]!.date, bands: played } }
}

/**
 * One application per band for the planned statuses: active bands that existed before they
 * applied, the planned first bands first and then in a random order. Times follow the
 * window: submitted inside it (and before now), withdrawn before it closed, reviewed after
 * it closed (or, for an early decision, after submission), never after now.
 */
function drawApplications(random: Random, plan: PlannedEvent, options: { now: Date; bands: DemoLiveBand[]; reviewerId: string }): ApplicationRow[] {
  const { now } = options
  const event = plan.row
  const until = Math.min(event.applicationClosesAt.getTime(), now.getTime())
  const applyFrom = (band: DemoLiveBand) => Math.max(event.applicationOpensAt.getTime(), band.createdAt.getTime() + DAY)
  const eligible = options.bands.filter((band) => band.status === 'active' && band.memberIds.length > 0 && applyFrom(band) < until && !plan.skipBands?.includes(band.id))
  const first = (plan.firstBands ?? []).map((id) => eligible.find((band) => band.id === id)).filter((band) => band !== undefined)
  const order = [...first, ...random.sample(eligible.filter((band) => !first.includes(band)), eligible.length)]
  // The first bands take the first planned status (accepted where there is one); the rest are shuffled.
  const statuses = [...plan.statuses.slice(0, first.length), ...random.sample(plan.statuses.slice(first.length), plan.statuses.length)]
  let rejections = 0

  return order.slice(0, statuses.length).map((band, index) => {
    const status = statuses[index]!
    const createdAt = new Date(applyFrom(band) + Math.floor((until - applyFrom(band)) * random.next()))
    const songs = songsFor(random, band.genre, event, plan.christmas)
    const requestedMinutes = Math.min(120, suggestedMinutes(songs) + (random.chance(0.2) ? 5 : 0))
    const days = event.days
    const reviewed = status === 'accepted' || status === 'waitlisted' || status === 'rejected'
    // Reviewed within a week of the close (an early decision while the window is still open).
    const reviewFrom = event.status === 'open' ? createdAt.getTime() : event.applicationClosesAt.getTime()
    const reviewTo = Math.min(now.getTime(), event.applicationClosesAt.getTime() + 7 * DAY)
    const reviewedAt = reviewed ? new Date(reviewFrom + Math.floor((reviewTo - reviewFrom) * random.next())) : null
    const withdrawnAt = status === 'withdrawn' ? new Date(createdAt.getTime() + Math.floor((until - createdAt.getTime()) * random.next())) : null
    const reviewNote = status === 'rejected' ? rejectionNotes[rejections++ % rejectionNotes.length]! : status === 'waitlisted' && random.chance(0.5) ? waitlistNote : null
    return {
      id: crypto.randomUUID(),
      eventId: event.id,
      bandId: band.id,
      submittedBy: random.chance(0.6) ? band.leaderId : random.pick(band.memberIds),
      songs,
      requestedMinutes,
      preferredDay: days.length > 1 && random.chance(0.7) ? random.pick(days).date : days.length === 1 && random.chance(0.3) ? days[0]!.date : null,
      unavailable: random.chance(0.3) ? [unavailableWindow(random, random.pick(days))] : [],
      needs: random.chance(0.5) ? random.pick(needsList) : '',
      message: random.chance(0.4) ? random.pick(messages) : '',
      status,
      reviewNote,
      reviewedBy: reviewed ? options.reviewerId : null,
      reviewedAt,
      withdrawnAt,
      createdAt,
      updatedAt: reviewedAt ?? withdrawnAt ?? createdAt,
    }
  })
}

/** 1–5 of the band's covers (a Christmas song at the Christmas live), each once. */
function songsFor(random: Random, genre: string, event: EventRow, christmas = false): Song[] {
  const book = songBook[genre] ?? songBook['J-pop']!
  // Short sets for the short slots of the Christmas live.
  const count = random.int(1, christmas ? 3 : 5)
  const picked = random.sample(book, count)
  if (christmas) picked[0] = random.pick(christmasSongs)
  const songs = picked.map(([title, artist, length]) => ({ title, artist: artist || genre, length }))
  // Keep sets near the default slot: drop songs from the end while far over it.
  while (songs.length > 1 && songsMinutes(songs) > event.defaultPerformanceMinutes + 5) songs.pop()
  return songs
}

/** A window of one to two hours inside the day's first stage. */
function unavailableWindow(random: Random, day: EventDay): UnavailableWindow {
  const stage = day.stages[0]!
  const length = random.pick([60, 90, 120])
  const opens = minutesOfDay(stage.opensAt)
  const latest = minutesOfDay(stage.closesAt) - length
  const from = opens + 30 * random.int(0, Math.max(0, Math.floor((latest - opens) / 30)))
  return { date: day.date, from: timeOf(from), to: timeOf(from + length), reason: random.pick(unavailableReasons) }
}
