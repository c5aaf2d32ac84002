import { useEffect, useRef, useState } from 'react'

const SEARCH_DEBOUNCE_MS = 300

/**
 * A list's search box whose text reaches the URL once the user pauses typing. The URL wins
 * when it changes from outside (back button, a link). Answers the text to show and its setter.
 */
export function useDebouncedSearch(urlValue: string | undefined, commit: (value: string | undefined) => void) {
  const [text, setText] = useState(urlValue ?? '')
  const commitRef = useRef(commit)
  useEffect(() => {
    commitRef.current = commit
  })

  const [lastUrlValue, setLastUrlValue] = useState(urlValue ?? '')
  if ((urlValue ?? '') !== lastUrlValue) {
    setLastUrlValue(urlValue ?? '')
    setText(urlValue ?? '')
  }

  useEffect(() => {
    if (text.trim() === (urlValue ?? '').trim()) return
    const timer = setTimeout(() => commitRef.current(text.trim() || undefined), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, urlValue])

  return [text, setText] as const
}
