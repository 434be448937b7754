import { PASSWORD_STRENGTH_LABEL_CODES, shownPasswordStrength } from '@devenv/domain/password'
import { useCommonPasswords } from '../../lib/common-passwords'
import { useT } from '../../lib/i18n/i18n'
import './password-strength.css'

/**
 * The domain's password score as a bar (decoration) and its label in words; Weak for a password
 * the common-password rule refuses, as the form and the server will. With an `id`, the
 * label describes the password box (aria-describedby); `live` speaks it as it changes instead.
 */
export function PasswordStrength({
  id,
  password,
  live = false,
}: {
  id?: string | undefined
  password: string
  live?: boolean | undefined
}) {
  const t = useT()
  const { score, label } = shownPasswordStrength(password, useCommonPasswords(password))
  return (
    // Width and colour come from data attributes in CSS: no inline styles under the CSP.
    <div className="password-strength" data-score={score} data-label={label.toLowerCase()}>
      <div className="password-strength__track" aria-hidden="true">
        <span className="password-strength__bar" />
      </div>
      <p id={id} className="password-strength__label" aria-live={live ? 'polite' : undefined}>
        {password === ''
          ? null
          : t('form.passwordStrength', { label: t(PASSWORD_STRENGTH_LABEL_CODES[label]) })}
      </p>
    </div>
  )
}
