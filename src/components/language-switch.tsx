import { chooseLanguageHere, useLanguage } from '@/i18n/client'
import { languageNames, languages } from '@/i18n/language'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * The public pages' language switch (decision 046): each language named in itself, the shown
 * one marked; the choice is kept on this browser. Signed-in members choose on their profile.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const shown = useLanguage()
  return (
    <nav aria-label={m.common_language()} className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${className}`}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-current={language === shown ? 'true' : undefined}
          onClick={() => chooseLanguageHere(language)}
          className="min-h-11 rounded px-2 text-brand underline-offset-2 hover:underline aria-[current=true]:font-semibold aria-[current=true]:text-ink aria-[current=true]:no-underline"
        >
          {languageNames[language]}
        </button>
      ))}
    </nav>
  )
}
