import path from 'node:path'
import { count, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { additionalInfo, bandEvents, bandMembers, bands, bookings, intros, periods, positionHolders, positions, rooms, settings, users } from '../db/schema'
import { eq } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords'
import { clubSettingsSchema } from '../../../src/contract/settings'
import { academicYearOf } from '../../../src/contract/terms'
import { addDays, todayIn, weekStartOf, zonedInstant, type IsoDate } from '../../../src/contract/calendar'
import { createRandom } from './random'
import { addDemoLives } from './demo-lives'
import { addDemoAllocation } from './demo-allocation'
import { rowsOf } from '../db/rows'
import { addDemoFeedback } from './demo-feedback'
import { addDemoFiles, removeOrphanedBytes } from './demo-files'
import { localStorage, type FileStorage } from '../files/storage'

export const DEMO_PASSWORD = 'bandroom-demo'
export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.bandroom.local',
  president: 'president@demo.bandroom.local',
  member: 'member@demo.bandroom.local',
  pending: 'pending1@demo.bandroom.local',
} as const

const familyNames = ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Ito', 'Watanabe', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Yamaguchi', 'Matsumoto', 'Inoue', 'Kimura', 'Hayashi', 'Shimizu', 'Mori', 'Abe', 'Ikeda', 'Hashimoto', 'Ishikawa', 'Ogawa', 'Fujita', 'Okada', 'Goto', 'Hasegawa', 'Murakami']
const givenNames = ['Haruka', 'Yuto', 'Aoi', 'Sota', 'Hina', 'Ren', 'Mei', 'Riku', 'Yui', 'Kaito', 'Sakura', 'Haruto', 'Mio', 'Minato', 'Rin', 'Hinata', 'Koharu', 'Daiki', 'Nana', 'Kenta', 'Saki', 'Takumi', 'Ayaka', 'Shota', 'Miyu', 'Yuki', 'Kana', 'Ryo', 'Emi', 'Sho']
const kana: Record<string, string> = { Sato: 'サトウ', Suzuki: 'スズキ', Takahashi: 'タカハシ', Tanaka: 'タナカ', Ito: 'イトウ' }
const parts = ['Vocal', 'Guitar', 'Bass', 'Drums', 'Keyboard', 'Other'] as const
const artists = ['ASIAN KUNG-FU GENERATION', 'Spitz', 'King Gnu', 'YOASOBI', 'Official HIGE DANdism', 'Mr.Children', 'RADWIMPS', 'Sakanaction', 'the pillows', 'Number Girl', 'Radiohead', 'Arctic Monkeys', 'Paramore', 'The Beatles', 'Red Hot Chili Peppers', 'Snarky Puppy', 'Tower of Power', 'Hiromi', 'Zazen Boys', 'Kessoku Band']
const faculties = [
  ['Letters', 'English Literature'],
  ['Economics', 'Economics'],
  ['Engineering', 'Information Science'],
  ['Science', 'Physics'],
  ['Law', 'Law'],
  ['Education', 'Music Education'],
] as const

/**
 * Replaces everything in the database with a realistic club: ~60 members over four grades
 * and graduates, an admin, executives with positions this term and last, pending sign-ups,
 * filled intros and university details, rooms and periods, bands, this week's and next
 * week's room bookings and the seven weeks' before, this academic year's lives with bands'
 * applications (see demo-lives.ts), feedback on the last live and suggestions, the notices
 * all that sent, and, given the files folder (`filesDir`), a few shared files. Later areas add
 * their data here.
 */
export async function loadDemoClub(db: Db, options: { now?: Date; seed?: number; filesDir?: string } = {}) {
  const storage = options.filesDir ? localStorage(path.join(options.filesDir, 'store')) : undefined
  let loaded = false
  try {
    // One transaction: a load cut off halfway (an error, Ctrl-C, SIGKILL) leaves the old data.
    const result = await db.transaction((tx) => fillDemoClub(tx, { ...options, storage }))
    loaded = true
    return result
  } finally {
    // The bytes of the files the reset removed (or of this load's, when it failed) go too.
    if (options.filesDir) await removeOrphanedBytes(db, options.filesDir, { loaded })
  }
}

