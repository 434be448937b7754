import type { MessageCode } from '@devenv/domain/messages'
import { type FormEvent, useState } from 'react'
import {
  type FieldValues,
  type SubmitHandler,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import type { FormMessage } from '../../../components/form/form-fields'
import { TextField } from '../../../components/form/text-field'
import { authMessages } from '../messages'
import { Captcha } from './captcha'

/**
 * The pattern of the three auth forms: the form and its translated field errors, the form's own
 * message, a submit that is ignored while the call runs, the e-mail field and the puzzle, whose
 * new round after a failed call is a fresh sum (CAPTCHA-3).
 */
export function useAuthForm<Values extends FieldValues>(options: UseFormProps<Values>) {
  const t = authMessages.useT()
  const form = useForm<Values>(options)
  const [failure, setFailure] = useState<FormMessage | null>(null)
  const [captchaRound, setCaptchaRound] = useState(0)
  // The puzzle's field, by its name: every form with a puzzle calls it `captchaVerified`.
  const captcha = form as unknown as UseFormReturn<{ captchaVerified: boolean }>

  /** A field error's text: the resolver stores the domain's message code. */
  const errorText = (message: string | undefined) =>
    message ? t(message as MessageCode) : undefined

  /** The form's onSubmit: validates, then runs `handler`; a second submit meanwhile is ignored. */
  const submitWith = (handler: SubmitHandler<Values>) => {
    const onSubmit = form.handleSubmit(handler)
    return (event: FormEvent<HTMLFormElement>) =>
      form.formState.isSubmitting ? event.preventDefault() : void onSubmit(event)
  }

  /** After a failed call: the puzzle is unsolved again and remounts with a fresh sum. */
  const newCaptchaRound = () => {
    captcha.setValue('captchaVerified', false)
    setCaptchaRound((round) => round + 1)
  }

  /** The puzzle, tied to the form's `captchaVerified`; `onBlur` runs when its answer loses focus. */
  const captchaField = (onBlur?: () => void) => (
    <Captcha
      key={captchaRound}
      onVerified={() => {
        captcha.setValue('captchaVerified', true)
        captcha.clearErrors('captchaVerified')
      }}
      {...(onBlur ? { onBlur } : {})}
      error={errorText(captcha.formState.errors.captchaVerified?.message)}
    />
  )

  return { t, form, failure, setFailure, errorText, submitWith, newCaptchaRound, captchaField }
}

/** The e-mail field of the auth forms. */
export function EmailField({
  id,
  autoComplete,
  registration,
  error,
}: {
  id: string
  autoComplete: 'username' | 'email'
  registration: UseFormRegisterReturn
  error: string | undefined
}) {
  const t = authMessages.useT()
  return (
    <TextField
      announceError
      id={id}
      label={t('field.email')}
      type="email"
      autoComplete={autoComplete}
      placeholder={t('authForm.emailPlaceholder')}
      required
      registration={registration}
      error={error}
    />
  )
}
