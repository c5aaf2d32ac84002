import * as RadixDialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { X } from 'lucide-react'
import { Button } from './button'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * A modal dialog (Radix: focus trap, Escape, labelled), full-width on phones. `closeButton`: a
 * "Close" button in its corner, for a dialog with no Cancel of its own (a preview).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeButton = false,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  closeButton?: boolean
  children: ReactNode
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content className="fixed inset-x-2 top-[10vh] z-50 mx-auto max-h-[80vh] max-w-lg overflow-y-auto rounded-lg border border-line bg-surface p-5 text-ink shadow-lg focus:outline-none">
          {closeButton ? (
            <RadixDialog.Close aria-label={m.common_close()} className="float-right -mr-2 -mt-2 ml-2 inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-surface-2">
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          ) : null}
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-1 text-sm text-ink-muted">{description}</RadixDialog.Description> : <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** Asks before a consequential action; the confirm button names the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  tone = 'danger',
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  confirmLabel: string
  onConfirm: () => void
  busy?: boolean
  tone?: 'danger' | 'primary'
  children?: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          {m.common_cancel()}
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy} busyLabel={m.common_working()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
