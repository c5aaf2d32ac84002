import { count } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { hashPassword } from '../auth/passwords'

export const DEFAULT_ADMIN_EMAIL = 'admin@bandroom.local'

/**
 * On an empty database, creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that is printed once. Returns what it did, for the log.
 */
export async function bootstrapAdmin(
  db: Db,
  options: { email?: string; password?: string; now: Date },
): Promise<{ created: false } | { created: true; email: string; generatedPassword?: string }> {
  const [row] = await db.select({ users: count() }).from(users)
  if ((row?.users ?? 0) > 0) return { created: false }
  const email = options.email ?? DEFAULT_ADMIN_EMAIL
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url')
  const inserted = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(options.password ?? generatedPassword!),
      displayName: 'Administrator',
      enrollmentYear: options.now.getFullYear(),
      role: 'admin',
      status: 'active',
    })
    // Two instances starting together on one empty database: the second simply finds the first's admin.
    .onConflictDoNothing()
    .returning({ id: users.id })
  if (inserted.length === 0) return { created: false }
  return { created: true, email, generatedPassword }
}
