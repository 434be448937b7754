import { componentEnum } from '@devenv/openapi'
import { AI_MODELS, type AiModel, answerChat } from '../ai/assistant'
import type { StubContext } from '../context'
import { validationError } from '../contract/errors'
import type { DefineOperation } from '../contract/operations'
import { signedInAccount } from '../security/authenticate'

export function aiOperations(ctx: StubContext, define: DefineOperation) {
  const regions = componentEnum(ctx.contract, 'Region')

  define(
    'listModels',
    'GET /ai/models',
  )(async (request) => {
    signedInAccount(request)
    return { status: 200, json: { items: AI_MODELS.map((model) => ({ ...model })) } }
  })

  define(
    'chatCompletion',
    'POST /ai/chat',
  )(async (request) => {
    signedInAccount(request)
    const chat = request.body
    // The field and the key are the contract's (`x-values-from`); the list is listModels' own.
    const { field, from } = ctx.rules.chatModel
    const keyOf = (model: AiModel) => (model as Record<string, unknown>)[from.key]
    const wanted = (chat as Record<string, unknown>)[field]
    const model =
      wanted === undefined ? AI_MODELS[0] : AI_MODELS.find((each) => keyOf(each) === wanted)
    if (!model) {
      throw validationError({
        [field]: `Unknown model: use one of ${AI_MODELS.map(keyOf).join(', ')}`,
      })
    }
    const { content, usage } = answerChat(chat.messages, model, regions)
    return {
      status: 200,
      json: { model: model.id, message: { role: 'assistant', content }, usage },
    }
  })
}
