import { dataOf } from '@devenv/api-client'
import { aiModelsQueryOptions, retryTransientOnce } from '@devenv/api-client/query'
import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { ChatCompletion, ChatMessage } from '../conversation'

export type ChatRequest = { model?: string; messages: ChatMessage[] }

export function sendChat(request: ChatRequest): Promise<ChatCompletion> {
  return dataOf(api.POST('/ai/chat', { body: request }))
}

/** POST /ai/chat; never retried on its own: a repeat costs a completion and the user can retry. */
export function useSendChat() {
  return useMutation({ mutationFn: sendChat, retry: false })
}

// One options object for every render, so the query cache is not told of new options each time.
const aiModelsOptions = { ...aiModelsQueryOptions(api), retry: retryTransientOnce }

/** GET /ai/models. */
export function useAiModels() {
  return useQuery(aiModelsOptions)
}
