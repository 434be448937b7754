import { createFeatureMessages } from '../../../lib/i18n/feature-messages'
import { errorsEn } from './en'

export const errorsMessages = createFeatureMessages(errorsEn, () =>
  import('./ka').then((module) => module.errorsKa),
)