async function fillDemoClub(db: Db, { now = new Date(), seed = 2026, storage }: { now?: Date; seed?: number; storage?: FileStorage } = {}) {
  const random = createRandom(seed)
  const baseClub = clubSettingsSchema.parse({ clubName: 'Hikari University Light Music Club' })
  const term = academicYearOf(now, baseClub)

  await resetDatabase(db)
  await db.insert(settings).values({ key: 'club', value: baseClub })

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const people: Array<typeof users.$inferInsert & { id: string }> = []
  const add = (email: string, displayName: string, enrollmentYear: number, extra: Partial<typeof users.$inferInsert> = {}) => {
    const id = crypto.randomUUID()
    people.push({ id, email, displayName, enrollmentYear, passwordHash, role: 'member', status: 'active', ...extra })
    return id
  }

  const adminId = add(DEMO_ACCOUNTS.admin, 'Club Admin', term - 2, { role: 'admin' })
  // Languages (decision 046): the president and every other member chose Japanese on their
  // profile; the admin and the demo member follow their browser.
  const presidentId = add(DEMO_ACCOUNTS.president, 'Aoi Takahashi', term - 2, { language: 'ja' })
  const memberId = add(DEMO_ACCOUNTS.member, 'Haruka Sato', term - 1)
  const usedNames = new Set(['Aoi Takahashi', 'Haruka Sato'])
  for (let i = 0; i < 60; i++) {
    let name: string
    do name = `${random.pick(givenNames)} ${random.pick(familyNames)}`
    while (usedNames.has(name))
    usedNames.add(name)
    // Grades 1–4 mostly, a few graduates who have not been removed yet.
    const enrollmentYear = random.chance(0.1) ? term - random.int(4, 6) : term - random.int(0, 3)
    add(`member${String(i + 1).padStart(2, '0')}@demo.bandroom.local`, name, enrollmentYear, i % 2 === 1 ? { language: 'ja' } : {})
  }
  for (let i = 1; i <= 3; i++) add(`pending${i}@demo.bandroom.local`, `${random.pick(givenNames)} ${random.pick(familyNames)}`, term, { status: 'pending' })
  add('suspended@demo.bandroom.local', 'Suspended Member', term - 1, { status: 'suspended' })
  await db.insert(users).values(people)

  const active = people.filter((person) => person.status === 'active' && person.role === 'member')
  const introRows = active
      .filter((_, index) => index % 6 !== 5)
      .map((person) => {
        const played = random.sample(parts, random.chance(0.3) ? 2 : 1)
        const looking = random.chance(0.3)
        return {
          userId: person.id,
          nickname: random.chance(0.5) ? person.displayName.split(' ')[0]!.slice(0, 3).toLowerCase() : null,
          parts: played,
          favouriteArtists: random.sample(artists, random.int(1, 5)),
          body: `I play ${played.join(' and ').toLowerCase()}. ${looking ? 'Looking for a band to play at the next live!' : 'Happy to jam any time.'}`,
          lookingForBand: looking,
          wantedParts: looking ? random.sample(parts, 1) : [],
        }
      })
  await db.insert(intros).values(introRows)
  await db.insert(additionalInfo).values(
    active
      .filter((_, index) => index % 4 !== 3)
      .map((person, index) => {
        const [given, family] = person.displayName.split(' ') as [string, string]
        const [faculty, department] = random.pick(faculties)
        return {
          userId: person.id,
          fullName: `${family} ${given}`,
          nameKana: kana[family] ?? 'ヤマダ タロウ',
          studentNumber: `${String(person.enrollmentYear).slice(2)}A${String(1000 + index)}`,
          faculty,
          department,
          phone: `090-${random.int(1000, 9999)}-${random.int(1000, 9999)}`,
        }
      }),
  )

  const positionRows = await db
    .insert(positions)
    .values([
      { name: 'President', description: 'Leads the club and chairs meetings', sortOrder: 1 },
      { name: 'Vice President', description: 'Stands in for the president', sortOrder: 2 },
      { name: 'Treasurer', description: 'Club fees and accounts', sortOrder: 3 },
      { name: 'Room manager', description: 'Practice rooms and bookings', sortOrder: 4 },
      { name: 'Live manager', description: 'Lives, applications and timetables', sortOrder: 5 },
    ])
    .returning()
  const seniors = active.filter((person) => person.enrollmentYear === term - 2 && person.id !== presidentId)
  const formers = active.filter((person) => person.enrollmentYear === term - 3)
  const holderOf = (index: number) => (index === 0 ? presidentId : seniors[index % Math.max(1, seniors.length)]!.id)
  await db.insert(positionHolders).values([
    ...positionRows.map((position, index) => ({
      positionId: position.id,
      userId: holderOf(index),
      termYear: term,
    })),
    ...positionRows.map((position, index) => ({ positionId: position.id, userId: formers[index % Math.max(1, formers.length)]!.id, termYear: term - 1 })),
  ])

  const roomRows = await db
    .insert(rooms)
    .values([
      { name: 'Studio A', capacity: 8, sortOrder: 1 },
      { name: 'Studio B', capacity: 6, sortOrder: 2 },
      { name: 'Practice room C', capacity: 4, sortOrder: 3, shownPublicly: false },
    ])
    .returning()
  const periodRows = await db.insert(periods).values([
    { label: '1st', startsAt: '09:00', endsAt: '10:30', sortOrder: 1 },
    { label: '2nd', startsAt: '10:40', endsAt: '12:10', sortOrder: 2 },
    { label: '3rd', startsAt: '13:00', endsAt: '14:30', sortOrder: 3 },
    { label: '4th', startsAt: '14:40', endsAt: '16:10', sortOrder: 4 },
    { label: '5th', startsAt: '16:20', endsAt: '17:50', sortOrder: 5 },
    { label: '6th', startsAt: '18:00', endsAt: '19:30', sortOrder: 6 },
  ]).returning()

  // Allocation rounds (issue 15) for the evenings in the two band studios; wishes close on Saturday evening.
  const club = clubSettingsSchema.parse({
    ...baseClub,
    allocation: { enabled: true, closesWeekday: 6, closesAt: '20:00', roomIds: roomRows.filter((room) => room.name.startsWith('Studio')).map((room) => room.id), periodIds: periodRows.filter((period) => ['5th', '6th'].includes(period.label)).map((period) => period.id) },
  })
  await db.update(settings).set({ value: club }).where(eq(settings.key, 'club'))
  // Since the rounds began (two weeks ago), the evening studio cells go out through them: this
  // week's went out through last week's round (published below), next week's wait for the open one.
  const roundsFrom = addDays(weekStartOf(todayIn(now, club.timeZone)), -14)
  const held = (roomId: string, date: IsoDate, periodId: string) => date >= roundsFrom && club.allocation.roomIds.includes(roomId) && club.allocation.periodIds.includes(periodId)

  const demoBandList = await addDemoBands(db, random, {
    now,
    members: active.map((person) => ({ id: person.id, displayName: person.displayName })),
    partsOf: new Map(introRows.map((row) => [row.userId, row.parts])),
    // The demo member, the president and the admin play in bands, so "my bands" has something to show.
    featured: [memberId, presidentId, adminId].map((id) => people.find((person) => person.id === id)!),
  })

  const bookingStats = await addDemoBookings(db, random, {
    now,
    club,
    rooms: roomRows,
    periods: periodRows,
    bands: demoBandList,
    members: active.map((person) => person.id),
    executiveId: presidentId,
    // The demo accounts' bands practise every week (upcoming bookings to show); the member practises alone too.
    featured: [memberId, presidentId, adminId],
    // The evening studio cells are the allocation rounds': nobody booked them first-come.
    held,
  })
  const allocation = await addDemoAllocation(db, createRandom(seed + 15), {
    now,
    club,
    bands: demoBandList,
    rooms: roomRows,
    periods: periodRows,
    publisherId: holderOf(3),
  })

  // The live manager (the fifth position) reviews the applications.
  const liveManagerId = holderOf(4)
  const { lives, lastLive } = await addDemoLives(db, random, {
    now,
    term,
    timeZone: club.timeZone,
    today: todayIn(now, club.timeZone),
    bands: demoBandList,
    reviewerId: liveManagerId,
    featuredBands: demoBandList.filter((band) => [memberId, presidentId, adminId].some((id) => band.memberIds.includes(id))).map((band) => band.id),
    // The band the demo member leads stays out of the open live, so they can try applying.
    ownBand: demoBandList[0]!.id,
    academicYearOf: (date) => academicYearOf(zonedInstant(date, '12:00', club.timeZone), club),
  })

  const executives = positionRows.map((_, index) => holderOf(index))
  const feedbackStats = await addDemoFeedback(db, createRandom(seed + 16), {
    now,
    timeZone: club.timeZone,
    live: lastLive,
    bands: lastLive.bands,
    members: active.map((person) => ({ id: person.id, displayName: person.displayName })),
    executives: [...new Set(executives)],
  })
  const fileCount = storage
    ? await addDemoFiles(db, createRandom(seed + 17), { now, storage, uploaders: [...new Set(executives)], clubName: club.clubName, festivalTitle: lives.find((live) => live.kind === 'festival')!.title })
    : 0

  // Every booking as the bookings list counts them (everyone's, any source and status).
  const listed = await db.select({ source: bookings.source, kind: bookings.kind, status: bookings.status, n: count() }).from(bookings).groupBy(bookings.source, bookings.kind, bookings.status)
  const sum = (keep: (row: (typeof listed)[number]) => boolean) => listed.filter(keep).reduce((total, row) => total + Number(row.n), 0)
  const [upcoming] = await db.select({ n: count() }).from(bookings).where(gt(bookings.slotEnd, now))
  const list = {
    any: sum(() => true),
    upcoming: Number(upcoming!.n),
    firstCome: sum((row) => row.source === 'booking' && row.kind !== 'block' && row.status === 'active'),
    allocated: sum((row) => row.source === 'allocation' && row.status === 'active'),
    closures: sum((row) => row.kind === 'block' && row.status === 'active'),
    cancelled: sum((row) => row.status === 'cancelled'),
  }

  return {
    term,
    users: people.length,
    bands: demoBandList.length,
    bookings: { ...bookingStats, list },
    lives,
    allocation,
    feedback: feedbackStats,
    files: fileCount,
    adminId,
    presidentId,
    memberId,
    liveManagerId,
  }
}

