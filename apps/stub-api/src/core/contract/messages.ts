import { USER_NOT_FOUND_MESSAGE, VALIDATION_ERRORS_MESSAGE } from '@devenv/domain/api-failures'
import { en, translate } from '@devenv/domain/messages'

/**
 * The API's words: every fixed message the stub answers, in one place. Where the product gives the
 * site and the API the same words, the message is the domain catalogue's English, so the two cannot
 * drift; the messages the site matches are the domain's constants; the rest are the API's own
 * (the existing backend's texts, which the site shows as they come or not at all).
 */
export const API_MESSAGES = {
  // The catalogue's words.
  invalidCredentials: translate(en, 'login.invalidCredentials'),
  locked: translate(en, 'login.locked'),
  activated: translate(en, 'activation.success'),
  refreshFailed: translate(en, 'api.tokenRefreshFailed'),
  passwordChanged: translate(en, 'password.changed'),
  resetSent: translate(en, 'passwordReset.instructionsSent'),
  // Matched by the site.
  validationErrors: VALIDATION_ERRORS_MESSAGE,
  userNotFound: USER_NOT_FOUND_MESSAGE,
  // The API's own.
  internal: 'An unexpected error occurred. Please try again in a few minutes.',
  tooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  rateLimited: 'Too many requests. Please try again later.',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  authenticationRequired: 'Authentication required',
  tokenExpired: 'Access token has expired',
  tokenInvalid: 'Invalid access token',
  sessionRevoked: 'Session has been revoked',
  environmentNotFound: 'Environment not found',
  notActivated: 'Account not activated',
  emailTaken: 'An account with this email already exists',
  registered: 'Account created successfully. Please check your email to activate your account.',
  activationInvalid: 'This activation link is invalid.',
  activationUsed: 'This activation link has already been used.',
  activationExpired: 'This activation link has expired. Request a new one.',
  resendAccepted:
    'If an inactive account exists for this address, a new activation email has been sent.',
  refreshReused: 'Refresh token was already used; the session has been revoked',
  resetInvalid: 'This password reset link is invalid.',
  resetUsed: 'This password reset link has already been used.',
  resetExpired: 'This password reset link has expired.',
  passwordSet: 'Password has been reset successfully.',
} as const
