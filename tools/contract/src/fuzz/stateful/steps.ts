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
  SignOut,
} from './account-steps'
import { AdvanceClock, CreateEnvironment, EnvironmentStep } from './environment-steps'
import { ACCOUNTS, type Command, JUMPS, NAMES, PASSWORDS } from './sequence'

const account = fc.nat(ACCOUNTS.length - 1)
const password = fc.nat(PASSWORDS.length - 1)
const device = fc.nat(15)

/** Every step a sequence can take, with the requests' choices left to fast-check. */
export const STEPS: fc.Arbitrary<Command>[] = [
  fc.tuple(account, password).map(([who, secret]) => new Register(who, secret)),
  account.map((who) => new ResendActivation(who)),
  fc.tuple(account, fc.nat(1)).map(([who, newest]) => new Activate(who, newest)),
  fc.tuple(account, fc.boolean()).map(([who, right]) => new SignIn(who, right)),
  // Signing in again and again: most steps need a device.
  fc.tuple(account, fc.constant(true)).map(([who, right]) => new SignIn(who, right)),
  fc.constant(0).map(() => new SignIn(0, true)),
  fc.tuple(device, fc.boolean()).map(([which, previous]) => new Refresh(which, previous)),
  fc.tuple(device, fc.boolean()).map(([which, previous]) => new SignOut(which, previous)),
  device.map((which) => new ReadProfile(which)),
  account.map((who) => new ForgotPassword(who)),
  fc
    .tuple(account, fc.nat(1), password)
    .map(([who, newest, secret]) => new ResetPassword(who, newest, secret)),
  fc
    .tuple(account, fc.boolean(), password)
    .map(([who, right, secret]) => new ChangePassword(who, right, secret)),
  fc
    .tuple(device, fc.nat(NAMES.length - 1))
    .map(([which, name]) => new CreateEnvironment(which, name)),
  fc
    .tuple(device, fc.nat(31))
    .map(([which, environment]) => new EnvironmentStep('GET', which, environment)),
  fc
    .tuple(device, fc.nat(31))
    .map(([which, environment]) => new EnvironmentStep('DELETE', which, environment)),
  fc.constantFrom(...JUMPS).map((seconds) => new AdvanceClock(seconds)),
]
