import {
  type Contract,
  type ContractRules,
  contractRuleIds,
  type DateBound,
  type Effect,
  type Lifetimes,
  type OpenApiDocument,
  type PasswordField,
  type Quota,
  type RateLimit,
  type RuleId,
  readContractRules,
  type Unique,
  type ValuesFrom,
} from '@devenv/openapi'

// The rules a server keeps are the contract's data (its "Rules as data"), never the toolkit's own
// numbers: a run against another contract (`--contract`) holds the server to that one's.

const read = new WeakMap<OpenApiDocument, ContractRules>()

/** The contract's rules, read once per document; throws `ContractRuleError` on a malformed one. */
export function rulesOf(contract: Pick<Contract, 'document'>): ContractRules {
  const known = read.get(contract.document)
  if (known) return known
  const rules = readContractRules(contract.document)
  read.set(contract.document, rules)
  return rules
}

/** The password policy of an operation's body field, when the contract states one. */
export function passwordFieldOf(
  contract: Pick<Contract, 'document'>,
  operationId: string,
  field: string,
): PasswordField | undefined {
  return rulesOf(contract).passwordFields.find(
    (each) => each.operationId === operationId && each.field === field,
  )
}

/** The quota of an operation that creates, when the contract states one. */
export function quotaOf(
  contract: Pick<Contract, 'document'>,
  operationId: string,
): Quota | undefined {
  return rulesOf(contract).quotas[operationId]
}

/** The contract's lifetimes of tokens and links, in milliseconds; null when it states none. */
export function lifetimesMsOf(contract: Pick<Contract, 'document'>): Lifetimes | null {
  const lifetimes = rulesOf(contract).lifetimes
  if (!lifetimes) return null
  return {
    accessToken: lifetimes.accessToken * 1000,
    refreshToken: lifetimes.refreshToken * 1000,
    activationLink: lifetimes.activationLink * 1000,
    resetLink: lifetimes.resetLink * 1000,
  }
}

/** An operation's lock (`x-rate-limits` of `kind: lock`), when it has one. */
export function lockOf(contract: Contract, operationId: string): RateLimit | undefined {
  return contract.byId.get(operationId)?.rateLimits.find((limit) => limit.kind === 'lock')
}

/** The body field an operation's `x-unique` makes one per user, when the contract states one. */
export function uniqueOf(
  contract: Pick<Contract, 'document'>,
  operationId: string,
): Unique | undefined {
  return rulesOf(contract).uniques[operationId]
}

/** An operation's body fields bound to a day (`x-date-bound`). */
export function dateBoundsOf(
  contract: Pick<Contract, 'document'>,
  operationId: string,
): Array<{ field: string; bound: DateBound }> {
  return rulesOf(contract).dateBounds.filter((each) => each.operationId === operationId)
}

/** An operation's body fields whose values another operation lists (`x-values-from`). */
export function valuesFromOf(
  contract: Pick<Contract, 'document'>,
  operationId: string,
): Array<{ field: string; from: ValuesFrom }> {
  return rulesOf(contract).valuesFrom.filter((each) => each.operationId === operationId)
}

/** What an answer of `status` to the operation does besides answering (`x-effects`), if stated. */
export function effectOf(
  contract: Pick<Contract, 'document'>,
  operationId: string,
  status: number,
): Effect | undefined {
  return rulesOf(contract).effects[operationId]?.find((each) => each.status === status)
}

/**
 * Whether the contract states rule `id` and names `operationId` among the operations it binds (the
 * register's list, not a guess from paths or names: a copy of the contract may rename them).
 */
export function ruleBinds(
  contract: Pick<Contract, 'document'>,
  id: RuleId,
  operationId: string,
): boolean {
  return (
    contractRuleIds(contract.document)
      .find((rule) => rule.id === id)
      ?.operations.includes(operationId) ?? false
  )
}
