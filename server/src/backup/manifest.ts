import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { projectRoot } from '../paths'

/**
 * What a backup holds (decision 038), `manifest.json`, the archive's last entry: an archive
 * without it was cut short.
 */
export const manifestSchema = z.object({
  format: z.literal('bandroom-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  source: z.object({ engine: z.enum(['pglite', 'postgres']) }),
  /** The last migration applied to the database backed up (server/drizzle/meta/_journal.json). */
  migration: z.object({ tag: z.string().nullable(), when: z.number(), hash: z.string() }),
  database: z.object({
    /** One line per row: PostgreSQL's row_to_json of the row, read back by json_populate_recordset. */
    format: z.literal('jsonl-row-to-json'),
    tables: z.array(z.object({ name: z.string(), path: z.string(), rows: z.number().int().min(0), bytes: z.number().int().min(0), sha256: z.string() })),
  }),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string() })),
  /** Storage keys of `files` rows whose bytes were already gone (deleted while the backup ran). */
  filesMissing: z.array(z.string()),
  secret: z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string() }).nullable(),
})
export type Manifest = z.infer<typeof manifestSchema>

export const MANIFEST_PATH = 'manifest.json'
export const tablePath = (table: string) => `database/${table}.jsonl`
export const storedFilePath = (key: string) => `files/store/${key}`
export const SECRET_PATH = 'jwt-secret'

export const appVersion = () => (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version

export { knownMigrations } from '../db/migration-level'
