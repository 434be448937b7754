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
    "maxLength": 254
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
