import { createFeatureMessages } from '../../i18n/feature-messages'
import { sessionEn } from './en'

export const sessionMessages = createFeatureMessages(sessionEn, () =>
  import('./ka').then((module) => module.sessionKa),
)
