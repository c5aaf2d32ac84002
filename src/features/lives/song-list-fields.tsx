import { useId, useRef } from 'react'
import { flushSync } from 'react-dom'
import { Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TextField, fieldMessages } from '@/components/ui/field'
import { MAX_SONGS, emptySong, type ApplicationFormApi, type ServerFieldError } from './application-form-values'

/**
 * The set list: 1–10 songs with title, artist and length (m:ss). Adding a song moves the focus
 * to its title; removing one moves it to the song that takes its place, so the keyboard never
 * loses its way.
 */
export function SongListFields({ form, serverError, onRowsMoved }: { form: ApplicationFormApi; serverError: ServerFieldError; onRowsMoved: () => void }) {
  const id = useId()
  const listRef = useRef<HTMLOListElement>(null)
  const focusTitle = (index: number) => listRef.current?.querySelector<HTMLInputElement>(`[data-song-title="${index}"]`)?.focus()

  return (
    <form.Field name="songs" mode="array">
      {(songsField) => {
        const songs = songsField.state.value
        const full = songs.length >= MAX_SONGS
        const listError = [...fieldMessages(songsField.state.meta.errors), serverError('songs')].find(Boolean)
        return (
          <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-help`}>
            <legend className="text-base font-semibold text-ink">Songs</legend>
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              {songs.length} of {MAX_SONGS} songs, in the order you will play them.
            </p>
            {listError ? (
              <p role="alert" className="text-sm text-danger">
                {listError}
              </p>
            ) : null}
            <ol ref={listRef} aria-label="Set list" className="flex flex-col gap-3">
              {songs.map((_, index) => (
                // Rows are positions in the list: the values move, the inputs stay.
                <li key={index}>
                  <fieldset className="grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_7rem]">
                    <legend className="px-1 text-sm font-medium text-ink">Song {index + 1}</legend>
                    <form.Field name={`songs[${index}].title`}>
                      {(field) => (
                        <TextField
                          label="Title"
                          data-song-title={index}
                          autoComplete="off"
                          maxLength={100}
                          value={field.state.value}
                          onChange={(event) => field.handleChange(event.target.value)}
                          onBlur={field.handleBlur}
                          errors={[...fieldMessages(field.state.meta.errors), serverError(`songs[${index}].title`)]}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`songs[${index}].artist`}>
                      {(field) => (
                        <TextField
                          label="Artist"
                          autoComplete="off"
                          maxLength={100}
                          value={field.state.value}
                          onChange={(event) => field.handleChange(event.target.value)}
                          onBlur={field.handleBlur}
                          errors={[...fieldMessages(field.state.meta.errors), serverError(`songs[${index}].artist`)]}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`songs[${index}].length`}>
                      {(field) => (
                        <TextField
                          label="Length"
                          autoComplete="off"
                          placeholder="4:30"
                          maxLength={5}
                          value={field.state.value}
                          onChange={(event) => field.handleChange(event.target.value)}
                          onBlur={field.handleBlur}
                          errors={[...fieldMessages(field.state.meta.errors), serverError(`songs[${index}].length`), serverError(`songs[${index}]`)]}
                        />
                      )}
                    </form.Field>
                    {songs.length > 1 ? (
                      <div className="sm:col-span-3">
                        <Button
                          variant="ghost"
                          aria-label={`Remove song ${index + 1}`}
                          onClick={() => {
                            onRowsMoved()
                            flushSync(() => songsField.removeValue(index))
                            focusTitle(Math.min(index, songs.length - 2))
                          }}
                        >
                          <X aria-hidden className="size-4" />
                          Remove
                        </Button>
                      </div>
                    ) : null}
                  </fieldset>
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                disabled={full}
                onClick={() => {
                  onRowsMoved()
                  flushSync(() => songsField.pushValue(emptySong()))
                  focusTitle(songs.length)
                }}
              >
                <Plus aria-hidden className="size-4" />
                Add a song
              </Button>
              {full ? <p className="text-sm text-ink-muted">A band plays at most {MAX_SONGS} songs.</p> : null}
            </div>
          </fieldset>
        )
      }}
    </form.Field>
  )
}
