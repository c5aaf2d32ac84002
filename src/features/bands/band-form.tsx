import { useId, useState } from 'react'
import { X } from 'lucide-react'
import { m } from '@/i18n/paraglide/messages.js'
import { Button } from '@/components/ui/button'
import { MemberPicker } from '@/components/ui/member-picker'
import {
  MAX_BAND_MEMBERS,
  bandAdminInputSchema,
  bandInputSchema,
  bandStatusLabels,
  bandStatuses,
  type Band,
  type BandAdminInput,
  type BandInput,
  type BandStatus,
} from '@/contract/bands'
import { parts, type Part } from '@/contract/people'
import { partLabel } from '@/contract/choices'
import { useServerErrors } from '@/components/form/server-errors'
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
          {m.bands_part()}
        </label>
        <select
          id={id}
          aria-label={m.bands_part_for({ name: memberName })}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          value={field.state.value}
          onChange={(event) => field.handleChange(event.target.value as Part)}
          className="min-h-11 rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[invalid=true]:border-danger"
        >
          <option value="">{m.bands_choose_part()}</option>
          {parts.map((part) => (
            <option key={part} value={part}>
              {partLabel(part)}
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
  busyLabel = m.bands_saving(),
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
        <form.AppField name="name">{(field) => <field.TextField label={m.bands_name()} autoComplete="off" maxLength={60} />}</form.AppField>
        <form.AppField name="genre">{(field) => <field.TextField label={m.bands_genre()} autoComplete="off" maxLength={80} description={m.bands_genre_hint()} />}</form.AppField>
        <form.AppField name="description">
          {(field) => <field.TextAreaField label={m.bands_description()} description={m.bands_characters_of({ count: field.state.value.length, max: DESCRIPTION_MAX })} />}
        </form.AppField>
        {submit.admin ? (
          <form.AppField name="status">
            {(field) => (
              <field.SelectField
                label={m.bands_status()}
                options={bandStatuses.map((status) => ({ value: status, label: bandStatusLabels[status]() }))}
                description={m.bands_status_hint()}
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
                <legend className="px-1 text-sm font-semibold">{m.bands_members()}</legend>
                <p id={`${id}-members-help`} className="text-sm text-ink-muted">
                  {m.bands_members_count({ count: members.length, max: MAX_BAND_MEMBERS })} {leaderLocked ? m.bands_members_help_locked() : m.bands_members_help()}
                </p>
                <membersField.ErrorText role="alert" />
                <ul aria-label={m.bands_band_members()} className="flex flex-col divide-y divide-line">
                  {members.map((member, index) => {
                    const name = names[member.userId] ?? m.bands_member()
                    const isYou = member.userId === lockedUserId
                    // Removing the leader would hand over leadership, which only the leader does.
                    const locked = isYou || (leaderLocked && member.isLeader)
                    return (
                      <li key={member.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center">
                        <span className="min-w-0 font-medium break-words sm:w-40">
                          {name}
                          {isYou ? <span className="text-ink-muted">{m.bands_you()}</span> : null}
                        </span>
                        <form.AppField name={`members[${index}].part`}>{() => <MemberPartSelect id={`${id}-part-${index}`} memberName={name} />}</form.AppField>
                        <label className="flex min-h-11 items-center gap-2 text-sm">
                          <input
                            type="radio"
                            name={`${id}-leader`}
                            className="size-5 accent-brand"
                            aria-label={m.bands_leader_of({ name })}
                            checked={member.isLeader}
                            disabled={leaderLocked}
                            onChange={() => membersField.handleChange(members.map((other, position) => ({ ...other, isLeader: position === index })))}
                          />
                          {m.bands_leader()}
                        </label>
                        {locked ? null : (
                          <Button
                            variant="ghost"
                            aria-label={m.bands_remove_member({ name })}
                            className="sm:ml-auto"
                            onClick={() => {
                              dropServerMemberErrors()
                              membersField.removeValue(index)
                            }}
                          >
                            <X aria-hidden className="size-4" />
                            {m.bands_remove()}
                          </Button>
                        )}
                        <form.AppField name={`members[${index}].userId`}>{(field) => <field.ErrorText className="w-full" rowError={`members[${index}]`} />}</form.AppField>
                      </li>
                    )
                  })}
                </ul>
                <MemberPicker
                  label={m.bands_add_member()}
                  exclude={members.map((member) => member.userId)}
                  disabled={full}
                  description={full ? m.bands_at_most_members({ max: MAX_BAND_MEMBERS }) : m.bands_add_member_hint()}
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
