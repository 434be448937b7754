import { MESSAGE_RULES } from './message-rules'
import { SERVER_RULES } from './server-rules'
import {
  breaksBoth,
  breaksClients,
  breaksNeither,
  breaksServers,
  type ChangeRule,
  type Side,
} from './sides'

// How a change between two versions of the contract is judged: every rule, as data. The README's
// table of rules is made from this one, and each change a diff lists names the rule it fell under.
//
// A request rule binds both sides: clients must meet it, and servers must enforce it (`check`
// sends what it refuses). So a tightened request rule breaks clients (what they send may now be
// refused) and servers (they must now refuse it); a loosened one breaks servers only (they must
// accept what they refused). A response is the other way round: servers must send what it says,
// clients must read what it allows. The rules a server keeps (`x-password-policy`, `x-quota`,
// `x-rate-limits`, `x-body-limit`, `x-lifetimes`, `x-lifecycle`, `x-unsupported-methods`,
// `x-unique`, `x-date-bound`, `x-values-from`, `x-effects`) are the servers' alone: their refusals
// are documented answers clients already handle.

/** Every rule by its id, in the order the README lists them. */
export const CHANGE_RULES = {
  // Operations
  'operation-removed': breaksClients('clients call an operation that no longer exists'),
  'operation-added': breaksServers('servers must implement a new operation'),
  'webhook-removed': breaksClients('clients no longer receive a webhook they handle'),
  'webhook-added': breaksServers('servers must send a new webhook'),
  'callback-removed': breaksClients('clients no longer receive a callback they handle'),
  'callback-added': breaksServers('servers must call back on a new callback'),
  'operation-id-changed': breaksClients(
    "the generated client's function for the operation is renamed",
  ),
  'security-changed': breaksBoth(
    'who may call the operation changed: clients must authenticate otherwise, servers enforce it',
  ),
  'security-tightened': breaksBoth(
    'callers must meet more (a new requirement, scheme or scope), and servers must refuse those who do not',
  ),
  'security-loosened': breaksServers(
    'callers may meet less (a requirement, scheme or scope dropped): servers must let them in; clients need not change',
  ),
  'security-scheme-changed': breaksBoth(
    'how clients authenticate changed, and servers must accept the new way',
  ),
  'security-scheme-unused-changed': breaksNeither(
    'a security scheme no operation requires, in either version',
  ),

  // Parameters, request bodies, responses and the schemas in them: message-rules.ts
  ...MESSAGE_RULES,

  // A schema change no rule above judges is read as breaking both sides, never missed.
  'schema-changed': breaksBoth('a schema change no rule judges: read it'),

  // The rules a server keeps, compared through readContractRules of both versions: server-rules.ts
  ...SERVER_RULES,

  // The deprecation policy (`deprecated`, `x-sunset`, `x-stability-level`): promises about time,
  // not the wire. Listed apart as policy; whom they break is the policy's to say, not the wire's.
  'policy-sunset-missing': breaksNeither(
    'policy: a deprecation with no `x-sunset` says nothing of when the element goes',
  ),
  'policy-sunset-too-soon': breaksNeither(
    'policy: a new deprecation whose sunset is sooner than the notice its stability level is owed (`deprecationDays`)',
  ),
  'policy-sunset-moved-earlier': breaksNeither(
    'policy: a sunset moved earlier, to sooner than the notice owed',
  ),
  'policy-sunset-removed': breaksNeither('policy: a deprecated element lost its sunset date'),
  'policy-sunset-unparseable': breaksNeither('policy: an `x-sunset` that is not an RFC 3339 date'),
  'policy-stability-decreased': breaksNeither(
    'policy: a stability level lowered (stable → beta → alpha → draft)',
  ),
  'policy-stability-invalid': breaksNeither(
    'policy: an `x-stability-level` other than draft, alpha, beta or stable',
  ),

  // What breaks no one
  'annotation-changed': breaksNeither(
    'descriptions, summaries, titles, examples, tags and deprecation change no behaviour',
  ),
  'extension-changed': breaksNeither('an `x-` extension that states no rule of a server'),
  'document-changed': breaksNeither("the document's metadata, servers or tags"),
} as const satisfies Record<string, ChangeRule>

export type ChangeRuleId = keyof typeof CHANGE_RULES

export const CHANGE_RULE_IDS = Object.keys(CHANGE_RULES) as ChangeRuleId[]

/** Whom a rule's changes break. */
export const breaksOf = (rule: ChangeRuleId): readonly Side[] => CHANGE_RULES[rule].breaks
