import { useEffect } from 'react'
import { useRouter, useRouterState } from '@tanstack/react-router'

/**
 * While the router loads another screen (a link followed, not the same screen with other search
 * parameters), the screen left behind (its `main`, see the layouts) takes no input. It stays up
 * to a second on a slow first visit, and what was typed into it went with it: the reset screen's
 * email, typed into the sign-in screen's own Email field. The header and menu around `main`
 * stay usable, so another link can still be followed; the loading bar says what is happening.
 * After the router's pending time the loading screen takes the old screen's place (inside a
 * layout's `main`), and `main` takes input again, so the loading screen's status is announced.
 */
export function useInertWhileLeaving() {
  const router = useRouter()
  const leaving = useRouterState({ select: (state) => state.status === 'pending' && state.location.pathname !== state.resolvedLocation?.pathname })
  useEffect(() => {
    if (!leaving) return
    const main = document.getElementById('main')
    if (!main) return
    main.setAttribute('inert', '')
    const release = () => main.removeAttribute('inert')
    const timer = setTimeout(release, router.options.defaultPendingMs ?? 1000)
    return () => {
      clearTimeout(timer)
      release()
    }
  }, [leaving, router])
}
