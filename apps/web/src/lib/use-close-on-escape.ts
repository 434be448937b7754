import { type RefObject, useEffect } from 'react'

/** While `open`, Escape closes (`setOpen(false)`) and gives the focus back to the opener. */
export function useCloseOnEscape(
  open: boolean,
  setOpen: (open: boolean) => void,
  opener: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      opener.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, setOpen, opener])
}
