import { PASSWORD_STRENGTH_LABEL_CODES, passwordStrength } from '@devenv/domain/password'
import { authTexts } from '../texts'

/** The strength bar and its label; the label describes the password box (aria-describedby). */
export function PasswordStrength({ id, password }: { id: string; password: string }) {
  const t = authTexts.useT()
  const { score, label } = passwordStrength(password)
  const empty = password === ''
  return (
    // Width and colour come from data attributes in CSS: no inline styles under the CSP.
    <div className="password-strength" data-score={score} data-label={label.toLowerCase()}>
      <div className="password-strength__track" aria-hidden="true">
        <span className="password-strength__bar" />
      </div>
      <p id={id} className="password-strength__label">
        {empty
          ? null
          : t('authForm.passwordStrength', { label: t(PASSWORD_STRENGTH_LABEL_CODES[label]) })}
      </p>
    </div>
  )
}
