import { INQUIRY_TYPES, TEAM_SIZES } from '@devenv/domain/contact'
import {
  DEV_ENVIRONMENT_REGIONS,
  DEV_ENVIRONMENT_STATUSES,
  DEV_ENVIRONMENT_TEMPLATES,
} from '@devenv/domain/dev-environments'
import { getAtPointer, loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'

// The site offers and the stub accepts the domain's lists; the contract names the same values.
// A value added to one and not the other is a form that sends what the API refuses.
const contract = loadContract()
const enumOf = (schema: string) =>
  getAtPointer(contract.document, `#/components/schemas/${schema}/enum`)

describe("the domain's vocabularies are the contract's", () => {
  it.each([
    ['EnvironmentStatus', DEV_ENVIRONMENT_STATUSES],
    ['EnvironmentTemplate', DEV_ENVIRONMENT_TEMPLATES],
    ['Region', DEV_ENVIRONMENT_REGIONS],
    ['InquiryType', INQUIRY_TYPES],
    ['TeamSize', TEAM_SIZES],
  ] as const)('%s', (schema, values) => {
    expect(values).toEqual(enumOf(schema))
  })
})
