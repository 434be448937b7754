import { componentEnum } from '@devenv/openapi'
import type { FastifyInstance } from 'fastify'
import { AI_MODELS, answerChat, type ChatMessage } from '../ai/assistant'
import type { PluginOptions } from '../context'
import { validationError } from '../contract/errors'
import { defineOperation } from '../contract/operations'
import { signedInAccount } from '../security/authenticate'

type ChatRequest = { model?: string; messages: ChatMessage[] }

export async function aiRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const regions = componentEnum(ctx.contract, 'Region')

  defineOperation(app, ctx, 'listModels', async (request) => {
    signedInAccount(request)
    return { status: 200, body: { items: AI_MODELS.map((model) => ({ ...model })) } }
  })

  defineOperation(app, ctx, 'chatCompletion', async (request) => {
    signedInAccount(request)
    const chat = request.body as ChatRequest
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
      body: { model: model.id, message: { role: 'assistant', content }, usage },
    }
  })
}
