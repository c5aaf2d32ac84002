import { z } from 'zod'
import { parts } from './choices'
import { isCleanText, says, SPECIAL_CHARACTERS, type Message } from './text'
import { pageOf, pagingQuerySchema } from './paging'
import { m } from '../i18n/paraglide/messages.js'

/**
 * People (SPEC §5.1): self-introductions, the member directory and the private details the
 * university asks for. Forms and routes validate with these same schemas.
 */

/** Parts a member plays or a band wants; bands reuse this list. */
export { parts }
export type Part = (typeof parts)[number]
export const partSchema = z.enum(parts, { error: () => m.people_part_from_list() })

/** Characters as people count them (code points), so an emoji counts once on both sides. */
export const charCount = (value: string) => [...value].length

// NUL and other control characters cannot be stored (PostgreSQL rejects NUL) and have no place
// in a name; the intro text keeps line breaks and tabs. `isCleanText` (./text) also refuses lone surrogates.

/** A one-line text field: trimmed, no control characters, at most `max` characters. */
const line = (max: number, tooLong: Message, missing: Message = () => m.people_enter_text()) =>
  z
    .string({ error: missing })
    .trim()
    .refine((value) => isCleanText(value), says(SPECIAL_CHARACTERS))
    .refine((value) => charCount(value) <= max, says(tooLong))

const distinct = (values: readonly string[]) => new Set(values).size === values.length

const partList = z
  .array(partSchema, { error: () => m.people_parts_from_list() })
  .max(parts.length, says(() => m.people_at_most_parts({ max: parts.length })))
  .refine(distinct, says(() => m.people_each_part_once()))

export const INTRO_BODY_MAX = 1000
export const FAVOURITE_ARTISTS_MAX = 10
export const NICKNAME_MAX = 30
export const ARTIST_NAME_MAX = 60

const nicknameSchema = line(NICKNAME_MAX, () => m.people_nickname_too_long({ max: NICKNAME_MAX }))
const artistsSchema = z
  .array(
    line(ARTIST_NAME_MAX, () => m.people_artist_too_long({ max: ARTIST_NAME_MAX })).refine(
      (value) => value.length > 0,
      says(() => m.people_artist_empty()),
    ),
    { error: () => m.people_artists_list() },
  )
  .max(FAVOURITE_ARTISTS_MAX, says(() => m.people_artists_max({ max: FAVOURITE_ARTISTS_MAX })))
const bodySchema = z
  .string({ error: () => m.people_enter_text() })
  .refine((value) => isCleanText(value, true), says(SPECIAL_CHARACTERS))
  .refine((value) => charCount(value) <= INTRO_BODY_MAX, says(() => m.people_body_too_long({ max: INTRO_BODY_MAX })))
const lookingForBandSchema = z.boolean({ error: () => m.people_yes_or_no() })

/** The /intro-edit form: every field present (the same rules as the API's). */
export const introFormSchema = z.object({
  nickname: nicknameSchema,
  parts: partList,
  favouriteArtists: artistsSchema,
  body: bodySchema,
  lookingForBand: lookingForBandSchema,
  /** Only kept while looking for a band; an empty list means "any part". */
  wantedParts: partList,
})

/** PUT /api/me/intro: the form's rules; a missing field takes its empty value, a null nickname clears it. */
export const introInputSchema = z.object({
  nickname: nicknameSchema.nullable().default(''),
  parts: partList.default([]),
  favouriteArtists: artistsSchema.default([]),
  body: bodySchema.default(''),
  lookingForBand: lookingForBandSchema.default(false),
  wantedParts: partList.default([]),
})
export type IntroInput = z.input<typeof introInputSchema>
export type IntroValues = z.output<typeof introInputSchema>

export const gradeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal('graduate'), z.literal('incoming')])

/** One member's intro as every member sees it. `hasIntro` is false until they write one. */
export const memberIntroSchema = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  grade: gradeSchema,
  hasIntro: z.boolean(),
  nickname: z.string().nullable(),
  parts: z.array(partSchema),
  favouriteArtists: z.array(z.string()),
  body: z.string(),
  lookingForBand: z.boolean(),
  wantedParts: z.array(partSchema),
  updatedAt: z.string().nullable(),
})
export type MemberIntro = z.infer<typeof memberIntroSchema>

export const INTRO_EXCERPT_MAX = 200

/** A directory card: the intro with its text cut to an excerpt. */
export const directoryItemSchema = memberIntroSchema.omit({ body: true }).extend({ excerpt: z.string() })
export type DirectoryItem = z.infer<typeof directoryItemSchema>
export const directoryPageSchema = pageOf(directoryItemSchema)
export type DirectoryPage = z.infer<typeof directoryPageSchema>

export const gradeFilters = ['1', '2', '3', '4', 'graduate'] as const
export type GradeFilter = (typeof gradeFilters)[number]

