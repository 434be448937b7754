import type { WebCatalogue } from './en'

// Georgian twin of the site's own messages; typed against English, so a missing key fails the build.
export const webKa: WebCatalogue = {
  'meta.siteName': 'DevEnv',
  'meta.home.description':
    'კორპორატიული სადეველოპერო გარემოები ჩაშენებული AI დახმარებით, მზადაა 2 წუთზე ნაკლებ დროში.',
  'meta.pricing.title': 'ფასები',
  'meta.pricing.description':
    'Starter, Professional და Enterprise პაკეტები AI-ზე დაფუძნებული სადეველოპერო გარემოებისთვის, თვეში $75-დან.',
  'meta.contact.title': 'კონტაქტი',
  'meta.contact.description':
    'დაგვიკავშირდით საცდელი პერიოდის, დემოს, კორპორატიული გადაწყვეტის, მხარდაჭერის ან პარტნიორობის შესახებ.',
  'meta.notFound.description': 'გვერდი, რომელსაც ეძებთ, არ არსებობს ან გადატანილია.',
  'meta.resetPassword.description': 'აირჩიეთ ახალი პაროლი თქვენი DevEnv ანგარიშისთვის.',
  'meta.terms.title': 'მომსახურების პირობები',
  'meta.terms.description': 'პირობები, რომლებიც არეგულირებს DevEnv პლატფორმის გამოყენებას.',
  'meta.privacy.title': 'კონფიდენციალურობის პოლიტიკა',
  'meta.privacy.description': 'როგორ აგროვებს, იყენებს და იცავს DevEnv პერსონალურ მონაცემებს.',
  'meta.technical.title': 'ტექნიკური დეტალები',
  'meta.technical.description': 'ინფრასტრუქტურა, პლატფორმის სერვისები და AI ინტეგრაცია დეტალურად.',
  'meta.admin.title': 'მართვის პანელი',
  'meta.myPage.title': 'ჩემი ანგარიში',
  'meta.changeProfile.title': 'პროფილის პარამეტრები',
  'meta.private.description': 'თქვენი DevEnv ანგარიში.',

  'shell.skipToContent': 'მთავარ შინაარსზე გადასვლა',
  'shell.mainNavigation': 'მთავარი ნავიგაცია',
  'shell.homeLink': 'DevEnv მთავარი გვერდი',
  'shell.nav.features': 'შესაძლებლობები',
  'shell.nav.pricing': 'ფასები',
  'shell.nav.contact': 'კონტაქტი',
  'shell.openMenu': 'მენიუს გახსნა',
  'shell.closeMenu': 'მენიუს დახურვა',
  'shell.userMenu': 'მომხმარებლის მენიუ: {name}',
  'shell.themeToDark': 'მუქ თემაზე გადართვა',
  'shell.themeToLight': 'ღია თემაზე გადართვა',
  'shell.language': 'ენა',
  'shell.footer.rights': '© {year} DevEnv. ყველა უფლება დაცულია.',
  'shell.footer.legal': 'სამართლებრივი',
  'shell.footer.product': 'პროდუქტი',
  'shell.footer.tagline': 'სადეველოპერო გარემოები ჩაშენებული AI-ით, მზადაა წუთებში.',
  'shell.notifications': 'შეტყობინებები',
  'shell.loading': 'იტვირთება…',

  'home.hero.title': 'AI-ზე დაფუძნებული სადეველოპერო გარემოები',
  'home.hero.lead':
    'კორპორატიული დონის სადეველოპერო გარემოები ვირტუალიზებულ ინფრასტრუქტურაზე, კონტეინერების ორკესტრაციით, ჩაშენებული AI დახმარებით, CI/CD ინტეგრაციითა და ლოკალური ენობრივი მოდელებით.',
  'home.features.heading': 'ყველაფერი, რაც თქვენს გუნდს სჭირდება',
  'home.features.lead': 'ერთი პლატფორმა პირველი commit-იდან production-მდე.',
  'home.feature.instantProvisioning.text':
    'ახალი, სრულად კონფიგურირებული გარემო 2 წუთზე ნაკლებ დროში, შაბლონიდან ან თქვენი იმიჯიდან.',
  'home.feature.aiIntegration.text':
    'კოდის შევსება, ჩატი და ლოკალური ენობრივი მოდელები ყველა სამუშაო სივრცეში.',
  'home.feature.enterpriseSecurity.text':
    'იზოლირებული სამუშაო სივრცეები, ერთიანი ავტორიზაცია, აუდიტის ჟურნალი და დაშიფვრა.',
  'home.feature.autoScaling.text':
    'პროცესორი, მეხსიერება და საცავი იზრდება დატვირთვასთან ერთად და მცირდება, როცა საჭირო აღარ არის.',
  'home.feature.globalAccess.text':
    'იმუშავეთ ნებისმიერი ბრაუზერიდან, ნებისმიერ ადგილას, თქვენს გუნდთან ახლოს მდებარე რეგიონებით.',
  'home.feature.devopsIntegration.text':
    'პაიპლაინები, კონტეინერების რეესტრები და Git პროვაიდერები დაკავშირებულია თავიდანვე.',
  'home.stack.heading': 'ტექნოლოგიური სტეკი',
  'home.stack.lead': 'გამოცდილი, ღია კომპონენტები.',
  'home.stats.heading': 'პლატფორმა ციფრებში',
  'home.stats.provisioning.value': '< 2 წთ',
  'home.stats.provisioning.label': 'გარემოს გაშვება',
  'home.stats.uptime.value': '99.9%',
  'home.stats.uptime.label': 'ხელმისაწვდომობის SLA',
  'home.stats.clients.value': '500+',
  'home.stats.clients.label': 'კორპორატიული კლიენტი',
  'home.stats.support.value': '24/7',
  'home.stats.support.label': 'მხარდაჭერა',
  'home.cta.heading': 'მზად ხართ დააჩქაროთ დეველოპმენტი?',
  'home.cta.text': 'დაიწყეთ უფასო საცდელი პერიოდი დღესვე ან ჯერ გაეცანით ტექნიკურ დეტალებს.',

  'pricing.heading': 'მარტივი, გამჭვირვალე ფასები',
  'pricing.lead': 'აირჩიეთ თქვენი გუნდისთვის შესაფერისი პაკეტი. ფასები აშშ დოლარში, თვეში.',
  'pricing.perMonth': '/თვე',
  'pricing.group.core': 'რესურსები',
  'pricing.group.tools': 'დეველოპერის ინსტრუმენტები',
  'pricing.group.ai': 'AI',
  'pricing.compare.heading': 'პაკეტების შედარება',
  'pricing.compare.scrollHint': 'ყველა პაკეტის შესადარებლად ცხრილი გვერდულად გადაახვიეთ.',
  'pricing.compare.feature': 'ფუნქცია',
  'pricing.compare.included': 'შედის',
  'pricing.compare.notIncluded': 'არ შედის',
  'pricing.compare.unlimited': 'შეუზღუდავი',
  'pricing.compare.category.resources': 'რესურსები',
  'pricing.compare.category.tools': 'დეველოპერის ინსტრუმენტები',
  'pricing.compare.category.ai': 'AI',
  'pricing.compare.row.vcpu': 'vCPU',
  'pricing.compare.row.ram': 'RAM',
  'pricing.compare.row.ssd': 'SSD საცავი',
  'pricing.compare.row.bandwidth': 'გამტარუნარიანობა',
  'pricing.compare.row.gpu': 'GPU',
  'pricing.compare.row.uptime': 'ხელმისაწვდომობის SLA',
  'pricing.enterprise.heading': 'გჭირდებათ მეტი?',
  'pricing.enterprise.text':
    'გამოყოფილი ინფრასტრუქტურა, ინდივიდუალური შესაბამისობა, ადგილობრივი ენობრივი მოდელები და პერსონალური გუნდი.',
  'pricing.terms.label': 'საცდელი პერიოდი, გადახდა და პაკეტის შეცვლა',
  'pricing.faq.heading': 'ხშირად დასმული კითხვები',
  'pricing.faq.trial.q': 'გაქვთ უფასო საცდელი პერიოდი?',
  'pricing.faq.trial.a':
    'დიახ. Starter პაკეტს აქვს {days}-დღიანი უფასო საცდელი პერიოდი, საკრედიტო ბარათი საჭირო არ არის.',
  'pricing.faq.annual.q': 'გაქვთ წლიური გადახდა?',
  'pricing.faq.annual.a': 'დიახ. წლიური გადახდით ყველა პაკეტზე {percent}%-იან ფასდაკლებას მიიღებთ.',
  'pricing.faq.change.q': 'შემიძლია პაკეტის შეცვლა მოგვიანებით?',
  'pricing.faq.change.a':
    'ნებისმიერ დროს. გაუმჯობესება ძალაში შედის დაუყოვნებლივ, შემცირება კი შემდეგი საანგარიშო ციკლიდან.',
  'pricing.faq.payment.q': 'გადახდის რა მეთოდებს იღებთ?',
  'pricing.faq.payment.a':
    'ყველა ძირითად საკრედიტო ბარათს, ხოლო Enterprise პაკეტზე საბანკო გადარიცხვას ინვოისით.',
  'pricing.faq.data.q': 'სად ინახება ჩემი კოდი?',
  'pricing.faq.data.a':
    'თქვენ მიერ არჩეულ რეგიონში, დაშიფრული. Enterprise შეიძლება მუშაობდეს გამოყოფილ ინფრასტრუქტურაზე.',
  'pricing.faq.cancel.q': 'შემიძლია გაუქმება ნებისმიერ დროს?',
  'pricing.faq.cancel.a':
    'დიახ. წვდომა გრძელდება გადახდილი პერიოდის ბოლომდე და შეგიძლიათ წინასწარ გარემოების ექსპორტი.',

  'contact.heading': 'დაგვიკავშირდით',
  'contact.lead': 'მოგვწერეთ, რა გჭირდებათ, და შესაბამისი გუნდი გიპასუხებთ.',
  'contact.form.heading': 'გამოგვიგზავნეთ შეტყობინება',
  'contact.form.required': '* ნიშნით მონიშნული ველები სავალდებულოა.',
  'contact.form.requiredMark': '*',
  'contact.form.choose': 'აირჩიეთ…',
  'contact.form.submit': 'გაგზავნა',
  'contact.methods.heading': 'დაკავშირების სხვა გზები',
  'contact.methods.email': 'ელ-ფოსტა',
  'contact.methods.phone': 'ტელეფონი',
  'contact.methods.demo': 'გირჩევნიათ ზარი? დაჯავშნეთ {minutes}-წუთიანი დემო ინჟინერთან.',
  'contact.office.heading': 'ოფისი',
  'contact.office.address': 'რუსთაველის გამზირი 12, თბილისი 0108, საქართველო',
  'contact.office.hours': 'ორშაბათიდან პარასკევის ჩათვლით, 09:00–18:00 (GMT+4)',
  'contact.response.heading': 'პასუხის დრო',
  'contact.faq.heading': 'ხშირი კითხვები',
  'contact.faq.response.q': 'რამდენად სწრაფად მიპასუხებთ?',
  'contact.faq.response.a':
    'ზოგად შეკითხვებს 24 საათში, კორპორატიულ გაყიდვებს 4 საათში, ტექნიკურ მხარდაჭერას 2 საათში.',
  'contact.faq.demo.q': 'რამდენ ხანს გრძელდება დემო?',
  'contact.faq.demo.a': 'დემო 30 წუთს გრძელდება: პლატფორმის მიმოხილვა და დრო თქვენი კითხვებისთვის.',
  'contact.faq.trial.q': 'შემიძლია პლატფორმის გამოცდა ყიდვამდე?',
  'contact.faq.trial.a':
    'დიახ. Starter პაკეტს აქვს {days}-დღიანი უფასო საცდელი პერიოდი ბარათის გარეშე.',
  'contact.faq.enterprise.q': 'გაქვთ ადგილობრივი ინსტალაციის მხარდაჭერა?',
  'contact.faq.enterprise.a':
    'Enterprise კლიენტებს შეუძლიათ პლატფორმის გაშვება გამოყოფილ ან საკუთარ ინფრასტრუქტურაზე.',
  'contact.faq.data.q': 'რა ემართება ჩემს გამოგზავნილ მონაცემებს?',
  'contact.faq.data.a':
    'მათ ვიყენებთ მხოლოდ თქვენს მოთხოვნაზე პასუხისთვის და ნებისმიერ დროს შეგიძლიათ მათი წაშლა მოითხოვოთ.',

  'notFound.code': '404',
  'notFound.text': 'გვერდი, რომელსაც ეძებთ, არ არსებობს ან გადატანილია.',
  'notFound.help.heading': 'სასარგებლო ბმულები',
  'notFound.help.features': 'პლატფორმის შესაძლებლობები',
  'notFound.help.pricing': 'ფასები',
  'notFound.help.contact': 'კონტაქტი',
  'notFound.search.label': 'დოკუმენტაციაში ძიება',
  'notFound.search.placeholder': 'მაგ. გაშვება',
  'notFound.search.submit': 'ძიება',

  'technical.heading': 'ტექნიკური დეტალები',
  'technical.infrastructure.heading': 'ინფრასტრუქტურა',
  'technical.infrastructure.text':
    'სამუშაო სივრცეები მუშაობს იზოლირებულ ვირტუალურ მანქანებად დაცულ ჰიპერვიზორის კლასტერზე, Kubernetes-ის ორკესტრაციით სამ ზონაში.',
  'technical.services.heading': 'პლატფორმის სერვისები',
  'technical.services.text':
    'გაშვება, იმიჯების რეესტრი, საიდუმლოებები, ბილდის შემსრულებლები და მონიტორინგი ცალკე სერვისებია ერთი API კარიბჭით.',
  'technical.ai.heading': 'AI/LLM ინტეგრაცია',
  'technical.ai.text':
    'ლოკალური ენობრივი მოდელები ემსახურება კოდის შევსებასა და ჩატს თქვენს ქსელში; მოთხოვნები და კოდი მას არ ტოვებს.',
  'technical.clients.heading': 'კლიენტების პორტფოლიო',
  'technical.clients.restricted': 'შეზღუდული',
  'technical.clients.text':
    'კლიენტების სახელები და დანერგვები კონფიდენციალურია და მხოლოდ ხელმოწერილი შეთანხმებით გაზიარდება.',
  'technical.connection.heading': 'კავშირის შემოწმება',
  'technical.connection.checking': 'მოწმდება კავშირი API-სთან...',
  'technical.connection.connected': 'დაკავშირებულია',
  'technical.connection.status': 'სტატუსი',
  'technical.connection.version': 'API-ს ვერსია',
  'technical.connection.uptime': 'მუშაობის დრო',
  'technical.connection.seconds': '{seconds} წამი',
  'technical.connection.time': 'სერვერის დრო',
  'technical.connection.answered': 'API-მ უპასუხა სტატუსით {status}.',
  'technical.connection.noAnswer': 'API-მ არ უპასუხა.',
  'technical.connection.retry': 'ხელახლა შემოწმება',
  'technical.security.heading': 'უსაფრთხოების შეტყობინება',
  'technical.security.text':
    'ეს გვერდი კონფიდენციალურია. წვდომა აღირიცხება და მისი შინაარსი არ უნდა გავრცელდეს თქვენი ორგანიზაციის გარეთ.',

  'reset.brand.heading': 'უსაფრთხო თავიდანვე',
  'reset.brand.text': 'თქვენი გარემოები, კოდი და ანგარიში ბოლომდე დაცულია.',
  'reset.shell.text': 'ახალი პაროლის ასარჩევად გახსენით ბმული თქვენი ელ-ფოსტიდან.',

  'form.passwordStrength': 'პაროლის სიძლიერე: {label}',

  'legal.updated': 'ბოლო განახლება: 2026 წლის 1 იანვარი',
  'legal.terms.heading': 'მომსახურების პირობები',
  'legal.terms.p1':
    'DevEnv პლატფორმის გამოყენებით თქვენ ეთანხმებით ამ პირობებს. მომსახურება გეწევათ თქვენ და თქვენს ორგანიზაციას პროგრამული უზრუნველყოფის შესაქმნელად.',
  'legal.terms.p2':
    'თქვენ პასუხისმგებელი ხართ თქვენს კოდსა და მონაცემებზე, ანგარიშის მონაცემების დაცვაზე და თქვენი გუნდის წევრების ქმედებებზე.',
  'legal.terms.p3':
    'პაკეტების საფასური იხდება წინასწარ, ყოველთვიურად ან ყოველწლიურად. გაუქმება შესაძლებელია ნებისმიერ დროს; წვდომა გრძელდება გადახდილი პერიოდის ბოლომდე.',
  'legal.privacy.heading': 'კონფიდენციალურობის პოლიტიკა',
  'legal.privacy.p1':
    'ვაგროვებთ თქვენ მიერ მოწოდებულ მონაცემებს (სახელი, ელ-ფოსტა, კომპანია) და მომსახურების მუშაობისა და დაცვისთვის საჭირო ტექნიკურ მონაცემებს.',
  'legal.privacy.p2':
    'მათ ვიყენებთ მომსახურების გასაწევად, თქვენს მოთხოვნებზე საპასუხოდ და პლატფორმის დასაცავად. პერსონალურ მონაცემებს არასდროს ვყიდით.',
  'legal.privacy.p3':
    'ნებისმიერ დროს შეგიძლიათ მოითხოვოთ თქვენი მონაცემების ასლი, შესწორება ან წაშლა ჩვენთან დაკავშირებით.',
}
