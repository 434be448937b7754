import { type CommonPasswordList, NO_COMMON_PASSWORDS } from '@devenv/domain/password'
import { useEffect, useState } from 'react'

// The list is about 200 KB gzipped: a chunk of its own, fetched once a new password is typed.
let loaded: CommonPasswordList | null = null
let loading: Promise<CommonPasswordList> | null = null

/**
 * The domain's common-password list. When the chunk cannot be fetched it answers the stand-in
 * (trivial patterns only) and tries again next time: the server applies the full rule anyway.
 */
export function loadCommonPasswords(): Promise<CommonPasswordList> {
  loading ??= import('@devenv/domain/common-passwords').then(
    (module) => {
      loaded = module.COMMON_PASSWORDS
      return loaded
    },
    () => {
      loading = null
      return NO_COMMON_PASSWORDS
    },
  )
  return loading
}

/** For a form's check: the list when a password is there to judge, nothing to wait for when empty. */
export function commonPasswordsFor(password: string): Promise<CommonPasswordList> {
  return password === '' ? Promise.resolve(NO_COMMON_PASSWORDS) : loadCommonPasswords()
}

/**
 * The list for rendering: the stand-in until it has loaded, which starts once `password` is not
 * empty (so a page or a modal opened without typing fetches nothing).
 */
export function useCommonPasswords(password: string): CommonPasswordList {
  const [list, setList] = useState<CommonPasswordList>(() => loaded ?? NO_COMMON_PASSWORDS)
  const wanted = password !== '' && list === NO_COMMON_PASSWORDS
  useEffect(() => {
    if (!wanted) return
    let current = true
    void loadCommonPasswords().then((next) => {
      if (current) setList(next)
    })
    return () => {
      current = false
    }
  }, [wanted])
  return list
}
