import { useId, useState } from 'react'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
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
import { useAppForm, useFieldContext, useFieldErrors } from '@/components/form/form-kit'

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

/** A member's part: a compact select labelled "Part" beside the member's name. */
function MemberPartSelect({ id, memberName }: { id: string; memberName: string }) {
  const field = useFieldContext<Part | ''>()
  const error = useFieldErrors().find(Boolean)
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm">
          Part
        </label>
        <select
          id={id}
          aria-label={`Part for ${memberName}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
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
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
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

  const form = useAppForm({
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

  /** Member rows moved: the server's row messages no longer point at the right rows. */
  const dropServerMemberErrors = () =>
    serverErrors.dropFields((path) => path === 'members' || path.startsWith('members['))

  return (
    <form.AppForm>
      <form.Form server={serverErrors} className="flex flex-col gap-4">
        <form.AppField name="name">{(field) => <field.TextField label="Band name" autoComplete="off" maxLength={60} />}</form.AppField>
        <form.AppField name="genre">
          {(field) => <field.TextField label="Genre or artist covered" autoComplete="off" maxLength={80} description="Optional, e.g. “J-rock” or “Sakanaction covers”." />}
        </form.AppField>
        <form.AppField name="description">
          {(field) => <field.TextAreaField label="Description" description={`${field.state.value.length} of ${DESCRIPTION_MAX} characters`} />}
        </form.AppField>
        {submit.admin ? (
          <form.AppField name="status">
            {(field) => (
              <field.SelectField
                label="Status"
                options={bandStatuses.map((status) => ({ value: status, label: bandStatusLabels[status] }))}
                description="A disbanded band frees its name and can no longer be edited by its members."
              />
            )}
          </form.AppField>
        ) : null}

        <form.AppField name="members" mode="array">
          {(membersField) => {
            const members = membersField.state.value
            const full = members.length >= MAX_BAND_MEMBERS
            return (
              <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3 sm:p-4" aria-describedby={`${id}-members-help`}>
                <legend className="px-1 text-sm font-semibold">Members</legend>
                <p id={`${id}-members-help`} className="text-sm text-ink-muted">
                  {members.length} of {MAX_BAND_MEMBERS} members.{' '}
                  {leaderLocked ? 'Choose each one’s part; only the leader can choose a new leader.' : 'Choose each one’s part and exactly one leader.'}
                </p>
                <membersField.ErrorText role="alert" />
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
                        <form.AppField name={`members[${index}].part`}>{() => <MemberPartSelect id={`${id}-part-${index}`} memberName={name} />}</form.AppField>
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
                        <form.AppField name={`members[${index}].userId`}>{(field) => <field.ErrorText className="w-full" rowError={`members[${index}]`} />}</form.AppField>
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
        </form.AppField>

        <div>
          <form.SubmitButton busyLabel={busyLabel}>{submitLabel}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
