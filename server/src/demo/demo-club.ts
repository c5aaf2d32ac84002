import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { additionalInfo, intros, periods, positionHolders, positions, rooms, settings, users } from '../db/schema'
import { hashPassword } from '../auth/passwords'
import { clubSettingsSchema } from '../../../src/contract/settings'
import { academicYearOf } from '../../../src/contract/terms'
import { createRandom } from './random'

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
 * filled intros and university details, rooms and periods. Later areas add their data here.
 */
export async function loadDemoClub(db: Db, { now = new Date(), seed = 2026 } = {}) {
  const random = createRandom(seed)
  const club = clubSettingsSchema.parse({ clubName: 'Hikari University Light Music Club' })
  const term = academicYearOf(now, club)

  await resetDatabase(db)
  await db.insert(settings).values({ key: 'club', value: club })

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const people: Array<typeof users.$inferInsert & { id: string }> = []
  const add = (email: string, displayName: string, enrollmentYear: number, extra: Partial<typeof users.$inferInsert> = {}) => {
    const id = crypto.randomUUID()
    people.push({ id, email, displayName, enrollmentYear, passwordHash, role: 'member', status: 'active', ...extra })
    return id
  }

  const adminId = add(DEMO_ACCOUNTS.admin, 'Club Admin', term - 2, { role: 'admin' })
  const presidentId = add(DEMO_ACCOUNTS.president, 'Aoi Takahashi', term - 2)
  const memberId = add(DEMO_ACCOUNTS.member, 'Haruka Sato', term - 1)
  const usedNames = new Set(['Aoi Takahashi', 'Haruka Sato'])
  for (let i = 0; i < 60; i++) {
    let name: string
    do name = `${random.pick(givenNames)} ${random.pick(familyNames)}`
    while (usedNames.has(name))
    usedNames.add(name)
    // Grades 1–4 mostly, a few graduates who have not been removed yet.
    const enrollmentYear = random.chance(0.1) ? term - random.int(4, 6) : term - random.int(0, 3)
    add(`member${String(i + 1).padStart(2, '0')}@demo.bandroom.local`, name, enrollmentYear)
  }
  for (let i = 1; i <= 3; i++) add(`pending${i}@demo.bandroom.local`, `${random.pick(givenNames)} ${random.pick(familyNames)}`, term, { status: 'pending' })
  add('suspended@demo.bandroom.local', 'Suspended Member', term - 1, { status: 'suspended' })
  await db.insert(users).values(people)

  const active = people.filter((person) => person.status === 'active' && person.role === 'member')
  await db.insert(intros).values(
    active
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
      }),
  )
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
  await db.insert(positionHolders).values([
    ...positionRows.map((position, index) => ({
      positionId: position.id,
      userId: index === 0 ? presidentId : seniors[index % Math.max(1, seniors.length)]!.id,
      termYear: term,
    })),
    ...positionRows.map((position, index) => ({ positionId: position.id, userId: formers[index % Math.max(1, formers.length)]!.id, termYear: term - 1 })),
  ])

  await db.insert(rooms).values([
    { name: 'Studio A', capacity: 8, sortOrder: 1 },
    { name: 'Studio B', capacity: 6, sortOrder: 2 },
    { name: 'Practice room C', capacity: 4, sortOrder: 3, shownPublicly: false },
  ])
  await db.insert(periods).values([
    { label: '1st', startsAt: '09:00', endsAt: '10:30', sortOrder: 1 },
    { label: '2nd', startsAt: '10:40', endsAt: '12:10', sortOrder: 2 },
    { label: '3rd', startsAt: '13:00', endsAt: '14:30', sortOrder: 3 },
    { label: '4th', startsAt: '14:40', endsAt: '16:10', sortOrder: 4 },
    { label: '5th', startsAt: '16:20', endsAt: '17:50', sortOrder: 5 },
    { label: '6th', startsAt: '18:00', endsAt: '19:30', sortOrder: 6 },
  ])

  return { term, users: people.length, adminId, presidentId, memberId }
}

/** Empties every table of the app (not the migrations' bookkeeping). */
async function resetDatabase(db: Db) {
  const result = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ tablename: string }> }).rows) as Array<{ tablename: string }>
  const tables = rows.map((row) => `"${row.tablename}"`)
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(', ')} cascade`))
}
