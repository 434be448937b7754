import type { AssistantCode } from './texts'

export const assistantKa: Record<AssistantCode, string> = {
  'assistant.heading': 'AI ასისტენტი',
  'assistant.lead':
    'ჰკითხეთ შაბლონების, ზომების, რეგიონების ან თქვენი კოდის შესახებ. პასუხებს ლოკალური მოდელები იძლევიან; საუბარი არ ინახება და სრულდება, როცა ამ გვერდს დატოვებთ.',
  'assistant.model': 'მოდელი',
  'assistant.modelOption': '{name} ({context} ტოკენი)',
  'assistant.modelsLoading': 'მოდელები იტვირთება...',
  'assistant.retry': 'ხელახლა ცდა',
  'assistant.conversation': 'საუბარი',
  'assistant.empty': 'შეტყობინებები ჯერ არ არის. დასვით კითხვა ან დაიწყეთ ერთ-ერთით:',
  'assistant.suggestion.template': 'რომელი შაბლონი გამოვიყენო Go სერვისისთვის?',
  'assistant.suggestion.plans': 'რას მოიცავს Professional გეგმა?',
  'assistant.suggestion.regions': 'რომელ რეგიონებში შეიძლება ჩემი გარემოების გაშვება?',
  'assistant.you': 'თქვენ',
  'assistant.assistant': 'ასისტენტი',
  'assistant.meta': '{model} · {tokens} ტოკენი',
  'assistant.thinking': 'ასისტენტი პასუხს წერს...',
  'assistant.busy': 'ასისტენტი დაკავებულია. გთხოვთ, სცადოთ {seconds} წამში.',
  'assistant.question': 'თქვენი კითხვა',
  'assistant.questionHint': 'Enter აგზავნის, Shift+Enter ახალ ხაზზე გადადის.',
  'assistant.send': 'გაგზავნა',
  'assistant.newConversation': 'ახალი საუბარი',
  'assistant.tooLong': 'შეტყობინება შეიძლება შეიცავდეს მაქსიმუმ {max} სიმბოლოს.',
}
