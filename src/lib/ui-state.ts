import { useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'

export interface UiState {
  sidebarShow: boolean
  theme: Theme
  isInstallable: boolean
}

const THEME_KEY = 'theme'

function readTheme(storage: Storage | undefined): Theme {
  try {
    return storage?.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

function applyTheme(theme: Theme) {
  if (typeof document === 'undefined') return
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
}

export type UiStore = ReturnType<typeof createUiStore>

/** Shell state outside React so the install-prompt listener can set it before React renders. */
export function createUiStore(storage: Storage | undefined = typeof window === 'undefined' ? undefined : window.localStorage) {
  let state: UiState = { sidebarShow: true, theme: readTheme(storage), isInstallable: false }
  const listeners = new Set<() => void>()
  applyTheme(state.theme)

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    /** Merges the given fields; the theme choice is remembered and applied to <html>. */
    set(patch: Partial<UiState>) {
      state = { ...state, ...patch }
      if (patch.theme) {
        storage?.setItem(THEME_KEY, patch.theme)
        applyTheme(patch.theme)
      }
      for (const listener of listeners) listener()
    },
  }
}

export const uiState = createUiStore()

export function useUiState() {
  const state = useSyncExternalStore(uiState.subscribe, uiState.getState, uiState.getState)
  return { ...state, set: uiState.set }
}
