import { PASSWORD_STRENGTH_LABEL_CODES, passwordStrength } from '@devenv/domain/password'
import { accountTexts } from '../texts'

/** The domain's score as a bar (decoration) and its label in words, spoken when it changes. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const t = accountTexts.useT()
  const { score, label } = passwordStrength(password)
  return (
    <div className="strength" data-label={label.toLowerCase()}>
      <div className="strength__bar" aria-hidden="true">
        <span className={`strength__fill strength__fill--${score}`} />
      </div>
      <p className="strength__label" aria-live="polite">
        {t('account.password.strength', { label: t(PASSWORD_STRENGTH_LABEL_CODES[label]) })}
      </p>
    </div>
  )
}
