// The product's exact wording (UI-1); "ours" marks our text where a requirement only describes it.
export const en = {
  // Brand and pages
  'app.tagline': 'AI-Native Development Platform',
  'page.home.title': 'AI-Native Development Environments',

  // Shared actions
  'action.startFreeTrial': 'Start Free Trial',
  'action.getStarted': 'Get Started',
  'action.scheduleDemo': 'Schedule Demo',
  'action.backToHome': 'Back to Home',
  'action.close': 'Close',

  // Navigation bar
  'nav.signIn': 'Sign in',
  'nav.dashboard': 'Dashboard',
  'nav.profileSettings': 'Profile Settings',
  'nav.myAccount': 'My Account',
  'nav.logOut': 'Log out',
  'nav.user': 'User',

  // Home
  'home.explorePlatform': 'Explore Platform',
  'home.viewTechnicalDetails': 'View Technical Details',
  'home.feature.instantProvisioning': 'Instant Provisioning',
  'home.feature.aiIntegration': 'AI Integration',
  'home.feature.enterpriseSecurity': 'Enterprise Security',
  'home.feature.autoScaling': 'Auto Scaling',
  'home.feature.globalAccess': 'Global Access',
  'home.feature.devopsIntegration': 'DevOps Integration',
  'home.stack.infrastructure': 'Infrastructure',
  'home.stack.development': 'Development',
  'home.stack.aiAnalytics': 'AI & Analytics',
  'home.stack.security': 'Security',

  // Technical page
  'technical.authenticatedAs': 'Authenticated as',
  'technical.demoMode': 'Demo Mode',

  // Form fields (ours: the requirements name the fields, not their labels)
  'field.firstName': 'First Name',
  'field.lastName': 'Last Name',
  'field.email': 'Email',
  'field.password': 'Password',
  'field.confirmPassword': 'Confirm Password',
  'field.company': 'Company (optional)',
  'field.phone': 'Phone',
  'field.inquiryType': 'Inquiry Type',
  'field.teamSize': 'Team Size',
  'field.message': 'Message',
  'field.newsletter': 'Subscribe to our newsletter',

  // Validation
  'validation.emailRequired': 'Please enter your email address.',
  'validation.emailInvalid': 'Please enter a valid email address.',
  'validation.passwordRequired': 'Please enter your password.', // ours
  'validation.passwordTooShort': 'Password must be at least 8 characters long.',
  'validation.passwordMismatch': 'Passwords do not match.',
  'validation.passwordTooWeak': 'Password is too weak. Please use a stronger password.',
  'validation.passwordResetRules':
    'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a number.', // ours
  'validation.captchaRequired': 'Please complete the human verification first.',
  'validation.requiredFields': 'Please fill in all required fields',
  'validation.tooLong': 'Please use at most {max} characters.', // ours
  'validation.phoneInvalid': 'Please enter a phone number: digits, spaces and + ( ) - . only.', // ours

  // Password strength
  'password.strength.weak': 'Weak',
  'password.strength.fair': 'Fair',
  'password.strength.medium': 'Medium',
  'password.strength.strong': 'Strong',

  // Auth modals
  'auth.signInTitle': 'Sign In',
  'auth.createAccountTitle': 'Create Account',
  'auth.resetPasswordTitle': 'Reset Password',
  'auth.rememberMe': 'Remember me',
  'auth.forgotPassword': 'Forgot password?',
  'auth.signUp': 'Sign up',
  'auth.sendResetLink': 'Send Reset Link',
  'auth.emailSent': 'Email Sent!',
  'auth.emailSentTo': 'We sent a password reset link to {email}.', // ours
  'auth.resendEmail': 'Resend Email',
  'auth.backToLogin': 'Back to login',

  // Login
  'login.locked': 'Too many login attempts. Please try again later.',
  'login.invalidCredentials': 'Invalid email or password',
  'login.authenticationFailed': 'Authentication failed',
  'login.failed': 'Login failed',
  'login.success': 'Successfully logged in!',
  'login.authenticationSuccess': 'Authentication successful!',

  // Registration
  'register.emailTaken':
    'An account with this email already exists. Please use a different email or try logging in.',
  'register.checkInput': 'Please check your input.',
  'register.invalidData': 'Invalid registration data. Please check your input.',
  'register.failed': 'Failed to create account. Please try again.',
  'register.success':
    'Account created successfully! Please check your email to verify your account.',
  'register.failedNotice': 'Registration failed',
  'register.successNotice':
    'Registration successful! Please check your email to activate your account.',

  // Account activation (ours: AUTH-9 only says the outcome is notified)
  'activation.success': 'Your account has been activated. You can now sign in.',
  'activation.failed': 'Account activation failed. The link may be invalid or expired.',

  // Forgot password and resend
  'forgot.tooManyRequests': 'Too many requests. Please wait a few minutes before trying again.',
  'forgot.noAccount':
    'No account found with this email address. Please check your email or create a new account.',
  'forgot.authenticationFailed': 'Authentication failed.',
  'forgot.invalidRequest': 'Invalid request. Please check your input.',
  'forgot.failed': 'Failed to send reset email. Please try again.',
  'forgot.success': 'Password reset link sent to your email!',
  'forgot.resendTooSoon': 'Please wait before requesting another email.',
  'forgot.resendFailed': 'Failed to resend email. Please try again later.',
  'forgot.resendSuccess': 'Password reset link resent successfully!',

  // Captcha
  'captcha.label': 'Human Verification', // ours
  'captcha.check': 'Verify', // ours
  'captcha.incorrect': 'Incorrect answer. Please try again.',
  'captcha.success': 'Verification successful!',
  'captcha.tooManyAttempts':
    'Too many incorrect captcha attempts. Please refresh the page and try again.',
  'captcha.failed': 'Human verification failed. Please try again.',
  'captcha.completed': 'Human verification completed',

  // Reset password page
  'reset.heading': 'Reset Password',
  'reset.newPassword': 'New Password*',
  'reset.newPasswordPlaceholder': 'Enter your new password',
  'reset.confirmPassword': 'Confirm New Password*',
  'reset.confirmPasswordPlaceholder': 'Confirm your new password',
  'reset.check.minLength': 'At least 8 characters',
  'reset.check.uppercase': 'One uppercase letter',
  'reset.check.lowercase': 'One lowercase letter',
  'reset.check.digit': 'One number',
  'reset.passwordsDoNotMatch': 'Passwords do not match',
  'reset.submit': 'Submit',
  'reset.pleaseWait': 'Please wait...',
  'reset.success':
    'Password has been reset successfully. You can now login with your new password.',
  'reset.redirecting': 'Redirecting to login in {seconds} seconds...',
  'reset.goHome': 'Go Home',
  'reset.requestNewLink': 'Request New Link',
  'reset.rememberPassword': 'Remember your password?',
  'reset.invalidLink.title': 'Invalid Reset Link',
  'reset.invalidLink.description':
    'This password reset link is invalid or incomplete. Please request a new one.',
  'reset.invalidToken.title': 'Invalid Reset Token',
  'reset.invalidToken.description':
    'The reset token in this link is malformed. Please request a new password reset link.',
  'reset.serverError.title': 'Server Error',
  'reset.serverError.description':
    'Our servers are temporarily unavailable. Please try again in a few minutes.',
  'reset.linkNoLongerValid.description':
    'This password reset link is no longer valid. Please request a new one.',
  'reset.expired.title': 'Link Expired',
  'reset.expired.description':
    'This password reset link has expired for security reasons. Please request a new one.',
  'reset.failedTitle': 'Password Reset Failed', // ours
  'reset.error': 'An error occurred while resetting your password.',
  'reset.failed': 'Failed to reset password. Please try again.',
  'reset.successNotice': 'Password reset successfully! Redirecting to login...',

  // Pricing
  'pricing.mostPopular': 'Most Popular',
  'pricing.planSelected': '{plan} plan selected! Redirecting to setup...',
  'pricing.trialNote': '{days}-day free trial on Starter. No credit card required.',
  'pricing.annualDiscount': 'Save {percent}% with annual billing',
  'pricing.planChanges':
    'Upgrades take effect immediately; downgrades apply at the next billing cycle.',

  // Plans (ours: descriptions, buttons and the tools/AI lists; resource figures are PLAN-1's)
  'plan.starter.description': 'Perfect for individual developers and side projects.',
  'plan.professional.description': 'For growing teams that ship every day.',
  'plan.enterprise.description':
    'For organizations with advanced security, compliance and scale needs.',
  'plan.starter.button': 'Start Free Trial',
  'plan.professional.button': 'Get Started',
  'plan.enterprise.button': 'Contact Sales',
  'plan.feature.vcpu': '{count} vCPU',
  'plan.feature.ram': '{size}GB RAM',
  'plan.feature.ssd': '{size}GB SSD',
  'plan.feature.bandwidth': '{size}GB bandwidth',
  'plan.feature.bandwidthUnlimited': 'Unlimited bandwidth',
  'plan.feature.gpu': 'GPU available',
  'plan.feature.uptime': '{percent}% uptime',
  'plan.feature.webIde': 'Browser-based IDE',
  'plan.feature.git': 'Git integration',
  'plan.feature.cicdBasic': 'Basic CI/CD pipelines',
  'plan.feature.cicdAdvanced': 'Advanced CI/CD pipelines',
  'plan.feature.containers': 'Container orchestration',
  'plan.feature.teamCollaboration': 'Team collaboration',
  'plan.feature.sso': 'Single sign-on and audit logs',
  'plan.feature.dedicatedInfrastructure': 'Dedicated infrastructure',
  'plan.feature.aiCompletion': 'AI code completion',
  'plan.feature.aiChat': 'AI chat assistant',
  'plan.feature.localLlm': 'Private local language models',

  // Contact
  'inquiry.trial': 'Start Free Trial',
  'inquiry.demo': 'Schedule Demo',
  'inquiry.enterprise': 'Enterprise Solution',
  'inquiry.support': 'Technical Support',
  'inquiry.partnership': 'Partnership',
  'inquiry.other': 'Other',
  'contact.sending': 'Sending...',
  'contact.success':
    'Thank you! Your message has been sent. We will get back to you within {hours} hours.', // ours
  'contact.failed': 'Failed to send message. Please try again or contact us directly at {email}',
  'contact.bookDemoCall': 'Book Demo Call',
  'contact.bookDemoInfo':
    'Our demo booking calendar will open right here soon. For now, please use the contact form to request your demo.',
  'contact.responseTime.general': 'General inquiries', // ours
  'contact.responseTime.enterpriseSales': 'Enterprise sales', // ours
  'contact.responseTime.technicalSupport': 'Technical support', // ours
  'contact.withinHours': 'Within {hours} hours', // ours
  'contact.demoLength': '{minutes}-minute demo', // ours

  // Not found page
  'notFound.title': 'Page Not Found',
  'notFound.goBack': 'Go Back',
  'notFound.login': 'Login',
  'notFound.technicalDocs': 'Technical Docs',
  'notFound.searchInfo':
    'Documentation search is coming soon. Meanwhile, please use the help links below.', // ours
  'notFound.restrictedNote':
    'This area contains restricted technical resources. Please sign in to access them.', // ours

  // Development environments (ours: status names from ENV-1)
  'devEnvironment.status.provisioning': 'Provisioning',
  'devEnvironment.status.running': 'Running',
  'devEnvironment.status.stopped': 'Stopped',
  'devEnvironment.status.failed': 'Failed',
  'devEnvironment.status.deleting': 'Deleting',

  // Themes (ours)
  'theme.light': 'Light',
  'theme.dark': 'Dark',

  // Session, single sign-on, developer tools
  'session.loggedOut': 'Logged out successfully',
  'sso.noAccessToken': 'No access token available for SSO',
  'devtools.restricted': 'Access to developer tools is restricted. Please authenticate first.',

  // API wrapper messages
  'api.tokenVerificationFailed': 'Token verification failed',
  'api.tokenRefreshFailed': 'Token refresh failed',
  'api.fetchEnvironmentsFailed': 'Failed to fetch environments',
  'api.createEnvironmentFailed': 'Failed to create environment',
  'api.fetchEnvironmentFailed': 'Failed to fetch environment',
  'api.deleteEnvironmentFailed': 'Failed to delete environment',
  'api.aiChatFailed': 'AI chat completion failed',
  'api.fetchAiModelsFailed': 'Failed to fetch AI models',
  'api.submitContactFailed': 'Failed to submit contact form',
  'api.requestDemoFailed': 'Failed to request demo',
  'api.healthCheckFailed': 'Health check failed',

  // Other notices
  'profile.updateFailed': 'Failed to update profile',
  'profile.updated': 'Profile updated successfully',
  'password.changed': 'Password changed successfully',
  'password.changeFailed': 'Failed to change password',
  'passwordReset.requestFailed': 'Failed to request password reset',
  'passwordReset.instructionsSent': 'Password reset instructions sent to your email',
  'passwordReset.completed': 'Password reset successfully. Please login with your new password.',
  'passwordReset.failed': 'Failed to reset password',

  // E-mails (ours): the owner of a taken address, told instead of the registration form
  'mail.registrationAttempt.subject': 'Someone tried to register with your address',
  'mail.registrationAttempt.body':
    'Someone tried to create a DevEnv account with this e-mail address, which already has one. If it was you, sign in, or reset your password with this link. If it was not you, ignore this e-mail: nothing has changed.',
} as const satisfies Record<string, string>

export type MessageCode = keyof typeof en

/** A full catalogue: one text per code, nothing missing, nothing extra. */
export type Catalogue = Readonly<Record<MessageCode, string>>

/** Names a subset of codes; a misspelt code fails to compile. */
export type MessageCodeSubset<T extends MessageCode> = T
