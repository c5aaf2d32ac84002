import { toast } from 'sonner'
import { Dialog } from '@/components/ui/dialog'
import { useAppForm } from '@/components/form/form-kit'
import { bulkReviewInputSchema, reviewInputSchema, type Application, type ReviewDecision } from '@/contract/lives'
import { schemaValidator, useServerErrors } from '@/components/form/server-errors'
import { decisionVerbs } from './application-review-parts'
import { useBulkReview, useReviewApplication } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

/** Which review the dialog asks about: one application, or the selected ones. */
export type ReviewRequest =
  | { kind: 'one'; application: Application; status: ReviewDecision }
  | { kind: 'bulk'; eventId: string; applications: Application[]; status: ReviewDecision }

const NOTE_MAX = 500

function dialogTitle(request: ReviewRequest) {
  const { ask, askMany } = decisionVerbs[request.status]
  if (request.kind === 'one') return ask({ band: request.application.band.name })
  return askMany({ count: request.applications.length })
}

function doneMessage(request: ReviewRequest) {
  const { done, doneMany } = decisionVerbs[request.status]
  if (request.kind === 'one') return done({ band: request.application.band.name })
  return doneMany({ count: request.applications.length })
}

/**
 * Confirms a review, with a note for the band (required to reject). A refusal from the server
 * (the band limit is reached, a band withdrew meanwhile) stays in the dialog with its sentence.
 * Mounted once per request (keyed), so an earlier answer never shows for another one.
 */
export function ReviewDialog({ request, onClose, onDone }: { request: ReviewRequest | null; onClose: () => void; onDone?: () => void }) {
  const review = useReviewApplication()
  const bulk = useBulkReview()
  const server = useServerErrors()
  const schema = request?.kind === 'bulk' ? bulkReviewInputSchema : reviewInputSchema
  const form = useAppForm({
    defaultValues: { note: request?.kind === 'one' && request.application.status === request.status ? (request.application.reviewNote ?? '') : '' },
    validators: {
      onSubmit: ({ value }) => {
        if (!request) return undefined
        if (request.kind === 'bulk') {
          return schemaValidator(schema)({ value: { applicationIds: request.applications.map((application) => application.id), status: request.status, note: value.note } })
        }
        return schemaValidator(schema)({ value: { status: request.status, note: value.note } })
      },
    },
    onSubmit: async ({ value }) => {
      if (!request) return
      server.clear()
      try {
        if (request.kind === 'one') {
          await review.mutateAsync({ applicationId: request.application.id, input: reviewInputSchema.parse({ status: request.status, note: value.note }) })
        } else {
          const input = bulkReviewInputSchema.parse({ applicationIds: request.applications.map((application) => application.id), status: request.status, note: value.note })
          await bulk.mutateAsync({ eventId: request.eventId, input })
        }
        toast.success(doneMessage(request))
        onDone?.()
        onClose()
      } catch (error) {
        server.show(error)
      }
    },
  })
  const rejecting = request?.status === 'rejected'
  const bands = request?.kind === 'bulk' ? request.applications.map((application) => application.band.name).join(m.lives_list_separator()) : null

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !form.state.isSubmitting) onClose()
      }}
      title={request ? dialogTitle(request) : m.lives_review()}
      description={
        bands ? m.lives_review_mail_many({ bands }) : m.lives_review_mail_one()
      }
    >
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="note">
            {(field) => (
              <field.TextAreaField
                label={rejecting ? m.lives_note_required() : m.lives_note_optional()}
                maxLength={NOTE_MAX}
                description={rejecting ? m.lives_note_say_why() : m.lives_note_up_to({ max: NOTE_MAX })}
              />
            )}
          </form.AppField>
          <form.DialogFooter onCancel={onClose} variant={rejecting ? 'danger' : 'primary'}>
            {request ? decisionVerbs[request.status].verb() : m.lives_save()}
          </form.DialogFooter>
        </form.Form>
      </form.AppForm>
    </Dialog>
  )
}
