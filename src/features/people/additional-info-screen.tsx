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

const inputProps: Record<AdditionalInfoField, { autoComplete?: string; inputMode?: 'tel' | 'text'; type?: string; description?: string; maxLength: number }> = {
  fullName: { autoComplete: 'name', maxLength: 120, description: 'As registered at the university.' },
  nameKana: { maxLength: 120, description: 'In katakana or hiragana, e.g. ヤマダ ハナコ.' },
  studentNumber: { autoComplete: 'off', maxLength: 40, description: 'Letters and digits, 4 to 20.' },
  faculty: { autoComplete: 'organization', maxLength: 120 },
  department: { maxLength: 120 },
  phone: { autoComplete: 'tel', inputMode: 'tel', type: 'tel', maxLength: 40, description: 'Optional. Digits, spaces, + and -.' },
}

const isRequired = (field: AdditionalInfoField) => (requiredAdditionalInfoFields as readonly string[]).includes(field)

/** `/additional-info`: the private details the university asks the club for. */
export function AdditionalInfoScreen() {
  const info = useQuery(myAdditionalInfoQueryOptions())
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeader title="University details" description="The club must give these to the university each year." />
      <p className="mb-6 flex items-start gap-2 rounded-md border border-line bg-surface-2 p-3 text-sm text-ink">
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong>Private.</strong> Only you, the club’s executives and the administrators can see these details. They never appear in the
          members directory or your intro.
        </span>
      </p>
      {info.isPending ? (
        <LoadingBlock label="Loading your details…" />
      ) : info.isError ? (
        <QueryErrorBlock error={info.error} onRetry={() => void info.refetch()} what="Your details" />
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
        toast.success('Your details are saved.')
      } catch (error) {
        server.show(error)
      }
    },
  })

  return (
    <form.AppForm>
      <form.Form server={server} aria-label="University details" className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">Fields marked * are required.</p>
        {additionalInfoFields.map((name) => (
          <form.AppField key={name} name={name}>
            {(field) => <field.TextField label={`${additionalInfoLabels[name]}${isRequired(name) ? ' *' : ''}`} name={name} required={isRequired(name)} {...inputProps[name]} />}
          </form.AppField>
        ))}
        <div>
          <form.SubmitButton>Save details</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
