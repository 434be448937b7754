import { breaksBoth, breaksNeither, breaksServers, type ChangeRule } from './sides'

// How a change to a rule a server keeps is judged (contract-rules.ts compares them, through
// readContractRules of both versions): the servers' alone, since their refusals are documented
// answers clients already handle.

export const SERVER_RULES = {
  'password-policy-added': breaksServers('servers must refuse the passwords a new policy refuses'),
  'password-policy-tightened': breaksServers(
    'servers must refuse passwords they accepted (a longer minimum, a higher strength, a new check)',
  ),
  'password-policy-loosened': breaksServers('servers must accept passwords they refused'),
  'password-policy-removed': breaksServers('servers must accept passwords the policy refused'),
  'quota-added': breaksServers('servers must refuse what is over a new quota'),
  'quota-lowered': breaksServers('servers must refuse sooner'),
  'quota-raised': breaksServers('servers must allow more before refusing'),
  'quota-removed': breaksServers('servers must no longer refuse at the quota'),
  'quota-answer-changed': breaksBoth(
    "the quota's refusal (status, code) or what it counts changed",
  ),
  'rate-limit-added': breaksServers('servers must keep a new rate limit or lock'),
  'rate-limit-tightened': breaksServers('servers must refuse sooner or for longer'),
  'rate-limit-loosened': breaksServers('servers must allow more, or sooner'),
  'rate-limit-removed': breaksServers('servers must no longer refuse at the limit'),
  'body-limit-added': breaksServers('servers must refuse bodies over a new limit'),
  'body-limit-lowered': breaksServers('servers must refuse smaller bodies'),
  'body-limit-raised': breaksServers('servers must accept larger bodies'),
  'body-limit-removed': breaksNeither('no limit is documented any more'),
  'lifetime-shortened': breaksServers('servers must expire a token or link sooner'),
  'lifetime-lengthened': breaksServers('servers must honour a token or link for longer'),
  'lifetimes-added': breaksServers('servers must expire tokens and links at documented times'),
  'lifetimes-removed': breaksNeither('no lifetime is documented any more'),
  'lifecycle-added': breaksServers('servers must move a resource through documented states'),
  'lifecycle-changed': breaksServers(
    'servers must move a resource through changed states or timings',
  ),
  'lifecycle-removed': breaksNeither('no lifecycle is documented any more'),
  'unsupported-methods-added': breaksServers(
    'servers must answer a method a path does not have as documented (405 with Allow)',
  ),
  'unsupported-methods-changed': breaksServers(
    'servers must answer a method a path does not have otherwise',
  ),
  'unsupported-methods-removed': breaksNeither(
    'no answer is documented any more for a method a path does not have',
  ),
  'unique-added': breaksServers('servers must refuse a second resource with the same value'),
  'unique-changed': breaksBoth(
    "the uniqueness rule's field, scope or refusal (status, code) changed",
  ),
  'unique-removed': breaksServers('servers must accept a value they refused as taken'),
  'date-bound-added': breaksServers('servers must refuse dates before a new bound'),
  'date-bound-changed': breaksServers('servers must refuse dates by a changed bound'),
  'date-bound-removed': breaksServers('servers must accept dates they refused'),
  'values-from-added': breaksServers("servers must refuse a value another operation's list lacks"),
  'values-from-changed': breaksServers('servers must take the allowed values from another list'),
  'values-from-removed': breaksServers('servers must accept values no list holds'),
  'effect-added': breaksServers('servers must revoke or reset on a new answer'),
  'effect-removed': breaksServers('servers must no longer revoke or reset on an answer'),
} as const satisfies Record<string, ChangeRule>
