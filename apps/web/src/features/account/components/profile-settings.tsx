import { useSession } from '../../../lib/session'
import { useProfile } from '../api/profile'
import { accountMessages } from '../messages'
import { ChangePasswordForm } from './change-password-form'
import { ProfileForm } from './profile-form'
import '../../../styles/signed-in.css'
import '../account.css'
import { LoadingPanel, RetryPanel } from '../../../components/ui/state-panel'

/** /changeprofile's two forms; the password form can work from the token's claims alone. */
export function ProfileSettings() {
  const t = accountMessages.useT()
  const profile = useProfile()
  const { user } = useSession()
  const email = profile.data?.username ?? user?.username ?? user?.email ?? null

  return (
    <div className="section section--tight">
      <div className="container account-grid">
        <div className="card">
          {profile.isPending ? (
            <LoadingPanel text={t('account.loading')} />
          ) : profile.isError ? (
            <RetryPanel
              text={t('account.loadFailed')}
              retryLabel={t('account.retry')}
              onRetry={() => void profile.refetch()}
            />
          ) : (
            <ProfileForm profile={profile.data} />
          )}
        </div>
        <div className="card">
          <ChangePasswordForm email={email} />
        </div>
      </div>
    </div>
  )
}
