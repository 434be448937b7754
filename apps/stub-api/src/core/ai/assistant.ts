import { DEMO_LENGTH_MINUTES, RESPONSE_TIME_HOURS } from '@devenv/domain/contact'
import { DEV_ENVIRONMENT_TEMPLATE_NAMES } from '@devenv/domain/dev-environments'
import {
  ANNUAL_DISCOUNT_PERCENT,
  PLANS,
  planById,
  TRIAL_DAYS,
  TRIAL_PLAN,
} from '@devenv/domain/plans'

/** The local models the stub offers; the first is the default of chat completions. */
export const AI_MODELS = [
  { id: 'qwen2.5-coder-7b', name: 'Qwen2.5 Coder 7B', contextWindow: 32768 },
  { id: 'llama-3.1-8b-instruct', name: 'Llama 3.1 8B Instruct', contextWindow: 131072 },
  { id: 'mistral-7b-instruct', name: 'Mistral 7B Instruct', contextWindow: 32768 },
] as const

export type AiModel = (typeof AI_MODELS)[number]
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }
export type TokenUsage = { promptTokens: number; completionTokens: number; totalTokens: number }

/** A deterministic stand-in for a tokenizer: about 1.3 tokens per word, as for English text. */
export function countTokens(text: string): number {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '').length
  return Math.round(words * 1.3)
}

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

type Topic = { name: string; matches: RegExp; answer: (regions: readonly string[]) => string }

// The product's own facts come from the domain package, so the assistant never disagrees with the site.
const TOPICS: readonly Topic[] = [
  {
    name: 'plans',
    matches:
      /\b(plans?|pric(e|es|ing)|costs?|starter|professional|enterprise|billing|pay|cheap|expensive)\b/,
    answer: () =>
      `Plans (USD per month): ${PLANS.map(
        (plan) =>
          `${plan.name} $${plan.price} with ${plan.size.vcpu} vCPU, ${plan.size.ramGb} GB RAM and ${plan.size.ssdGb} GB SSD (${plan.uptimePercent}% uptime)`,
      ).join(
        '; ',
      )}. Annual billing saves ${ANNUAL_DISCOUNT_PERCENT}%. Upgrades take effect at once, downgrades at the next billing cycle.`,
  },
  {
    name: 'trial',
    matches: /\b(trial|free|try)\b/,
    answer: () =>
      `There is a ${TRIAL_DAYS}-day free trial on the ${planById(TRIAL_PLAN).name} plan, no credit card required: choose "Start Free Trial" on the pricing page.`,
  },
  {
    name: 'templates',
    matches: /\b(templates?|node(\.?js)?|python|go(lang)?|java|runtimes?|languages?|stack)\b/,
    answer: () =>
      `Environments start from a template: ${list(Object.values(DEV_ENVIRONMENT_TEMPLATE_NAMES))}. Each comes with Git, a browser IDE and the AI assistant.`,
  },
  {
    name: 'create',
    matches: /\b(create|creating|new|launch|provision(ing)?|set ?up)\b/,
    answer: (regions) =>
      `To create an environment, open your dashboard (/admin), choose "New environment", give it a name (3 to 40 lowercase letters, digits or hyphens), a template, a size (starter, professional or enterprise) and a region (${list(regions)}). It is provisioning at first and running in under 2 minutes; you can have up to 5.`,
  },
  {
    name: 'delete',
    matches: /\b(delete|deleting|remove|destroy)\b/,
    answer: () =>
      'To delete an environment, open it on your dashboard and choose "Delete": it shows as deleting and disappears within a minute. Deleted environments do not count towards your quota of 5.',
  },
  {
    name: 'regions',
    matches: /\b(regions?|locations?|latency|datacenters?|data centers?)\b/,
    answer: (regions) => `Environments run in these regions: ${list(regions)}.`,
  },
  {
    name: 'gpu',
    matches: /\b(gpus?|cuda|machine learning|ml)\b/,
    answer: () => {
      const withGpu = PLANS.filter((plan) => plan.gpu).map((plan) => plan.name)
      return `GPUs are available on the ${list(withGpu)} plan${withGpu.length > 1 ? 's' : ''}.`
    },
  },
  {
    name: 'models',
    matches: /\b(models?|llms?|ai|assistant|qwen|llama|mistral)\b/,
    answer: () =>
      `The platform runs local language models, so your code never leaves it: ${list(AI_MODELS.map((model) => model.name))}.`,
  },
  {
    name: 'support',
    matches: /\b(support|help|contact|sla|uptime|respon(se|d))\b/,
    answer: () =>
      `Support answers general questions within ${RESPONSE_TIME_HOURS.general} hours, enterprise sales within ${RESPONSE_TIME_HOURS.enterpriseSales} hours and technical support within ${RESPONSE_TIME_HOURS.technicalSupport} hours; use the contact page.`,
  },
  {
    name: 'demo',
    matches: /\b(demo|call|meeting)\b/,
    answer: () =>
      `You can book a ${DEMO_LENGTH_MINUTES}-minute demo from the contact page; sales confirms a time by e-mail within ${RESPONSE_TIME_HOURS.enterpriseSales} hours.`,
  },
]

const MAX_TOPICS = 3
const SUMMARY_WORDS = 16

function summarize(question: string): string {
  const words = question.trim().split(/\s+/)
  const head = words.slice(0, SUMMARY_WORDS).join(' ')
  return words.length > SUMMARY_WORDS ? `${head}...` : head
}

/**
 * The assistant's answer: facts about the product for the topics the last user message mentions,
 * after a one-line summary of the question. No network, no weights: same input, same output.
 */
export function answerChat(
  messages: readonly ChatMessage[],
  model: AiModel,
  regions: readonly string[],
): { content: string; usage: TokenUsage } {
  const question = [...messages].reverse().find((message) => message.role === 'user')?.content ?? ''
  const lowered = question.toLowerCase()
  const topics = TOPICS.filter((topic) => topic.matches.test(lowered)).slice(0, MAX_TOPICS)
  const opening = question.trim() === '' ? 'Hello!' : `You asked: "${summarize(question)}"`
  const body =
    topics.length > 0
      ? topics.map((topic) => topic.answer(regions)).join('\n\n')
      : 'I am the DevEnv assistant, running locally. I can tell you about plans and prices, the free trial, templates, regions, GPUs, creating and deleting environments, the AI models and support. For example, ask "Which plan has a GPU?".'
  const content = `${opening}\n\n${body}\n\n(${model.name}, local)`
  const promptTokens = messages.reduce((sum, message) => sum + countTokens(message.content), 0)
  const completionTokens = countTokens(content)
  return {
    content,
    usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
  }
}
