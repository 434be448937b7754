import type { AuthModalType } from '@devenv/domain/ui'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef } from 'react'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'
import { useFocusTrap } from '../hooks/use-focus-trap'

const TITLES = {
  login: 'auth.signInTitle',
  register: 'auth.createAccountTitle',
  'forgot-password': 'auth.resetPasswordTitle',
} as const satisfies Record<AuthModalType, string>

/** The modal's frame (placeholder content until the auth issue brings the forms). */
export default function AuthDialog({
  type,
  onClose,
}: {
  type: AuthModalType
  onClose: () => void
}) {
  const t = useT()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  useFocusTrap(dialogRef)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // A click on the backdrop lands on the dialog element itself, outside its body.
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current()
    }
    dialog.addEventListener('click', onBackdrop)
    return () => {
      dialog.removeEventListener('click', onBackdrop)
      dialog.close()
      opener?.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let the route state close the modal, not the browser.
        event.preventDefault()
        onClose()
      }}
    >
      <div className="modal__body">
        <div className="modal__header">
          <h2 id={titleId}>{t(TITLES[type])}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('action.close')}
            onClick={onClose}
          >
            <Icon name="close" size={20} />
          </button>
        </div>
        <p>{t('authModal.placeholder')}</p>
        <Link to="/contact" className="button button--primary" onClick={onClose}>
          {t('authModal.contactLink')}
        </Link>
      </div>
    </dialog>
  )
}