const demoBands: ReadonlyArray<{ name: string; genre: string; description: string; status?: 'inactive' | 'disbanded' }> = [
  { name: 'Midnight Tram', genre: 'ASIAN KUNG-FU GENERATION', description: 'Loud guitars, louder choruses.' },
  { name: 'Sakura Drop', genre: 'Spitz', description: 'Gentle guitar pop for spring lives.' },
  { name: 'Paper Lanterns', genre: 'J-pop', description: 'We cover whatever is on the radio this month.' },
  { name: 'Blue Hour Society', genre: 'King Gnu', description: 'Tight grooves and falsetto.' },
  { name: 'Night Drive', genre: 'YOASOBI', description: 'Synths, a drum pad and one very brave vocalist.' },
  { name: 'Hige Hige Club', genre: 'Official HIGE DANdism', description: 'Piano-driven pop covers.' },
  { name: 'Rooftop Antenna', genre: 'RADWIMPS', description: 'Emotional rock, mostly first-years.' },
  { name: 'Fish Market', genre: 'Sakanaction', description: 'Dance rock with too many synths.' },
  { name: 'The Pillowcases', genre: 'the pillows', description: 'Alternative rock, fast and sweaty.' },
  { name: 'Number Nine Girls', genre: 'Number Girl', description: 'Noisy, sharp, and proud of it.' },
  { name: 'Paranoid Androids', genre: 'Radiohead', description: 'We argue about time signatures.' },
  { name: 'Arctic Kotatsu', genre: 'Arctic Monkeys', description: 'British indie, Japanese winters.' },
  { name: 'Misery Business Hours', genre: 'Paramore', description: 'Pop punk at full volume.' },
  { name: 'Penny Lane Commuters', genre: 'The Beatles', description: 'Four-part harmonies, mostly in tune.' },
  { name: 'Chili Oil', genre: 'Red Hot Chili Peppers', description: 'Slap bass and funk rock.' },
  { name: 'Snarky Kittens', genre: 'Snarky Puppy', description: 'Jazz fusion with a horn section of one.' },
  { name: 'Tower of Udon', genre: 'Tower of Power', description: 'Funk and soul, always hungry.' },
  { name: 'Blue Note Campus', genre: 'Jazz standards', description: 'Standards for the autumn festival.' },
  { name: 'Zazen Beat', genre: 'Zazen Boys', description: 'Angular rock and long silences.' },
  { name: 'Kessoku Cover Band', genre: 'Kessoku Band', description: 'Yes, that one. Every live.' },
  { name: 'Mr. Children’s Choir', genre: 'Mr.Children', description: 'Ballads for the graduation live.' },
  { name: 'Static Bloom', genre: 'Shoegaze', description: 'Walls of guitar noise, pedals welcome.' },
  { name: 'Lo-Fi Lecture Hall', genre: 'Lo-fi hip hop', description: 'Beats to study to, played live.', status: 'inactive' },
  { name: 'Acoustic Bento', genre: 'Acoustic', description: 'Unplugged sets for the café live.', status: 'inactive' },
  { name: 'Summer Riot 2024', genre: 'Punk', description: 'A one-summer band. It was fun.', status: 'disbanded' },
  { name: 'Tuesday Session', genre: 'Blues', description: 'Open session band, anyone can sit in.' },
]

