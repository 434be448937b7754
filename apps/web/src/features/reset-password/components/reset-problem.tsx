import type { ResetPasswordProblem } from '@devenv/domain/api-failures'
import type { Notice } from '@devenv/domain/messages'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'

/** A server's own message is shown as is, a catalogue code in the current locale. */
export function useNoticeText(): (notice: Notice) => string {
  const t = useT()
  return (notice) => ('text' in notice ? notice.text : t(notice.code, notice.params))
}

/**
 * What went wrong (a bad link on arrival, or the call failed) and the two ways on: home, or home
 * with the forgot-password modal open to request a new link.
 */
export function ResetProblem({
  problem,
  focusOnMount = false,
}: {
  problem: ResetPasswordProblem
  focusOnMount?: boolean
}) {
  const t = useT()
  const describe = useNoticeText()
  const titleRef = useRef<HTMLHeadingElement>(null)

  // After a failed submission the form is gone: focus moves to what replaced it.
  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus()
  }, [focusOnMount])

  return (
    <div className="reset-outcome reset-outcome--error" data-testid="reset-problem">
      <span className="reset-outcome__icon">
        <Icon name="cross" size={22} />
      </span>
      <div className="reset-outcome__body">
        <h2 ref={titleRef} tabIndex={-1}>
          {t(problem.title)}
        </h2>
        <p>{describe(problem.description)}</p>
        <div className="button-row">
          <Link to="/" className="button button--secondary">
            {t('reset.goHome')}
          </Link>
          <Link to="/" search={{ auth: 'forgot-password' }} className="button button--primary">
            {t('reset.requestNewLink')}
          </Link>
        </div>
      </div>
    </div>
  )
}
