// Generated from openapi/openapi.yaml by scripts/generate.ts. Do not edit.

/** The operations whose contract `security` accepts the bearer token (`bearerAuth`). */
export const BEARER_OPERATIONS = [
  "GET /user/profile",
  "PUT /user/profile",
  "GET /auth/verify",
  "GET /environments",
  "POST /environments",
  "GET /environments/{id}",
  "DELETE /environments/{id}",
  "POST /ai/chat",
  "GET /ai/models"
] as const

/** The rules a server keeps, from the contract's `x-` extensions (see its "Rules as data"). */
export const CONTRACT_RULES = {
  "rateLimits": {
    "signIn": [
      {
        "kind": "lock",
        "scope": "email",
        "limit": 5,
        "periodSeconds": 900
      },
      {
        "kind": "window",
        "scope": "client",
        "limit": 20,
        "periodSeconds": 900
      }
    ],
    "register": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 10,
        "periodSeconds": 900
      }
    ],
    "refreshToken": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 120,
        "periodSeconds": 60
      }
    ],
    "changePassword": [
      {
        "kind": "lock",
        "scope": "email",
        "limit": 5,
        "periodSeconds": 900
      },
      {
        "kind": "window",
        "scope": "client",
        "limit": 20,
        "periodSeconds": 900
      }
    ],
    "requestPasswordReset": [
      {
        "kind": "window",
        "scope": "email",
        "limit": 3,
        "periodSeconds": 900
      },
      {
        "kind": "window",
        "scope": "client",
        "limit": 10,
        "periodSeconds": 900
      }
    ],
    "resendActivation": [
      {
        "kind": "window",
        "scope": "email",
        "limit": 3,
        "periodSeconds": 900
      },
      {
        "kind": "window",
        "scope": "client",
        "limit": 10,
        "periodSeconds": 900
      }
    ],
    "legacySignIn": [
      {
        "kind": "lock",
        "scope": "email",
        "limit": 5,
        "periodSeconds": 900
      },
      {
        "kind": "window",
        "scope": "client",
        "limit": 20,
        "periodSeconds": 900
      }
    ],
    "legacyRefreshToken": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 120,
        "periodSeconds": 60
      }
    ],
    "chatCompletion": [
      {
        "kind": "window",
        "scope": "user",
        "limit": 30,
        "periodSeconds": 60
      }
    ],
    "submitContact": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 10,
        "periodSeconds": 900
      }
    ],
    "requestDemo": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 10,
        "periodSeconds": 900
      }
    ],
    "logSecurityEvent": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 120,
        "periodSeconds": 60
      }
    ],
    "logError": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 120,
        "periodSeconds": 60
      }
    ],
    "getHealth": [
      {
        "kind": "window",
        "scope": "client",
        "limit": 600,
        "periodSeconds": 60
      }
    ]
  },
  "passwordFields": [
    {
      "operationId": "register",
      "field": "password",
      "schema": "NewPassword",
      "policy": {
        "minLength": 8,
        "strength": {
          "minimum": 40,
          "pointsPerRule": 20,
          "longLength": 12,
          "characters": "unicode-categories"
        },
        "refuseCommon": true
      }
    },
    {
      "operationId": "changePassword",
      "field": "newPassword",
      "schema": "NewPassword",
      "policy": {
        "minLength": 8,
        "strength": {
          "minimum": 40,
          "pointsPerRule": 20,
          "longLength": 12,
          "characters": "unicode-categories"
        },
        "refuseCommon": true
      }
    },
    {
      "operationId": "setPassword",
      "field": "password",
      "schema": "ResetPassword",
      "policy": {
        "minLength": 8,
        "require": [
          "uppercase",
          "lowercase",
          "digit"
        ],
        "refuseCommon": true
      }
    }
  ],
  "quotas": {
    "createEnvironment": {
      "scope": "user",
      "limit": 5,
      "uncounted": [
        "deleting"
      ],
      "status": 403,
      "code": "ENVIRONMENT_QUOTA_EXCEEDED"
    }
  },
  "uniques": {
    "createEnvironment": {
      "field": "name",
      "per": "user",
      "status": 409,
      "code": "ENVIRONMENT_NAME_TAKEN"
    }
  },
  "dateBounds": [
    {
      "operationId": "requestDemo",
      "field": "preferredDate",
      "bound": {
        "notBefore": "today",
        "timeZone": "UTC"
      }
    }
  ],
  "valuesFrom": [
    {
      "operationId": "chatCompletion",
      "field": "model",
      "from": {
        "operationId": "listModels",
        "list": "items",
        "key": "id"
      }
    }
  ],
  "effects": {
    "signIn": [
      {
        "status": 200,
        "resets": "login-lock"
      }
    ],
    "signOut": [
      {
        "status": 204,
        "revokes": "session"
      }
    ],
    "setPassword": [
      {
        "status": 200,
        "revokes": "account-sessions"
      }
    ],
    "legacySignIn": [
      {
        "status": 200,
        "resets": "login-lock"
      }
    ]
  },
  "lifecycles": {
    "EnvironmentStatus": {
      "created": "provisioning",
      "deleted": "deleting",
      "transitions": [
        {
          "from": "provisioning",
          "to": [
            "running",
            "failed"
          ],
          "withinSeconds": 120
        },
        {
          "from": "running",
          "to": [
            "stopped"
          ]
        },
        {
          "from": "deleting",
          "to": [
            "gone"
          ],
          "withinSeconds": 60
        }
      ]
    }
  },
  "bodyLimit": {
    "maxBytes": 1048576
  },
  "lifetimes": {
    "accessToken": 900,
    "refreshToken": 604800,
    "activationLink": 86400,
    "resetLink": 3600
  },
  "unsupportedMethods": {
    "status": 405,
    "header": "Allow"
  },
  "emailPattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
} as const

