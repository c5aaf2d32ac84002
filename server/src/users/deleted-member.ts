import { m } from '../../../src/i18n/paraglide/messages.js'

/**
 * How a deleted (anonymised) account is named, in the reader's language. The database keeps
 * the English "Deleted user" it was anonymised with; screens and exports word it when read.
 */
export const deletedMemberName = () => m.common_deleted_member()

/** The English name alone: stored history summaries, and lives-data.ts until it words it for the reader. */
export const DELETED_MEMBER_NAME = 'Deleted user'
