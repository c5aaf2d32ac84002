import { describe, expect, it } from 'vitest'
import * as auth from '@/contract/auth'
import * as signIn from '@/contract/sign-in'

// The login page validates with hand-written copies of the contract's sign-in schemas
// (decision 016): they must accept and refuse exactly what the server's schemas do, with the
// same words for the form's fields.
const outcome = (result: { success: boolean; data?: unknown; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }) =>
  result.success ? { data: result.data } : { issues: result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]) }

const user = {
  id: '0b6d8f43-5a0e-4c1b-9a57-3f0f6c1d2e4a',
  email: 'ann@example.org',
  displayName: 'Ann',
  enrollmentYear: 2025,
  role: 'member',
  status: 'active',
  isExecutive: false,
}

describe('the login page’s sign-in schemas', () => {
  it.each([
    { email: 'ann@example.org', password: 'secret' },
    { email: '  ann@example.org  ', password: 'x' },
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: 'not-an-email', password: 'x' },
    { email: `${'a'.repeat(250)}@example.org`, password: 'x' },
    { email: 'ann@example.org', password: 'x'.repeat(1025) },
    { email: 42, password: null },
    { email: 'a..b@example.org', password: 'x' },
    { email: 'ann@example', password: 'x' },
    {},
  ])('judge %j like the contract', (input) => {
    expect(outcome(signIn.loginInputSchema.safeParse(input))).toEqual(outcome(auth.loginInputSchema.safeParse(input)))
  })

  it.each([
    { user, access_token: 'token' },
    { user: { ...user, role: 'owner' }, access_token: 'token' },
    { user: { ...user, id: 'nope', enrollmentYear: 2025.5 }, access_token: 'token' },
    { user, access_token: 7 },
    { user: { ...user, extra: true }, access_token: 'token' },
  ])('read the answer %j like the contract', (body) => {
    const ours = signIn.loginResponseSchema.safeParse(body)
    const contract = auth.loginResponseSchema.safeParse(body)
    expect(ours.success).toBe(contract.success)
    expect(ours.data).toEqual(contract.data)
    if (!ours.success) expect(ours.error.issues.map((issue) => issue.path.join('.'))).toEqual(contract.error!.issues.map((issue) => issue.path.join('.')))
  })
})
