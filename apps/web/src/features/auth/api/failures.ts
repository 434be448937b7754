import { isApiError } from '@devenv/api-client'
import type { ApiFailure } from '@devenv/domain/api-failures'
import type { Notice } from '@devenv/domain/messages'
import type { FeatureTranslate } from '../../../lib/i18n/feature-messages'

/**
 * What the domain's error catalogue needs from a failed call. Only an HTTP answer has a status and
 * a message: a timeout or a dropped connection falls to the catalogue's fallback text, because the
 * client's own error messages ('Network error: Failed to fetch') are not written for people.
 */
export function apiFailureOf(error: unknown): ApiFailure {
  if (!isApiError(error) || error.kind !== 'http') return { status: null }
  return {
    status: error.status,
    message: error.serverMessage ?? null,
    errors: error.errors ?? null,
  }
}

/** The text of a notice: a server's message as it came, or a catalogue's message in the locale. */
export function noticeMessage<Code extends string>(
  t: FeatureTranslate<Code>,
  notice: Notice,
): string {
  return 'text' in notice ? notice.text : t(notice.code, notice.params)
}
