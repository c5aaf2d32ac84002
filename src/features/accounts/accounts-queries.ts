import { queryOptions } from '@tanstack/react-query'
import {
  messageResponseSchema,
  passwordResetCheckResponseSchema,
  profileSchema,
  registerResponseSchema,
  registrationInfoSchema,
  userResponseSchema,
  type EmailChange,
  type LanguageChoice,
  type PasswordChange,
  type PasswordResetConfirm,
  type ProfileUpdate,
  type RegisterInput,
} from '@/contract/accounts'
import { api } from '@/lib/api-client'

export const accountsKeys = {
  all: ['accounts'] as const,
  registration: () => ['accounts', 'registration'] as const,
  resetCheck: (token: string) => ['accounts', 'reset-check', token] as const,
  profile: () => ['accounts', 'profile'] as const,
}

export const registrationInfoQueryOptions = () =>
  queryOptions({
    queryKey: accountsKeys.registration(),
    queryFn: async () => registrationInfoSchema.parse(await api('/api/registration')),
    // The mode may change any time; a visitor should not see yesterday's.
    staleTime: 0,
  })

export const resetCheckQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountsKeys.resetCheck(token),
    queryFn: async () =>
      passwordResetCheckResponseSchema.parse(await api('/api/password-reset/check', { query: { token } })),
    staleTime: 0,
    gcTime: 0,
  })

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: accountsKeys.profile(),
    queryFn: async () => profileSchema.parse(await api('/api/profile')),
  })

export async function registerAccount(input: RegisterInput) {
  return registerResponseSchema.parse(await api('/api/register', { method: 'POST', body: input }))
}

export async function requestPasswordReset(email: string) {
  return messageResponseSchema.parse(await api('/api/password-reset/request', { method: 'POST', body: { email } }))
}

export async function confirmPasswordReset(input: PasswordResetConfirm) {
  return messageResponseSchema.parse(await api('/api/password-reset/confirm', { method: 'POST', body: input }))
}

export async function changePassword(input: PasswordChange) {
  return messageResponseSchema.parse(await api('/api/me/password', { method: 'POST', body: input }))
}

export async function changeEmail(input: EmailChange) {
  return userResponseSchema.parse(await api('/api/me/email', { method: 'POST', body: input }))
}

export async function updateProfile(input: ProfileUpdate) {
  return userResponseSchema.parse(await api('/api/profile', { method: 'PATCH', body: input }))
}

export async function chooseAccountLanguage(input: LanguageChoice) {
  return userResponseSchema.parse(await api('/api/profile/language', { method: 'PUT', body: input }))
}
