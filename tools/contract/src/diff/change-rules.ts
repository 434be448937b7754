// How a change between two versions of the contract is judged: every rule, as data. The README's
// table of rules is made from this one, and each change a diff lists names the rule it fell under.
//
// A request rule binds both sides: clients must meet it, and servers must enforce it (`check`
// sends what it refuses). So a tightened request rule breaks clients (what they send may now be
// refused) and servers (they must now refuse it); a loosened one breaks servers only (they must
// accept what they refused). A response is the other way round: servers must send what it says,
// clients must read what it allows. The rules a server keeps (`x-password-policy`, `x-quota`,
// `x-rate-limits`, `x-body-limit`, `x-lifetimes`, `x-lifecycle`, `x-unsupported-methods`) are the
// servers' alone: their refusals are documented answers clients already handle.

/** Whom a change breaks. */
export type Side = 'clients' | 'servers'

export const SIDES: readonly Side[] = ['clients', 'servers']

export type ChangeRule = {
  /** Whom it breaks: none for a change that breaks no one. */
  breaks: readonly Side[]
  /** Why, in one line. */
  reason: string
}

const CLIENTS: readonly Side[] = ['clients']
const SERVERS: readonly Side[] = ['servers']
const BOTH: readonly Side[] = ['clients', 'servers']
const NEITHER: readonly Side[] = []