/**
 * About 25 bands of 3–6 members. Members play a part from their intro where they have one,
 * many play in two or three bands (as in a real club, and as the timetable rules need), each
 * band has one leader; a few are inactive and one is disbanded. History starts at "created".
 */
async function addDemoBands(
  db: Db,
  random: ReturnType<typeof createRandom>,
  { now, members, partsOf, featured }: { now: Date; members: Array<{ id: string; displayName: string }>; partsOf: Map<string, string[]>; featured: Array<{ id: string; displayName: string }> },
) {
  const bandsOf = new Map<string, number>()
  const day = 24 * 60 * 60 * 1000
  const memberRows: Array<typeof bandMembers.$inferInsert> = []
  const eventRows: Array<typeof bandEvents.$inferInsert> = []
  const bandRows: Array<typeof bands.$inferInsert & { id: string }> = []
  for (const [index, band] of demoBands.entries()) {
    const id = crypto.randomUUID()
    // The featured people's bands are older: they played at the last live, months ago.
    const createdAt = new Date(now.getTime() - random.int(index <= featured.length ? 200 : 20, 400) * day)
    const size = random.int(3, 6)
    // Nobody plays in more than three bands; those in fewer bands are picked first half the time.
    const free = members.filter((person) => (bandsOf.get(person.id) ?? 0) < 3)
    const fresh = free.filter((person) => !bandsOf.has(person.id))
    const chosen: Array<{ id: string; displayName: string }> = []
    // The n-th featured person plays in bands n and n + 1, and the first one leads band 0.
    featured.forEach((person, n) => {
      if (index === n || index === n + 1) chosen.push(person)
    })
    while (chosen.length < size) {
      const pool = (fresh.length > 0 && random.chance(0.5) ? fresh : free).filter((person) => !chosen.includes(person))
      if (pool.length === 0) break
      chosen.push(random.pick(pool))
    }
    const used = new Set<string>()
    const leaderIndex = index === 0 ? 0 : random.int(0, chosen.length - 1)
    chosen.forEach((person, at) => {
      bandsOf.set(person.id, (bandsOf.get(person.id) ?? 0) + 1)
      const played = partsOf.get(person.id) ?? []
      const part =
        played.find((candidate) => !used.has(candidate)) ??
        ['Vocal', 'Guitar', 'Drums', 'Bass', 'Keyboard'].find((candidate) => !used.has(candidate)) ??
        played[0] ??
        'Guitar'
      used.add(part)
      memberRows.push({ bandId: id, userId: person.id, part, isLeader: at === leaderIndex, joinedAt: new Date(createdAt.getTime() + at * 60_000) })
    })
    const leader = chosen[leaderIndex]!
    const status = band.status ?? 'active'
    const updatedAt = status === 'active' ? createdAt : new Date(createdAt.getTime() + random.int(1, 15) * day)
    bandRows.push({ id, name: band.name, genre: band.genre, description: band.description, status, createdBy: leader.id, createdAt, updatedAt })
    eventRows.push({ bandId: id, actorId: leader.id, at: createdAt, action: 'created', summary: `Registered “${band.name}”` })
    if (status === 'disbanded') eventRows.push({ bandId: id, actorId: leader.id, at: updatedAt, action: 'disbanded', summary: `Disbanded by ${leader.displayName}` })
    if (status === 'inactive') eventRows.push({ bandId: id, actorId: leader.id, at: updatedAt, action: 'status-changed', summary: 'Status: Inactive' })
  }
  await db.insert(bands).values(bandRows)
  await db.insert(bandMembers).values(memberRows)
  await db.insert(bandEvents).values(eventRows)
  return bandRows.map((band) => ({
    id: band.id,
    name: band.name,
    genre: band.genre!,
    status: band.status ?? 'active',
    createdAt: band.createdAt!,
    leaderId: band.createdBy!,
    memberIds: memberRows.filter((row) => row.bandId === band.id).map((row) => row.userId),
  }))
}

