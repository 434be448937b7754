import { createFeatureMessages } from '../../../lib/i18n/feature-messages'
import { accountEn } from './en'

export const accountMessages = createFeatureMessages(accountEn, () =>
  import('./ka').then((module) => module.accountKa),
)
