import { useId } from 'react'
import { X } from 'lucide-react'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { Button } from '@/components/ui/button'
import { MAX_SONGS, emptySong, type ApplicationFormApi } from './application-form-values'

/**
 * The set list: 1–10 songs with title, artist and length (m:ss). Adding a song moves the focus
 * to its title; removing one moves it to the song that takes its place.
 */
export function SongListFields({ form, onRowsMoved }: { form: ApplicationFormApi; onRowsMoved: () => void }) {
  const id = useId()
  return (
    <form.AppField name="songs" mode="array">
      {(songsField) => {
        const songs = songsField.state.value
        const full = songs.length >= MAX_SONGS
        return (
          <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-help`}>
            <legend className="text-base font-semibold text-ink">Songs</legend>
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              {songs.length} of {MAX_SONGS} songs, in the order you will play them.
            </p>
            <songsField.ErrorText role="alert" />
            <RepeatedRows
              field={songsField}
              newRow={emptySong}
              max={MAX_SONGS}
              listLabel="Set list"
              addLabel="Add a song"
              addNote={full ? <p className="text-sm text-ink-muted">A band plays at most {MAX_SONGS} songs.</p> : null}
              onRowsMoved={onRowsMoved}
            >
              {(index, remove) => (
                <fieldset className="grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_7rem]">
                  <legend className="px-1 text-sm font-medium text-ink">Song {index + 1}</legend>
                  <form.AppField name={`songs[${index}].title`}>{(field) => <field.TextField label="Title" autoComplete="off" maxLength={100} />}</form.AppField>
                  <form.AppField name={`songs[${index}].artist`}>{(field) => <field.TextField label="Artist" autoComplete="off" maxLength={100} />}</form.AppField>
                  <form.AppField name={`songs[${index}].length`}>
                    {(field) => <field.TextField label="Length" autoComplete="off" placeholder="4:30" maxLength={5} rowError={`songs[${index}]`} />}
                  </form.AppField>
                  {songs.length > 1 ? (
                    <div className="sm:col-span-3">
                      <Button variant="ghost" aria-label={`Remove song ${index + 1}`} onClick={remove}>
                        <X aria-hidden className="size-4" />
                        Remove
                      </Button>
                    </div>
                  ) : null}
                </fieldset>
              )}
            </RepeatedRows>
          </fieldset>
        )
      }}
    </form.AppField>
  )
}
