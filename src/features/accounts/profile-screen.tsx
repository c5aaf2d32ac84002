import { useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { emailChangeSchema, profileUpdateSchema, type Profile } from '@/contract/accounts'
import type { SessionUser } from '@/contract/auth'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { useSessionStore } from '@/lib/session-context'
import { accountsKeys, changeEmail, profileQueryOptions, updateProfile } from './accounts-queries'
import { useServerErrors } from '@/components/form/server-errors'
import { useAppForm } from '@/components/form/form-kit'

/** After a change: the session's copy, the profile and `/api/me` all show the new values. */
function useApplyUser() {
  const queryClient = useQueryClient()
  const session = useSessionStore()
  return async (user: SessionUser) => {
    session.updateUser(user)
    queryClient.setQueryData(accountsKeys.profile(), (profile: Profile | undefined) => (profile ? { ...profile, user } : profile))
    await queryClient.invalidateQueries({ queryKey: ['me'] })
  }
}

/** `children`: cards other areas add below the account (the route composes them). */
export function ProfileScreen({ children }: { children?: ReactNode }) {
  const profile = useQuery(profileQueryOptions())

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader title="Your profile" description="Your account as the club sees it." />
      {profile.isPending ? (
        <LoadingBlock label="Loading your profile…" />
      ) : profile.isError ? (
        <QueryErrorBlock error={profile.error} onRetry={() => void profile.refetch()} what="Your profile" />
      ) : (
        <ProfileDetails profile={profile.data} />
      )}
      {children}
    </div>
  )
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { user } = profile
  const [emailOpen, setEmailOpen] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)

  return (
    <>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      <Card title="Account">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-medium text-ink-muted">Name</dt>
          <dd>
            <DisplayNameEditor key={user.displayName} displayName={user.displayName} onSaved={() => setNotice('Your name has been changed.')} />
          </dd>

          <dt className="text-sm font-medium text-ink-muted">Email</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="break-all">{user.email}</span>
            <Button variant="secondary" onClick={() => setEmailOpen(true)}>
              Change email
            </Button>
          </dd>

          <dt className="text-sm font-medium text-ink-muted">Grade</dt>
          <dd>
            {profile.gradeLabel} <span className="text-sm text-ink-muted">(enrolled {user.enrollmentYear})</span>
          </dd>

          <dt className="text-sm font-medium text-ink-muted">Role</dt>
          <dd>
            {user.role === 'admin' ? 'Administrator' : 'Member'}
            {user.isExecutive ? ' · Executive this term' : ''}
          </dd>

          <dt className="text-sm font-medium text-ink-muted">Password</dt>
          <dd>
            <Link to="/password-change" className="text-brand underline underline-offset-2">
              Change password
            </Link>
          </dd>
        </dl>
      </Card>

      <Card title="Positions">
        {profile.positions.length === 0 ? (
          <EmptyState title="You have not held a club position.">Executives are appointed by the administrators each term.</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {profile.positions.map((position) => (
              <li key={`${position.termYear}-${position.name}`} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span className="font-medium">{position.name}</span>
                <span className="text-sm text-ink-muted">
                  {position.termYear} term{position.current ? ' (current)' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Bands">
        {profile.bands.length === 0 ? (
          <EmptyState title="You are not in any band yet." />
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {profile.bands.map((band) => (
              <li key={band.id} className="py-2">
                <Link to="/bands/edit/$bandId" params={{ bandId: band.id }} className="font-medium break-words text-brand underline underline-offset-2">
                  {band.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <EmailDialog
        open={emailOpen}
        onOpenChange={setEmailOpen}
        onSaved={(email) => {
          setEmailOpen(false)
          setNotice(`Your email is now ${email}. Sign in with it from now on.`)
        }}
      />
    </>
  )
}

function DisplayNameEditor({ displayName, onSaved }: { displayName: string; onSaved: () => void }) {
  const [editing, setEditing] = useState(false)
  const server = useServerErrors<'displayName'>()
  const applyUser = useApplyUser()
  const form = useAppForm({
    defaultValues: { displayName },
    validators: { onSubmit: profileUpdateSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const { user } = await updateProfile(profileUpdateSchema.parse(value))
        await applyUser(user)
        setEditing(false)
        onSaved()
      } catch (error) {
        server.show(error)
      }
    },
  })

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span className="break-words">{displayName}</span>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit name
        </Button>
      </div>
    )
  }
  return (
    <form.AppForm>
      <form.Form server={server} className="flex flex-col gap-3">
        <form.AppField name="displayName">{(field) => <field.TextField label="Display name" autoComplete="name" autoFocus />}</form.AppField>
        <div className="flex flex-wrap gap-2">
          <form.SubmitButton>Save name</form.SubmitButton>
          <Button
            variant="ghost"
            onClick={() => {
              form.reset()
              server.clear()
              setEditing(false)
            }}
          >
            Cancel
          </Button>
        </div>
      </form.Form>
    </form.AppForm>
  )
}

function EmailDialog({ open, onOpenChange, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; onSaved: (email: string) => void }) {
  const server = useServerErrors<'newEmail' | 'password'>()
  const applyUser = useApplyUser()
  const form = useAppForm({
    defaultValues: { newEmail: '', password: '' },
    validators: { onSubmit: emailChangeSchema },
    onSubmit: async ({ value, formApi }) => {
      server.clear()
      try {
        const { user } = await changeEmail(emailChangeSchema.parse(value))
        await applyUser(user)
        formApi.reset()
        onSaved(user.email)
      } catch (error) {
        server.show(error)
      }
    },
  })

  const change = (next: boolean) => {
    if (!next) {
      form.reset()
      server.clear()
    }
    onOpenChange(next)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Change email"
      description="Enter the new address and your password. We tell your old address about the change."
    >
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="newEmail">{(field) => <field.TextField label="New email" type="email" autoComplete="email" inputMode="email" />}</form.AppField>
          <form.AppField name="password">{(field) => <field.TextField label="Your password" type="password" autoComplete="current-password" />}</form.AppField>
          <form.DialogFooter onCancel={() => change(false)}>Change email</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}
