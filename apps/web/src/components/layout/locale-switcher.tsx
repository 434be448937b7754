import { isLocale, LOCALE_NAMES, LOCALES } from '@devenv/domain/messages'
import { setLocale, useLocale, useT } from '../../lib/i18n/i18n'

export function LocaleSwitcher() {
  const locale = useLocale()
  const t = useT()
  return (
    <select
      className="locale-switcher"
      aria-label={t('shell.language')}
      value={locale}
      onChange={(event) => {
        const value = event.currentTarget.value
        if (isLocale(value)) void setLocale(value)
      }}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  )
}
