import { componentEnum } from '@devenv/openapi'
import { AI_MODELS, answerChat } from '../ai/assistant'
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
    const model =
      chat.model === undefined ? AI_MODELS[0] : AI_MODELS.find((each) => each.id === chat.model)
    if (!model) {
      throw validationError({
        model: `Unknown model: use one of ${AI_MODELS.map((each) => each.id).join(', ')}`,
      })
    }
    const { content, usage } = answerChat(chat.messages, model, regions)
    return {
      status: 200,
      json: { model: model.id, message: { role: 'assistant', content }, usage },
    }
  })
}
