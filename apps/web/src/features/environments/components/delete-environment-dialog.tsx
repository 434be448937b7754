import { useEffect, useId, useRef } from 'react'
import type { Environment } from '../api/list-environments'
import { environmentsMessages } from '../messages'

type Props = {
  environment: Environment
  onConfirm: (environment: Environment) => void
  onCancel: () => void
}

/**
 * The confirmation before a delete: a native modal <dialog> (the page behind is inert, Escape
 * and a click on the backdrop cancel), opened with the safe choice, Cancel, focused.
 */
export function DeleteEnvironmentDialog({ environment, onConfirm, onCancel }: Props) {
  const t = environmentsMessages.useT()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const textId = useId()
  const onCancelRef = useRef(onCancel)
  onCancelRef.current = onCancel

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    cancelRef.current?.focus()
    // A click on the backdrop lands on the dialog element itself, outside its body.
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) onCancelRef.current()
    }
    dialog.addEventListener('click', onBackdrop)
    return () => {
      dialog.removeEventListener('click', onBackdrop)
      if (dialog.open) dialog.close()
    }
  }, [])

  return (
    <dialog
      ref={dialogRef}
      className="modal confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: the page decides what closes, so focus goes back where it came from.
        event.preventDefault()
        onCancel()
      }}
    >
      <div className="modal__body">
        <h2 id={titleId} className="confirm-dialog__title">
          {t('environments.delete.title', { name: environment.name })}
        </h2>
        <p id={textId}>{t('environments.delete.text')}</p>
        <div className="button-row confirm-dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="button button--secondary"
            onClick={onCancel}
          >
            {t('environments.delete.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => onConfirm(environment)}
          >
            {t('environments.delete.confirm')}
          </button>
        </div>
      </div>
    </dialog>
  )
}
