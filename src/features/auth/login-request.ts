import { loginResponseSchema, type LoginInput } from '@/contract/auth'
import { api } from '@/lib/api-client'

export async function loginRequest(input: LoginInput) {
  const body = await api('/api/login', { method: 'POST', body: input })
  return loginResponseSchema.parse(body)
}
