import { DEV_ENVIRONMENT_STATUS_LABELS } from '@devenv/domain/dev-environments'
import { useEffect, useRef, useState } from 'react'
import type { Environment } from './api/list-environments'
import { environmentsMessages } from './messages'

/**
 * Status changes that polling brings in (provisioning -> running, deleting -> gone) are spoken
 * through a polite live region: a badge changing colour alone would reach no screen reader. It
 * lives beside the list, not in it, so that the last deletion is heard when the list empties.
 */
export function useStatusAnnouncement(environments: Environment[] | undefined): string {
  const t = environmentsMessages.useT()
  const [announcement, setAnnouncement] = useState('')
  const known = useRef<Map<string, Environment> | null>(null)

  useEffect(() => {
    if (!environments) return
    const previous = known.current
    known.current = new Map(environments.map((each) => [each.id, each]))
    if (!previous) return
    const changes: string[] = []
    for (const environment of environments) {
      const before = previous.get(environment.id)
      if (before && before.status !== environment.status) {
        const status = t(DEV_ENVIRONMENT_STATUS_LABELS[environment.status])
        changes.push(t('environments.announce.status', { name: environment.name, status }))
      }
    }
    for (const [id, before] of previous) {
      if (!known.current.has(id) && before.status === 'deleting') {
        changes.push(t('environments.announce.deleted', { name: before.name }))
      }
    }
    if (changes.length > 0) setAnnouncement(changes.join(' '))
  }, [environments, t])

  return announcement
}
