import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { toast } from 'sonner'
import { X } from 'lucide-react'
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
import { CheckboxField } from '@/components/ui/field'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { myIntroQueryOptions, saveMyIntro } from '@/features/people/people-queries'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { useAppForm, useFieldContext, useFieldErrors } from '@/components/form/form-kit'

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

/** A group of part checkboxes bound to a list field; parts keep the club's order. */
function PartsFieldset({ legend }: { legend: string }) {
  const field = useFieldContext<Part[]>()
  const error = useFieldErrors().find(Boolean)
  const value = field.state.value
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {parts.map((part) => (
          <CheckboxField
            key={part}
            label={part}
            checked={value.includes(part)}
            onChange={(event) => field.handleChange(event.target.checked ? parts.filter((p) => p === part || value.includes(p)) : value.filter((p) => p !== part))}
          />
        ))}
      </div>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  )
}

function IntroForm({ intro }: { intro: MemberIntro }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const server = useServerErrors()

  const form = useAppForm({
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

  return (
    <form.AppForm>
      <form.Form server={server} aria-label="Intro" className="flex flex-col gap-6">
        <form.AppField name="nickname">
          {(field) => (
            <field.TextField
              label="Nickname (optional)"
              autoComplete="nickname"
              maxLength={NICKNAME_MAX * 2}
              description={`What people call you, up to ${NICKNAME_MAX} characters.`}
            />
          )}
        </form.AppField>

        <form.AppField name="parts">{() => <PartsFieldset legend="Parts you play" />}</form.AppField>

        <form.AppField name="favouriteArtists" mode="array">
          {(field) => {
            const artists = field.state.value
            const full = artists.length >= FAVOURITE_ARTISTS_MAX
            return (
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-1 text-sm font-medium text-ink">Favourite artists</legend>
                {artists.length === 0 ? <p className="text-sm text-ink-muted">None yet.</p> : null}
                <RepeatedRows
                  field={field}
                  newRow={() => ''}
                  max={FAVOURITE_ARTISTS_MAX}
                  focusAfterRemove="previous"
                  addLabel="Add artist"
                  addNote={
                    <p className="text-sm text-ink-muted" aria-live="polite">
                      {full ? `That is the limit of ${FAVOURITE_ARTISTS_MAX} artists.` : `${artists.length} of ${FAVOURITE_ARTISTS_MAX}`}
                    </p>
                  }
                >
                  {(index, remove) => (
                    <div className="flex items-start gap-2">
                      <form.AppField name={`favouriteArtists[${index}]`}>
                        {(artist) => (
                          <div className="min-w-0 flex-1">
                            <artist.TextField label={`Artist ${index + 1}`} maxLength={ARTIST_NAME_MAX * 2} />
                          </div>
                        )}
                      </form.AppField>
                      <Button variant="ghost" className="mt-6 shrink-0" aria-label={`Remove artist ${index + 1}`} onClick={remove}>
                        <X aria-hidden className="size-4" />
                      </Button>
                    </div>
                  )}
                </RepeatedRows>
                <field.ErrorText />
              </fieldset>
            )
          }}
        </form.AppField>

        <form.AppField name="body">
          {(field) => {
            const used = charCount(field.state.value)
            const over = used > INTRO_BODY_MAX
            return (
              <field.TextAreaField
                label="About you"
                rows={8}
                description={
                  <span className={over ? 'font-medium text-danger' : undefined} data-testid="body-count">
                    {used} / {INTRO_BODY_MAX} characters{over ? ` — ${used - INTRO_BODY_MAX} too many` : ''}
                  </span>
                }
              />
            )
          }}
        </form.AppField>

        <form.AppField name="lookingForBand">
          {(field) => <field.CheckboxField label="I am looking for a band" description="Bands looking for members can find you in the directory." />}
        </form.AppField>

        <form.Subscribe selector={(state) => state.values.lookingForBand}>
          {(looking) =>
            looking ? (
              <form.AppField name="wantedParts">{() => <PartsFieldset legend="Parts you would like to play in a band (none = any)" />}</form.AppField>
            ) : null
          }
        </form.Subscribe>

        <div className="flex flex-wrap gap-2">
          <form.SubmitButton>Save intro</form.SubmitButton>
          <Link
            to="/intro"
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Cancel
          </Link>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
