import { http, HttpResponse } from 'msw'
import type { AdditionalInfoResponse, DirectoryItem, MemberIntro } from '@/contract/people'
import { knownUser } from './auth'

export function buildIntro(overrides: Partial<MemberIntro> = {}): MemberIntro {
  return {
    userId: knownUser.id,
    displayName: knownUser.displayName,
    grade: 3,
    hasIntro: true,
    nickname: 'Aki',
    parts: ['Guitar'],
    favouriteArtists: ['Number Girl'],
    body: 'I play guitar.',
    lookingForBand: false,
    wantedParts: [],
    updatedAt: '2026-05-01T00:00:00.000Z',
    ...overrides,
  }
}

export function buildDirectoryItem(overrides: Partial<DirectoryItem> = {}): DirectoryItem {
  const { body, ...intro } = buildIntro({ userId: crypto.randomUUID(), ...overrides })
  return { ...intro, excerpt: body, ...overrides }
}

export const completeAdditionalInfo: AdditionalInfoResponse = {
  info: {
    fullName: '田中 亜紀',
    nameKana: 'タナカ アキ',
    studentNumber: 'S1234567',
    faculty: 'Engineering',
    department: 'Information Science',
    phone: null,
    updatedAt: '2026-05-01T00:00:00.000Z',
  },
  missing: [],
}

export const directoryMembers: DirectoryItem[] = [
  buildDirectoryItem({ displayName: 'Aiko Drum', parts: ['Drums'], grade: 1, lookingForBand: true, wantedParts: ['Bass'] }),
  buildDirectoryItem({ displayName: 'Bunta Guitar', parts: ['Guitar'], grade: 2 }),
]

/** Defaults: my intro written, details complete (no dashboard prompt), a two-member directory. */
export const peopleHandlers = [
  http.get('/api/me/intro', () => HttpResponse.json(buildIntro())),
  http.put('/api/me/intro', async ({ request }) => HttpResponse.json(buildIntro((await request.json()) as Partial<MemberIntro>))),
  http.get('/api/intros', ({ request }) => {
    const params = new URL(request.url).searchParams
    const part = params.get('part')
    const items = directoryMembers.filter((member) => !part || member.parts.includes(part as never))
    return HttpResponse.json({ items, total: items.length })
  }),
  http.get('/api/intros/:userId', ({ params }) => {
    const member = directoryMembers.find((item) => item.userId === params.userId)
    if (!member) return HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'No active member has that id.' } }, { status: 404 })
    const { excerpt, ...intro } = member
    return HttpResponse.json({ ...intro, body: excerpt })
  }),
  http.get('/api/me/additional-info', () => HttpResponse.json(completeAdditionalInfo)),
  http.put('/api/me/additional-info', async ({ request }) =>
    HttpResponse.json({ info: { ...completeAdditionalInfo.info, ...((await request.json()) as object) }, missing: [] }),
  ),
]
