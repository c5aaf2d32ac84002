import { useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { emailChangeSchema, profileUpdateSchema, type Profile } from '@/contract/accounts'
import type { SessionUser } from '@/contract/auth'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState, FormAlert, LoadingBlock, QueryErrorBlock, errorMessage } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { useSessionStore } from '@/lib/session-context'
import { accountsKeys, changeEmail, chooseAccountLanguage, profileQueryOptions, updateProfile } from './accounts-queries'
import { useServerErrors } from '@/components/form/server-errors'
import { useAppForm } from '@/components/form/form-kit'
import { toast } from 'sonner'
import { followAccountLanguage, followBrowserLanguage } from '@/i18n/client'
import { languageNames, languages, type Language } from '@/i18n/language'
import { m } from '@/i18n/paraglide/messages.js'

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
      <PageHeader title={m.accounts_profile_title()} description={m.accounts_profile_description()} />
      {profile.isPending ? (
        <LoadingBlock label={m.accounts_profile_loading()} />
      ) : profile.isError ? (
        <QueryErrorBlock error={profile.error} onRetry={() => void profile.refetch()} what={m.accounts_profile_what()} />
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
      <Card title={m.accounts_account()}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-medium text-ink-muted">{m.accounts_name()}</dt>
          <dd>
            <DisplayNameEditor key={user.displayName} displayName={user.displayName} onSaved={() => setNotice(m.accounts_name_changed())} />
          </dd>

          <dt className="text-sm font-medium text-ink-muted">{m.accounts_email()}</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="break-all">{user.email}</span>
            <Button variant="secondary" onClick={() => setEmailOpen(true)}>
              {m.accounts_change_email()}
            </Button>
          </dd>

          <dt className="text-sm font-medium text-ink-muted">{m.accounts_grade()}</dt>
          <dd>
            {profile.gradeLabel} <span className="text-sm text-ink-muted">{m.accounts_enrolled({ year: user.enrollmentYear })}</span>
          </dd>

          <dt className="text-sm font-medium text-ink-muted">{m.accounts_role()}</dt>
          <dd>
            {user.role === 'admin' ? m.accounts_role_admin() : m.accounts_role_member()}
            {user.isExecutive ? m.accounts_executive_this_term() : ''}
          </dd>

          <dt className="text-sm font-medium text-ink-muted">{m.accounts_password()}</dt>
          <dd>
            <Link to="/password-change" className="text-brand underline underline-offset-2">
              {m.accounts_change_password()}
            </Link>
          </dd>
        </dl>
      </Card>

      <LanguageCard key={user.language ?? ''} language={user.language ?? null} />

      <Card title={m.accounts_positions()}>
        {profile.positions.length === 0 ? (
          <EmptyState title={m.accounts_no_positions()}>{m.accounts_no_positions_note()}</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {profile.positions.map((position) => (
              <li key={`${position.termYear}-${position.name}`} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span className="font-medium">{position.name}</span>
                <span className="text-sm text-ink-muted">
                  {m.accounts_position_term({ year: position.termYear })}
                  {position.current ? m.accounts_position_current() : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={m.accounts_bands()}>
        {profile.bands.length === 0 ? (
          <EmptyState title={m.accounts_no_bands()} />
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
          setNotice(m.accounts_email_now({ email }))
        }}
      />
    </>
  )
}

/**
 * The language of the member's screens, mails, notices and calendar (issue 36, decision 046):
 * saved on the account; "as my browser asks" (null) follows this browser's languages. Once
 * saved the screen switches at once. A radio group with its own Save: arrowing through the
 * choices does not save each one on the way.
 */
function LanguageCard({ language }: { language: Language | null }) {
  const applyUser = useApplyUser()
  const [choice, setChoice] = useState<Language | null>(language)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const options: ReadonlyArray<{ value: Language | null; label: string; lang?: Language }> = [
    { value: null, label: m.accounts_language_browser() },
    ...languages.map((value) => ({ value, label: languageNames[value], lang: value })),
  ]

  const save = async () => {
    setSaving(true)
    setError(null)
    try {
      const { user } = await chooseAccountLanguage({ language: choice })
      await applyUser(user)
      if (user.language) followAccountLanguage(user.language)
      else followBrowserLanguage()
      // Worded after the switch, in the language just chosen.
      toast.success(m.accounts_language_saved())
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={m.accounts_language_title()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
        className="flex flex-col gap-4"
      >
        {error ? <FormAlert>{error}</FormAlert> : null}
        <fieldset className="flex flex-col gap-1" aria-describedby="profile-language-description">
          <legend className="sr-only">{m.accounts_language_title()}</legend>
          <p id="profile-language-description" className="mb-2 text-sm text-ink-muted">
            {m.accounts_language_description()}
          </p>
          {options.map((option) => (
            <label key={option.value ?? 'browser'} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="language"
                value={option.value ?? ''}
                checked={choice === option.value}
                onChange={() => {
                  setChoice(option.value)
                  setError(null)
                }}
                className="size-5 accent-brand"
              />
              <span lang={option.lang} className="break-words">
                {option.label}
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" busy={saving} busyLabel={m.common_saving()}>
            {m.accounts_language_save()}
          </Button>
        </div>
      </form>
    </Card>
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
          {m.accounts_edit_name()}
        </Button>
      </div>
    )
  }
  return (
    <form.AppForm>
      <form.Form server={server} className="flex flex-col gap-3">
        <form.AppField name="displayName">{(field) => <field.TextField label={m.accounts_display_name()} autoComplete="name" autoFocus />}</form.AppField>
        <div className="flex flex-wrap gap-2">
          <form.SubmitButton>{m.accounts_save_name()}</form.SubmitButton>
          <Button
            variant="ghost"
            onClick={() => {
              form.reset()
              server.clear()
              setEditing(false)
            }}
          >
            {m.accounts_cancel()}
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
      title={m.accounts_change_email()}
      description={m.accounts_change_email_description()}
    >
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="newEmail">{(field) => <field.TextField label={m.accounts_new_email()} type="email" autoComplete="email" inputMode="email" />}</form.AppField>
          <form.AppField name="password">{(field) => <field.TextField label={m.accounts_your_password()} type="password" autoComplete="current-password" />}</form.AppField>
          <form.DialogFooter onCancel={() => change(false)}>{m.accounts_change_email()}</form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}