/** The values of every named schema that is an enum (`components.schemas`), in its order. */
export const CONTRACT_ENUMS = {
  "ErrorCode": [
    "VALIDATION_FAILED",
    "INVALID_CREDENTIALS",
    "ACCOUNT_NOT_ACTIVATED",
    "LOGIN_LOCKED",
    "RATE_LIMITED",
    "UNAUTHORIZED",
    "TOKEN_EXPIRED",
    "TOKEN_INVALID",
    "REFRESH_TOKEN_INVALID",
    "REFRESH_TOKEN_REUSED",
    "USER_NOT_FOUND",
    "EMAIL_TAKEN",
    "ACTIVATION_TOKEN_INVALID",
    "ACTIVATION_TOKEN_USED",
    "ACTIVATION_TOKEN_EXPIRED",
    "RESET_LINK_INVALID",
    "RESET_LINK_USED",
    "RESET_LINK_EXPIRED",
    "NOT_FOUND",
    "ENVIRONMENT_NAME_TAKEN",
    "ENVIRONMENT_QUOTA_EXCEEDED",
    "PAYLOAD_TOO_LARGE",
    "UNSUPPORTED_MEDIA_TYPE",
    "INTERNAL_ERROR",
    "SERVICE_UNAVAILABLE"
  ],
  "UserType": [
    "PERSONAL",
    "COMPANY"
  ],
  "EnvironmentTemplate": [
    "node-20",
    "python-3.12",
    "go-1.23",
    "java-21"
  ],
  "EnvironmentSize": [
    "starter",
    "professional",
    "enterprise"
  ],
  "Region": [
    "eu-central",
    "us-east",
    "asia-southeast"
  ],
  "EnvironmentStatus": [
    "provisioning",
    "running",
    "stopped",
    "failed",
    "deleting"
  ],
  "ChatRole": [
    "system",
    "user",
    "assistant"
  ],
  "InquiryType": [
    "trial",
    "demo",
    "enterprise",
    "support",
    "partnership",
    "other"
  ],
  "TeamSize": [
    "1-5",
    "6-20",
    "21-50",
    "51-100",
    "100+"
  ]
} as const

/** Every development control's path (dev-protocol.yaml's paths), named after it. */
export const DEV_PATHS = {
  "index": "/__dev",
  "mailbox": "/__dev/mailbox",
  "mailboxPage": "/__dev/mailbox.html",
  "sso": "/__dev/sso",
  "ssoData": "/__dev/sso.json",
  "clock": "/__dev/clock",
  "session": "/__dev/session",
  "reset": "/__dev/reset",
  "coverage": "/__dev/coverage",
  "contacts": "/__dev/contacts",
  "demoRequests": "/__dev/demo-requests",
  "securityLog": "/__dev/security-log",
  "errors": "/__dev/errors"
} as const

/** String limits of `ContactRequest`, as the contract states them. */
export const CONTACT_REQUEST_RULES = {
  "firstName": {
    "minLength": 1,
    "maxLength": 100
  },
  "lastName": {
    "minLength": 1,
    "maxLength": 100
  },
  "email": {
    "minLength": 3,
    "maxLength": 254,
    "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
  },
  "company": {
    "maxLength": 200
  },
  "phone": {
    "maxLength": 32,
    "pattern": "^[0-9+()\\-.\\s]*$"
  },
  "message": {
    "minLength": 1,
    "maxLength": 5000
  },
  "timestamp": {
    "minLength": 20,
    "maxLength": 40
  },
  "source": {
    "maxLength": 32
  },
  "userAgent": {
    "minLength": 1,
    "maxLength": 1024
  }
} as const
