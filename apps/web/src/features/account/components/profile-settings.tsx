import { useSession } from '../../../lib/session'
import { useProfile } from '../api/profile'
import { accountTexts } from '../texts'
import { ChangePasswordForm } from './change-password-form'
import { ProfileForm } from './profile-form'
import '../../../styles/signed-in.css'
import '../account.css'

/** /changeprofile's two forms; the password form can work from the token's claims alone. */
export function ProfileSettings() {
  const t = accountTexts.useT()
  const profile = useProfile()
  const { user } = useSession()
  const username = profile.data?.username ?? user?.username ?? user?.email ?? null

  return (
    <div className="section section--tight">
      <div className="container account-grid">
        <div className="card">
          {profile.isPending ? (
            <p className="state-panel" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('account.loading')}
            </p>
          ) : profile.isError ? (
            <div className="state-panel state-panel--error" role="alert">
              <p>{t('account.loadFailed')}</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void profile.refetch()}
              >
                {t('account.retry')}
              </button>
            </div>
          ) : (
            <ProfileForm profile={profile.data} />
          )}
        </div>
        <div className="card">
          <ChangePasswordForm username={username} />
        </div>
      </div>
    </div>
  )
}
