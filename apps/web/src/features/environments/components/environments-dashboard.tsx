import {
  countsTowardsDevEnvironmentQuota,
  DEV_ENVIRONMENT_QUOTA,
} from '@devenv/domain/dev-environments'
import { useEffect, useRef, useState } from 'react'
import { notify } from '../../../lib/notify'
import { isAlreadyGone, useDeleteEnvironment } from '../api/delete-environment'
import { type Environment, useEnvironments } from '../api/list-environments'
import { environmentsMessages } from '../messages'
import { useStatusAnnouncement } from '../use-status-announcement'
import { CreateEnvironmentForm } from './create-environment-form'
import { DeleteEnvironmentDialog } from './delete-environment-dialog'
import { EnvironmentList } from './environment-list'
import '../../../styles/signed-in.css'
import '../environments.css'
import { LoadingPanel, RetryPanel } from '../../../components/ui/state-panel'

/** /admin: the user's environments (loading, error, empty, list) beside the form for a new one. */
export function EnvironmentsDashboard() {
  const t = environmentsMessages.useT()
  const environments = useEnvironments()
  const deletion = useDeleteEnvironment()
  const [confirming, setConfirming] = useState<Environment | null>(null)
  const opener = useRef<HTMLButtonElement | null>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const focusAfterClose = useRef<HTMLElement | null>(null)
  const items = environments.data?.items
  const announcement = useStatusAnnouncement(items)
  const inUse = items?.filter((each) => countsTowardsDevEnvironmentQuota(each.status)).length

  // Focus moves only once the modal dialog has closed: while it is open the page behind is inert.
  useEffect(() => {
    if (confirming !== null) return
    focusAfterClose.current?.focus()
    focusAfterClose.current = null
  }, [confirming])

  const askToDelete = (environment: Environment, button: HTMLButtonElement) => {
    opener.current = button
    setConfirming(environment)
  }

  const cancel = () => {
    focusAfterClose.current = opener.current
    setConfirming(null)
  }

  const confirm = (environment: Environment) => {
    // Its delete button is disabled from now on: the list's heading takes the focus instead.
    focusAfterClose.current = listHeading.current
    setConfirming(null)
    deletion.mutate(environment, {
      onError: (error) => {
        if (!isAlreadyGone(error)) void notify('error', t('api.deleteEnvironmentFailed'))
      },
    })
  }

  return (
    <>
      <section className="page-header dashboard-header">
        <div className="container">
          <h1>{t('environments.heading')}</h1>
          <p className="lead">{t('environments.lead')}</p>
          {inUse === undefined ? null : (
            <p className="dashboard-header__usage">
              {t('environments.usage', { count: inUse, quota: DEV_ENVIRONMENT_QUOTA })}
            </p>
          )}
        </div>
      </section>
      <div className="section section--tight">
        <div className="container dashboard-layout">
          <section className="dashboard-layout__main" aria-labelledby="environments-list-heading">
            <h2 id="environments-list-heading" ref={listHeading} tabIndex={-1}>
              {t('environments.list.heading')}
            </h2>
            {environments.isPending ? (
              <LoadingPanel text={t('environments.list.loading')} />
            ) : environments.isError && !items ? (
              <RetryPanel
                text={t('api.fetchEnvironmentsFailed')}
                retryLabel={t('environments.list.retry')}
                onRetry={() => void environments.refetch()}
              />
            ) : items && items.length === 0 ? (
              <div className="state-panel">
                <h3>{t('environments.list.empty.title')}</h3>
                <p>{t('environments.list.empty.text')}</p>
              </div>
            ) : items ? (
              <>
                {environments.isRefetchError ? (
                  // The last list stays on screen; only the newest look failed.
                  <RetryPanel
                    inline
                    text={t('api.fetchEnvironmentsFailed')}
                    retryLabel={t('environments.list.retry')}
                    onRetry={() => void environments.refetch()}
                  />
                ) : null}
                <EnvironmentList environments={items} onDelete={askToDelete} />
              </>
            ) : null}
            <p className="visually-hidden" role="status">
              {announcement}
            </p>
          </section>
          <div className="dashboard-layout__aside card">
            <CreateEnvironmentForm environments={items} />
          </div>
        </div>
      </div>
      {confirming ? (
        <DeleteEnvironmentDialog environment={confirming} onConfirm={confirm} onCancel={cancel} />
      ) : null}
    </>
  )
}
