import type { DevEnvironmentQuota } from '@devenv/domain/dev-environments'
import type { LoginLockRule } from '@devenv/domain/login-lock'
import {
  NEW_PASSWORD_RULE_OPERATIONS,
  type NewPasswordRule,
  type PasswordPolicy,
} from '@devenv/domain/password'
import {
  type Contract,
  type ContractRules,
  type Lifetimes,
  type Quota,
  readContractRules,
  type Unique,
  type ValuesFrom,
} from '@devenv/openapi'
import type { StubConfig } from '../../config'

/**
 * The rules the stub keeps, as its contract states them (the document's "Rules as data"), so that
 * a stub built from another contract keeps that contract's. Only a lifetime may be overridden by
 * the settings (short tokens for tests); the default is the contract's.
 */
export type StubRules = {
  /** The largest request body (`x-body-limit`); 413 above it. */
  bodyLimitBytes: number
  /** The environments a user may have (`x-quota` of createEnvironment). */
  environmentQuota: Quota & DevEnvironmentQuota
  /** The body field whose value one user's environments hold once (`x-unique` of createEnvironment). */
  environmentUnique: Unique
  /** Request body fields of `format: date` with their earliest day (`x-date-bound`). */
  dateBounds: ContractRules['dateBounds']
  /** The chat's field that names a model, and where its values come from (`x-values-from`). */
  chatModel: { field: string; from: ValuesFrom }
  /** Each new password's policy (`x-password-policy`), by where it is chosen. */
  passwordPolicies: Readonly<Record<NewPasswordRule, PasswordPolicy>>
  /** In seconds (`x-lifetimes`), with the settings' overrides. */
  lifetimes: Lifetimes
  /** Failed sign-ins that lock an address, and for how long (`x-rate-limits` of kind lock on signIn). */
  loginLock: LoginLockRule
  /** What a method a path does not have answers (`x-unsupported-methods`); null: 404. */
  unsupportedMethods: ContractRules['unsupportedMethods']
}

/** A rule the stub cannot do without: the contract's, or a start that names what is missing. */
function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) {
    throw new Error(`The contract states no ${what}: the stub applies it as the contract says`)
  }
  return value
}

/** Reads the contract's rules once per core (throws when one is malformed or missing). */
export function stubRulesOf(
  contract: Contract,
  config: Pick<StubConfig, 'tokenValidSeconds' | 'resetLinkMinutes'>,
): StubRules {
  const rules = readContractRules(contract.document)
  const policyOf = (rule: NewPasswordRule) => {
    const operationId = NEW_PASSWORD_RULE_OPERATIONS[rule]
    const field = rules.passwordFields.find((each) => each.operationId === operationId)
    return required(field?.policy, `x-password-policy for ${operationId}`)
  }
  const quota = required(rules.quotas.createEnvironment, 'x-quota for createEnvironment')
  const lifetimes = required(rules.lifetimes, 'x-lifetimes')
  const chatModel = required(
    rules.valuesFrom.find((each) => each.operationId === 'chatCompletion'),
    'x-values-from for chatCompletion',
  )
  const lock = required(
    contract.byId.get('signIn')?.rateLimits.find((rule) => rule.kind === 'lock'),
    'login lock (x-rate-limits of kind lock) for signIn',
  )
  return {
    bodyLimitBytes: required(rules.bodyLimit, 'x-body-limit').maxBytes,
    environmentQuota: { ...quota, uncounted: quota.uncounted ?? [] },
    environmentUnique: required(rules.uniques.createEnvironment, 'x-unique for createEnvironment'),
    dateBounds: rules.dateBounds,
    chatModel: { field: chatModel.field, from: chatModel.from },
    passwordPolicies: {
      registration: policyOf('registration'),
      change: policyOf('change'),
      reset: policyOf('reset'),
    },
    lifetimes: {
      ...lifetimes,
      accessToken: config.tokenValidSeconds ?? lifetimes.accessToken,
      resetLink:
        config.resetLinkMinutes === null ? lifetimes.resetLink : config.resetLinkMinutes * 60,
    },
    loginLock: { attempts: lock.limit, lockMs: lock.periodSeconds * 1000 },
    unsupportedMethods: rules.unsupportedMethods,
  }
}
