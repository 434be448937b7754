import * as z from 'zod'

// Everything the stub remembers, as zod schemas: the persistence file is parsed, never trusted.

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  userType: z.enum(['PERSONAL', 'COMPANY']),
  roles: z.array(z.string()),
  demo: z.boolean(),
  activated: z.boolean(),
  createdAt: z.number(),
})
export type Account = z.infer<typeof accountSchema>

/** A single-use link token (activation or password reset); only its SHA-256 is kept. */
export const linkTokenSchema = z.object({
  digest: z.string(),
  accountId: z.string(),
  expiresAt: z.number(),
  usedAt: z.number().nullable(),
  /** Set when a newer link for the same account replaced this one. */
  supersededAt: z.number().nullable(),
})
export type LinkToken = z.infer<typeof linkTokenSchema>

/** One sign-in: the family of every token pair rotated from it. */
export const signInSessionSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  createdAt: z.number(),
  revokedAt: z.number().nullable(),
})
export type SignInSession = z.infer<typeof signInSessionSchema>

export const refreshTokenSchema = z.object({
  digest: z.string(),
  sessionId: z.string(),
  expiresAt: z.number(),
  usedAt: z.number().nullable(),
})
export type RefreshTokenRecord = z.infer<typeof refreshTokenSchema>

export const loginLockSchema = z.object({
  email: z.string(),
  attempts: z.number().int().min(0),
  lastAttemptAt: z.number().nullable(),
})

export const environmentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  template: z.enum(['node-20', 'python-3.12', 'go-1.23', 'java-21']),
  size: z.enum(['starter', 'professional', 'enterprise']),
  region: z.string(),
  createdAt: z.number(),
  /** Provisioning ends in `failed` instead of `running` (development control: names `fail-*`). */
  failsProvisioning: z.boolean(),
  deleteRequestedAt: z.number().nullable(),
})
export type EnvironmentRecord = z.infer<typeof environmentSchema>

/** A contact form, demo request, security event or client error report, as received. */
export const receivedSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  body: z.record(z.string(), z.unknown()),
})
export type Received = z.infer<typeof receivedSchema>

export const mailSchema = z.object({
  id: z.string(),
  kind: z.enum(['activation', 'password-reset', 'registration-attempt']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  link: z.string(),
  createdAt: z.string(),
})
export type Mail = z.infer<typeof mailSchema>

export const storeSnapshotSchema = z.object({
  accounts: z.array(accountSchema),
  activations: z.array(linkTokenSchema),
  resetLinks: z.array(linkTokenSchema),
  sessions: z.array(signInSessionSchema),
  refreshTokens: z.array(refreshTokenSchema),
  loginLocks: z.array(loginLockSchema),
  environments: z.array(environmentSchema),
  contacts: z.array(receivedSchema),
  demoRequests: z.array(receivedSchema),
  securityLog: z.array(receivedSchema),
  errorLog: z.array(receivedSchema),
  mailbox: z.array(mailSchema),
  clockOffsetMs: z.number(),
})
export type StoreSnapshot = z.infer<typeof storeSnapshotSchema>
