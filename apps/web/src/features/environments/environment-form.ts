import type { ValidationErrors } from '@devenv/api-client'
import {
  type DevEnvironmentNameProblem,
  type DevEnvironmentRegion,
  type DevEnvironmentSize,
  type DevEnvironmentTemplate,
  devEnvironmentNameProblem,
} from '@devenv/domain/dev-environments'
import { splitServerErrors as splitErrorsByField } from '../../lib/server-errors'
import type { EnvironmentsMessageCode } from './messages/en'

export type EnvironmentFormValues = {
  name: string
  template: DevEnvironmentTemplate
  size: DevEnvironmentSize
  region: DevEnvironmentRegion
}

export const EMPTY_ENVIRONMENT_FORM: EnvironmentFormValues = {
  name: '',
  template: 'node-20',
  size: 'starter',
  region: 'eu-central',
}

const NAME_PROBLEM_TEXTS = {
  required: 'environments.name.required',
  length: 'environments.name.length',
  start: 'environments.name.start',
  characters: 'environments.name.characters',
  end: 'environments.name.end',
} as const satisfies Record<DevEnvironmentNameProblem, EnvironmentsMessageCode>

/** The name's first problem as a message code, or null: the contract's rule, then uniqueness per user. */
export function environmentNameError(
  name: string,
  takenNames: ReadonlySet<string>,
): EnvironmentsMessageCode | null {
  const problem = devEnvironmentNameProblem(name)
  if (problem) return NAME_PROBLEM_TEXTS[problem]
  return takenNames.has(name) ? 'environments.create.nameTaken' : null
}

const FORM_FIELDS = ['name', 'template', 'size', 'region'] as const
export type EnvironmentFormField = (typeof FORM_FIELDS)[number]

/** The server's 400 `errors`, split into those a field shows and the rest (shown above the button). */
export function splitServerErrors(errors: ValidationErrors | undefined) {
  return splitErrorsByField(errors, (key) => FORM_FIELDS.find((each) => each === key))
}
