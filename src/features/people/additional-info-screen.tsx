import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Lock } from 'lucide-react'
import {
  additionalInfoFields,
  additionalInfoFormSchema,
  additionalInfoLabels,
  requiredAdditionalInfoFields,
  type AdditionalInfo,
  type AdditionalInfoField,
} from '@/contract/people'
import { useServerErrors } from '@/components/form/server-errors'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { myAdditionalInfoQueryOptions, saveMyAdditionalInfo } from '@/features/people/people-queries'
import { useAppForm } from '@/components/form/form-kit'
import { m } from '@/i18n/paraglide/messages.js'

const inputProps: Record<AdditionalInfoField, { autoComplete?: string; inputMode?: 'tel' | 'text'; type?: string; description?: string; maxLength: number }> = {
  fullName: {
    autoComplete: 'name',
    maxLength: 120,
    get description() {
      return m.people_full_name_description()
    },
  },
  nameKana: {
    maxLength: 120,
    get description() {
      return m.people_name_kana_description()
    },
  },
  studentNumber: {
    autoComplete: 'off',
    maxLength: 40,
    get description() {
      return m.people_student_number_description()
    },
  },
  faculty: { autoComplete: 'organization', maxLength: 120 },
  department: { maxLength: 120 },
  phone: {
    autoComplete: 'tel',
    inputMode: 'tel',
    type: 'tel',
    maxLength: 40,
    get description() {
      return m.people_phone_description()
    },
  },
}

const isRequired = (field: AdditionalInfoField) => (requiredAdditionalInfoFields as readonly string[]).includes(field)

/** `/additional-info`: the private details the university asks the club for. */
export function AdditionalInfoScreen() {
  const info = useQuery(myAdditionalInfoQueryOptions())
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeader title={m.people_university_details()} description={m.people_university_details_lead()} />
      <p className="mb-6 flex items-start gap-2 rounded-md border border-line bg-surface-2 p-3 text-sm text-ink">
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong>{m.people_private()}</strong>
          {m.people_private_lead()}
        </span>
      </p>
      {info.isPending ? (
        <LoadingBlock label={m.people_loading_details()} />
      ) : info.isError ? (
        <QueryErrorBlock error={info.error} onRetry={() => void info.refetch()} what={m.people_your_details()} />
      ) : (
        <AdditionalInfoForm info={info.data.info} />
      )}
    </div>
  )
}

function AdditionalInfoForm({ info }: { info: AdditionalInfo }) {
  const queryClient = useQueryClient()
  const server = useServerErrors()

  const form = useAppForm({
    defaultValues: Object.fromEntries(additionalInfoFields.map((field) => [field, info[field] ?? ''])) as Record<AdditionalInfoField, string>,
    validators: { onSubmit: additionalInfoFormSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const saved = await saveMyAdditionalInfo(additionalInfoFormSchema.parse(value))
        queryClient.setQueryData(myAdditionalInfoQueryOptions().queryKey, saved)
        form.reset(Object.fromEntries(additionalInfoFields.map((field) => [field, saved.info[field] ?? ''])) as Record<AdditionalInfoField, string>)
        toast.success(m.people_details_saved())
      } catch (error) {
        server.show(error)
      }
    },
  })

  return (
    <form.AppForm>
      <form.Form server={server} aria-label={m.people_university_details()} className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{m.people_required_marked()}</p>
        {additionalInfoFields.map((name) => (
          <form.AppField key={name} name={name}>
            {(field) => <field.TextField label={`${additionalInfoLabels[name]}${isRequired(name) ? ' *' : ''}`} name={name} required={isRequired(name)} {...inputProps[name]} />}
          </form.AppField>
        ))}
        <div>
          <form.SubmitButton>{m.people_save_details()}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
