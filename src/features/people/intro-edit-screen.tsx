import { useRef } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from '@tanstack/react-form'
import { toast } from 'sonner'
import { Plus, X } from 'lucide-react'
import {
  ARTIST_NAME_MAX,
  FAVOURITE_ARTISTS_MAX,
  INTRO_BODY_MAX,
  NICKNAME_MAX,
  charCount,
  introFormSchema,
  parts,
  type MemberIntro,
  type Part,
} from '@/contract/people'
import { useServerErrors } from '@/components/form/server-errors'
import { Button } from '@/components/ui/button'
import { CheckboxField, TextAreaField, TextField, fieldMessages } from '@/components/ui/field'
import { FormAlert, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { myIntroQueryOptions, saveMyIntro } from '@/features/people/people-queries'
import { SubmitForm } from '@/components/ui/form'

export function IntroEditScreen() {
  const intro = useQuery(myIntroQueryOptions())
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeader title="Edit my intro" description="Everything here is visible to every club member." />
      {intro.isPending ? (
        <LoadingBlock label="Loading your intro…" />
      ) : intro.isError ? (
        <QueryErrorBlock error={intro.error} onRetry={() => void intro.refetch()} what="Your intro" />
      ) : (
        <IntroForm intro={intro.data} />
      )}
    </div>
  )
}

interface FormValues {
  nickname: string
  parts: Part[]
  favouriteArtists: string[]
  body: string
  lookingForBand: boolean
  wantedParts: Part[]
}

/** Server field paths (`favouriteArtists.2`) → the form's field names (`favouriteArtists[2]`). */
const fieldName = (path: string) => path.replace(/\.(\d+)/g, '[$1]')

function FieldError({ messages }: { messages: string[] }) {
  return messages[0] ? <p className="text-sm text-danger">{messages[0]}</p> : null
}

function PartsFieldset({
  legend,
  value,
  onChange,
  errors,
}: {
  legend: string
  value: Part[]
  onChange: (next: Part[]) => void
  errors: string[]
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {parts.map((part) => (
          <CheckboxField
            key={part}
            label={part}
            checked={value.includes(part)}
            onChange={(event) => onChange(event.target.checked ? parts.filter((p) => p === part || value.includes(p)) : value.filter((p) => p !== part))}
          />
        ))}
      </div>
      <FieldError messages={errors} />
    </fieldset>
  )
}

