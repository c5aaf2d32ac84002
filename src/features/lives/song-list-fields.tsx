import { useId } from 'react'
import { X } from 'lucide-react'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { Button } from '@/components/ui/button'
import { MAX_SONGS, emptySong, type ApplicationFormApi } from './application-form-values'
import { m } from '@/i18n/paraglide/messages.js'

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
            <legend className="text-base font-semibold text-ink">{m.lives_songs()}</legend>
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              {m.lives_songs_count_help({ count: songs.length, max: MAX_SONGS })}
            </p>
            <songsField.ErrorText role="alert" />
            <RepeatedRows
              field={songsField}
              newRow={emptySong}
              max={MAX_SONGS}
              listLabel={m.lives_set_list()}
              addLabel={m.lives_add_a_song()}
              addNote={full ? <p className="text-sm text-ink-muted">{m.lives_at_most_songs_help({ max: MAX_SONGS })}</p> : null}
              onRowsMoved={onRowsMoved}
            >
              {(index, remove) => (
                <fieldset className="grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_7rem]">
                  <legend className="px-1 text-sm font-medium text-ink">{m.lives_song_number({ number: index + 1 })}</legend>
                  <form.AppField name={`songs[${index}].title`}>{(field) => <field.TextField label={m.lives_song_title()} autoComplete="off" maxLength={100} />}</form.AppField>
                  <form.AppField name={`songs[${index}].artist`}>{(field) => <field.TextField label={m.lives_song_artist()} autoComplete="off" maxLength={100} />}</form.AppField>
                  <form.AppField name={`songs[${index}].length`}>
                    {(field) => <field.TextField label={m.lives_song_length()} autoComplete="off" placeholder="4:30" maxLength={5} rowError={`songs[${index}]`} />}
                  </form.AppField>
                  {songs.length > 1 ? (
                    <div className="sm:col-span-3">
                      <Button variant="ghost" aria-label={m.lives_remove_song({ number: index + 1 })} onClick={remove}>
                        <X aria-hidden className="size-4" />
                        {m.lives_remove()}
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
