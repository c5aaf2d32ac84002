import { z } from 'zod'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { CONNECTION_LIMITS } from './http/connection-limits'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional())

/** Environment variables the server reads; parsed once at boot. */
export const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  FILES_DIR: optional(z.string()),
  BACKUPS_DIR: z.preprocess(emptyToUndefined, z.string().default('./backups')),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAIL: optional(z.email('must be an email address')),
  ADMIN_PASSWORD: optional(z.string().min(10, 'must be at least 10 characters')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  PUBLIC_URL: optional(z.url('must be a URL such as https://bandroom.example.ac.jp')),
  SPA_DIR: optional(z.string()),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(CONNECTION_LIMITS.maxConnectionsPerAddress)),
  WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  /** The club's shared files (SPEC §5.8): uploads in progress and stored bytes; DATA_DIR/files by default. */
  filesDir: string
  /** Where `npm run backup` and the daily backup write their archives (decisions 038, 041); ./backups by default. */
  backupsDir: string
  databaseUrl?: string
  jwtSecret: Uint8Array
  adminEmail?: string
  adminPassword?: string
  smtpUrl?: string
  publicUrl: string
  /** The built SPA; defaults to dist/ beside server/. */
  spaDir?: string
  loginRateLimitPerMinute: number
  /** Open connections one client address may hold (the reverse proxy's address, behind one). */
  maxConnectionsPerAddress: number
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  /** Server processes sharing the port (PostgreSQL only; PGlite is one process). */
  workers: number
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnvironment(env)
  const { dataDir, filesDir, backupsDir } = storagePlaces(e)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir,
    backupsDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? persistentSecret(dataDir)),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    spaDir: e.SPA_DIR ? path.resolve(e.SPA_DIR) : undefined,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS,
  }
}

/** The environment parsed, or ConfigError naming every wrong variable. */
export function parseEnvironment(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}

/** Where the server keeps its data: the data directory (PGlite's `pglite/`, the secret), the club's files, the backups. */
export function storagePlaces(e: Pick<z.infer<typeof envSchema>, 'DATA_DIR' | 'FILES_DIR'> & Partial<Pick<z.infer<typeof envSchema>, 'BACKUPS_DIR'>>) {
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    filesDir: e.FILES_DIR ? path.resolve(e.FILES_DIR) : path.join(dataDir, 'files'),
    secretFile: path.join(dataDir, 'jwt-secret'),
    backupsDir: path.resolve(e.BACKUPS_DIR ?? './backups'),
  }
}

/** A JWT secret generated on first start and kept in the data directory, so restarts keep sessions. */
function persistentSecret(dataDir: string) {
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}