function IntroForm({ intro }: { intro: MemberIntro }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const server = useServerErrors(fieldName)
  const formRef = useRef<HTMLFormElement>(null)
  // Keyboard path: after adding a row, focus its input; after removing one, the row before it
  // (or "Add artist"), so focus never falls back to the page.
  const focusLater = (selector: string) =>
    setTimeout(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus(), 0)

  const form = useForm({
    defaultValues: {
      nickname: intro.nickname ?? '',
      parts: intro.parts,
      favouriteArtists: intro.favouriteArtists,
      body: intro.body,
      lookingForBand: intro.lookingForBand,
      wantedParts: intro.wantedParts,
    } as FormValues,
    validators: { onSubmit: introFormSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const input = introFormSchema.parse(value)
        const saved = await saveMyIntro(input)
        queryClient.setQueryData(myIntroQueryOptions().queryKey, saved)
        await queryClient.invalidateQueries({ queryKey: ['people'] })
        toast.success('Your intro is saved.')
        await navigate({ to: '/intro' })
      } catch (error) {
        server.show(error)
      }
    },
  })

  const serverError = (name: string) => (server.fields[name] ? [server.fields[name]] : [])

  return (
    <SubmitForm ref={formRef} onSubmit={form.handleSubmit} aria-label="Intro" className="flex flex-col gap-6">
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}

      <form.Field name="nickname">
        {(field) => (
          <TextField
            label="Nickname (optional)"
            name="nickname"
            autoComplete="nickname"
            maxLength={NICKNAME_MAX * 2}
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            errors={[...fieldMessages(field.state.meta.errors), ...serverError('nickname')]}
            description={`What people call you, up to ${NICKNAME_MAX} characters.`}
          />
        )}
      </form.Field>

      <form.Field name="parts">
        {(field) => (
          <PartsFieldset
            legend="Parts you play"
            value={field.state.value}
            onChange={(next) => field.handleChange(next)}
            errors={[...fieldMessages(field.state.meta.errors), ...serverError('parts')]}
          />
        )}
      </form.Field>

      <form.Field name="favouriteArtists" mode="array">
        {(field) => {
          const artists = field.state.value
          const full = artists.length >= FAVOURITE_ARTISTS_MAX
          return (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 text-sm font-medium text-ink">Favourite artists</legend>
              {artists.length === 0 ? <p className="text-sm text-ink-muted">None yet.</p> : null}
              <ol className="flex flex-col gap-3">
                {artists.map((_, index) => (
                  <li key={index} className="flex items-start gap-2">
                    <form.Field name={`favouriteArtists[${index}]`}>
                      {(artist) => (
                        <div className="min-w-0 flex-1">
                          <TextField
                            label={`Artist ${index + 1}`}
                            value={artist.state.value}
                            maxLength={ARTIST_NAME_MAX * 2}
                            onChange={(event) => artist.handleChange(event.target.value)}
                            onBlur={artist.handleBlur}
                            errors={[...fieldMessages(artist.state.meta.errors), ...serverError(`favouriteArtists[${index}]`)]}
                            data-artist-index={index}
                          />
                        </div>
                      )}
                    </form.Field>
                    <Button
                      variant="ghost"
                      className="mt-6 shrink-0"
                      aria-label={`Remove artist ${index + 1}`}
                      onClick={() => {
                        field.removeValue(index)
                        focusLater(index > 0 ? `[data-artist-index="${index - 1}"]` : '[data-add-artist]')
                      }}
                    >
                      <X aria-hidden className="size-4" />
                    </Button>
                  </li>
                ))}
              </ol>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="secondary"
                  disabled={full}
                  data-add-artist
                  onClick={() => {
                    field.pushValue('')
                    focusLater(`[data-artist-index="${artists.length}"]`)
                  }}
                >
                  <Plus aria-hidden className="size-4" /> Add artist
                </Button>
                <p className="text-sm text-ink-muted" aria-live="polite">
                  {full ? `That is the limit of ${FAVOURITE_ARTISTS_MAX} artists.` : `${artists.length} of ${FAVOURITE_ARTISTS_MAX}`}
                </p>
              </div>
              <FieldError messages={[...fieldMessages(field.state.meta.errors), ...serverError('favouriteArtists')]} />
            </fieldset>
          )
        }}
      </form.Field>

      <form.Field name="body">
        {(field) => {
          const used = charCount(field.state.value)
          const over = used > INTRO_BODY_MAX
          return (
            <TextAreaField
              label="About you"
              name="body"
              rows={8}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              errors={[...fieldMessages(field.state.meta.errors), ...serverError('body')]}
              description={
                <span className={over ? 'font-medium text-danger' : undefined} data-testid="body-count">
                  {used} / {INTRO_BODY_MAX} characters{over ? ` — ${used - INTRO_BODY_MAX} too many` : ''}
                </span>
              }
            />
          )
        }}
      </form.Field>

      <form.Field name="lookingForBand">
        {(field) => (
          <CheckboxField
            label="I am looking for a band"
            description="Bands looking for members can find you in the directory."
            checked={field.state.value}
            onChange={(event) => field.handleChange(event.target.checked)}
          />
        )}
      </form.Field>

      <form.Subscribe selector={(state) => state.values.lookingForBand}>
        {(looking) =>
          looking ? (
            <form.Field name="wantedParts">
              {(field) => (
                <PartsFieldset
                  legend="Parts you would like to play in a band (none = any)"
                  value={field.state.value}
                  onChange={(next) => field.handleChange(next)}
                  errors={[...fieldMessages(field.state.meta.errors), ...serverError('wantedParts')]}
                />
              )}
            </form.Field>
          ) : null
        }
      </form.Subscribe>

      <div className="flex flex-wrap gap-2">
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <Button type="submit" busy={isSubmitting} busyLabel="Saving…">
              Save intro
            </Button>
          )}
        </form.Subscribe>
        <Link
          to="/intro"
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Cancel
        </Link>
      </div>
    </SubmitForm>
  )
}
