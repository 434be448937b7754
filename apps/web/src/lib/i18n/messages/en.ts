// The site's own messages, in English; the domain catalogue holds the required wording.
export const webEn = {
  // Document heads
  'meta.siteName': 'DevEnv',
  'meta.home.description':
    'Enterprise development environments with built-in AI assistance, provisioned in under 2 minutes.',
  'meta.pricing.title': 'Pricing',
  'meta.pricing.description':
    'Starter, Professional and Enterprise plans for AI-native development environments, from $75 a month.',
  'meta.contact.title': 'Contact Us',
  'meta.contact.description':
    'Talk to our team about trials, demos, enterprise solutions, support or partnerships.',
  'meta.notFound.description': 'The page you are looking for does not exist or has moved.',
  'meta.resetPassword.description': 'Choose a new password for your DevEnv account.',
  'meta.terms.title': 'Terms of Service',
  'meta.terms.description': 'The terms that govern the use of the DevEnv platform.',
  'meta.privacy.title': 'Privacy Policy',
  'meta.privacy.description': 'How DevEnv collects, uses and protects personal data.',
  'meta.technical.title': 'Technical Details',
  'meta.technical.description': 'Infrastructure, platform services and AI integration in depth.',
  'meta.admin.title': 'Dashboard',
  'meta.myPage.title': 'My Account',
  'meta.changeProfile.title': 'Profile Settings',
  'meta.private.description': 'Your DevEnv account.',

  // Shell
  'shell.skipToContent': 'Skip to main content',
  'shell.mainNavigation': 'Main navigation',
  'shell.homeLink': 'DevEnv home',
  'shell.nav.features': 'Features',
  'shell.nav.pricing': 'Pricing',
  'shell.nav.contact': 'Contact',
  'shell.openMenu': 'Open menu',
  'shell.closeMenu': 'Close menu',
  'shell.userMenu': 'User menu for {name}',
  'shell.themeToDark': 'Switch to dark theme',
  'shell.themeToLight': 'Switch to light theme',
  'shell.language': 'Language',
  'shell.footer.rights': '© {year} DevEnv. All rights reserved.',
  'shell.footer.legal': 'Legal',
  'shell.footer.product': 'Product',
  'shell.footer.tagline': 'Development environments with AI built in, ready in minutes.',
  'shell.notifications': 'Notifications',
  'shell.loading': 'Loading…',

  // Home
  'home.hero.title': 'AI-Native Development Environments',
  'home.hero.lead':
    'Enterprise-grade development environments on virtualised infrastructure, with container orchestration, built-in AI assistance, CI/CD integration and local language models.',
  'home.features.heading': 'Everything your team needs to ship',
  'home.features.lead': 'One platform from the first commit to production.',
  'home.feature.instantProvisioning.text':
    'Fresh, fully configured environments in under 2 minutes, from a template or your own image.',
  'home.feature.aiIntegration.text':
    'Code completion, chat and local language models built into every workspace.',
  'home.feature.enterpriseSecurity.text':
    'Isolated workspaces, single sign-on, audit logs and encryption at rest and in transit.',
  'home.feature.autoScaling.text':
    'CPU, memory and storage grow with the workload and shrink when it is done.',
  'home.feature.globalAccess.text':
    'Work from any browser, anywhere, with regions close to your team.',
  'home.feature.devopsIntegration.text':
    'Pipelines, container registries and Git providers connected out of the box.',
  'home.stack.heading': 'Technology stack',
  'home.stack.lead': 'Proven, open building blocks under the hood.',
  'home.stats.heading': 'The platform in numbers',
  'home.stats.provisioning.value': '< 2 min',
  'home.stats.provisioning.label': 'Environment provisioning',
  'home.stats.uptime.value': '99.9%',
  'home.stats.uptime.label': 'Uptime SLA',
  'home.stats.clients.value': '500+',
  'home.stats.clients.label': 'Enterprise clients',
  'home.stats.support.value': '24/7',
  'home.stats.support.label': 'Support',
  'home.cta.heading': 'Ready to accelerate your development?',
  'home.cta.text': 'Start a free trial today or look under the hood first.',

  // Pricing
  'pricing.heading': 'Simple, transparent pricing',
  'pricing.lead': 'Choose the plan that fits your team. Prices in USD per month.',
  'pricing.perMonth': '/month',
  'pricing.group.core': 'Resources',
  'pricing.group.tools': 'Developer tools',
  'pricing.group.ai': 'AI',
  'pricing.compare.heading': 'Compare plans',
  'pricing.compare.scrollHint': 'Scroll sideways to compare every plan.',
  'pricing.compare.feature': 'Feature',
  'pricing.compare.included': 'Included',
  'pricing.compare.notIncluded': 'Not included',
  'pricing.compare.unlimited': 'Unlimited',
  'pricing.compare.category.resources': 'Resources',
  'pricing.compare.category.tools': 'Developer tools',
  'pricing.compare.category.ai': 'AI',
  'pricing.compare.row.vcpu': 'vCPU',
  'pricing.compare.row.ram': 'RAM',
  'pricing.compare.row.ssd': 'SSD storage',
  'pricing.compare.row.bandwidth': 'Bandwidth',
  'pricing.compare.row.gpu': 'GPU',
  'pricing.compare.row.uptime': 'Uptime SLA',
  'pricing.enterprise.heading': 'Need something bigger?',
  'pricing.enterprise.text':
    'Dedicated infrastructure, custom compliance, on-premises language models and a named account team.',
  'pricing.terms.label': 'Trial, billing and plan changes',
  'pricing.faq.heading': 'Frequently asked questions',
  'pricing.faq.trial.q': 'Is there a free trial?',
  'pricing.faq.trial.a':
    'Yes. The Starter plan comes with a {days}-day free trial, and no credit card is required.',
  'pricing.faq.annual.q': 'Do you offer annual billing?',
  'pricing.faq.annual.a': 'Yes. Annual billing gives you a {percent}% discount on every plan.',
  'pricing.faq.change.q': 'Can I change plans later?',
  'pricing.faq.change.a':
    'Any time. Upgrades take effect immediately; downgrades apply at the next billing cycle.',
  'pricing.faq.payment.q': 'Which payment methods do you accept?',
  'pricing.faq.payment.a':
    'All major credit cards, and bank transfer with invoicing on the Enterprise plan.',
  'pricing.faq.data.q': 'Where is my code stored?',
  'pricing.faq.data.a':
    'In the region you choose, encrypted at rest and in transit. Enterprise can run on dedicated infrastructure.',
  'pricing.faq.cancel.q': 'Can I cancel at any time?',
  'pricing.faq.cancel.a':
    'Yes. You keep access until the end of the paid period, and you can export your environments first.',

  // Contact
  'contact.heading': 'Get in touch',
  'contact.lead': 'Tell us what you need and the right team will answer.',
  'contact.form.heading': 'Send us a message',
  'contact.form.required': 'Fields marked * are required.',
  'contact.form.requiredMark': '*',
  'contact.form.choose': 'Select…',
  'contact.form.submit': 'Send Message',
  'contact.methods.heading': 'Other ways to reach us',
  'contact.methods.email': 'Email',
  'contact.methods.phone': 'Phone',
  'contact.methods.demo': 'Prefer a call? Book a {minutes}-minute demo with an engineer.',
  'contact.office.heading': 'Office',
  'contact.office.address': '12 Rustaveli Avenue, Tbilisi 0108, Georgia',
  'contact.office.hours': 'Monday to Friday, 09:00–18:00 (GMT+4)',
  'contact.response.heading': 'Response times',
  'contact.faq.heading': 'Common questions',
  'contact.faq.response.q': 'How quickly will you reply?',
  'contact.faq.response.a':
    'General inquiries within 24 hours, enterprise sales within 4 hours and technical support within 2 hours.',
  'contact.faq.demo.q': 'How long is a demo?',
  'contact.faq.demo.a':
    'Demos take 30 minutes: a walk through the platform and time for your questions.',
  'contact.faq.trial.q': 'Can I try the platform before buying?',
  'contact.faq.trial.a': 'Yes. The Starter plan has a {days}-day free trial with no credit card.',
  'contact.faq.enterprise.q': 'Do you support on-premises installations?',
  'contact.faq.enterprise.a':
    'Enterprise customers can run the platform on dedicated or on-premises infrastructure.',
  'contact.faq.data.q': 'What happens to the data I send?',
  'contact.faq.data.a':
    'We use it only to answer your request, and you can ask us to delete it at any time.',

  // Not found
  'notFound.code': '404',
  'notFound.text': 'The page you are looking for does not exist or has been moved.',
  'notFound.help.heading': 'Helpful links',
  'notFound.help.features': 'Platform features',
  'notFound.help.pricing': 'Pricing',
  'notFound.help.contact': 'Contact',
  'notFound.search.label': 'Search the documentation',
  'notFound.search.placeholder': 'e.g. provisioning',
  'notFound.search.submit': 'Search',

  // Technical page
  'technical.heading': 'Technical Details',
  'technical.infrastructure.heading': 'Infrastructure',
  'technical.infrastructure.text':
    'Workspaces run as isolated virtual machines on a hardened hypervisor cluster, orchestrated by Kubernetes across three availability zones.',
  'technical.services.heading': 'Platform services',
  'technical.services.text':
    'Provisioning, image registry, secrets, build runners and observability are separate services behind one API gateway.',
  'technical.ai.heading': 'AI/LLM integration',
  'technical.ai.text':
    'Local language models serve completion and chat inside your network; prompts and code never leave it.',
  'technical.clients.heading': 'Client portfolio',
  'technical.clients.restricted': 'Restricted',
  'technical.clients.text':
    'Client names and deployments are confidential and shared only under a signed agreement.',
  'technical.connection.heading': 'Connection test',
  'technical.connection.checking': 'Checking the connection to the API...',
  'technical.connection.connected': 'Connected',
  'technical.connection.status': 'Status',
  'technical.connection.version': 'API version',
  'technical.connection.uptime': 'Uptime',
  'technical.connection.seconds': '{seconds} seconds',
  'technical.connection.time': 'Server time',
  'technical.connection.answered': 'The API answered with status {status}.',
  'technical.connection.noAnswer': 'The API did not answer.',
  'technical.connection.retry': 'Test again',
  'technical.security.heading': 'Security notice',
  'technical.security.text':
    'This page is confidential. Access is logged, and its content must not be shared outside your organisation.',

  // Reset password shell
  'reset.brand.heading': 'Secure by design',
  'reset.brand.text': 'Your environments, your code and your account, protected end to end.',
  'reset.shell.text': 'Open the link from your e-mail to choose a new password.',

  // Forms (auth modals and account)
  'form.passwordStrength': 'Password strength: {label}',

  // Legal
  'legal.updated': 'Last updated: 1 January 2026',
  'legal.terms.heading': 'Terms of Service',
  'legal.terms.p1':
    'By using the DevEnv platform you agree to these terms. The service is provided to you and your organisation for developing software.',
  'legal.terms.p2':
    'You are responsible for the code and data you bring, for keeping your credentials safe and for the actions of your team members.',
  'legal.terms.p3':
    'Plans are billed monthly or annually in advance. You may cancel at any time; access continues until the end of the paid period.',
  'legal.privacy.heading': 'Privacy Policy',
  'legal.privacy.p1':
    'We collect the data you give us (such as your name, e-mail and company) and technical data needed to run and secure the service.',
  'legal.privacy.p2':
    'We use it to provide the service, answer your requests and protect the platform. We never sell personal data.',
  'legal.privacy.p3':
    'You can ask for a copy of your data, its correction or its deletion at any time by contacting us.',
} as const satisfies Record<string, string>

export type WebMessageCode = keyof typeof webEn

/** A full web catalogue: one message per code, nothing missing, nothing extra. */
export type WebCatalogue = Readonly<Record<WebMessageCode, string>>
