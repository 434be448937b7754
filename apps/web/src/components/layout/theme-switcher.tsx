import { useT } from '../../lib/i18n/i18n'
import { setTheme, useTheme } from '../../lib/theme'
import { Icon } from '../ui/icons'

export function ThemeSwitcher() {
  const theme = useTheme()
  const t = useT()
  const next = theme === 'dark' ? 'light' : 'dark'
  const label = next === 'dark' ? t('shell.themeToDark') : t('shell.themeToLight')
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={20} />
    </button>
  )
}
