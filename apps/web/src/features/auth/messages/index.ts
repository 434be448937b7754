import { createFeatureMessages } from '../../../lib/i18n/feature-messages'
import { authEn } from './en'

export const authMessages = createFeatureMessages(authEn, () =>
  import('./ka').then((module) => module.authKa),
)
