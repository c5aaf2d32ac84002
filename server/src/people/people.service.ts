import { containsPattern } from '../db/sql-helpers'
import { and, asc, count, eq, lt, ne, sql, type SQL } from 'drizzle-orm'
import {
  INTRO_EXCERPT_MAX,
  missingAdditionalInfo,
  type AdditionalInfo,
  type AdditionalInfoResponse,
  type DirectoryItem,
  type DirectoryQuery,
  type IntroValues,
  type MemberAdditionalInfoResponse,
  type MemberIntro,
  type Part,
} from '../../../src/contract/people'
import { gradeOf } from '../../../src/contract/terms'
import type { Db } from '../db/client'
import { additionalInfo, intros, users } from '../db/schema'
import { notFound } from '../http/errors'
import type { SettingsService } from '../settings/settings.service'
import { m } from '../../../src/i18n/paraglide/messages.js'

type IntroRow = typeof intros.$inferSelect
type UserRow = Pick<typeof users.$inferSelect, 'id' | 'displayName' | 'enrollmentYear'>

/** The columns every intro answer needs: the user's public fields and their intro, if any. */
const introColumns = {
  id: users.id,
  displayName: users.displayName,
  enrollmentYear: users.enrollmentYear,
  intro: {
    userId: intros.userId,
    nickname: intros.nickname,
    parts: intros.parts,
    favouriteArtists: intros.favouriteArtists,
    body: intros.body,
    lookingForBand: intros.lookingForBand,
    wantedParts: intros.wantedParts,
    updatedAt: intros.updatedAt,
  },
}

function toMemberIntro(user: UserRow, row: IntroRow | null, term: number): MemberIntro {
  return {
    userId: user.id,
    displayName: user.displayName,
    grade: gradeOf(user.enrollmentYear, term),
    hasIntro: row !== null,
    nickname: row?.nickname ?? null,
    parts: (row?.parts ?? []) as Part[],
    favouriteArtists: row?.favouriteArtists ?? [],
    body: row?.body ?? '',
    lookingForBand: row?.lookingForBand ?? false,
    wantedParts: (row?.wantedParts ?? []) as Part[],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

export function excerptOf(body: string) {
  const characters = [...body.replace(/\s+/g, ' ').trim()]
  return characters.length <= INTRO_EXCERPT_MAX ? characters.join('') : `${characters.slice(0, INTRO_EXCERPT_MAX - 1).join('').trimEnd()}…`
}

/** `%`, `_` and `\` typed in a search box are literal characters, not patterns. */

function toAdditionalInfo(row: typeof additionalInfo.$inferSelect | undefined): AdditionalInfo {
  return {
    fullName: row?.fullName ?? null,
    nameKana: row?.nameKana ?? null,
    studentNumber: row?.studentNumber ?? null,
    faculty: row?.faculty ?? null,
    department: row?.department ?? null,
    phone: row?.phone ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

export function createPeopleService({ db, clock, settings }: { db: Db; clock: () => Date; settings: SettingsService }) {
  async function introOf(userId: string, { activeOnly }: { activeOnly: boolean }): Promise<MemberIntro> {
    const [row] = await db
      .select(introColumns)
      .from(users)
      .leftJoin(intros, eq(intros.userId, users.id))
      .where(and(eq(users.id, userId), activeOnly ? eq(users.status, 'active') : undefined))
    if (!row) throw notFound(m.people_no_active_member())
    return toMemberIntro(row, row.intro, await settings.currentTerm())
  }

  async function additionalInfoOf(userId: string): Promise<AdditionalInfoResponse> {
    const [row] = await db.select().from(additionalInfo).where(eq(additionalInfo.userId, userId))
    const info = toAdditionalInfo(row)
    return { info, missing: missingAdditionalInfo(info) }
  }

  return {
    /** The member directory: every active member, with or without an intro. */
    async directory(query: DirectoryQuery): Promise<{ items: DirectoryItem[]; total: number }> {
      const term = await settings.currentTerm()
      const conditions: SQL[] = [eq(users.status, 'active')]
      if (query.q) {
        const pattern = containsPattern(query.q)
        conditions.push(sql`(${users.displayName} ilike ${pattern} or ${intros.nickname} ilike ${pattern})`)
      }
      // `@>` on the array column is what the GIN index (intros_parts_idx) serves.
      if (query.part) conditions.push(sql`${intros.parts} @> array[${query.part}]::text[]`)
      if (query.lookingForBand === 'true') conditions.push(eq(intros.lookingForBand, true))
      if (query.lookingForBand === 'false') conditions.push(sql`coalesce(${intros.lookingForBand}, false) = false`)
      if (query.grade === 'graduate') conditions.push(lt(users.enrollmentYear, term - 3))
      else if (query.grade) conditions.push(eq(users.enrollmentYear, term - Number(query.grade) + 1))
      const where = and(...conditions)

      const [rows, [total]] = await Promise.all([
        db
          .select(introColumns)
          .from(users)
          .leftJoin(intros, eq(intros.userId, users.id))
          .where(where)
          .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(users).leftJoin(intros, eq(intros.userId, users.id)).where(where),
      ])
      return {
        items: rows.map((row) => {
          const { body, ...intro } = toMemberIntro(row, row.intro, term)
          return { ...intro, excerpt: excerptOf(body) }
        }),
        total: total?.n ?? 0,
      }
    },

    /** One active member's intro, as any member sees it. */
    intro: (userId: string) => introOf(userId, { activeOnly: true }),

    /** The caller's own intro (they are active: they passed the member rule). */
    myIntro: (userId: string) => introOf(userId, { activeOnly: false }),

    async saveMyIntro(userId: string, input: IntroValues): Promise<MemberIntro> {
      const values = {
        nickname: input.nickname ? input.nickname : null,
        parts: input.parts,
        favouriteArtists: input.favouriteArtists,
        body: input.body,
        lookingForBand: input.lookingForBand,
        // Wanted parts mean nothing unless the member is looking for a band.
        wantedParts: input.lookingForBand ? input.wantedParts : [],
        updatedAt: clock(),
      }
      await db
        .insert(intros)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: intros.userId, set: values })
      return introOf(userId, { activeOnly: false })
    },

    myAdditionalInfo: additionalInfoOf,

    async saveMyAdditionalInfo(userId: string, input: Omit<AdditionalInfo, 'updatedAt'>): Promise<AdditionalInfoResponse> {
      const values = {
        fullName: input.fullName,
        nameKana: input.nameKana,
        studentNumber: input.studentNumber,
        faculty: input.faculty,
        department: input.department,
        phone: input.phone ? input.phone : null,
        updatedAt: clock(),
      }
      await db
        .insert(additionalInfo)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: additionalInfo.userId, set: values })
      return additionalInfoOf(userId)
    },

    /** For executives and admins: any account that has not been deleted. */
    async additionalInfoOfMember(userId: string): Promise<MemberAdditionalInfoResponse> {
      const [user] = await db
        .select({ id: users.id, displayName: users.displayName })
        .from(users)
        .where(and(eq(users.id, userId), ne(users.status, 'deleted')))
      if (!user) throw notFound(m.people_no_member())
      return { userId: user.id, displayName: user.displayName, ...(await additionalInfoOf(user.id)) }
    },
  }
}

export type PeopleService = ReturnType<typeof createPeopleService>
