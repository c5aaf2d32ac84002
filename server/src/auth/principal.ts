import type { SessionUser } from '../../../src/contract/auth'

/** The caller of a request, once their token and server-side session have been checked. */
export interface Principal {
  user: SessionUser
  sessionId: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or null for a visitor; a bad or dead token is a 401 all the same. */
    optionalPrincipal(): Promise<Principal | null>
    /** The caller, or a 401. */
    requirePrincipal(): Promise<Principal>
  }
}
