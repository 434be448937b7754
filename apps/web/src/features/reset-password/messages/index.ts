import { createFeatureMessages } from '../../../lib/i18n/feature-messages'
import { resetPasswordEn } from './en'

export const resetPasswordMessages = createFeatureMessages(resetPasswordEn, () =>
  import('./ka').then((module) => module.resetPasswordKa),
)
