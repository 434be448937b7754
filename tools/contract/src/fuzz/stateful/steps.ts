import fc from 'fast-check'
import {
  Activate,
  ChangePassword,
  ForgotPassword,
  ReadProfile,
  Refresh,
  Register,
  ResendActivation,
  ResetPassword,
  SignIn,
  SignInWithOldPassword,
  SignOut,
} from './account-steps'
import { AdvanceClock, CreateEnvironment, EnvironmentStep } from './environment-steps'
import { ACCOUNTS, type Command, NAMES, PASSWORDS } from './sequence'

const password = fc.nat(PASSWORDS.length - 1)
const device = fc.nat(15)

/** The steps a sequence through the API leaves out, and why (`own`: accounts the run registered). */
export function stepsLeftOutThroughTheApi(own: boolean): string {
  return `registration, activation, resending it, forgotten and reset passwords (they need the e-mailed links, and a reset signs every session of a shared account out)${own ? '' : ', a successful password change (other runs sharing the account would stop signing in)'} and clock jumps (no development clock)`
}

/**
 * Every step a sequence can take, with the requests' choices left to fast-check. `jumps`: the
 * whole model over the stub's accounts, mailbox and clock. `real`: only the given accounts'
 * sessions and environments, on the target's own clock.
 */
export function stepsFor(
  clock: 'jumps' | 'real',
  /** The clock's jumps (seconds), on the stub's own clock: `jumpsOf(contract)`. */
  jumps: readonly number[],
  accounts: readonly string[] = ACCOUNTS,
  /** On the real clock, accounts the run registered itself: their passwords may change. */
  own = false,
): fc.Arbitrary<Command>[] {
  const account = fc.constantFrom(...accounts)
  const [first = ''] = accounts
  const sessions: fc.Arbitrary<Command>[] = [
    fc.tuple(account, fc.boolean()).map(([who, right]) => new SignIn(who, right)),
    // Signing in again and again: most steps need a device.
    fc.tuple(account, fc.constant(true)).map(([who, right]) => new SignIn(who, right)),
    fc.constant(0).map(() => new SignIn(first, true)),
    fc.tuple(device, fc.boolean()).map(([which, previous]) => new Refresh(which, previous)),
    fc.tuple(device, fc.boolean()).map(([which, previous]) => new SignOut(which, previous)),
    device.map((which) => new ReadProfile(which)),
    fc
      .tuple(device, fc.nat(NAMES.length - 1))
      .map(([which, name]) => new CreateEnvironment(which, name)),
    fc
      .tuple(device, fc.nat(31))
      .map(([which, environment]) => new EnvironmentStep('GET', which, environment)),
    fc
      .tuple(device, fc.nat(31))
      .map(([which, environment]) => new EnvironmentStep('DELETE', which, environment)),
  ]
  if (clock === 'real')
    return [
      ...sessions,
      // On shared accounts a wrong old password only: it changes nothing, and shares the lock.
      fc
        .tuple(account, own ? fc.boolean() : fc.constant(false), password)
        .map(([who, right, secret]) => new ChangePassword(who, right, secret)),
      // Only the run's own accounts change their passwords: then the old one must stop working.
      ...(own ? [account.map((who) => new SignInWithOldPassword(who))] : []),
    ]
  return [
    fc.tuple(account, password).map(([who, secret]) => new Register(who, secret)),
    account.map((who) => new ResendActivation(who)),
    fc.tuple(account, fc.nat(1)).map(([who, newest]) => new Activate(who, newest)),
    ...sessions.slice(0, 6),
    account.map((who) => new ForgotPassword(who)),
    fc
      .tuple(account, fc.nat(1), password)
      .map(([who, newest, secret]) => new ResetPassword(who, newest, secret)),
    fc
      .tuple(account, fc.boolean(), password)
      .map(([who, right, secret]) => new ChangePassword(who, right, secret)),
    account.map((who) => new SignInWithOldPassword(who)),
    ...sessions.slice(6),
    fc.constantFrom(...jumps).map((seconds) => new AdvanceClock(seconds)),
  ]
}
