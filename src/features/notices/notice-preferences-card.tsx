import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { noticeDeliveries, noticeDeliveryLabels, executiveNoticeKinds, noticeKindLabels, noticeKinds, noticePreferencesSchema, type NoticeKind, type NoticePreferences } from '@/contract/notices'
import { useAppForm } from '@/components/form/form-kit'
import { useServerErrors } from '@/components/form/server-errors'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { m } from '@/i18n/paraglide/messages.js'
import { noticePreferencesQueryOptions, noticesKeys, saveNoticePreferences } from './notices-queries'

const deliveryOptions = () => noticeDeliveries.map((delivery) => ({ value: delivery, label: noticeDeliveryLabels[delivery]() }))

/** On the profile: how each kind of notice reaches me (in the app and by mail, in the app only, off). */
export function NoticePreferencesCard({ isExecutive }: { isExecutive: boolean }) {
  const preferences = useQuery(noticePreferencesQueryOptions())
  return (
    <Card title={m.notices_preferences_title()}>
      {preferences.isPending ? (
        <LoadingBlock label={m.notices_preferences_loading()} />
      ) : preferences.isError ? (
        <QueryErrorBlock error={preferences.error} onRetry={() => void preferences.refetch()} what={m.notices_preferences_what()} />
      ) : (
        <PreferencesForm initial={preferences.data} isExecutive={isExecutive} />
      )}
    </Card>
  )
}

function PreferencesForm({ initial, isExecutive }: { initial: NoticePreferences; isExecutive: boolean }) {
  const queryClient = useQueryClient()
  const server = useServerErrors()
  const save = useMutation({
    mutationFn: saveNoticePreferences,
    onSuccess: (saved) => queryClient.setQueryData(noticesKeys.preferences(), saved),
  })
  const form = useAppForm({
    defaultValues: initial,
    validators: { onSubmit: noticePreferencesSchema },
    onSubmit: async ({ value, formApi }) => {
      server.clear()
      try {
        const saved = await save.mutateAsync(noticePreferencesSchema.parse(value))
        formApi.reset(saved)
        toast.success(m.notices_preferences_saved())
      } catch (error) {
        server.show(error)
      }
    },
  })
  // Kinds for executives reach executives only; others keep the default, unseen.
  const shown = noticeKinds.filter((kind) => !executiveNoticeKinds.has(kind) || isExecutive)
  return (
    <form.AppForm>
      <form.Form server={server} aria-label={m.notices_preferences_form()} className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{m.notices_preferences_lead()}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {shown.map((kind: NoticeKind) => (
            <form.AppField key={kind} name={`preferences.${kind}`}>
              {(field) => <field.SelectField label={noticeKindLabels[kind].title()} description={noticeKindLabels[kind].description()} options={deliveryOptions()} />}
            </form.AppField>
          ))}
        </div>
        <div className="flex justify-end">
          <form.SubmitButton>{m.notices_preferences_save()}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
