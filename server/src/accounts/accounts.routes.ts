import type { FastifyInstance } from 'fastify'
import {
  emailChangeSchema,
  messageResponseSchema,
  passwordChangeSchema,
  passwordResetCheckQuerySchema,
  passwordResetCheckResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  profileUpdateSchema,
  languageChoiceSchema,
  registerInputSchema,
  registerResponseSchema,
  registrationInfoSchema,
  userResponseSchema,
} from '../../../src/contract/accounts'
import { AppError } from '../http/errors'
import { defineRoute } from '../http/route'
import { createAccountsService, type AccountsDeps } from './accounts.service'
import { m } from '../../../src/i18n/paraglide/messages.js'

/** Per-IP limits (a campus network may put many newcomers behind one address, hence not lower). */
export const ACCOUNT_LIMITS = {
  registerPerMinute: 20,
  resetRequestPerMinute: 10,
  resetConfirmPerMinute: 20,
  passwordCheckPerMinute: 10,
} as const

const perIpPerMinute = (max: number, message: (seconds: number) => string) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      new AppError(429, 'RATE_LIMITED', message(Math.ceil(context.ttl / 1000))),
  },
})

export function registerAccountsRoutes(app: FastifyInstance, deps: AccountsDeps) {
  const accounts = createAccountsService(deps)

  defineRoute(app, {
    method: 'GET',
    url: '/api/registration',
    tag: 'accounts',
    summary: 'Whether and how new members can register',
    response: registrationInfoSchema,
    handler: () => accounts.registrationInfo(),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/register',
    tag: 'accounts',
    summary: 'Create an account (pending approval, or active with an invite code or in open mode)',
    body: registerInputSchema,
    response: registerResponseSchema,
    status: 201,
    config: perIpPerMinute(ACCOUNT_LIMITS.registerPerMinute, (seconds) => m.accounts_too_many_registrations({ seconds })),
    handler: ({ body }) => accounts.register(body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/password-reset/request',
    tag: 'accounts',
    summary: 'Mail a password-reset link; the answer is the same whether or not the email has an account',
    body: passwordResetRequestSchema,
    response: messageResponseSchema,
    status: 202,
    config: perIpPerMinute(ACCOUNT_LIMITS.resetRequestPerMinute, (seconds) => m.accounts_too_many_reset_requests({ seconds })),
    handler: ({ body }) => accounts.requestReset(body.email),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/password-reset/check',
    tag: 'accounts',
    summary: 'Whether a password-reset link can still be used',
    query: passwordResetCheckQuerySchema,
    response: passwordResetCheckResponseSchema,
    config: perIpPerMinute(ACCOUNT_LIMITS.resetConfirmPerMinute, (seconds) => m.accounts_too_many_reset_attempts({ seconds })),
    handler: ({ query }) => accounts.checkResetToken(query.token),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/password-reset/confirm',
    tag: 'accounts',
    summary: 'Set a new password with a reset link (single use); ends every session of the account',
    body: passwordResetConfirmSchema,
    response: messageResponseSchema,
    config: perIpPerMinute(ACCOUNT_LIMITS.resetConfirmPerMinute, (seconds) => m.accounts_too_many_reset_attempts({ seconds })),
    handler: ({ body }) => accounts.confirmReset(body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/me/password',
    tag: 'accounts',
    summary: 'Change my password; ends my other sessions',
    body: passwordChangeSchema,
    response: messageResponseSchema,
    config: perIpPerMinute(ACCOUNT_LIMITS.passwordCheckPerMinute, (seconds) => m.accounts_too_many_password_attempts({ seconds })),
    handler: ({ body, principal }) => accounts.changePassword(principal!, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/me/email',
    tag: 'accounts',
    summary: 'Change my email address (re-enter the password)',
    body: emailChangeSchema,
    response: userResponseSchema,
    config: perIpPerMinute(ACCOUNT_LIMITS.passwordCheckPerMinute, (seconds) => m.accounts_too_many_password_attempts({ seconds })),
    handler: ({ body, principal }) => accounts.changeEmail(principal!, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/profile',
    tag: 'accounts',
    summary: 'My profile: account, grade, positions held, bands',
    response: profileSchema,
    handler: ({ principal }) => accounts.profile(principal!),
  })

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/profile',
    tag: 'accounts',
    summary: 'Change my display name',
    body: profileUpdateSchema,
    response: userResponseSchema,
    handler: ({ body, principal }) => accounts.updateProfile(principal!, body),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/profile/language',
    tag: 'accounts',
    summary: 'Choose the language of my screens, mails, notices and calendar (decision 046)',
    body: languageChoiceSchema,
    response: userResponseSchema,
    handler: ({ body, principal }) => accounts.chooseLanguage(principal!, body),
  })
}
