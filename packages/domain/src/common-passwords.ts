import { dictionary } from '@zxcvbn-ts/language-common'
import { type CommonPasswordList, PASSWORD_MIN_LENGTH, passwordLength } from './password'

/**
 * The common-password list of zxcvbn-ts (about 49,000 leaked passwords, in lower case), kept to
 * those long enough to be chosen at all. Its own module: about 200 KB gzipped, so the site loads
 * it only where a new password is typed, and nothing else that imports the password rules pays.
 */
export const COMMON_PASSWORDS: CommonPasswordList & ReadonlySet<string> = new Set(
  dictionary['passwords-common'].filter(
    (password) => passwordLength(password) >= PASSWORD_MIN_LENGTH,
  ),
)
