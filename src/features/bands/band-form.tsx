import { useId, useState } from 'react'
import { useForm } from '@tanstack/react-form'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/feedback'
import { SelectField, TextAreaField, TextField, fieldMessages } from '@/components/ui/field'
import { MemberPicker } from '@/components/ui/member-picker'
import {
  MAX_BAND_MEMBERS,
  bandAdminInputSchema,
  bandInputSchema,
  bandStatuses,
  type Band,
  type BandAdminInput,
  type BandInput,
  type BandStatus,
} from '@/contract/bands'
import { parts, type Part } from '@/contract/people'
import { useServerErrors } from '@/components/form/server-errors'
import { bandStatusLabels } from './band-parts'
import { SubmitForm } from '@/components/ui/form'

const DESCRIPTION_MAX = 500

interface FormMember {
  userId: string
  /** Empty until chosen: the schema asks for a part. */
  part: Part | ''
  isLeader: boolean
}

interface FormValues {
  name: string
  genre: string
  description: string
  members: FormMember[]
  /** Only sent by executives (`admin`); the members' schema leaves it out. */
  status?: BandStatus
}

export interface BandFormInitial {
  name: string
  genre: string
  description: string
  status: BandStatus
  members: Array<FormMember & { displayName: string }>
}

/** The form's starting values for an existing band; deleted accounts cannot be edited and are left out. */
export function initialFromBand(band: Band): BandFormInitial {
  return {
    name: band.name,
    genre: band.genre,
    description: band.description,
    status: band.status,
    members: band.members.flatMap((member) =>
      member.userId === null ? [] : [{ userId: member.userId, displayName: member.displayName, part: member.part, isLeader: member.isLeader }],
    ),
  }
}

type Submit =
  | { admin: false; onSubmit: (input: BandInput) => Promise<unknown> }
  | { admin: true; onSubmit: (input: BandAdminInput) => Promise<unknown> }

/**
 * Name, genre, description and members (part each, exactly one leader) for registering and
 * editing a band; with `admin`, the status too. Client errors come from the shared schema,
 * server errors (`name`, `members`, `members.N.userId` …) go under the same fields.
 */
