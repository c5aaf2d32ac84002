import { createHmac, createSecretKey, type KeyObject } from 'node:crypto'
import { SignJWT, errors, jwtVerify } from 'jose'
import { FILE_LINK_HOURS } from '../../../src/contract/files'

/**
 * Download and preview links (decision 024). An `<img>`, `<audio>` or `<iframe>` cannot send the
 * Bearer token, so a member asks for a link (an API call that checks who they are and whether
 * they may see the file) and gets a URL whose `token` names the file and the member, signed
 * with a key of its own (derived from the JWT secret, so a link is never an access token and
 * an access token never a link), valid for FILE_LINK_HOURS. Every use checks again that the
 * member is active and may still see the file.
 */
export function createFileLinks(secret: Uint8Array, clock: () => Date) {
  const key: KeyObject = createSecretKey(createHmac('sha256', secret).update('bandroom file links v1').digest())
  return {
    async sign(fileId: string, userId: string) {
      const now = Math.floor(clock().getTime() / 1000)
      const expires = now + FILE_LINK_HOURS * 3600
      const token = await new SignJWT({ fid: fileId }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt(now).setExpirationTime(expires).sign(key)
      return { token, expiresAt: new Date(expires * 1000) }
    },
    /** The member and file a link names, or null when it is not ours, expired, or for another file. */
    async read(token: string, fileId: string) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() })
        if (payload.fid !== fileId || typeof payload.sub !== 'string') return null
        return { userId: payload.sub }
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null
        throw error
      }
    },
  }
}

export type FileLinks = ReturnType<typeof createFileLinks>
