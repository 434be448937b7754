import { isApiError } from '@devenv/api-client'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { formatNumber } from '../../../lib/i18n/format'
import { useLocale } from '../../../lib/i18n/i18n'
import { useAiModels, useSendChat } from '../api/chat'
import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatTurn,
  chatRequestMessages,
  isSendableQuestion,
  modelName,
} from '../conversation'
import { assistantMessages } from '../messages'
import type { AssistantMessageCode } from '../messages/en'
import '../../../styles/signed-in.css'
import '../assistant.css'
import { RetryPanel } from '../../../components/ui/state-panel'

const SUGGESTIONS: readonly AssistantMessageCode[] = [
  'assistant.suggestion.template',
  'assistant.suggestion.plans',
  'assistant.suggestion.regions',
]

type Failure = { retryAfterSeconds: number | undefined }

/**
 * Chat with a local model. The conversation lives in this component only: kept while /admin is
 * open, gone when the user leaves or reloads (nothing stored, so nothing outlives the session).
 * Every message is rendered as text, never as HTML.
 */
export function AssistantPanel() {
  const t = assistantMessages.useT()
  const locale = useLocale()
  const id = useId()
  const models = useAiModels()
  const chat = useSendChat()
  const [chosenModel, setChosenModel] = useState<string | null>(null)
  const [turns, setTurns] = useState<ChatTurn[]>([])
  const [question, setQuestion] = useState('')
  const [failure, setFailure] = useState<Failure | null>(null)
  const nextId = useRef(1)
  const logRef = useRef<HTMLDivElement>(null)
  const questionRef = useRef<HTMLTextAreaElement>(null)

  // The first listed model is the contract's default; the choice is the user's from then on.
  const model = chosenModel ?? models.data?.items[0]?.id ?? null
  const pending = chat.isPending

  useEffect(() => {
    const log = logRef.current
    if (log && (turns.length > 0 || pending)) log.scrollTop = log.scrollHeight
  }, [turns, pending])

  const ask = (conversation: ChatTurn[]) => {
    setFailure(null)
    chat.mutate(
      { ...(model ? { model } : {}), messages: chatRequestMessages(conversation) },
      {
        onSuccess: (completion) => {
          const reply: ChatTurn = {
            id: nextId.current++,
            role: 'assistant',
            content: completion.message.content,
            model: completion.model,
            totalTokens: completion.usage.totalTokens,
          }
          setTurns((current) => [...current, reply])
        },
        onError: (error) => {
          setFailure({ retryAfterSeconds: isApiError(error) ? error.retryAfterSeconds : undefined })
        },
      },
    )
  }

  const send = (text: string) => {
    if (pending || !isSendableQuestion(text)) return
    const conversation: ChatTurn[] = [
      ...turns,
      { id: nextId.current++, role: 'user', content: text.trim() },
    ]
    setTurns(conversation)
    setQuestion('')
    ask(conversation)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send(question)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter and an input method's Enter (composing) keep writing.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send(question)
  }

  const startOver = () => {
    chat.reset()
    setTurns([])
    setFailure(null)
    questionRef.current?.focus()
  }

  return (
    <section className="section section--alt assistant" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="assistant__header">
          <div>
            <h2 id={`${id}-heading`}>{t('assistant.heading')}</h2>
            <p className="muted">{t('assistant.lead')}</p>
          </div>
          <div className="field assistant__model">
            <label htmlFor={`${id}-model`}>{t('assistant.model')}</label>
            <select
              id={`${id}-model`}
              value={model ?? ''}
              disabled={!models.data || pending}
              onChange={(event) => setChosenModel(event.currentTarget.value)}
            >
              {models.data ? (
                models.data.items.map((each) => (
                  <option key={each.id} value={each.id}>
                    {t('assistant.modelOption', {
                      name: each.name,
                      context: formatNumber(locale, each.contextWindow),
                    })}
                  </option>
                ))
              ) : (
                <option value="">{models.isError ? '—' : t('assistant.modelsLoading')}</option>
              )}
            </select>
          </div>
        </div>

        {models.isError ? (
          <RetryPanel
            className="assistant__models-error"
            text={t('api.fetchAiModelsFailed')}
            retryLabel={t('assistant.retry')}
            onRetry={() => void models.refetch()}
          />
        ) : null}

        <div
          ref={logRef}
          className="chat-log"
          role="log"
          aria-label={t('assistant.conversation')}
          aria-busy={pending}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
        >
          {turns.length === 0 ? (
            <div className="chat-log__empty">
              <p>{t('assistant.empty')}</p>
              <ul className="chat-log__suggestions">
                {SUGGESTIONS.map((code) => (
                  <li key={code}>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={pending}
                      onClick={() => send(t(code))}
                    >
                      {t(code)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <ol className="chat-log__messages">
              {turns.map((turn) => (
                <li key={turn.id} className={`chat-message chat-message--${turn.role}`}>
                  <p className="chat-message__author">
                    {turn.role === 'user' ? t('assistant.you') : t('assistant.assistant')}
                  </p>
                  <p className="chat-message__text">{turn.content}</p>
                  {turn.role === 'assistant' ? (
                    <p className="chat-message__meta">
                      {t('assistant.meta', {
                        model: modelName(models.data?.items, turn.model),
                        tokens: turn.totalTokens,
                      })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {pending ? (
            <p className="chat-log__thinking">
              <span className="spinner" aria-hidden="true" />
              {t('assistant.thinking')}
            </p>
          ) : null}
        </div>

        {failure ? (
          <div className="state-panel state-panel--error assistant__chat-error" role="alert">
            <p>{t('api.aiChatFailed')}</p>
            {failure.retryAfterSeconds !== undefined ? (
              <p>{t('assistant.busy', { seconds: failure.retryAfterSeconds })}</p>
            ) : null}
            <button type="button" className="button button--secondary" onClick={() => ask(turns)}>
              {t('assistant.retry')}
            </button>
          </div>
        ) : null}

        <form className="chat-composer" onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${id}-question`}>{t('assistant.question')}</label>
            <textarea
              ref={questionRef}
              id={`${id}-question`}
              rows={3}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              value={question}
              aria-describedby={`${id}-question-hint`}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
            <p id={`${id}-question-hint`} className="field__hint">
              {t('assistant.questionHint')}{' '}
              {t('assistant.tooLong', { max: formatNumber(locale, CHAT_MESSAGE_MAX_LENGTH) })}
            </p>
          </div>
          <div className="chat-composer__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={turns.length === 0 || pending}
              onClick={startOver}
            >
              {t('assistant.newConversation')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={pending || !isSendableQuestion(question)}
            >
              {t('assistant.send')}
            </button>
          </div>
        </form>
      </div>
    </section>
  )
}
