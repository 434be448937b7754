import { createFeatureTexts } from '../../lib/i18n/feature-texts'
import type { TextCode } from '../../lib/i18n/i18n'

/** The AI assistant panel's own texts (ours); its failures are the shared catalogue's api.* texts. */
export const assistantEn = {
  'assistant.heading': 'AI assistant',
  'assistant.lead':
    'Ask about templates, sizes, regions or your code. Answers come from local models; the conversation is not stored and ends when you leave this page.',
  'assistant.model': 'Model',
  'assistant.modelOption': '{name} ({context} tokens)',
  'assistant.modelsLoading': 'Loading models...',
  'assistant.retry': 'Try again',
  'assistant.conversation': 'Conversation',
  'assistant.empty': 'No messages yet. Ask a question, or start with one of these:',
  'assistant.suggestion.template': 'Which template should I use for a Go service?',
  'assistant.suggestion.plans': 'What does the Professional plan include?',
  'assistant.suggestion.regions': 'Which regions can my environments run in?',
  'assistant.you': 'You',
  'assistant.assistant': 'Assistant',
  'assistant.meta': '{model} · {tokens} tokens',
  'assistant.thinking': 'The assistant is writing an answer...',
  'assistant.busy': 'The assistant is busy. Please try again in {seconds} seconds.',
  'assistant.question': 'Your question',
  'assistant.questionHint': 'Enter sends, Shift+Enter starts a new line.',
  'assistant.send': 'Send',
  'assistant.newConversation': 'New conversation',
  'assistant.tooLong': 'A message can have at most {max} characters.',
} as const satisfies Record<string, string>

export type AssistantCode = keyof typeof assistantEn

// A feature code that shadowed a shared code would silently replace the shared wording.
type Overlap = Extract<AssistantCode, TextCode>
const noOverlap: [Overlap] extends [never] ? true : Overlap = true
void noOverlap

export const assistantTexts = createFeatureTexts(assistantEn, () =>
  import('./texts-ka').then((module) => module.assistantKa),
)
