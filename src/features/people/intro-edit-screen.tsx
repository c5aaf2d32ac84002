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
import { partLabel } from '@/contract/choices'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { myIntroQueryOptions, saveMyIntro } from '@/features/people/people-queries'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { useAppForm, useFieldContext, useFieldErrors } from '@/components/form/form-kit'
import { m } from '@/i18n/paraglide/messages.js'

export function IntroEditScreen() {
  const intro = useQuery(myIntroQueryOptions())
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeader title={m.people_edit_intro()} description={m.people_edit_intro_lead()} />
      {intro.isPending ? (
        <LoadingBlock label={m.people_loading_your_intro()} />
      ) : intro.isError ? (
        <QueryErrorBlock error={intro.error} onRetry={() => void intro.refetch()} what={m.people_your_intro()} />
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
            label={partLabel(part)}
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
        toast.success(m.people_intro_saved())
        await navigate({ to: '/intro' })
      } catch (error) {
        server.show(error)
      }
    },
  })

  return (
    <form.AppForm>
      <form.Form server={server} aria-label={m.people_intro()} className="flex flex-col gap-6">
        <form.AppField name="nickname">
          {(field) => (
            <field.TextField
              label={m.people_nickname()}
              autoComplete="nickname"
              maxLength={NICKNAME_MAX * 2}
              description={m.people_nickname_description({ max: NICKNAME_MAX })}
            />
          )}
        </form.AppField>

        <form.AppField name="parts">{() => <PartsFieldset legend={m.people_parts_you_play()} />}</form.AppField>

        <form.AppField name="favouriteArtists" mode="array">
          {(field) => {
            const artists = field.state.value
            const full = artists.length >= FAVOURITE_ARTISTS_MAX
            return (
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-1 text-sm font-medium text-ink">{m.people_favourite_artists()}</legend>
                {artists.length === 0 ? <p className="text-sm text-ink-muted">{m.people_none_yet()}</p> : null}
                <RepeatedRows
                  field={field}
                  newRow={() => ''}
                  max={FAVOURITE_ARTISTS_MAX}
                  focusAfterRemove="previous"
                  addLabel={m.people_add_artist()}
                  addNote={
                    <p className="text-sm text-ink-muted" aria-live="polite">
                      {full ? m.people_artists_limit({ max: FAVOURITE_ARTISTS_MAX }) : m.people_artists_count({ count: artists.length, max: FAVOURITE_ARTISTS_MAX })}
                    </p>
                  }
                >
                  {(index, remove) => (
                    <div className="flex items-start gap-2">
                      <form.AppField name={`favouriteArtists[${index}]`}>
                        {(artist) => (
                          <div className="min-w-0 flex-1">
                            <artist.TextField label={m.people_artist_n({ n: index + 1 })} maxLength={ARTIST_NAME_MAX * 2} />
                          </div>
                        )}
                      </form.AppField>
                      <Button variant="ghost" className="mt-6 shrink-0" aria-label={m.people_remove_artist({ n: index + 1 })} onClick={remove}>
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
                label={m.people_about_you()}
                rows={8}
                description={
                  <span className={over ? 'font-medium text-danger' : undefined} data-testid="body-count">
                    {over ? m.people_body_count_over({ used, max: INTRO_BODY_MAX, over: used - INTRO_BODY_MAX }) : m.people_body_count({ used, max: INTRO_BODY_MAX })}
                  </span>
                }
              />
            )
          }}
        </form.AppField>

        <form.AppField name="lookingForBand">
          {(field) => <field.CheckboxField label={m.people_i_am_looking()} description={m.people_i_am_looking_description()} />}
        </form.AppField>

        <form.Subscribe selector={(state) => state.values.lookingForBand}>
          {(looking) =>
            looking ? (
              <form.AppField name="wantedParts">{() => <PartsFieldset legend={m.people_wanted_parts()} />}</form.AppField>
            ) : null
          }
        </form.Subscribe>

        <div className="flex flex-wrap gap-2">
          <form.SubmitButton>{m.people_save_intro()}</form.SubmitButton>
          <Link
            to="/intro"
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {m.people_cancel()}
          </Link>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
