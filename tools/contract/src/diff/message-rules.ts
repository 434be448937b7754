import { breaksBoth, breaksClients, breaksNeither, breaksServers, type ChangeRule } from './sides'

// How a change to an operation's messages is judged (message-changes.ts and schema-changes.ts
// name the rule): its parameters, its request body, its responses, and the schemas in them. A
// request binds both sides, a response the other way round (change-rules.ts says why).

export const MESSAGE_RULES = {
  // Parameters
  'parameter-added-required': breaksBoth(
    'clients must send a new parameter, servers must refuse requests without it',
  ),
  'parameter-added-optional': breaksServers('servers must honour a new parameter'),
  'parameter-removed': breaksClients('clients send a parameter the contract no longer knows'),
  'parameter-made-required': breaksBoth(
    'clients that leave the parameter out are refused, and servers must refuse them',
  ),
  'parameter-made-optional': breaksServers('servers must serve requests without the parameter'),
  'path-parameter-renamed': breaksNeither(
    "a path parameter's name is not sent: the URL is the same",
  ),
  'parameter-style-changed': breaksBoth('the parameter is written otherwise on the wire'),

  // The request body
  'request-body-added-required': breaksBoth(
    'clients must send a body, servers must refuse requests without one',
  ),
  'request-body-added-optional': breaksServers('servers must read a body they did not take'),
  'request-body-removed': breaksClients('clients send a body the operation no longer takes'),
  'request-body-made-required': breaksBoth(
    'clients that send no body are refused, and servers must refuse them',
  ),
  'request-body-made-optional': breaksServers('servers must serve requests without a body'),
  'request-media-type-added': breaksServers('servers must read a new media type'),
  'request-media-type-removed': breaksClients(
    'clients send a media type the operation no longer takes',
  ),

  // Request schemas (the body's and the parameters')
  'request-property-added': breaksServers(
    'servers must accept a new field (a field the contract does not define is refused)',
  ),
  'request-property-removed': breaksClients(
    'clients send a field the contract no longer defines, which is refused',
  ),
  'request-property-made-required': breaksBoth(
    'clients that leave the field out are refused, and servers must refuse them',
  ),
  'request-property-made-optional': breaksServers('servers must serve requests without the field'),
  'request-enum-narrowed': breaksBoth(
    'clients may send a value now refused, and servers must refuse it',
  ),
  'request-enum-widened': breaksServers('servers must accept a new value'),
  'request-type-changed': breaksBoth(
    'clients send values of the old type, servers must read the new one',
  ),
  'request-constraint-tightened': breaksBoth(
    'a tighter pattern, format, length, range or shape: clients may send what is now refused, and servers must refuse it',
  ),
  'request-constraint-loosened': breaksServers('servers must accept what they refused'),
  'request-constraint-changed': breaksBoth(
    'a pattern, format or combination replaced, and which way it goes cannot be told: read it (it may refuse what clients send, or ask servers to accept more)',
  ),
  'request-read-only-changed': breaksNeither(
    'a readOnly field is not sent in requests: whether it is defined or required there binds no one',
  ),
  'request-default-changed': breaksBoth(
    'a value clients leave out now means something else, and servers must apply it',
  ),

  // Responses
  'response-success-added': breaksBoth(
    'clients receive a success answer they do not handle, servers must send it',
  ),
  'response-error-added': breaksServers(
    'servers must answer a new documented 4xx or 5xx in its case',
  ),
  'response-removed': breaksBoth(
    'clients lose an answer they handle, and servers must no longer send it',
  ),
  'response-media-type-added': breaksClients('clients may receive a media type they do not read'),
  'response-media-type-removed': breaksBoth(
    'clients read a media type no longer sent, servers must no longer send it',
  ),
  'response-header-added-required': breaksServers('servers must send a new header'),
  'response-header-added-optional': breaksNeither('a header servers may send and clients may read'),
  'response-header-removed': breaksClients('clients read a header no longer sent'),
  'response-header-made-required': breaksServers('servers must always send the header'),
  'response-header-made-optional': breaksClients('clients may no longer receive the header'),

  // Response schemas (the body's and the headers')
  'response-property-added': breaksNeither(
    'clients ignore a field they do not know; it is required of servers only if listed so',
  ),
  'response-property-removed': breaksClients('clients read a field no longer sent'),
  'response-property-made-required': breaksServers('servers must always send the field'),
  'response-property-made-optional': breaksClients('clients may no longer receive the field'),
  'response-enum-narrowed': breaksServers(
    'servers must no longer send a value (clients handle fewer values, which is fine)',
  ),
  'response-enum-widened': breaksClients('clients receive a value they do not handle'),
  'response-type-changed': breaksBoth(
    'clients read values of the old type, servers must send the new one',
  ),
  'response-constraint-tightened': breaksServers(
    'a tighter pattern, format, length, range or shape: servers must send only what it allows',
  ),
  'response-constraint-loosened': breaksClients(
    'clients may receive what they could rely on not receiving',
  ),
  'response-constraint-changed': breaksBoth(
    'a pattern, format or combination replaced, and which way it goes cannot be told: read it',
  ),
  'response-write-only-changed': breaksNeither(
    'a writeOnly field is not sent in responses: whether it is defined or required there binds no one',
  ),
} as const satisfies Record<string, ChangeRule>
