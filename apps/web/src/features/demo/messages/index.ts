import { createFeatureMessages } from '../../../lib/i18n/feature-messages'
import { demoEn } from './en'

export const demoMessages = createFeatureMessages(demoEn, () =>
  import('./ka').then((module) => module.demoKa),
)