export function BandForm({
  initial,
  lockedUserId,
  leaderLocked = false,
  submitLabel,
  busyLabel = 'Saving…',
  ...submit
}: {
  initial: BandFormInitial
  /** This person's row cannot be removed (the registrant; a member leaves with "Leave band"). */
  lockedUserId?: string
  /** Only the leader hands over leadership: for other members the choice is shown, not editable. */
  leaderLocked?: boolean
  submitLabel: string
  busyLabel?: string
} & Submit) {
  const id = useId()
  const [names, setNames] = useState<Record<string, string>>(() => Object.fromEntries(initial.members.map((member) => [member.userId, member.displayName])))
  const serverErrors = useServerErrors()
  const schema = submit.admin ? bandAdminInputSchema : bandInputSchema

  const form = useForm({
    defaultValues: {
      name: initial.name,
      genre: initial.genre,
      description: initial.description,
      status: initial.status,
      members: initial.members.map(({ userId, part, isLeader }) => ({ userId, part, isLeader })),
    } as FormValues,
    validators: { onSubmit: schema },
    onSubmit: async ({ value }) => {
      serverErrors.clear()
      try {
        if (submit.admin) await submit.onSubmit(bandAdminInputSchema.parse(value))
        else await submit.onSubmit(bandInputSchema.parse(value))
      } catch (error) {
        serverErrors.show(error)
      }
    },
  })

  const server = (path: string) => serverErrors.fields[path]
  /** Member rows moved: the server's row messages no longer point at the right rows. */
  const dropServerMemberErrors = () =>
    serverErrors.dropFields((path) => path === 'members' || path.startsWith('members.'))

  return (
    <SubmitForm
      onSubmit={form.handleSubmit}
      className="flex flex-col gap-4"
    >
      {serverErrors.formError ? <FormAlert>{serverErrors.formError}</FormAlert> : null}
      <form.Field name="name">
        {(field) => (
          <TextField
            label="Band name"
            name="name"
            autoComplete="off"
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            maxLength={60}
            errors={[...fieldMessages(field.state.meta.errors), server('name')]}
          />
        )}
      </form.Field>
      <form.Field name="genre">
        {(field) => (
          <TextField
            label="Genre or artist covered"
            name="genre"
            autoComplete="off"
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            maxLength={80}
            description="Optional, e.g. “J-rock” or “Sakanaction covers”."
            errors={[...fieldMessages(field.state.meta.errors), server('genre')]}
          />
        )}
      </form.Field>
      <form.Field name="description">
        {(field) => (
          <TextAreaField
            label="Description"
            name="description"
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            description={`${field.state.value.length} of ${DESCRIPTION_MAX} characters`}
            errors={[...fieldMessages(field.state.meta.errors), server('description')]}
          />
        )}
      </form.Field>
      {submit.admin ? (
        <form.Field name="status">
          {(field) => (
            <SelectField
              label="Status"
              name="status"
              value={field.state.value ?? 'active'}
              onChange={(event) => field.handleChange(event.target.value as BandStatus)}
              options={bandStatuses.map((status) => ({ value: status, label: bandStatusLabels[status] }))}
              description="A disbanded band frees its name and can no longer be edited by its members."
              errors={[...fieldMessages(field.state.meta.errors), server('status')]}
            />
          )}
        </form.Field>
      ) : null}

      <form.Field name="members" mode="array">
        {(membersField) => {
          const members = membersField.state.value
          const full = members.length >= MAX_BAND_MEMBERS
          const listErrors = [...fieldMessages(membersField.state.meta.errors), server('members')].filter(Boolean)
          return (
            <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3 sm:p-4" aria-describedby={`${id}-members-help`}>
              <legend className="px-1 text-sm font-semibold">Members</legend>
              <p id={`${id}-members-help`} className="text-sm text-ink-muted">
                {members.length} of {MAX_BAND_MEMBERS} members.{' '}
                {leaderLocked ? 'Choose each one’s part; only the leader can choose a new leader.' : 'Choose each one’s part and exactly one leader.'}
              </p>
              {listErrors[0] ? (
                <p role="alert" className="text-sm text-danger">
                  {listErrors[0]}
                </p>
              ) : null}
              <ul aria-label="Band members" className="flex flex-col divide-y divide-line">
                {members.map((member, index) => {
                  const name = names[member.userId] ?? 'Member'
                  const isYou = member.userId === lockedUserId
                  // Removing the leader would hand over leadership, which only the leader does.
                  const locked = isYou || (leaderLocked && member.isLeader)
                  return (
                    <li key={member.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center">
                      <span className="min-w-0 font-medium break-words sm:w-40">
                        {name}
                        {isYou ? <span className="text-ink-muted"> (you)</span> : null}
                      </span>
                      <form.Field name={`members[${index}].part`}>
                        {(field) => {
                          const error = [...fieldMessages(field.state.meta.errors), server(`members.${index}.part`)].find(Boolean)
                          return (
                            <div className="flex flex-col gap-1">
                              <div className="flex items-center gap-2">
                                <label htmlFor={`${id}-part-${index}`} className="text-sm">
                                  Part
                                </label>
                                <select
                                  id={`${id}-part-${index}`}
                                  aria-label={`Part for ${name}`}
                                  aria-invalid={Boolean(error)}
                                  aria-describedby={error ? `${id}-part-${index}-error` : undefined}
                                  value={field.state.value}
                                  onChange={(event) => field.handleChange(event.target.value as Part)}
                                  className="min-h-11 rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[invalid=true]:border-danger"
                                >
                                  <option value="">Choose a part</option>
                                  {parts.map((part) => (
                                    <option key={part} value={part}>
                                      {part}
                                    </option>
                                  ))}
                                </select>
                              </div>
                              {error ? (
                                <p id={`${id}-part-${index}-error`} className="text-sm text-danger">
                                  {error}
                                </p>
                              ) : null}
                            </div>
                          )
                        }}
                      </form.Field>
                      <label className="flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="radio"
                          name={`${id}-leader`}
                          className="size-5 accent-brand"
                          aria-label={`Leader: ${name}`}
                          checked={member.isLeader}
                          disabled={leaderLocked}
                          onChange={() => membersField.handleChange(members.map((other, position) => ({ ...other, isLeader: position === index })))}
                        />
                        Leader
                      </label>
                      {locked ? null : (
                        <Button
                          variant="ghost"
                          aria-label={`Remove ${name}`}
                          className="sm:ml-auto"
                          onClick={() => {
                            dropServerMemberErrors()
                            membersField.removeValue(index)
                          }}
                        >
                          <X aria-hidden className="size-4" />
                          Remove
                        </Button>
                      )}
                      <form.Field name={`members[${index}].userId`}>
                        {(field) => {
                          const error = [...fieldMessages(field.state.meta.errors), server(`members.${index}.userId`), server(`members.${index}`)].find(Boolean)
                          return error ? <p className="w-full text-sm text-danger">{error}</p> : null
                        }}
                      </form.Field>
                    </li>
                  )
                })}
              </ul>
              <MemberPicker
                label="Add a member"
                exclude={members.map((member) => member.userId)}
                disabled={full}
                description={full ? `A band has at most ${MAX_BAND_MEMBERS} members.` : 'Search by name; ↑/↓ to choose, Enter to add.'}
                onPick={(person) => {
                  if (members.length >= MAX_BAND_MEMBERS || members.some((member) => member.userId === person.id)) return
                  dropServerMemberErrors()
                  setNames((known) => ({ ...known, [person.id]: person.displayName }))
                  membersField.pushValue({ userId: person.id, part: '', isLeader: members.length === 0 })
                }}
              />
            </fieldset>
          )
        }}
      </form.Field>

      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <div>
            <Button type="submit" busy={isSubmitting} busyLabel={busyLabel}>
              {submitLabel}
            </Button>
          </div>
        )}
      </form.Subscribe>
    </SubmitForm>
  )
}
