import type { FastifyServerOptions } from 'fastify'
import type { Server, ServerOptions } from 'node:http'
import type { Socket } from 'node:net'

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
  /**
   * Open connections one address may hold; past it, its new ones are closed at once. Well
   * below `maxConnections`, so one address filling the server leaves room for everyone else.
   * Behind a reverse proxy every connection comes from the proxy: raise it to `maxConnections`
   * there and let the proxy limit each address (README, "Running behind a reverse proxy").
   */
  maxConnectionsPerAddress: number
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  // Bodies are at most 1 MiB of JSON: 30 s is room for a slow phone network.
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  checkEveryMs: 1_000,
  maxConnections: 2_000,
  // A whole campus behind one NAT address is a few dozen browsers of ~6 connections each.
  maxConnectionsPerAddress: 200,
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

/**
 * Closes a new connection at once when its address already holds `max` open ones (issue 33:
 * 2,000 slow-header connections from one client locked everyone out for the 10 s of each
 * cycle). Runs before Node's HTTP handling sees the socket.
 */
export function limitConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>()
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined) return
    const held = open.get(address) ?? 0
    if (held >= max) {
      socket.destroy()
      return
    }
    open.set(address, held + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left <= 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
