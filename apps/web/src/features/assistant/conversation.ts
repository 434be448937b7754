import type { components } from '@devenv/api-client'

export type ChatMessage = components['schemas']['ChatMessage']
export type ChatCompletion = components['schemas']['ChatCompletion']
export type AiModel = components['schemas']['AiModel']

/** The contract's bounds of one chat call. */
export const CHAT_HISTORY_LIMIT = 50
export const CHAT_MESSAGE_MAX_LENGTH = 8000

/** One message of the conversation on screen; the assistant's carry the model and token count. */
export type ChatTurn =
  | { id: number; role: 'user'; content: string }
  | { id: number; role: 'assistant'; content: string; model: string; totalTokens: number }

/** What goes to POST /ai/chat: the newest 50 messages, as the contract allows. */
export function chatRequestMessages(turns: readonly ChatTurn[]): ChatMessage[] {
  return turns
    .slice(-CHAT_HISTORY_LIMIT)
    .map((turn) => ({ role: turn.role, content: turn.content }))
}

/** A question worth sending: not blank, within the contract's length. */
export function isSendableQuestion(text: string): boolean {
  return text.trim() !== '' && text.length <= CHAT_MESSAGE_MAX_LENGTH
}

/** The model's display name, or its id when the list has not (or could not be) read. */
export function modelName(models: readonly AiModel[] | undefined, id: string): string {
  return models?.find((model) => model.id === id)?.name ?? id
}
