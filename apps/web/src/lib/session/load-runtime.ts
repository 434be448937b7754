import type { RegisteredRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSession } from './app-session'
import type { SessionRuntime } from './runtime'

let runtime: Promise<SessionRuntime> | null = null

/** The page's session runtime, loaded at the first need: a signed-out visitor never downloads it. */
export function loadSessionRuntime(): Promise<SessionRuntime> {
  runtime ??= import('./runtime').then((module) => module.createSessionRuntime())
  return runtime
}

/** Starts the runtime whenever there is a session (and once it was needed before the first render). */
export function useSessionRuntime(router: RegisteredRouter): void {
  const { isAuthenticated } = useSession()
  useEffect(() => {
    if (isAuthenticated || runtime)
      void loadSessionRuntime().then((loaded) => loaded.attachSession(router))
  }, [isAuthenticated, router])
}
