import { forwardRef, type ButtonHTMLAttributes } from 'react'

const variants = {
  primary: 'bg-brand text-brand-ink hover:bg-brand/90',
  secondary: 'border border-line bg-surface text-ink hover:bg-surface-2',
  // The dark theme's danger is a light red: white text on it fails AA, so it has its own ink.
  danger: 'bg-danger text-danger-ink hover:bg-danger/90',
  ghost: 'text-ink hover:bg-surface-2',
} as const

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants
  /** Shows the busy label and disables the button while an action runs. */
  busy?: boolean
  busyLabel?: string
}

/** The one button: 44 px tall for thumbs, visible focus ring, busy state for async actions. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', busy = false, busyLabel, className = '', children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${className}`}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  )
})
