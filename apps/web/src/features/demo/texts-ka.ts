// Checked against the English codes where it is loaded (`texts.ts`): no import back to it.
export const demoKa = {
  'demo.panel.open': 'დემო: ანგარიშები და საფოსტო ყუთი',
  'demo.panel.heading': 'დემო',
  'demo.panel.lead':
    'ამ საიტს პასუხობს API-ის იმიტაცია, რომელიც თქვენს ბრაუზერში მუშაობს. მისი მონაცემები ამ ბრაუზერში რჩება.',
  'demo.panel.close': 'დემო პანელის დახურვა',
  'demo.accounts.heading': 'მზა ანგარიშები',
  'demo.accounts.email': 'ელ-ფოსტა',
  'demo.accounts.password': 'პაროლი',
  'demo.mailbox.heading': 'საფოსტო ყუთი',
  'demo.mailbox.lead': 'გააქტიურებისა და პაროლის აღდგენის წერილები, უახლესი პირველი.',
  'demo.mailbox.empty': 'წერილები ჯერ არ არის. დარეგისტრირდით ან მოითხოვეთ პაროლის აღდგენა.',
  'demo.mailbox.to': 'ადრესატი: {to}',
  'demo.mailbox.failed': 'საფოსტო ყუთის წაკითხვა ვერ მოხერხდა.',
  'demo.mailbox.retry': 'ხელახლა ცდა',
  'demo.reset': 'დემო მონაცემების განულება',
  'demo.reset.done': 'დემო მონაცემები საწყის მდგომარეობას დაუბრუნდა.',
} as const
