import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'
import { overwriteGetLocale } from '../../../src/i18n/paraglide/runtime.js'
import { baseLanguage, chooseLanguage, isLanguage, type Language } from '../../../src/i18n/language'
import type { SettingsService } from '../settings/settings.service'

/**
 * The language of the server's words (decision 046): every message function (`m.*()`, the zod
 * schemas' messages, the date formatter) reads it from here. A request speaks its caller's
 * language — the account's choice once the token is read, else `Accept-Language`, else the
 * club's default; mails, notices and calendar feeds are worded in their recipient's language
 * with `inLanguage`.
 */
const storage = new AsyncLocalStorage<{ language: Language }>()

/** Outside any request or `inLanguage` (jobs, start-up): the club's default, as last read. */
let clubLanguage: Language = baseLanguage

overwriteGetLocale(() => storage.getStore()?.language ?? clubLanguage)

export function registerRequestLanguage(app: FastifyInstance, settings: SettingsService) {
  app.addHook('onRequest', (request, _reply, done) => {
    const browser = parseAcceptLanguage(request.headers['accept-language'])
    settings.get().then(
      (club) => {
        clubLanguage = club.language
        storage.run({ language: chooseLanguage({ browser, club: club.language }) }, done)
      },
      () => storage.run({ language: chooseLanguage({ browser, club: clubLanguage }) }, done),
    )
  })
}

/**
 * The language of an answer given before the request's hooks ran (the router's own errors):
 * `Accept-Language`, else the club's default as last read.
 */
export function headerLanguage(acceptLanguage: string | undefined): Language {
  return chooseLanguage({ browser: parseAcceptLanguage(acceptLanguage), club: clubLanguage })
}

/**
 * The language of an answer to this request: the one its hooks chose, else (an error raised
 * where that context did not reach, such as while the body streamed in) `Accept-Language`.
 */
export function answerLanguage(acceptLanguage: string | undefined): Language {
  return storage.getStore()?.language ?? headerLanguage(acceptLanguage)
}

/** The signed-in caller's saved language, once their token is read: the rest of the request speaks it. */
export function speakAccountLanguage(language: string | null | undefined) {
  const store = storage.getStore()
  if (store && isLanguage(language)) store.language = language
}

/** Runs `work` with every message in `language` (a mail or notice to one member). */
export function inLanguage<T>(language: Language, work: () => T): T {
  return storage.run({ language }, work)
}

/** A recipient's language: their saved choice, else the club's default (they asked for nothing here). */
export function recipientLanguage(account: string | null | undefined, club: Language = clubLanguage): Language {
  return isLanguage(account) ? account : club
}

/** An `Accept-Language` header's tags, most wanted first ("ja,en;q=0.8" → ['ja', 'en']); q=0 means "not this". */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return []
  return header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}
