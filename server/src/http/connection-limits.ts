import type { FastifyServerOptions } from 'fastify'
import type { ServerOptions } from 'node:http'

/**
 * How long the server waits on a client, and how many it serves at once. Node's defaults let a
 * client that sends its headers one byte at a time hold a connection for 60 s plus a 30 s
 * check, and Fastify keeps idle keep-alive connections 72 s, so a few thousand slow sockets
 * used up the process's files and the app stopped answering. These limits close such
 * connections within seconds; a reverse proxy in front (nginx, Caddy) adds buffering of slow
 * clients and per-address limits (see README, "Running behind a reverse proxy").
 */
export interface ConnectionLimits {
  /** The request line and every header must have arrived within this time. */
  headersTimeoutMs: number
  /** The whole request, body included, must have arrived within this time. */
  requestTimeoutMs: number
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number
  /** A connection with no traffic either way for this long is closed. */
  idleTimeoutMs: number
  /** How often Node looks for connections past the header and request limits. */
  checkEveryMs: number
  /** Connections past this many are refused at once, so the process never runs out of files. */
  maxConnections: number
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  // Bodies are at most 1 MiB of JSON: 30 s is room for a slow phone network.
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  checkEveryMs: 1_000,
  maxConnections: 2_000,
}

/** The Fastify options that carry the limits into Node's HTTP server. */
export function connectionOptions(
  limits: ConnectionLimits,
): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & { http: ServerOptions } {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkEveryMs },
  }
}