/** Every rule by its id, in the order the README lists them. */
export const CHANGE_RULES = {
  // Operations
  'operation-removed': {
    breaks: CLIENTS,
    reason: 'clients call an operation that no longer exists',
  },
  'operation-added': {
    breaks: SERVERS,
    reason: 'servers must implement a new operation',
  },
  'webhook-removed': {
    breaks: CLIENTS,
    reason: 'clients no longer receive a webhook they handle',
  },
  'webhook-added': {
    breaks: SERVERS,
    reason: 'servers must send a new webhook',
  },
  'callback-removed': {
    breaks: CLIENTS,
    reason: 'clients no longer receive a callback they handle',
  },
  'callback-added': {
    breaks: SERVERS,
    reason: 'servers must call back on a new callback',
  },
  'operation-id-changed': {
    breaks: CLIENTS,
    reason: "the generated client's function for the operation is renamed",
  },
  'security-changed': {
    breaks: BOTH,
    reason:
      'who may call the operation changed: clients must authenticate otherwise, servers enforce it',
  },
  'security-tightened': {
    breaks: BOTH,
    reason:
      'callers must meet more (a new requirement, scheme or scope), and servers must refuse those who do not',
  },
  'security-loosened': {
    breaks: SERVERS,
    reason:
      'callers may meet less (a requirement, scheme or scope dropped): servers must let them in; clients need not change',
  },
  'security-scheme-changed': {
    breaks: BOTH,
    reason: 'how clients authenticate changed, and servers must accept the new way',
  },
  'security-scheme-unused-changed': {
    breaks: NEITHER,
    reason: 'a security scheme no operation requires, in either version',
  },

  // Parameters
  'parameter-added-required': {
    breaks: BOTH,
    reason: 'clients must send a new parameter, servers must refuse requests without it',
  },
  'parameter-added-optional': {
    breaks: SERVERS,
    reason: 'servers must honour a new parameter',
  },
  'parameter-removed': {
    breaks: CLIENTS,
    reason: 'clients send a parameter the contract no longer knows',
  },
  'parameter-made-required': {
    breaks: BOTH,
    reason: 'clients that leave the parameter out are refused, and servers must refuse them',
  },
  'parameter-made-optional': {
    breaks: SERVERS,
    reason: 'servers must serve requests without the parameter',
  },
  'path-parameter-renamed': {
    breaks: NEITHER,
    reason: "a path parameter's name is not sent: the URL is the same",
  },
  'parameter-style-changed': {
    breaks: BOTH,
    reason: 'the parameter is written otherwise on the wire',
  },

  // The request body
  'request-body-added-required': {
    breaks: BOTH,
    reason: 'clients must send a body, servers must refuse requests without one',
  },
  'request-body-added-optional': {
    breaks: SERVERS,
    reason: 'servers must read a body they did not take',
  },
  'request-body-removed': {
    breaks: CLIENTS,
    reason: 'clients send a body the operation no longer takes',
  },
  'request-body-made-required': {
    breaks: BOTH,
    reason: 'clients that send no body are refused, and servers must refuse them',
  },
  'request-body-made-optional': {
    breaks: SERVERS,
    reason: 'servers must serve requests without a body',
  },
  'request-media-type-added': {
    breaks: SERVERS,
    reason: 'servers must read a new media type',
  },
  'request-media-type-removed': {
    breaks: CLIENTS,
    reason: 'clients send a media type the operation no longer takes',
  },

  // Request schemas (the body's and the parameters')
  'request-property-added': {
    breaks: SERVERS,
    reason: 'servers must accept a new field (a field the contract does not define is refused)',
  },
  'request-property-removed': {
    breaks: CLIENTS,
    reason: 'clients send a field the contract no longer defines, which is refused',
  },
  'request-property-made-required': {
    breaks: BOTH,
    reason: 'clients that leave the field out are refused, and servers must refuse them',
  },
  'request-property-made-optional': {
    breaks: SERVERS,
    reason: 'servers must serve requests without the field',
  },
  'request-enum-narrowed': {
    breaks: BOTH,
    reason: 'clients may send a value now refused, and servers must refuse it',
  },
  'request-enum-widened': {
    breaks: SERVERS,
    reason: 'servers must accept a new value',
  },
  'request-type-changed': {
    breaks: BOTH,
    reason: 'clients send values of the old type, servers must read the new one',
  },
  'request-constraint-tightened': {
    breaks: BOTH,
    reason:
      'a tighter pattern, format, length, range or shape: clients may send what is now refused, and servers must refuse it',
  },
  'request-constraint-loosened': {
    breaks: SERVERS,
    reason: 'servers must accept what they refused',
  },
  'request-constraint-changed': {
    breaks: BOTH,
    reason:
      'a pattern, format or combination replaced, and which way it goes cannot be told: read it (it may refuse what clients send, or ask servers to accept more)',
  },
  'request-read-only-changed': {
    breaks: NEITHER,
    reason:
      'a readOnly field is not sent in requests: whether it is defined or required there binds no one',
  },
  'request-default-changed': {
    breaks: BOTH,
    reason: 'a value clients leave out now means something else, and servers must apply it',
  },

  // Responses
  'response-success-added': {
    breaks: BOTH,
    reason: 'clients receive a success answer they do not handle, servers must send it',
  },
  'response-error-added': {
    breaks: SERVERS,
    reason: 'servers must answer a new documented 4xx or 5xx in its case',
  },
  'response-removed': {
    breaks: BOTH,
    reason: 'clients lose an answer they handle, and servers must no longer send it',
  },
  'response-media-type-added': {
    breaks: CLIENTS,
    reason: 'clients may receive a media type they do not read',
  },
  'response-media-type-removed': {
    breaks: BOTH,
    reason: 'clients read a media type no longer sent, servers must no longer send it',
  },
  'response-header-added-required': {
    breaks: SERVERS,
    reason: 'servers must send a new header',
  },
  'response-header-added-optional': {
    breaks: NEITHER,
    reason: 'a header servers may send and clients may read',
  },
  'response-header-removed': {
    breaks: CLIENTS,
    reason: 'clients read a header no longer sent',
  },
  'response-header-made-required': {
    breaks: SERVERS,
    reason: 'servers must always send the header',
  },
  'response-header-made-optional': {
    breaks: CLIENTS,
    reason: 'clients may no longer receive the header',
  },

  // Response schemas (the body's and the headers')
  'response-property-added': {
    breaks: NEITHER,
    reason: 'clients ignore a field they do not know; it is required of servers only if listed so',
  },
  'response-property-removed': {
    breaks: CLIENTS,
    reason: 'clients read a field no longer sent',
  },
  'response-property-made-required': {
    breaks: SERVERS,
    reason: 'servers must always send the field',
  },
  'response-property-made-optional': {
    breaks: CLIENTS,
    reason: 'clients may no longer receive the field',
  },
  'response-enum-narrowed': {
    breaks: SERVERS,
    reason: 'servers must no longer send a value (clients handle fewer values, which is fine)',
  },
  'response-enum-widened': {
    breaks: CLIENTS,
    reason: 'clients receive a value they do not handle',
  },
  'response-type-changed': {
    breaks: BOTH,
    reason: 'clients read values of the old type, servers must send the new one',
  },
  'response-constraint-tightened': {
    breaks: SERVERS,
    reason:
      'a tighter pattern, format, length, range or shape: servers must send only what it allows',
  },
  'response-constraint-loosened': {
    breaks: CLIENTS,
    reason: 'clients may receive what they could rely on not receiving',
  },

  'response-constraint-changed': {
    breaks: BOTH,
    reason:
      'a pattern, format or combination replaced, and which way it goes cannot be told: read it',
  },
  'response-write-only-changed': {
    breaks: NEITHER,
    reason:
      'a writeOnly field is not sent in responses: whether it is defined or required there binds no one',
  },

  // A schema change no rule above judges is read as breaking both sides, never missed.
  'schema-changed': {
    breaks: BOTH,
    reason: 'a schema change no rule judges: read it',
  },

  // The rules a server keeps, compared through readContractRules of both versions
  'password-policy-added': {
    breaks: SERVERS,
    reason: 'servers must refuse the passwords a new policy refuses',
  },
  'password-policy-tightened': {
    breaks: SERVERS,
    reason:
      'servers must refuse passwords they accepted (a longer minimum, a higher strength, a new check)',
  },
  'password-policy-loosened': {
    breaks: SERVERS,
    reason: 'servers must accept passwords they refused',
  },
  'password-policy-removed': {
    breaks: SERVERS,
    reason: 'servers must accept passwords the policy refused',
  },
  'quota-added': {
    breaks: SERVERS,
    reason: 'servers must refuse what is over a new quota',
  },
  'quota-lowered': {
    breaks: SERVERS,
    reason: 'servers must refuse sooner',
  },
  'quota-raised': {
    breaks: SERVERS,
    reason: 'servers must allow more before refusing',
  },
  'quota-removed': {
    breaks: SERVERS,
    reason: 'servers must no longer refuse at the quota',
  },
  'quota-answer-changed': {
    breaks: BOTH,
    reason: "the quota's refusal (status, code) or what it counts changed",
  },
  'rate-limit-added': {
    breaks: SERVERS,
    reason: 'servers must keep a new rate limit or lock',
  },
  'rate-limit-tightened': {
    breaks: SERVERS,
    reason: 'servers must refuse sooner or for longer',
  },
  'rate-limit-loosened': {
    breaks: SERVERS,
    reason: 'servers must allow more, or sooner',
  },
  'rate-limit-removed': {
    breaks: SERVERS,
    reason: 'servers must no longer refuse at the limit',
  },
  'body-limit-added': {
    breaks: SERVERS,
    reason: 'servers must refuse bodies over a new limit',
  },
  'body-limit-lowered': {
    breaks: SERVERS,
    reason: 'servers must refuse smaller bodies',
  },
  'body-limit-raised': {
    breaks: SERVERS,
    reason: 'servers must accept larger bodies',
  },
  'body-limit-removed': {
    breaks: NEITHER,
    reason: 'no limit is documented any more',
  },
  'lifetime-shortened': {
    breaks: SERVERS,
    reason: 'servers must expire a token or link sooner',
  },
  'lifetime-lengthened': {
    breaks: SERVERS,
    reason: 'servers must honour a token or link for longer',
  },
  'lifetimes-added': {
    breaks: SERVERS,
    reason: 'servers must expire tokens and links at documented times',
  },
  'lifetimes-removed': {
    breaks: NEITHER,
    reason: 'no lifetime is documented any more',
  },
  'lifecycle-added': {
    breaks: SERVERS,
    reason: 'servers must move a resource through documented states',
  },
  'lifecycle-changed': {
    breaks: SERVERS,
    reason: 'servers must move a resource through changed states or timings',
  },
  'lifecycle-removed': {
    breaks: NEITHER,
    reason: 'no lifecycle is documented any more',
  },
  'unsupported-methods-added': {
    breaks: SERVERS,
    reason: 'servers must answer a method a path does not have as documented (405 with Allow)',
  },
  'unsupported-methods-changed': {
    breaks: SERVERS,
    reason: 'servers must answer a method a path does not have otherwise',
  },
  'unsupported-methods-removed': {
    breaks: NEITHER,
    reason: 'no answer is documented any more for a method a path does not have',
  },

  // The deprecation policy (`deprecated`, `x-sunset`, `x-stability-level`): promises about time,
  // not the wire. Listed apart as policy; whom they break is the policy's to say, not the wire's.
  'policy-sunset-missing': {
    breaks: NEITHER,
    reason: 'policy: a deprecation with no `x-sunset` says nothing of when the element goes',
  },
  'policy-sunset-too-soon': {
    breaks: NEITHER,
    reason:
      'policy: a new deprecation whose sunset is sooner than the notice its stability level is owed (`deprecationDays`)',
  },
  'policy-sunset-moved-earlier': {
    breaks: NEITHER,
    reason: 'policy: a sunset moved earlier, to sooner than the notice owed',
  },
  'policy-sunset-removed': {
    breaks: NEITHER,
    reason: 'policy: a deprecated element lost its sunset date',
  },
  'policy-sunset-unparseable': {
    breaks: NEITHER,
    reason: 'policy: an `x-sunset` that is not an RFC 3339 date',
  },
  'policy-stability-decreased': {
    breaks: NEITHER,
    reason: 'policy: a stability level lowered (stable → beta → alpha → draft)',
  },
  'policy-stability-invalid': {
    breaks: NEITHER,
    reason: 'policy: an `x-stability-level` other than draft, alpha, beta or stable',
  },

  // What breaks no one
  'annotation-changed': {
    breaks: NEITHER,
    reason: 'descriptions, summaries, titles, examples, tags and deprecation change no behaviour',
  },
  'extension-changed': {
    breaks: NEITHER,
    reason: 'an `x-` extension that states no rule of a server',
  },
  'document-changed': {
    breaks: NEITHER,
    reason: "the document's metadata, servers or tags",
  },
} as const satisfies Record<string, ChangeRule>

export type ChangeRuleId = keyof typeof CHANGE_RULES

export const CHANGE_RULE_IDS = Object.keys(CHANGE_RULES) as ChangeRuleId[]

/** Whom a rule's changes break. */
export const breaksOf = (rule: ChangeRuleId): readonly Side[] => CHANGE_RULES[rule].breaks
