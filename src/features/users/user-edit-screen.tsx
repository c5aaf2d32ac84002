import { useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FormAlert, errorMessage } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { roles } from '@/contract/auth'
import { gradeLabel } from '@/contract/terms'
import { roleLabels, statusLabels, userEditSchema, type UserDetail, type UserEditInput, type UserPatchInput } from '@/contract/users'
import { useServerErrors } from '@/components/form/server-errors'
import { useSession } from '@/lib/session-context'
import { StatusBadge } from './user-filters'
import { useApproveUser, useRevokeSessions, useSendPasswordReset, useUpdateUser, userQueryOptions } from './users-queries'
import { useAppForm } from '@/components/form/form-kit'

const routeApi = getRouteApi('/_authenticated/user-edit')

type FieldName = keyof UserEditInput

export function UserEditScreen() {
  const { userId } = routeApi.useSearch()
  const { data: user } = useSuspenseQuery(userQueryOptions(userId))
  const { user: me } = useSession()
  const isSelf = me?.id === user.id

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader
        title={`Edit ${user.displayName}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={user.status} />
            <span>
              {gradeLabel(user.grade)} · {roleLabels[user.role]}
              {user.isExecutive ? ' · Executive' : ''}
            </span>
          </span>
        }
        actions={
          <Link to="/user-list" className="inline-flex min-h-11 items-center rounded-md px-3 text-brand underline underline-offset-2">
            Back to members
          </Link>
        }
      />
      {user.status === 'deleted' ? (
        <FormAlert>This account has been deleted: its personal data is cleared and it can no longer be edited.</FormAlert>
      ) : (
        <>
          {/* Keyed by the record's version: after any save or action the form shows the stored values. */}
          <UserEditForm key={user.updatedAt} user={user} isSelf={isSelf} />
          <UserActions user={user} isSelf={isSelf} />
        </>
      )}
    </div>
  )
}

function UserEditForm({ user, isSelf }: { user: UserDetail; isSelf: boolean }) {
  const update = useUpdateUser()
  const server = useServerErrors<FieldName>()
  const initialStatus = user.status === 'deleted' ? 'active' : user.status

  const form = useAppForm({
    defaultValues: {
      displayName: user.displayName,
      email: user.email,
      enrollmentYear: String(user.enrollmentYear) as string | number,
      role: user.role,
      status: initialStatus,
    } as { displayName: string; email: string; enrollmentYear: string | number; role: UserEditInput['role']; status: UserEditInput['status'] },
    validators: { onSubmit: userEditSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      const next = userEditSchema.parse(value)
      const patch: UserPatchInput = {}
      if (next.displayName !== user.displayName) patch.displayName = next.displayName
      if (next.email !== user.email) patch.email = next.email
      if (next.enrollmentYear !== user.enrollmentYear) patch.enrollmentYear = next.enrollmentYear
      if (next.role !== user.role) patch.role = next.role
      if (next.status !== user.status) patch.status = next.status
      if (Object.keys(patch).length === 0) {
        toast.info('Nothing to save: no field was changed.')
        return
      }
      try {
        await update.mutateAsync({ userId: user.id, patch })
        toast.success(patch.status === 'active' && user.status === 'pending' ? 'Saved. The account is approved and the user has been emailed.' : 'Changes saved.')
      } catch (error) {
        server.show(error)
      }
    },
  })

  const statusOptions = (user.status === 'pending' ? (['pending', 'active', 'suspended'] as const) : (['active', 'suspended'] as const)).map((status) => ({
    value: status,
    label: status === 'active' && user.status === 'pending' ? 'Active (approve)' : statusLabels[status],
  }))

  return (
    <Card title="Account">
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="displayName">{(field) => <field.TextField label="Name" maxLength={40} />}</form.AppField>
          <form.AppField name="email">{(field) => <field.TextField label="Email" type="email" inputMode="email" autoComplete="off" />}</form.AppField>
          <form.AppField name="enrollmentYear">
            {(field) => <field.TextField label="Enrollment year" inputMode="numeric" description="The grade is worked out from this and the current academic year." />}
          </form.AppField>
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="role">
              {(field) => (
                <field.SelectField
                  label="Role"
                  disabled={isSelf}
                  description={isSelf ? 'You cannot change your own role.' : 'Admins can manage accounts and settings.'}
                  options={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
                />
              )}
            </form.AppField>
            <form.AppField name="status">
              {(field) => (
                <field.SelectField
                  label="Status"
                  disabled={isSelf}
                  description={isSelf ? 'You cannot change your own status.' : 'Suspended accounts are signed out and cannot sign in.'}
                  options={statusOptions}
                />
              )}
            </form.AppField>
          </div>
          <div>
            <form.SubmitButton>Save changes</form.SubmitButton>
          </div>
        </form.Form>
      </form.AppForm>
    </Card>
  )
}

interface Action {
  key: string
  label: string
  title: string
  description: string
  confirmLabel: string
  tone: 'primary' | 'danger'
  success: string
  run: () => Promise<unknown>
}

function UserActions({ user, isSelf }: { user: UserDetail; isSelf: boolean }) {
  const approve = useApproveUser()
  const update = useUpdateUser()
  const revoke = useRevokeSessions()
  const reset = useSendPasswordReset()
  const [open, setOpen] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const actions: Action[] = []
  if (user.status === 'pending') {
    actions.push({
      key: 'approve',
      label: 'Approve',
      title: `Approve ${user.displayName}?`,
      description: 'The account becomes active at once and the user is emailed a sign-in link.',
      confirmLabel: 'Approve',
      tone: 'primary',
      success: 'Account approved; the user has been emailed.',
      run: () => approve.mutateAsync(user.id),
    })
  }
  if (user.status === 'active' && !isSelf) {
    actions.push({
      key: 'suspend',
      label: 'Suspend',
      title: `Suspend ${user.displayName}?`,
      description: 'They are signed out everywhere and cannot sign in until the account is reactivated.',
      confirmLabel: 'Suspend',
      tone: 'danger',
      success: 'Account suspended and signed out everywhere.',
      run: () => update.mutateAsync({ userId: user.id, patch: { status: 'suspended' } }),
    })
  }
  if (user.status === 'suspended') {
    actions.push({
      key: 'reactivate',
      label: 'Reactivate',
      title: `Reactivate ${user.displayName}?`,
      description: 'They can sign in again with their password.',
      confirmLabel: 'Reactivate',
      tone: 'primary',
      success: 'Account reactivated.',
      run: () => update.mutateAsync({ userId: user.id, patch: { status: 'active' } }),
    })
  }
  actions.push(
    {
      key: 'revoke',
      label: 'Sign out everywhere',
      title: `Sign ${user.displayName} out everywhere?`,
      description: isSelf ? 'Every session of your account ends, this one included.' : 'Every session of this account ends; they must sign in again on each device.',
      confirmLabel: 'Sign out everywhere',
      tone: 'danger',
      success: 'Every session of the account has ended.',
      run: () => revoke.mutateAsync(user.id),
    },
    {
      key: 'reset',
      label: 'Send password-reset link',
      title: 'Send a password-reset link?',
      description: `A link valid for one hour is emailed to ${user.email}. Their current password keeps working until they use it.`,
      confirmLabel: 'Send link',
      tone: 'primary',
      success: `A password-reset link has been sent to ${user.email}.`,
      run: () => reset.mutateAsync(user.id),
    },
  )

  const current = actions.find((action) => action.key === open)

  async function confirm(action: Action) {
    setBusy(true)
    setError(null)
    try {
      await action.run()
      setOpen(null)
      toast.success(action.success)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title="Actions">
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action.key}
            variant={action.tone === 'danger' ? 'secondary' : 'primary'}
            onClick={() => {
              setError(null)
              setOpen(action.key)
            }}
          >
            {action.label}
          </Button>
        ))}
      </div>
      {current ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => {
            if (!next && !busy) setOpen(null)
          }}
          title={current.title}
          description={current.description}
          confirmLabel={current.confirmLabel}
          tone={current.tone}
          busy={busy}
          onConfirm={() => void confirm(current)}
        >
          {error ? <FormAlert>{error}</FormAlert> : null}
        </ConfirmDialog>
      ) : null}
    </Card>
  )
}
