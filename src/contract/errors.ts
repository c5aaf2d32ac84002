import { z } from 'zod'

/** Every error code the API answers with. Screens switch on these, never on messages. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_PENDING',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_DELETED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  // club administration (SPEC §5.3)
  'ROOM_NAME_TAKEN',
  'PERIOD_OVERLAP',
  'POSITION_NAME_TAKEN',
  'ALREADY_HOLDS_POSITION',
  'MEMBER_NOT_ACTIVE',
  // User administration (SPEC §5.2)
  'EMAIL_TAKEN',
  'LAST_ADMIN',
  'CANNOT_DELETE_SELF',
  'CANNOT_CHANGE_SELF',
  'NOT_PENDING',
  'USER_DELETED',
  'INVALID_STATUS_CHANGE',
  // Self-service accounts (SPEC §4, §5.1); EMAIL_TAKEN above is shared
  'REGISTRATION_CLOSED',
  'INVITE_CODE_INVALID',
  'PASSWORD_TOO_WEAK',
  'PASSWORD_INCORRECT',
  'RESET_TOKEN_INVALID',
  // Bands (SPEC §5.4); MEMBER_NOT_ACTIVE above is shared
  'REGISTRANT_NOT_MEMBER',
  'BAND_NAME_TAKEN',
  'BAND_DISBANDED',
  'LEADER_ONLY',
  'LEADER_MUST_HAND_OVER',
  'LAST_MEMBER',
  // Rooms and bookings (SPEC §5.5)
  'ROOM_IN_USE',
  'PERIOD_IN_USE',
  'SLOT_IN_PAST',
  'SLOT_BEYOND_HORIZON',
  'ROOM_INACTIVE',
  'ROOM_BLACKED_OUT',
  'SLOT_TAKEN',
  'PERSON_DOUBLE_BOOKED',
  'BAND_QUOTA_EXCEEDED',
  'PERSONAL_QUOTA_EXCEEDED',
  'PERSONAL_PRACTICE_DISABLED',
  'NOT_BAND_MEMBER',
  'BAND_NOT_ACTIVE',
  'BOOKING_CANCELLED',
  'BOOKING_STARTED',
  'NOT_YOUR_BOOKING',
  // Lives (SPEC §5.6); NOT_BAND_MEMBER and BAND_NOT_ACTIVE above are shared
  'APPLICATIONS_NOT_OPEN',
  'APPLICATIONS_CLOSED',
  'APPLICATION_EXISTS',
  'APPLICATION_LOCKED',
  'APPLICATION_WITHDRAWN',
  'BAND_LIMIT_REACHED',
  // Timetables (issue #7)
  'TIMETABLE_HAS_BREAKS',
  'NO_DRAFT',
  'NOT_ACCEPTED',
  'IMPROVEMENT_RUNNING',
  // Feedback (SPEC §5.7)
  'ANONYMOUS_NOT_ALLOWED',
  'FEEDBACK_TARGET_INVALID',
  // Room allocation rounds (issue 15); NOT_BAND_MEMBER and BAND_NOT_ACTIVE above are shared
  'ALLOCATION_OFF',
  'ROUND_NOT_OPEN',
  'ROUND_RUNNING',
  'ROUND_NOT_DRAFT',
  'ROUND_PUBLISHED',
  'TOO_MANY_WISHES',
  'WISH_NOT_IN_ROUND',
  'ALLOCATION_RULE_BROKEN',
  'SLOT_IN_ALLOCATION',
  // Files (SPEC §5.8, issue 16)
  'FILE_TYPE_REFUSED',
  'FILE_TOO_LARGE',
  'FILE_NAME_TAKEN',
  'FOLDER_NAME_TAKEN',
  'FOLDER_NOT_EMPTY',
  'FOLDER_INSIDE_ITSELF',
  'LINK_EXPIRED',
  'RANGE_NOT_SATISFIABLE',
  // Backups (issue 34, decision 041)
  'BACKUP_RUNNING',
] as const
export type ErrorCode = (typeof errorCodes)[number]

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path (dot-joined, e.g. `songs.0.title`) → message, for 400s that name fields. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

export { fieldErrors } from './field-errors'