type DemoBand = { id: string; name: string; status: string; memberIds: string[] }
type BookingRow = typeof bookings.$inferInsert

/** Closures an executive makes in the demo weeks: [week (0 = this week), weekday (0 = Monday), room index, period indexes, reason]. */
const demoClosures: ReadonlyArray<readonly [week: number, weekday: number, room: number, periods: number[], reason: string]> = [
  [-4, 1, 0, [2, 3], 'Club meeting'],
  [0, 3, 2, [5], 'Floor cleaning'],
  [1, 2, 1, [0, 1, 2], 'Equipment maintenance: PA and amplifiers'],
]
/** Weeks of bookings before this one: the club dashboard's "Bookings per band" charts eight weeks up to this one. */
export const DEMO_PAST_WEEKS = 7
/** Evenings are what everyone wants; mornings clash with lectures. */
const periodWeights = [1, 1, 2, 2, 3, 4]
const HOUR = 60 * 60 * 1000

/**
 * Nine weeks of room bookings: the seven weeks before this one, this week (Monday–Sunday in
 * the club's time zone, the part already gone included) and next. Most are band practice, within each band's weekly
 * quota; some personal practice within the personal quota; two executive closures; a few
 * cancellations. Nobody is in two rooms in the same date and period (band members overlap
 * between bands, so every member of a band is checked), and roughly 40–60% of weekday slots
 * and fewer weekend slots are taken, so there is room left to book.
 */
