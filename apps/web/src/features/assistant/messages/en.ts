/** The AI assistant panel's own messages; its failures are the shared catalogue's api.* codes. */
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

export type AssistantMessageCode = keyof typeof assistantEn
