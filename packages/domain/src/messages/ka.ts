import type { Catalogue } from './en'

// Georgian, in its own module so the web app loads it only when a visitor chooses it.
export const ka: Catalogue = {
  'app.tagline': 'AI-ზე დაფუძნებული დეველოპმენტის პლატფორმა',
  'page.home.title': 'AI-ზე დაფუძნებული სადეველოპერო გარემოები',

  'action.startFreeTrial': 'დაიწყეთ უფასო საცდელი პერიოდი',
  'action.getStarted': 'დაწყება',
  'action.scheduleDemo': 'დემოს დაგეგმვა',
  'action.backToHome': 'მთავარ გვერდზე დაბრუნება',
  'action.close': 'დახურვა',

  'nav.signIn': 'შესვლა',
  'nav.dashboard': 'მართვის პანელი',
  'nav.profileSettings': 'პროფილის პარამეტრები',
  'nav.myAccount': 'ჩემი ანგარიში',
  'nav.logOut': 'გასვლა',
  'nav.user': 'მომხმარებელი',

  'home.explorePlatform': 'გაეცანით პლატფორმას',
  'home.viewTechnicalDetails': 'ტექნიკური დეტალების ნახვა',
  'home.feature.instantProvisioning': 'მყისიერი გაშვება',
  'home.feature.aiIntegration': 'AI ინტეგრაცია',
  'home.feature.enterpriseSecurity': 'კორპორატიული უსაფრთხოება',
  'home.feature.autoScaling': 'ავტომატური მასშტაბირება',
  'home.feature.globalAccess': 'გლობალური წვდომა',
  'home.feature.devopsIntegration': 'DevOps ინტეგრაცია',
  'home.stack.infrastructure': 'ინფრასტრუქტურა',
  'home.stack.development': 'დეველოპმენტი',
  'home.stack.aiAnalytics': 'AI და ანალიტიკა',
  'home.stack.security': 'უსაფრთხოება',

  'technical.authenticatedAs': 'ავტორიზებული ხართ როგორც',
  'technical.demoMode': 'დემო რეჟიმი',

  'field.firstName': 'სახელი',
  'field.lastName': 'გვარი',
  'field.email': 'ელ-ფოსტა',
  'field.password': 'პაროლი',
  'field.confirmPassword': 'გაიმეორეთ პაროლი',
  'field.company': 'კომპანია (არასავალდებულო)',
  'field.phone': 'ტელეფონი',
  'field.inquiryType': 'მოთხოვნის ტიპი',
  'field.teamSize': 'გუნდის ზომა',
  'field.message': 'შეტყობინება',
  'field.newsletter': 'გამოიწერეთ ჩვენი სიახლეები',

  'validation.emailRequired': 'გთხოვთ, შეიყვანოთ თქვენი ელ-ფოსტის მისამართი.',
  'validation.emailInvalid': 'გთხოვთ, შეიყვანოთ სწორი ელ-ფოსტის მისამართი.',
  'validation.passwordRequired': 'გთხოვთ, შეიყვანოთ პაროლი.',
  'validation.passwordTooShort': 'პაროლი უნდა შედგებოდეს მინიმუმ 8 სიმბოლოსგან.',
  'validation.passwordMismatch': 'პაროლები არ ემთხვევა.',
  'validation.passwordTooWeak': 'პაროლი ძალიან სუსტია. გთხოვთ, გამოიყენოთ უფრო ძლიერი პაროლი.',
  'validation.passwordResetRules':
    'პაროლი უნდა შედგებოდეს მინიმუმ 8 სიმბოლოსგან და შეიცავდეს დიდ ასოს, პატარა ასოს და ციფრს.',
  'validation.captchaRequired': 'გთხოვთ, ჯერ გაიაროთ შემოწმება, რომ ადამიანი ხართ.',
  'validation.requiredFields': 'გთხოვთ, შეავსოთ ყველა სავალდებულო ველი',
  'validation.tooLong': 'გთხოვთ, გამოიყენოთ არაუმეტეს {max} სიმბოლო.',
  'validation.phoneInvalid':
    'გთხოვთ, შეიყვანოთ ტელეფონის ნომერი: მხოლოდ ციფრები, ჰარები და + ( ) - .',

  'password.strength.weak': 'სუსტი',
  'password.strength.fair': 'დამაკმაყოფილებელი',
  'password.strength.medium': 'საშუალო',
  'password.strength.strong': 'ძლიერი',

  'auth.signInTitle': 'შესვლა',
  'auth.createAccountTitle': 'ანგარიშის შექმნა',
  'auth.resetPasswordTitle': 'პაროლის აღდგენა',
  'auth.rememberMe': 'დამიმახსოვრე',
  'auth.forgotPassword': 'დაგავიწყდათ პაროლი?',
  'auth.signUp': 'რეგისტრაცია',
  'auth.sendResetLink': 'აღდგენის ბმულის გაგზავნა',
  'auth.emailSent': 'წერილი გაიგზავნა!',
  'auth.emailSentTo': 'პაროლის აღდგენის ბმული გამოვაგზავნეთ მისამართზე {email}.',
  'auth.resendEmail': 'წერილის ხელახლა გაგზავნა',
  'auth.backToLogin': 'შესვლის გვერდზე დაბრუნება',

  'login.locked': 'შესვლის ძალიან ბევრი მცდელობა. გთხოვთ, სცადოთ მოგვიანებით.',
  'login.invalidCredentials': 'ელ-ფოსტა ან პაროლი არასწორია',
  'login.authenticationFailed': 'ავთენტიფიკაცია ვერ მოხერხდა',
  'login.failed': 'შესვლა ვერ მოხერხდა',
  'login.success': 'თქვენ წარმატებით შეხვედით სისტემაში!',
  'login.authenticationSuccess': 'ავთენტიფიკაცია წარმატებით დასრულდა!',

  'register.emailTaken':
    'ამ ელ-ფოსტით ანგარიში უკვე არსებობს. გთხოვთ, გამოიყენოთ სხვა ელ-ფოსტა ან სცადოთ სისტემაში შესვლა.',
  'register.checkInput': 'გთხოვთ, გადაამოწმოთ შეყვანილი მონაცემები.',
  'register.invalidData':
    'რეგისტრაციის მონაცემები არასწორია. გთხოვთ, გადაამოწმოთ შეყვანილი მონაცემები.',
  'register.failed': 'ანგარიშის შექმნა ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან.',
  'register.success': 'ანგარიში წარმატებით შეიქმნა! ანგარიშის დასადასტურებლად შეამოწმეთ ელ-ფოსტა.',
  'register.failedNotice': 'რეგისტრაცია ვერ მოხერხდა',
  'register.successNotice':
    'რეგისტრაცია წარმატებით დასრულდა! ანგარიშის გასააქტიურებლად შეამოწმეთ ელ-ფოსტა.',

  'activation.success': 'თქვენი ანგარიში გააქტიურებულია. ახლა შეგიძლიათ სისტემაში შესვლა.',
  'activation.failed':
    'ანგარიშის გააქტიურება ვერ მოხერხდა. შესაძლოა ბმული არასწორია ან მას ვადა გაუვიდა.',

  'forgot.tooManyRequests':
    'ძალიან ბევრი მოთხოვნა. გთხოვთ, რამდენიმე წუთი დაელოდოთ და შემდეგ სცადოთ თავიდან.',
  'forgot.noAccount':
    'ამ ელ-ფოსტის მისამართით ანგარიში ვერ მოიძებნა. გთხოვთ, გადაამოწმოთ ელ-ფოსტა ან შექმნათ ახალი ანგარიში.',
  'forgot.authenticationFailed': 'ავთენტიფიკაცია ვერ მოხერხდა.',
  'forgot.invalidRequest': 'არასწორი მოთხოვნა. გთხოვთ, გადაამოწმოთ შეყვანილი მონაცემები.',
  'forgot.failed': 'პაროლის აღდგენის წერილის გაგზავნა ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან.',
  'forgot.success': 'პაროლის აღდგენის ბმული გამოგზავნილია თქვენს ელ-ფოსტაზე!',
  'forgot.resendTooSoon': 'გთხოვთ, ცოტა დაელოდოთ, სანამ ახალ წერილს მოითხოვთ.',
  'forgot.resendFailed': 'წერილის ხელახლა გაგზავნა ვერ მოხერხდა. გთხოვთ, სცადოთ მოგვიანებით.',
  'forgot.resendSuccess': 'პაროლის აღდგენის ბმული ხელახლა წარმატებით გაიგზავნა!',

  'captcha.label': 'ადამიანის ვერიფიკაცია',
  'captcha.check': 'შემოწმება',
  'captcha.incorrect': 'პასუხი არასწორია. გთხოვთ, სცადოთ თავიდან.',
  'captcha.success': 'ვერიფიკაცია წარმატებით დასრულდა!',
  'captcha.tooManyAttempts':
    'ძალიან ბევრი არასწორი პასუხი. გთხოვთ, განაახლოთ გვერდი და სცადოთ თავიდან.',
  'captcha.failed': 'ადამიანის ვერიფიკაცია ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან.',
  'captcha.completed': 'ადამიანის ვერიფიკაცია დასრულდა',

  'reset.heading': 'პაროლის აღდგენა',
  'reset.newPassword': 'ახალი პაროლი*',
  'reset.newPasswordPlaceholder': 'შეიყვანეთ ახალი პაროლი',
  'reset.confirmPassword': 'გაიმეორეთ ახალი პაროლი*',
  // "Repeat the new password": the longer "enter the new password once more" was cut off on phones.
  'reset.confirmPasswordPlaceholder': 'გაიმეორეთ ახალი პაროლი',
  'reset.check.minLength': 'მინიმუმ 8 სიმბოლო',
  'reset.check.uppercase': 'ერთი დიდი ასო',
  'reset.check.lowercase': 'ერთი პატარა ასო',
  'reset.check.digit': 'ერთი ციფრი',
  'reset.passwordsDoNotMatch': 'პაროლები არ ემთხვევა',
  'reset.submit': 'გაგზავნა',
  'reset.pleaseWait': 'გთხოვთ, მოიცადოთ...',
  'reset.success': 'პაროლი წარმატებით აღდგა. ახლა შეგიძლიათ შეხვიდეთ ახალი პაროლით.',
  'reset.redirecting': 'შესვლის გვერდზე გადამისამართება {seconds} წამში...',
  'reset.goHome': 'მთავარ გვერდზე',
  'reset.requestNewLink': 'ახალი ბმულის მოთხოვნა',
  'reset.rememberPassword': 'გახსოვთ პაროლი?',
  'reset.invalidLink.title': 'აღდგენის ბმული არასწორია',
  'reset.invalidLink.description':
    'პაროლის აღდგენის ეს ბმული არასწორია ან არასრულია. გთხოვთ, მოითხოვოთ ახალი.',
  'reset.invalidToken.title': 'აღდგენის ტოკენი არასწორია',
  'reset.invalidToken.description':
    'ამ ბმულში აღდგენის ტოკენი დაზიანებულია. გთხოვთ, მოითხოვოთ პაროლის აღდგენის ახალი ბმული.',
  'reset.serverError.title': 'სერვერის შეცდომა',
  'reset.serverError.description':
    'ჩვენი სერვერები დროებით მიუწვდომელია. გთხოვთ, სცადოთ რამდენიმე წუთში.',
  'reset.linkNoLongerValid.description':
    'პაროლის აღდგენის ეს ბმული აღარ მოქმედებს. გთხოვთ, მოითხოვოთ ახალი.',
  'reset.expired.title': 'ბმულს ვადა გაუვიდა',
  'reset.expired.description':
    'უსაფრთხოების მიზნით, პაროლის აღდგენის ამ ბმულს ვადა გაუვიდა. გთხოვთ, მოითხოვოთ ახალი.',
  'reset.failedTitle': 'პაროლის აღდგენა ვერ მოხერხდა',
  'reset.error': 'პაროლის აღდგენისას მოხდა შეცდომა.',
  'reset.failed': 'პაროლის აღდგენა ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან.',
  'reset.successNotice': 'პაროლი წარმატებით აღდგა! მიმდინარეობს გადამისამართება შესვლის გვერდზე...',

  'pricing.mostPopular': 'ყველაზე პოპულარული',
  'pricing.planSelected': 'არჩეულია პაკეტი {plan}! მიმდინარეობს გადამისამართება გასააქტიურებლად...',
  'pricing.trialNote':
    '{days}-დღიანი უფასო საცდელი პერიოდი Starter პაკეტზე. საბანკო ბარათი არ არის საჭირო.',
  'pricing.annualDiscount': 'დაზოგეთ {percent}% წლიური გადახდით',
  'pricing.planChanges':
    'პაკეტის გაუმჯობესება ძალაში დაუყოვნებლივ შედის, ხოლო შემცირება — მომდევნო საანგარიშო პერიოდიდან.',

  'plan.starter.description': 'იდეალურია ინდივიდუალური დეველოპერებისა და მცირე პროექტებისთვის.',
  'plan.professional.description':
    'მზარდი გუნდებისთვის, რომლებიც ყოველდღიურად უშვებენ განახლებებს.',
  'plan.enterprise.description':
    'ორგანიზაციებისთვის, რომლებსაც სჭირდებათ გაძლიერებული უსაფრთხოება, რეგულაციებთან შესაბამისობა და მასშტაბი.',
  'plan.starter.button': 'დაიწყეთ უფასოდ',
  'plan.professional.button': 'დაწყება',
  'plan.enterprise.button': 'დაუკავშირდით გაყიდვების გუნდს',
  'plan.feature.vcpu': '{count} ვირტუალური პროცესორი (vCPU)',
  'plan.feature.ram': '{size}GB ოპერატიული მეხსიერება (RAM)',
  'plan.feature.ssd': '{size}GB SSD მეხსიერება',
  'plan.feature.bandwidth': '{size}GB გამტარუნარიანობა',
  'plan.feature.bandwidthUnlimited': 'შეუზღუდავი გამტარუნარიანობა',
  'plan.feature.gpu': 'ხელმისაწვდომია GPU',
  'plan.feature.uptime': '{percent}% ხელმისაწვდომობა',
  'plan.feature.webIde': 'ბრაუზერში მომუშავე IDE',
  'plan.feature.git': 'Git ინტეგრაცია',
  'plan.feature.cicdBasic': 'საბაზისო CI/CD პაიპლაინები',
  'plan.feature.cicdAdvanced': 'გაფართოებული CI/CD პაიპლაინები',
  'plan.feature.containers': 'კონტეინერების ორკესტრაცია',
  'plan.feature.teamCollaboration': 'გუნდური თანამშრომლობა',
  'plan.feature.sso': 'ერთიანი ავტორიზაცია (SSO) და აუდიტის ჟურნალი',
  'plan.feature.dedicatedInfrastructure': 'გამოყოფილი ინფრასტრუქტურა',
  'plan.feature.aiCompletion': 'კოდის ავტომატური შევსება AI-ით',
  'plan.feature.aiChat': 'AI ჩატ-ასისტენტი',
  'plan.feature.localLlm': 'კერძო ლოკალური ენობრივი მოდელები',

  'inquiry.trial': 'უფასო საცდელი პერიოდი',
  'inquiry.demo': 'დემოს დაგეგმვა',
  'inquiry.enterprise': 'კორპორატიული გადაწყვეტა',
  'inquiry.support': 'ტექნიკური მხარდაჭერა',
  'inquiry.partnership': 'პარტნიორობა',
  'inquiry.other': 'სხვა',
  'contact.sending': 'იგზავნება...',
  'contact.success':
    'გმადლობთ! თქვენი შეტყობინება გაიგზავნა. დაგიკავშირდებით {hours} საათის განმავლობაში.',
  'contact.failed':
    'შეტყობინების გაგზავნა ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან ან მოგვწეროთ პირდაპირ მისამართზე {email}',
  'contact.bookDemoCall': 'დემო ზარის დაჯავშნა',
  'contact.bookDemoInfo':
    'დემოს დაჯავშნის კალენდარი მალე სწორედ აქ გაიხსნება. ამ ეტაპზე დემოს მოსათხოვად, გთხოვთ, გამოიყენოთ საკონტაქტო ფორმა.',
  'contact.responseTime.general': 'ზოგადი შეკითხვები',
  'contact.responseTime.enterpriseSales': 'კორპორატიული გაყიდვები',
  'contact.responseTime.technicalSupport': 'ტექნიკური მხარდაჭერა',
  'contact.withinHours': '{hours} საათის განმავლობაში',
  'contact.demoLength': '{minutes}-წუთიანი დემო',

  'notFound.title': 'გვერდი ვერ მოიძებნა',
  'notFound.goBack': 'უკან დაბრუნება',
  'notFound.login': 'შესვლა',
  'notFound.technicalDocs': 'ტექნიკური დოკუმენტაცია',
  'notFound.searchInfo':
    'დოკუმენტაციაში ძიება მალე დაემატება. მანამდე, გთხოვთ, ისარგებლოთ ქვემოთ მოცემული ბმულებით.',
  'notFound.restrictedNote':
    'ეს განყოფილება შეზღუდული წვდომის ტექნიკურ რესურსებს შეიცავს. მათ სანახავად, გთხოვთ, შეხვიდეთ სისტემაში.',

  'devEnvironment.status.provisioning': 'იქმნება',
  'devEnvironment.status.running': 'მუშაობს',
  'devEnvironment.status.stopped': 'გაჩერებულია',
  'devEnvironment.status.failed': 'შეცდომა',
  'devEnvironment.status.deleting': 'იშლება',

  'theme.light': 'ღია',
  'theme.dark': 'მუქი',

  'session.loggedOut': 'თქვენ წარმატებით გამოხვედით სისტემიდან',
  'sso.noAccessToken': 'ერთიანი ავტორიზაციისთვის (SSO) წვდომის ტოკენი არ მოიძებნა',
  'devtools.restricted':
    'დეველოპერის ხელსაწყოებზე წვდომა შეზღუდულია. გთხოვთ, ჯერ გაიაროთ ავტორიზაცია.',

  'api.tokenVerificationFailed': 'ტოკენის შემოწმება ვერ მოხერხდა',
  'api.tokenRefreshFailed': 'ტოკენის განახლება ვერ მოხერხდა',
  'api.fetchEnvironmentsFailed': 'გარემოების ჩატვირთვა ვერ მოხერხდა',
  'api.createEnvironmentFailed': 'გარემოს შექმნა ვერ მოხერხდა',
  'api.fetchEnvironmentFailed': 'გარემოს ჩატვირთვა ვერ მოხერხდა',
  'api.deleteEnvironmentFailed': 'გარემოს წაშლა ვერ მოხერხდა',
  'api.aiChatFailed': 'AI ჩატიდან პასუხის მიღება ვერ მოხერხდა',
  'api.fetchAiModelsFailed': 'AI მოდელების ჩატვირთვა ვერ მოხერხდა',
  'api.submitContactFailed': 'საკონტაქტო ფორმის გაგზავნა ვერ მოხერხდა',
  'api.requestDemoFailed': 'დემოს მოთხოვნა ვერ მოხერხდა',
  'api.healthCheckFailed': 'სისტემის მდგომარეობის შემოწმება ვერ მოხერხდა',

  'profile.updateFailed': 'პროფილის განახლება ვერ მოხერხდა',
  'profile.updated': 'პროფილი წარმატებით განახლდა',
  'password.changed': 'პაროლი წარმატებით შეიცვალა',
  'password.changeFailed': 'პაროლის შეცვლა ვერ მოხერხდა',
  'passwordReset.requestFailed': 'პაროლის აღდგენის მოთხოვნა ვერ მოხერხდა',
  'passwordReset.instructionsSent': 'პაროლის აღდგენის ინსტრუქცია გამოგზავნილია თქვენს ელ-ფოსტაზე',
  'passwordReset.completed': 'პაროლი წარმატებით აღდგა. გთხოვთ, შეხვიდეთ ახალი პაროლით.',
  'passwordReset.failed': 'პაროლის აღდგენა ვერ მოხერხდა',

  'mail.registrationAttempt.subject': 'ვიღაცამ თქვენი მისამართით რეგისტრაცია სცადა',
  'mail.registrationAttempt.body':
    'ვიღაცამ სცადა DevEnv-ის ანგარიშის შექმნა ამ ელ-ფოსტის მისამართით, რომელსაც უკვე აქვს ანგარიში. თუ ეს თქვენ იყავით, შედით სისტემაში ან აღადგინეთ პაროლი ამ ბმულით. თუ ეს თქვენ არ იყავით, უგულებელყავით ეს წერილი: არაფერი შეცვლილა.',
}
