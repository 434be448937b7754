import type { MessageCode } from './messages/en'
import type { Notice } from './messages/index'

/** Server messages the client recognises (they are matched, never shown translated). */
export const VALIDATION_ERRORS_MESSAGE = 'Validation errors'
export const USER_NOT_FOUND_MESSAGE = "user don't exist"

/** A failed call: status (null: no answer), body message and errors, the client error's message. */
export type ApiFailure = {
  status?: number | null
  message?: string | null
  errors?: Readonly<Record<string, unknown>> | null
  errorMessage?: string | null
}

function present(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== ''
}

/** The texts of a validation error object, in order; arrays of texts are flattened. */
export function validationErrorTexts(errors: ApiFailure['errors']): string[] {
  if (!errors) return []
  return Object.values(errors)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => present(value))
}

function isValidationFailure(failure: ApiFailure): boolean {
  return failure.status === 400 || failure.message === VALIDATION_ERRORS_MESSAGE
}

const code = (messageCode: MessageCode): Notice => ({ code: messageCode })

/** Sign-in: the server's message, else 'Invalid email or password'. */
export function signInFailureNotice(failure: ApiFailure): Notice {
  return present(failure.message) ? { text: failure.message } : code('login.invalidCredentials')
}

export function registrationFailureNotice(failure: ApiFailure): Notice {
  if (failure.status === 409) return code('register.emailTaken')
  if (isValidationFailure(failure)) {
    const texts = validationErrorTexts(failure.errors)
    if (texts.length > 0) return { text: texts.join('. ') }
    // The generic message for the server's own 'Validation errors', the specific one for a bare 400.
    return code(
      failure.message === VALIDATION_ERRORS_MESSAGE
        ? 'register.checkInput'
        : 'register.invalidData',
    )
  }
  if (present(failure.message)) return { text: failure.message }
  return code('register.failed')
}

export function forgotPasswordFailureNotice(failure: ApiFailure): Notice {
  if (failure.status === 429) return code('forgot.tooManyRequests')
  if (failure.status === 401) {
    if (failure.message?.toLowerCase().includes(USER_NOT_FOUND_MESSAGE))
      return code('forgot.noAccount')
    return present(failure.message)
      ? { text: failure.message }
      : code('forgot.authenticationFailed')
  }
  if (isValidationFailure(failure)) {
    const [first] = validationErrorTexts(failure.errors)
    return first === undefined ? code('forgot.invalidRequest') : { text: first }
  }
  if (present(failure.message)) return { text: failure.message }
  if (present(failure.errorMessage)) return { text: failure.errorMessage }
  return code('forgot.failed')
}

export function resendResetEmailFailureNotice(failure: ApiFailure): Notice {
  if (failure.status === 429) return code('forgot.resendTooSoon')
  return present(failure.message) ? { text: failure.message } : code('forgot.resendFailed')
}

/** What the reset page shows when setting the password fails: a title and a description. */
export type ResetPasswordProblem = { title: MessageCode; description: Notice }

export function resetPasswordFailure(failure: ApiFailure): ResetPasswordProblem {
  // No answer at all counts as 0: none of the statuses below.
  const status = failure.status ?? 0
  if (status >= 500) {
    return { title: 'reset.serverError.title', description: code('reset.serverError.description') }
  }
  if (status === 400) {
    return {
      title: 'reset.invalidLink.title',
      description: code('reset.linkNoLongerValid.description'),
    }
  }
  if (status === 401) {
    return { title: 'reset.expired.title', description: code('reset.expired.description') }
  }
  return {
    title: 'reset.failedTitle',
    description: present(failure.message) ? { text: failure.message } : code('reset.error'),
  }
}

/** The call answered, but with `status: false`. */
export function resetPasswordRejected(message: string | null | undefined): ResetPasswordProblem {
  return {
    title: 'reset.failedTitle',
    description: present(message) ? { text: message } : code('reset.failed'),
  }
}
