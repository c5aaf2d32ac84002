import type { LoginInput } from '@/contract/auth'
import { loginResponseSchema } from '@/contract/sign-in'
import { api } from '@/lib/api-client'

export async function loginRequest(input: LoginInput) {
  const body = await api('/api/login', { method: 'POST', body: input })
  return loginResponseSchema.parse(body)
}