/** The directory's filters, as the API and the /intro-list URL both spell them. */
export const directoryFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, says(() => m.people_search_too_long()))
    .refine((value) => isCleanText(value), says(SPECIAL_CHARACTERS))
    .optional(),
  part: partSchema.optional(),
  grade: z.enum(gradeFilters, { error: () => m.people_grade_from_list() }).optional(),
  lookingForBand: z.enum(['true', 'false'], { error: () => m.people_true_or_false() }).optional(),
})
export type DirectoryFilters = z.infer<typeof directoryFiltersSchema>

export const directoryQuerySchema = pagingQuerySchema.extend(directoryFiltersSchema.shape)
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>

export const userIdParamsSchema = z.object({ userId: z.uuid(says(() => m.people_not_valid_id())) })

// ---------------------------------------------------------------------------------------
// Additional info (private: the member, executives and admins)

export const additionalInfoFields = ['fullName', 'nameKana', 'studentNumber', 'faculty', 'department', 'phone'] as const
export type AdditionalInfoField = (typeof additionalInfoFields)[number]

/**
 * What the university needs. Phone is optional: the club can reach members by email, and not
 * everyone wants to hand out a number. "Missing" means one of these is empty.
 */
export const requiredAdditionalInfoFields = ['fullName', 'nameKana', 'studentNumber', 'faculty', 'department'] as const satisfies readonly AdditionalInfoField[]

// Getters: each label is worded when read, in the language shown then (decision 046).
export const additionalInfoLabels: Record<AdditionalInfoField, string> = {
  get fullName() {
    return m.people_full_name()
  },
  get nameKana() {
    return m.people_name_kana()
  },
  get studentNumber() {
    return m.people_student_number()
  },
  get faculty() {
    return m.people_faculty()
  },
  get department() {
    return m.people_department()
  },
  get phone() {
    return m.people_phone()
  },
}

const requiredLine = (max: number, empty: Message) =>
  line(max, () => m.people_at_most_characters({ max }), empty).refine((value) => value.length > 0, says(empty))

// Full-width digits and letters (common from Japanese keyboards) are read as their ASCII forms.
const normalised = (missing: Message) => z.string({ error: missing }).transform((value) => value.normalize('NFKC').trim())

// Katakana, hiragana, the long-vowel mark, the middle dot and (full- or half-width) spaces.
const kana = /^[\p{Script=Katakana}\p{Script=Hiragana}ー・ \u3000]+$/u

const phoneSchema = normalised(() => m.people_enter_phone()).pipe(
  z.union([
    z.literal(''),
    z
      .string()
      .regex(/^\+?[0-9][0-9 -]*$/, says(() => m.people_phone_format()))
      .min(7, says(() => m.people_phone_length()))
      .max(20, says(() => m.people_phone_length())),
  ]),
)

/** The /additional-info form. */
export const additionalInfoFormSchema = z.object({
  fullName: requiredLine(60, () => m.people_enter_full_name()),
  nameKana: requiredLine(60, () => m.people_enter_kana()).refine(
    (value) => value === '' || kana.test(value),
    says(() => m.people_kana_format()),
  ),
  studentNumber: normalised(() => m.people_enter_student_number()).pipe(
    z
      .string()
      .min(1, says(() => m.people_enter_student_number()))
      .regex(/^[A-Za-z0-9]*$/, says(() => m.people_letters_digits()))
      .min(4, says(() => m.people_student_number_length()))
      .max(20, says(() => m.people_student_number_length())),
  ),
  faculty: requiredLine(60, () => m.people_enter_faculty()),
  department: requiredLine(60, () => m.people_enter_department()),
  /** Optional; empty clears it. */
  phone: phoneSchema,
})

/** PUT /api/me/additional-info: the form's rules; phone may also be left out or null. */
export const additionalInfoInputSchema = additionalInfoFormSchema.extend({
  phone: z.union([z.null(), phoneSchema]).default(''),
})
export type AdditionalInfoInput = z.input<typeof additionalInfoInputSchema>

export const additionalInfoSchema = z.object({
  fullName: z.string().nullable(),
  nameKana: z.string().nullable(),
  studentNumber: z.string().nullable(),
  faculty: z.string().nullable(),
  department: z.string().nullable(),
  phone: z.string().nullable(),
  updatedAt: z.string().nullable(),
})
export type AdditionalInfo = z.infer<typeof additionalInfoSchema>

export const additionalInfoResponseSchema = z.object({
  info: additionalInfoSchema,
  /** Required fields still empty; the dashboard asks the member to complete them. */
  missing: z.array(z.enum(additionalInfoFields)),
})
export type AdditionalInfoResponse = z.infer<typeof additionalInfoResponseSchema>

/** What executives and admins see for one member. */
export const memberAdditionalInfoResponseSchema = additionalInfoResponseSchema.extend({
  userId: z.uuid(),
  displayName: z.string(),
})
export type MemberAdditionalInfoResponse = z.infer<typeof memberAdditionalInfoResponseSchema>

export function missingAdditionalInfo(info: Partial<Record<AdditionalInfoField, string | null>> | null) {
  return requiredAdditionalInfoFields.filter((field) => !info?.[field]?.trim())
}
