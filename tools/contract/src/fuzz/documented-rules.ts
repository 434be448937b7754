import { passwordPolicyProblem } from '@devenv/domain'
import { COMMON_PASSWORDS } from '@devenv/domain/common-passwords'
import { commonPasswordRuleError } from '@devenv/domain/password'
import { type Contract, isJsonObject } from '@devenv/openapi'
import { rulesOf } from '../contract-rules'
import type { DocumentedRules } from './prepared-request'

/** A common, repeated or sequential password: the domain keeps the list a policy's refuseCommon names. */
const isCommonPassword = (password: string) =>
  commonPasswordRuleError(password, COMMON_PASSWORDS) !== null

/**
 * The contract's business rules that answer 400 'Validation errors' to a schema-valid body: each
 * password field's x-password-policy, the others quoted from the operation's description, and one
 * known gap of the contract.
 */
export function documentedRules(
  knownModels: readonly string[],
  contract: Pick<Contract, 'document'>,
): DocumentedRules {
  const passwordFields = rulesOf(contract).passwordFields
  return (operationId, body, world) => {
    if (!isJsonObject(body)) return []
    const refused = passwordFields
      .filter((each) => each.operationId === operationId)
      .filter(({ field, policy }) => {
        const password = body[field]
        return (
          typeof password === 'string' &&
          passwordPolicyProblem(password, policy, isCommonPassword) !== null
        )
      })
      .map(({ field }) => field)
    switch (operationId) {
      case 'chatCompletion':
        // "an unknown model answers 400 with `errors.model`"
        return typeof body.model === 'string' && !knownModels.includes(body.model) ? ['model'] : []
      case 'changePassword':
        // "`newPassword` must [...] differ from the old one"
        return body.newPassword === body.oldPassword && !refused.includes('newPassword')
          ? [...refused, 'newPassword']
          : refused
      case 'requestDemo': {
        // "`preferredDate` is optional and, when given, must not be in the past (UTC)"
        const today = new Date(world.now()).toISOString().slice(0, 10)
        return typeof body.preferredDate === 'string' && body.preferredDate < today
          ? ['preferredDate']
          : []
      }
      case 'updateProfile':
        // A known gap, not a rule: the contract's PersonName allows a name of spaces only, the
        // stub refuses it (as the site does). Reported; see docs/decisions/contract.md, "`PersonName` allows a name of spaces".
        return (['firstName', 'lastName'] as const).filter(
          (field) => typeof body[field] === 'string' && String(body[field]).trim() === '',
        )
      default:
        return refused
    }
  }
}