async function addDemoBookings(
  db: Db,
  random: ReturnType<typeof createRandom>,
  options: {
    now: Date
    club: ReturnType<typeof clubSettingsSchema.parse>
    rooms: Array<typeof rooms.$inferSelect>
    periods: Array<typeof periods.$inferSelect>
    bands: DemoBand[]
    members: string[]
    executiveId: string
    featured: string[]
    held?: (roomId: string, date: IsoDate, periodId: string) => boolean
  },
) {
  const { now, club, executiveId } = options
  const { timeZone, booking: quota } = club
  const roomList = [...options.rooms].sort((a, b) => a.sortOrder - b.sortOrder)
  const periodList = [...options.periods].sort((a, b) => a.sortOrder - b.sortOrder)
  const activeBands = options.bands.filter((band) => band.status === 'active' && band.memberIds.length > 0)
  const thisWeek = weekStartOf(todayIn(now, timeZone))
  const weeks = Array.from({ length: DEMO_PAST_WEEKS + 2 }, (_, index) => addDays(thisWeek, 7 * (index - DEMO_PAST_WEEKS)))
  const slotsPerDay = roomList.length * periodList.length

  const rows: BookingRow[] = []
  const taken = new Set<string>()
  const busy = new Map<string, Set<string>>()
  const dayCount = new Map<IsoDate, number>()
  const dayTarget = new Map<IsoDate, number>()
  const bandUse = new Map<string, number>()
  const personalUse = new Map<string, number>()
  const slotKey = (roomId: string, date: IsoDate, periodId: string) => `${roomId}|${date}|${periodId}`
  const isWeekend = (date: IsoDate) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())
  const isFree = (roomId: string, date: IsoDate, periodId: string, people: string[]) =>
    !taken.has(slotKey(roomId, date, periodId)) && !options.held?.(roomId, date, periodId) && !people.some((person) => busy.get(`${date}|${periodId}`)?.has(person))

  function row(slot: { roomId: string; date: IsoDate; period: (typeof periodList)[number] }, fields: Pick<BookingRow, 'kind' | 'bandId' | 'userId' | 'reason'>, cancelled = false): BookingRow {
    const slotStart = zonedInstant(slot.date, slot.period.startsAt, timeZone)
    const slotEnd = zonedInstant(slot.date, slot.period.endsAt, timeZone)
    // Booked some hours to a week ahead, never after now; cancelled before the slot started.
    const madeBefore = Math.min(now.getTime(), slotStart.getTime())
    const createdAt = new Date(madeBefore - random.int(2, 24 * 6) * HOUR)
    const cancelledAt = cancelled ? new Date(createdAt.getTime() + Math.floor((madeBefore - createdAt.getTime()) * random.next())) : null
    return {
      id: crypto.randomUUID(),
      roomId: slot.roomId,
      date: slot.date,
      periodId: slot.period.id,
      periodLabel: slot.period.label,
      startsAt: slot.period.startsAt,
      endsAt: slot.period.endsAt,
      slotStart,
      slotEnd,
      ...fields,
      status: cancelled ? 'cancelled' : 'active',
      source: 'booking',
      cancelledAt,
      cancelledBy: cancelled ? fields.userId : null,
      createdAt,
      updatedAt: cancelledAt ?? createdAt,
    }
  }

  function take(slot: { roomId: string; date: IsoDate; period: (typeof periodList)[number] }, people: string[]) {
    taken.add(slotKey(slot.roomId, slot.date, slot.period.id))
    const key = `${slot.date}|${slot.period.id}`
    const set = busy.get(key) ?? new Set<string>()
    for (const person of people) set.add(person)
    busy.set(key, set)
    dayCount.set(slot.date, (dayCount.get(slot.date) ?? 0) + 1)
  }

  /** A free slot in the week for these people, on a day still under its target; evenings first. */
  function findSlot(days: IsoDate[], people: string[], candidates: typeof roomList, { respectTarget = true } = {}) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const open = days.filter((date) => !respectTarget || (dayCount.get(date) ?? 0) < dayTarget.get(date)!)
      if (open.length === 0) return undefined
      const date = random.pick(open)
      let roll = random.next() * periodWeights.reduce((sum, weight) => sum + weight, 0)
      const periodIndex = periodWeights.findIndex((weight) => (roll -= weight) < 0)
      const period = periodList[Math.min(Math.max(periodIndex, 0), periodList.length - 1)]!
      const room = random.pick(candidates)
      if (isFree(room.id, date, period.id, people)) return { roomId: room.id, date, period }
    }
    return undefined
  }

  const featuredBands = new Set(activeBands.filter((band) => options.featured.some((id) => band.memberIds.includes(id))).map((band) => band.id))
  for (const [index, weekStart] of weeks.entries()) {
    const weekIndex = index - DEMO_PAST_WEEKS
    const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index))
    for (const date of days) {
      const share = isWeekend(date) ? 0.15 + random.next() * 0.15 : 0.4 + random.next() * 0.2
      dayTarget.set(date, Math.round(slotsPerDay * share))
    }

    for (const [week, weekday, roomIndex, periodIndexes, reason] of demoClosures) {
      if (week !== weekIndex) continue
      for (const periodIndex of periodIndexes) {
        const slot = { roomId: roomList[roomIndex % roomList.length]!.id, date: days[weekday]!, period: periodList[periodIndex % periodList.length]! }
        rows.push(row(slot, { kind: 'block', bandId: null, userId: executiveId, reason }))
        take(slot, [])
      }
    }

    // Band practice: most bands book 1–4 periods a week (the quota), the demo member's bands at least 2.
    const wanted: DemoBand[] = []
    for (const band of activeBands) {
      const roll = random.next()
      let count = roll < 0.1 ? 0 : roll < 0.3 ? 1 : roll < 0.6 ? 2 : roll < 0.85 ? 3 : 4
      if (featuredBands.has(band.id)) count = Math.max(count, 2)
      for (let i = 0; i < Math.min(count, quota.bandPeriodsPerWeek); i++) wanted.push(band)
    }
    // Personal practice, mostly in the small room: about ten people, one or two periods each.
    const practising = [...new Set([...(weekIndex === 1 ? [options.featured[0]!] : []), ...random.sample(options.members, 10)])]
    const personal = practising.flatMap((person) => Array.from({ length: Math.min(random.int(1, 2), quota.personalPeriodsPerWeek) }, () => person))

    // First come, first served: the demo member's bands and practice first, then everyone in a random order.
    type Request = { band: DemoBand } | { person: string }
    const isFeatured = (request: Request) => ('band' in request ? featuredBands.has(request.band.id) : request.person === options.featured[0])
    const requests: Request[] = [...wanted.map((band) => ({ band })), ...personal.map((person) => ({ person }))]
    const bandRooms = roomList.filter((room) => room.capacity >= 4)
    const smallRooms = roomList.filter((room) => room.capacity <= 4)
    for (const request of [...requests.filter(isFeatured), ...random.sample(requests.filter((request) => !isFeatured(request)), requests.length)]) {
      if ('band' in request) {
        const { band } = request
        const slot = findSlot(days, band.memberIds, bandRooms)
        if (!slot) continue
        rows.push(row(slot, { kind: 'band', bandId: band.id, userId: random.pick(band.memberIds), reason: null }))
        take(slot, band.memberIds)
        bandUse.set(`${weekStart}|${band.id}`, (bandUse.get(`${weekStart}|${band.id}`) ?? 0) + 1)
      } else {
        const { person } = request
        const slot = findSlot(days, [person], random.chance(0.75) && smallRooms.length ? smallRooms : roomList)
        if (!slot) continue
        rows.push(row(slot, { kind: 'personal', bandId: null, userId: person, reason: null }))
        take(slot, [person])
        personalUse.set(`${weekStart}|${person}`, (personalUse.get(`${weekStart}|${person}`) ?? 0) + 1)
      }
    }

    // A few cancellations, left on free slots (so the grid shows them free again) and within
    // the quotas even if cancelled bookings counted.
    for (let placed = 0, tries = 0; placed < 3 && tries < 20; tries++) {
      const band = random.pick(activeBands)
      const personal = placed === 2
      const usedKey = personal ? `${weekStart}|${band.memberIds[0]}` : `${weekStart}|${band.id}`
      const used = (personal ? personalUse : bandUse).get(usedKey) ?? 0
      if (used >= (personal ? quota.personalPeriodsPerWeek : quota.bandPeriodsPerWeek)) continue
      const slot = findSlot(days, [], roomList, { respectTarget: false })
      if (!slot) continue
      const fields = personal
        ? { kind: 'personal' as const, bandId: null, userId: band.memberIds[0]!, reason: null }
        : { kind: 'band' as const, bandId: band.id, userId: random.pick(band.memberIds), reason: null }
      rows.push(row(slot, fields, true))
      ;(personal ? personalUse : bandUse).set(usedKey, used + 1)
      placed++
    }
  }

  if (rows.length) await db.insert(bookings).values(rows)
  const inWeek = (weekStart: IsoDate) => rows.filter((booking) => booking.date >= weekStart && booking.date < addDays(weekStart, 7))
  const stats = (weekStart: IsoDate) => {
    const week = inWeek(weekStart)
    const active = week.filter((booking) => booking.status === 'active')
    const weekdayActive = active.filter((booking) => !isWeekend(booking.date))
    return {
      weekStart,
      active: active.length,
      cancelled: week.length - active.length,
      weekdayOccupancy: weekdayActive.length / (5 * slotsPerDay),
      weekendOccupancy: (active.length - weekdayActive.length) / (2 * slotsPerDay),
    }
  }
  return { total: rows.length, past: rows.filter((booking) => booking.slotStart <= now).length, weeks: weeks.map(stats) }
}

/** Empties every table of the app (not the migrations' bookkeeping). */
async function resetDatabase(db: Db) {
  const result = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
  const tables = rowsOf<{ tablename: string }>(result).map((row) => `"${row.tablename}"`)
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(', ')} cascade`))
}
