import { createFeatureTexts } from '../../lib/i18n/feature-texts'
import type { TextCode } from '../../lib/i18n/i18n'

/** The environments dashboard's own texts (ours); statuses and failures are the shared catalogue's. */
export const environmentsEn = {
  'environments.heading': 'Development environments',
  'environments.lead':
    'Create, watch and remove your AI-native development environments. New ones are ready in under 2 minutes.',
  'environments.usage': '{count} of {quota} environments in use',
  'environments.list.heading': 'Your environments',
  'environments.list.loading': 'Loading your environments...',
  'environments.list.empty.title': 'No environments yet',
  'environments.list.empty.text':
    'Create your first environment with the form on this page: pick a runtime, a size and a region.',
  'environments.list.retry': 'Try again',
  'environments.card.template': 'Runtime',
  'environments.card.size': 'Size',
  'environments.card.region': 'Region',
  'environments.card.created': 'Created',
  'environments.card.address': 'Address',
  'environments.card.newTab': '(opens in a new tab)',
  'environments.card.delete': 'Delete',
  'environments.card.deleteLabel': 'Delete {name}',
  'environments.card.failedHint':
    'Provisioning did not succeed. Delete this environment and create it again.',
  'environments.resources': '{vcpu} vCPU · {ram} GB RAM · {ssd} GB SSD',
  'environments.region.eu-central': 'Europe (Central)',
  'environments.region.us-east': 'US East',
  'environments.region.asia-southeast': 'Asia Pacific (Southeast)',
  'environments.create.heading': 'New environment',
  'environments.create.name': 'Name',
  'environments.create.nameHint':
    '3 to 40 characters: lowercase letters, digits and hyphens. It becomes part of the address.',
  'environments.create.template': 'Runtime',
  'environments.create.size': 'Size',
  'environments.create.sizeOption': '{plan}: {resources}',
  'environments.create.region': 'Region',
  'environments.create.submit': 'Create environment',
  'environments.create.submitting': 'Creating...',
  'environments.create.quotaReached':
    'You have reached the limit of {quota} environments. Delete one to create another.',
  'environments.create.success': '{name} is being created. It will be ready in under 2 minutes.',
  'environments.create.nameTaken': 'You already have an environment with this name.',
  'environments.name.required': 'Please enter a name for the environment.',
  'environments.name.length': 'The name must be 3 to 40 characters long.',
  'environments.name.start': 'The name must start with a lowercase letter.',
  'environments.name.characters': 'Use only lowercase letters, digits and hyphens.',
  'environments.name.end': 'The name must not end with a hyphen.',
  'environments.delete.title': 'Delete {name}?',
  'environments.delete.text':
    'The environment and everything stored in it will be removed. This cannot be undone.',
  'environments.delete.confirm': 'Delete environment',
  'environments.delete.cancel': 'Cancel',
  'environments.announce.status': '{name}: {status}',
  'environments.announce.deleted': '{name} was deleted.',
  'environments.summary.heading': 'Your environments',
  'environments.summary.total': '{count} in total',
  'environments.summary.none': 'You have no environments yet.',
  'environments.summary.manage': 'Manage environments',
  'environments.summary.create': 'Create an environment',
  'environments.summary.loading': 'Loading your environments...',
} as const satisfies Record<string, string>

export type EnvironmentsCode = keyof typeof environmentsEn

// A feature code that shadowed a shared code would silently replace the shared wording.
type Overlap = Extract<EnvironmentsCode, TextCode>
const noOverlap: [Overlap] extends [never] ? true : Overlap = true
void noOverlap

export const environmentsTexts = createFeatureTexts(environmentsEn, () =>
  import('./texts-ka').then((module) => module.environmentsKa),
)
