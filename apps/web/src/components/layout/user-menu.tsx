import { greetingName } from '@devenv/domain/session'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { useT } from '../../lib/i18n/i18n'
import { loadSessionRuntime, type SessionUser } from '../../lib/session'
import { Icon } from '../ui/icons'

/**
 * The greeting toggles the menu; a click outside the navigation bar (SITE-7) or Escape closes
 * it. A click elsewhere in the bar, on Dashboard say, leaves it open.
 */
export function UserMenu({ user }: { user: SessionUser | null }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const name = greetingName(user) ?? t('nav.user')

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      const bar = rootRef.current?.closest('nav') ?? rootRef.current
      if (!bar?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  // The runtime signs out: the call, tokens and timer, the notice, home (SESSION-7).
  const logOut = () => {
    setOpen(false)
    void loadSessionRuntime().then((runtime) => runtime.logOut())
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{name}</span>
        <Icon name="chevron" size={16} />
      </button>
      <ul id={menuId} className="user-menu__list" hidden={!open}>
        <li>
          <Link to="/changeprofile" className="user-menu__item" onClick={() => setOpen(false)}>
            {t('nav.profileSettings')}
          </Link>
        </li>
        <li>
          <Link to="/my/page" className="user-menu__item" onClick={() => setOpen(false)}>
            {t('nav.myAccount')}
          </Link>
        </li>
        <li>
          <button type="button" className="user-menu__item" onClick={logOut}>
            {t('nav.logOut')}
          </button>
        </li>
      </ul>
    </div>
  )
}
