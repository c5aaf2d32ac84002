import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ClipboardList } from 'lucide-react'
import { additionalInfoLabels } from '@/contract/people'
import { myAdditionalInfoQueryOptions } from '@/features/people/people-queries'

/** The dashboard card asking for the university details while required ones are missing. */
export function AdditionalInfoPrompt() {
  const info = useQuery(myAdditionalInfoQueryOptions())
  if (!info.data || info.data.missing.length === 0) return null
  const missing = info.data.missing.map((field) => additionalInfoLabels[field].toLowerCase())
  return (
    <section aria-labelledby="additional-info-prompt" className="flex items-start gap-3 rounded-lg border border-brand/40 bg-brand/10 p-4">
      <ClipboardList aria-hidden className="mt-0.5 size-5 shrink-0 text-ink" />
      <div>
        <h2 id="additional-info-prompt" className="font-semibold text-ink">
          Complete your details for the university
        </h2>
        <p className="mt-1 text-sm text-ink">Still missing: {missing.join(', ')}.</p>
        <p className="mt-2">
          <Link to="/additional-info" className="font-medium text-brand underline underline-offset-2">
            Complete your details
          </Link>
        </p>
      </div>
    </section>
  )
}
