import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form'

/**
 * A react-hook-form resolver over one of the domain's validators: the validator answers the first
 * failing rule in AUTH-7's order (a message code), which becomes the error of the field it is
 * about. The message stays a code so that it is shown in the current language.
 */
export function domainResolver<Values extends FieldValues, Code extends string>(
  validate: (values: Values) => Code | null | Promise<Code | null>,
  fieldOf: Readonly<Record<Code, keyof Values & string>>,
): Resolver<Values> {
  return async (values) => {
    const code = await validate(values)
    if (code === null) return { values, errors: {} }
    const error: FieldError = { type: 'domain', message: code }
    return { values: {}, errors: { [fieldOf[code]]: error } as unknown as FieldErrors<Values> }
  }
}
