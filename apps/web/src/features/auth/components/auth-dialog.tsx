import type { RegisteredRouter } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { Icon } from '../../../components/ui/icons'
import type { AuthModalType } from '../../../config/ui'
import { useOpenAuthModal } from '../../../lib/auth-modal'
import { useFocusTrap } from '../hooks/use-focus-trap'
import { authMessages } from '../messages'
import './auth.css'
import { ForgotPasswordForm } from './forgot-password-form'
import { RegisterForm } from './register-form'
import { SignInForm } from './sign-in-form'

const TITLES = {
  login: 'auth.signInTitle',
  register: 'auth.createAccountTitle',
  'forgot-password': 'auth.resetPasswordTitle',
} as const satisfies Record<AuthModalType, string>

// The first thing to type into, or the heading of a view without fields ('Email Sent!').
const FIRST_FIELD = 'input:not([type="checkbox"]), [data-autofocus]'

/**
 * The auth modal: a native modal <dialog> (the page behind is inert), a focus trap, Escape and
 * the backdrop close it, focus returns to what opened it. Its content follows `type`.
 */
export default function AuthDialog({
  router,
  type,
  open,
  onClose,
}: {
  /** Passed down rather than read from context: the modal's chunk then shares less with the page's. */
  router: RegisteredRouter
  type: AuthModalType
  open: boolean
  onClose: () => void
}) {
  const t = authMessages.useT()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const openRef = useRef(open)
  openRef.current = open
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const openModal = useOpenAuthModal()
  const titleId = useId()
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null)
  useFocusTrap(dialogRef, open)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    // A click on the backdrop lands on the dialog element itself, outside its body.
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current()
    }
    // Chromium closes a dialog on a second Escape even when its cancel event is prevented. The
    // event is queued, not sent at once: a close that StrictMode's rehearsed unmount made (the
    // cleanup below, then the next effect's showModal) arrives while the dialog is open again,
    // and must not close what is open (in development the modals closed themselves).
    const onClosed = () => {
      if (openRef.current && !dialog.open) onCloseRef.current()
    }
    dialog.addEventListener('click', onBackdrop)
    dialog.addEventListener('close', onClosed)
    return () => {
      dialog.removeEventListener('click', onBackdrop)
      dialog.removeEventListener('close', onClosed)
      if (dialog.open) {
        dialog.close()
        restoreFocus(openerRef)
      }
    }
  }, [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      const active = document.activeElement
      openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      restoreFocus(openerRef)
    }
  }, [open])

  // On opening and on moving to another modal, the keyboard starts at the first field.
  useEffect(() => {
    if (open) dialogRef.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus()
  }, [open, type])

  useEffect(() => {
    if (type !== 'login') setRegisteredEmail(null)
  }, [type])

  // Moving between the modals replaces the history entry: Back closes the modal, not cycles it.
  const switchTo = (next: AuthModalType) => openModal(next, { replace: true })

  return (
    <dialog
      ref={dialogRef}
      className="modal auth-modal"
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
        {type === 'login' ? (
          <SignInForm
            key="login"
            router={router}
            registeredEmail={registeredEmail}
            onSwitch={switchTo}
          />
        ) : type === 'register' ? (
          <RegisterForm
            key="register"
            onSwitch={switchTo}
            onRegistered={(email) => {
              setRegisteredEmail(email)
              switchTo('login')
            }}
          />
        ) : (
          <ForgotPasswordForm key="forgot-password" onSwitch={switchTo} />
        )}
      </div>
    </dialog>
  )
}

function restoreFocus(openerRef: { current: HTMLElement | null }): void {
  const opener = openerRef.current
  openerRef.current = null
  if (opener?.isConnected) opener.focus()
}
