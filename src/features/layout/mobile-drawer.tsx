import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { SidebarNav } from '@/features/layout/sidebar-nav'
import { m } from '@/i18n/paraglide/messages.js'

/** On phones the sidebar is a modal drawer: Radix traps focus and restores it on close. */
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          id="app-navigation"
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-surface text-ink shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <Dialog.Title className="font-semibold">{m.layout_navigation()}</Dialog.Title>
            <Dialog.Description className="sr-only">{m.layout_screens()}</Dialog.Description>
            <Dialog.Close aria-label={m.layout_close_navigation()} className="rounded-md p-2 hover:bg-surface-2">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {/* The drawer is as tall as the screen; its list scrolls inside it (an admin's runs to ~1130 px). */}
          <nav aria-label={m.layout_main_navigation()} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <SidebarNav onNavigate={() => onOpenChange(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
