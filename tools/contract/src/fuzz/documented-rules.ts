import { COMMON_PASSWORDS } from '@devenv/domain/common-passwords'
import {
  commonPasswordRuleError,
  type NewPasswordRule,
  newPasswordRuleError,
} from '@devenv/domain/password'
import { isJsonObject } from '@devenv/openapi'
import type { DocumentedRules } from './requests'

/**
 * The domain's rules for a new password (those the site and the stub apply): the rule of where it
 * is chosen, and the common-password rule beside it (a common, repeated or sequential one).
 */
const refusedPassword = (password: unknown, rule: NewPasswordRule) =>
  typeof password === 'string' &&
  (newPasswordRuleError(password, rule) !== null ||
    commonPasswordRuleError(password, COMMON_PASSWORDS) !== null)

/**
 * The contract's business rules that answer 400 'Validation errors' to a schema-valid body,
 * each quoted from the operation's description, and one known gap of the contract.
 */
export function documentedRules(knownModels: readonly string[]): DocumentedRules {
  return (operationId, body, world) => {
    if (!isJsonObject(body)) return []
    switch (operationId) {
      case 'chatCompletion':
        // "an unknown model answers 400 with `errors.model`"
        return typeof body.model === 'string' && !knownModels.includes(body.model) ? ['model'] : []
      case 'changePassword':
        // "`newPassword` must be 8 to 128 characters, have a strength of at least 40 (...) and
        // differ from the old one"
        return body.newPassword === body.oldPassword || refusedPassword(body.newPassword, 'change')
          ? ['newPassword']
          : []
      case 'register':
        // "`password` must have a strength of at least 40 of 100"
        return refusedPassword(body.password, 'registration') ? ['password'] : []
      case 'setPassword':
        // "`password` must have at least 8 characters with an upper-case letter, a lower-case
        // letter and a digit"
        return refusedPassword(body.password, 'reset') ? ['password'] : []
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
        return []
    }
  }
}
