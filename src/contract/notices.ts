import { z } from 'zod'

/**
 * In-app notices (SPEC §5.10): what the bell counts. Written by the server in the same
 * transaction as the change they tell about (`notify` in server/src/notices), one row per
 * person; a mail goes with it unless the person chose otherwise.
 */
export const noticeKinds = ['booking-tomorrow', 'allocation-result', 'application-decision', 'timetable', 'feedback', 'file-shared'] as const
export type NoticeKind = (typeof noticeKinds)[number]
export const noticeKindSchema = z.enum(noticeKinds)

/** How a kind reaches a person; `mail` means in the app and by mail. The default is `mail`. */
export const noticeDeliveries = ['mail', 'app', 'off'] as const
export type NoticeDelivery = (typeof noticeDeliveries)[number]

export interface Notice {
  id: string
  kind: NoticeKind
  /** One line, in the club's words: "Midnight Train got Studio A on Tue 3rd". */
  title: string
  /** More, when there is more to say (may be empty). */
  body: string
  /** An in-app path to open, e.g. "/room-allocation-list". */
  link: string | null
  createdAt: string
  readAt: string | null
}
