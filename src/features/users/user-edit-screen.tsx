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
import { m } from '@/i18n/paraglide/messages.js'

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
        title={m.users_edit_title({ name: user.displayName })}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={user.status} />
            <span>
              {gradeLabel(user.grade)} · {user.isExecutive ? m.users_role_executive({ role: roleLabels[user.role] }) : roleLabels[user.role]}
            </span>
          </span>
        }
        actions={
          <Link to="/user-list" className="inline-flex min-h-11 items-center rounded-md px-3 text-brand underline underline-offset-2">
            {m.users_back()}
          </Link>
        }
      />
      {user.status === 'deleted' ? (
        <FormAlert>{m.users_deleted_alert()}</FormAlert>
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
        toast.info(m.users_nothing_to_save())
        return
      }
      try {
        await update.mutateAsync({ userId: user.id, patch })
        toast.success(patch.status === 'active' && user.status === 'pending' ? m.users_saved_approved() : m.users_changes_saved())
      } catch (error) {
        server.show(error)
      }
    },
  })

  const statusOptions = (user.status === 'pending' ? (['pending', 'active', 'suspended'] as const) : (['active', 'suspended'] as const)).map((status) => ({
    value: status,
    label: status === 'active' && user.status === 'pending' ? m.users_active_approve() : statusLabels[status],
  }))

  return (
    <Card title={m.users_account()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="displayName">{(field) => <field.TextField label={m.users_name()} maxLength={40} />}</form.AppField>
          <form.AppField name="email">{(field) => <field.TextField label={m.users_email()} type="email" inputMode="email" autoComplete="off" />}</form.AppField>
          <form.AppField name="enrollmentYear">
            {(field) => <field.TextField label={m.users_enrollment_year()} inputMode="numeric" description={m.users_enrollment_year_description()} />}
          </form.AppField>
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="role">
              {(field) => (
                <field.SelectField
                  label={m.users_role()}
                  disabled={isSelf}
                  description={isSelf ? m.users_own_role() : m.users_role_description()}
                  options={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
                />
              )}
            </form.AppField>
            <form.AppField name="status">
              {(field) => (
                <field.SelectField
                  label={m.users_status()}
                  disabled={isSelf}
                  description={isSelf ? m.users_own_status() : m.users_status_description()}
                  options={statusOptions}
                />
              )}
            </form.AppField>
          </div>
          <div>
            <form.SubmitButton>{m.users_save_changes()}</form.SubmitButton>
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
      label: m.users_approve(),
      title: m.users_approve_title({ name: user.displayName }),
      description: m.users_approve_description(),
      confirmLabel: m.users_approve(),
      tone: 'primary',
      success: m.users_approve_done(),
      run: () => approve.mutateAsync(user.id),
    })
  }
  if (user.status === 'active' && !isSelf) {
    actions.push({
      key: 'suspend',
      label: m.users_suspend(),
      title: m.users_suspend_title({ name: user.displayName }),
      description: m.users_suspend_description(),
      confirmLabel: m.users_suspend(),
      tone: 'danger',
      success: m.users_suspend_done(),
      run: () => update.mutateAsync({ userId: user.id, patch: { status: 'suspended' } }),
    })
  }
  if (user.status === 'suspended') {
    actions.push({
      key: 'reactivate',
      label: m.users_reactivate(),
      title: m.users_reactivate_title({ name: user.displayName }),
      description: m.users_reactivate_description(),
      confirmLabel: m.users_reactivate(),
      tone: 'primary',
      success: m.users_reactivate_done(),
      run: () => update.mutateAsync({ userId: user.id, patch: { status: 'active' } }),
    })
  }
  actions.push(
    {
      key: 'revoke',
      label: m.users_sign_out_everywhere(),
      title: m.users_sign_out_title({ name: user.displayName }),
      description: isSelf ? m.users_sign_out_self() : m.users_sign_out_description(),
      confirmLabel: m.users_sign_out_everywhere(),
      tone: 'danger',
      success: m.users_sign_out_done(),
      run: () => revoke.mutateAsync(user.id),
    },
    {
      key: 'reset',
      label: m.users_reset_link(),
      title: m.users_reset_title(),
      description: m.users_reset_description({ email: user.email }),
      confirmLabel: m.users_send_link(),
      tone: 'primary',
      success: m.users_reset_done({ email: user.email }),
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
    <Card title={m.users_actions()}>
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
