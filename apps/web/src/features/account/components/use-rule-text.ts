import type { MessageParams } from '@devenv/domain/messages'
import { en } from '@devenv/domain/messages'
import { useCallback } from 'react'
import type { FormRuleCode } from '../account-forms'
import { accountMessages } from '../messages'
import { accountEn } from '../messages/en'

const isRuleCode = (message: string): message is FormRuleCode =>
  Object.hasOwn(accountEn, message) || Object.hasOwn(en, message)

/**
 * A field error's text: our rules store a message code (so the text follows the language), the
 * server's 400 errors are its own words and are shown as they are.
 */
export function useRuleText() {
  const t = accountMessages.useT()
  return useCallback(
    (message: string | undefined, params?: MessageParams): string | null => {
      if (message === undefined || message === '') return null
      return isRuleCode(message) ? t(message, params) : message
    },
    [t],
  )
}
