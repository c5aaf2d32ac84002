import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useStore } from '@tanstack/react-form'
import { toast } from 'sonner'
import { m } from '@/i18n/paraglide/messages.js'
import { useAppForm } from '@/components/form/form-kit'
import { useServerErrors } from '@/components/form/server-errors'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { feedbackCategoryLabels, feedbackTargetLabels } from '@/contract/choices'
import { dayLabel } from '@/contract/calendar'
import { FEEDBACK_MAX, feedbackCategories, feedbackInputSchema, type FeedbackInput, type FeedbackOptions } from '@/contract/feedback'
import { fieldErrors } from '@/contract/field-errors'
import { ApiError } from '@/lib/api-client'
import { feedbackOptionsQueryOptions, useSendFeedback } from './feedback-queries'
import type { FeedbackFormSearch } from './feedback-search'

const routeApi = getRouteApi('/_authenticated/feedback-form')

interface FormValues {
  target: '' | 'club' | 'performance'
  category: string
  eventId: string
  bandId: string
  body: string
  anonymous: boolean
}

/** The form's values as the request: empty choices are left out, and only what the kind needs is sent. */
function toInput(value: FormValues): FeedbackInput {
  const club = value.target === 'club'
  const performance = value.target === 'performance'
  return {
    target: (value.target || undefined) as FeedbackInput['target'],
    category: club && value.category ? (value.category as FeedbackInput['category']) : undefined,
    eventId: performance && value.eventId ? value.eventId : undefined,
    bandId: performance && value.bandId ? value.bandId : undefined,
    body: value.body,
    anonymous: value.anonymous,
  }
}

function validate({ value }: { value: FormValues }) {
  const result = feedbackInputSchema.safeParse(toInput(value))
  return result.success ? undefined : { fields: fieldErrors(result.error.issues) }
}

const linkClass = 'font-medium text-brand underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

/** `/feedback-form`: a suggestion to the executives or feedback on a band's performance at a live. */
export function FeedbackFormScreen() {
  const search = routeApi.useSearch()
  const options = useQuery(feedbackOptionsQueryOptions())
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader
        title={m.feedback_send()}
        description={
          <>
            {m.feedback_form_lead_before()}
            <Link to="/feedback-list" className={linkClass}>
              {m.feedback_title()}
            </Link>
            {m.feedback_form_lead_after()}
          </>
        }
      />
      {options.isPending ? (
        <LoadingBlock />
      ) : options.isError ? (
        <QueryErrorBlock error={options.error} onRetry={() => void options.refetch()} what={m.feedback_the_form()} />
      ) : (
        <FeedbackForm key={`${search.eventId}|${search.bandId}`} options={options.data} search={search} />
      )}
    </div>
  )
}

function FeedbackForm({ options, search }: { options: FeedbackOptions; search: FeedbackFormSearch }) {
  const navigate = useNavigate()
  const send = useSendFeedback()
  const server = useServerErrors()
  const startEvent = options.events.find((event) => event.id === search.eventId)
  const startBand = startEvent?.bands.find((band) => band.id === search.bandId)

  const form = useAppForm({
    defaultValues: {
      target: startEvent ? 'performance' : '',
      category: '',
      eventId: startEvent?.id ?? '',
      bandId: startBand?.id ?? '',
      body: '',
      anonymous: false,
    } as FormValues,
    validators: { onSubmit: validate },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const sent = await send.mutateAsync(feedbackInputSchema.parse(toInput(value)))
        toast.success(sent.target === 'performance' && sent.band ? m.feedback_sent_to_band({ name: sent.band.name }) : m.feedback_sent_to_executives())
        await navigate({ to: '/feedback-list' })
      } catch (error) {
        // The server's own sentence says how long to wait (the limit is per hour).
        server.show(error, error instanceof ApiError && error.status === 429 ? error.message : undefined)
      }
    },
  })

  const values = useStore(form.store, (state) => state.values)
  const event = options.events.find((candidate) => candidate.id === values.eventId)

  return (
    <Card>
      <form.AppForm>
        <form.Form server={server} aria-label={m.feedback_send()} className="flex flex-col gap-4">
          <form.AppField name="target">
            {(field) => (
              <field.SelectField
                label={m.feedback_what_about()}
                options={[
                  { value: '', label: m.feedback_choose() },
                  { value: 'club', label: feedbackTargetLabels.club },
                  { value: 'performance', label: feedbackTargetLabels.performance },
                ]}
              />
            )}
          </form.AppField>

          {values.target === 'club' ? (
            <form.AppField name="category">
              {(field) => (
                <field.SelectField
                  label={m.feedback_category()}
                  options={[
                    { value: '', label: m.feedback_choose_category() },
                    ...feedbackCategories.map((category) => ({ value: category, label: feedbackCategoryLabels[category] })),
                  ]}
                />
              )}
            </form.AppField>
          ) : null}

          {values.target === 'performance' ? (
            options.events.length === 0 ? (
              <EmptyState title={m.feedback_no_live_yet()}>{m.feedback_no_live_yet_hint()}</EmptyState>
            ) : (
              <>
                <form.AppField
                  name="eventId"
                  listeners={{
                    // Another live has other bands: the band chosen for the last one no longer fits.
                    onChange: () => form.setFieldValue('bandId', ''),
                  }}
                >
                  {(field) => (
                    <field.SelectField
                      label={m.feedback_live()}
                      options={[
                        { value: '', label: m.feedback_choose_live() },
                        ...options.events.map((live) => ({
                          value: live.id,
                          label: m.feedback_live_with_day({ title: live.title, day: dayLabel(live.firstDay) }),
                        })),
                      ]}
                    />
                  )}
                </form.AppField>
                <form.AppField name="bandId">
                  {(field) => (
                    <field.SelectField
                      label={m.feedback_band()}
                      disabled={!event}
                      description={event ? m.feedback_bands_that_played() : m.feedback_choose_live_first()}
                      options={[{ value: '', label: m.feedback_choose_band() }, ...(event?.bands ?? []).map((band) => ({ value: band.id, label: band.name }))]}
                    />
                  )}
                </form.AppField>
              </>
            )
          ) : null}

          <form.AppField name="body">
            {(field) => (
              <field.TextAreaField
                label={m.feedback_your_feedback_label()}
                rows={6}
                maxLength={FEEDBACK_MAX}
                description={m.feedback_characters_of({ count: field.state.value.length, max: FEEDBACK_MAX })}
              />
            )}
          </form.AppField>

          {options.anonymousAllowed ? (
            <form.AppField name="anonymous">
              {(field) => <field.CheckboxField label={m.feedback_send_anonymously()} description={m.feedback_send_anonymously_hint()} />}
            </form.AppField>
          ) : (
            <p className="text-sm text-ink-muted">{m.feedback_no_anonymous()}</p>
          )}

          <div className="flex flex-wrap gap-2">
            <form.SubmitButton busyLabel={m.feedback_sending()}>{m.feedback_send()}</form.SubmitButton>
          </div>
        </form.Form>
      </form.AppForm>
    </Card>
  )
}
