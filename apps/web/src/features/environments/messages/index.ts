import { createFeatureMessages } from '../../../lib/i18n/feature-messages'
import { environmentsEn } from './en'

export const environmentsMessages = createFeatureMessages(environmentsEn, () =>
  import('./ka').then((module) => module.environmentsKa),
)
