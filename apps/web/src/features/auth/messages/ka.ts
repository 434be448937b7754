// Its codes are checked against the English where it is loaded (`index.ts`).
export const authKa = {
  'authForm.emailPlaceholder': 'you@example.com',
  'authForm.passwordPlaceholder': 'შეიყვანეთ პაროლი',
  'authForm.newPasswordPlaceholder': 'მინიმუმ 8 სიმბოლო',
  'authForm.confirmPasswordPlaceholder': 'გაიმეორეთ პაროლი',
  'authForm.requiredNote': 'ვარსკვლავით (*) მონიშნული ველები სავალდებულოა.',
  'authForm.signIn.submitting': 'შესვლა მიმდინარეობს...',
  'authForm.signIn.noAccount': 'არ გაქვთ ანგარიში?',
  'authForm.register.submitting': 'ანგარიში იქმნება...',
  'authForm.register.haveAccount': 'უკვე გაქვთ ანგარიში?',
  'authForm.register.terms': 'ვეთანხმები {terms} და {privacy}',
  'authForm.register.termsLink': 'მომსახურების პირობებს',
  'authForm.register.privacyLink': 'კონფიდენციალურობის პოლიტიკას',
  'authForm.register.submitHint':
    'ანგარიშის შესაქმნელად შეიყვანეთ სახელი, გვარი, ელ-ფოსტა და პაროლი, დაეთანხმეთ პირობებს და გაიარეთ ადამიანის ვერიფიკაცია.',
  'authForm.newTab': '(იხსნება ახალ ჩანართში)',
  'authForm.forgot.intro':
    'შეიყვანეთ თქვენი ანგარიშის ელ-ფოსტის მისამართი და გამოგიგზავნით ბმულს ახალი პაროლის ასარჩევად.',
  'authForm.forgot.sending': 'იგზავნება...',
  'authForm.forgot.resending': 'ხელახლა იგზავნება...',
  'authForm.forgot.notReceived':
    'წერილი არ მიგიღიათ? შეამოწმეთ სპამის საქაღალდე ან გამოგზავნეთ ხელახლა.',
  'authForm.captcha.instructions': 'ამოხსენით ჯამი, რათა დაადასტუროთ, რომ ადამიანი ხართ.',
  'authForm.captcha.question': 'რამდენია {a} + {b}?',
  'authForm.captcha.checking': 'მოწმდება...',
  'authForm.captcha.invalidInput': 'შეიყვანეთ მთელი რიცხვი 0-დან 99-მდე.',
}
