import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'

/**
 * While the router loads another screen (a link followed, not the same screen with other search
 * parameters), the screen left behind (its `main`, see the layouts) takes no input. It stays up
 * to a second on a slow first visit (longer when a second link is followed meanwhile), and what
 * was typed into it went with it: the reset screen's email, typed into the sign-in screen's own
 * Email field. The header and menu around `main` stay usable, so another link can still be
 * followed; the loading bar says what is happening. When the router's loading screen takes the
 * old screen's place (inside a layout's `main`), it takes `inert` away (`releaseInertMain`), so
 * its status is announced; a link followed while it shows leaves `main` as it is.
 */
export function useInertWhileLeaving() {
  // The path being loaded, or null: a second link followed meanwhile is a new leave.
  const leavingFor = useRouterState({
    select: (state) => (state.status === 'pending' && state.location.pathname !== state.resolvedLocation?.pathname ? state.location.pathname : null),
  })
  useEffect(() => {
    if (leavingFor === null) return
    const main = document.getElementById('main')
    if (!main || main.querySelector('[data-loading-screen]')) return
    main.setAttribute('inert', '')
    return () => main.removeAttribute('inert')
  }, [leavingFor])
}

/** The loading screen, once shown inside the `main` left behind, lets it take input again. */
export function releaseInertMain(loadingScreen: HTMLElement | null) {
  loadingScreen?.closest('#main')?.removeAttribute('inert')
}
