import type { StubContext } from '../context'
import { validationError } from '../contract/errors'
import type { DefineOperation } from '../contract/operations'
import { signedInAccount } from '../security/authenticate'
import type { Account } from '../state/records'

/** The contract's `Profile`: `company` is absent when there is none. */
export function profileOf(account: Account) {
  return {
    id: account.id,
    email: account.email,
    username: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    ...(account.company ? { company: account.company } : {}),
    userType: account.userType,
    roles: [...account.roles],
    demo: account.demo,
    createdAt: new Date(account.createdAt).toISOString(),
  }
}

export function profileOperations(_ctx: StubContext, define: DefineOperation) {
  define(
    'getProfile',
    'GET /user/profile',
  )(async (request) => ({
    status: 200,
    json: profileOf(signedInAccount(request)),
  }))

  define(
    'updateProfile',
    'PUT /user/profile',
  )(async (request) => {
    const account = signedInAccount(request)
    const update = request.body
    const firstName = update.firstName.trim()
    const lastName = update.lastName.trim()
    const blank: Record<string, string> = {}
    if (firstName === '') blank.firstName = 'Please enter your first name'
    if (lastName === '') blank.lastName = 'Please enter your last name'
    if (Object.keys(blank).length > 0) throw validationError(blank)
    const company = update.company?.trim() ?? ''
    account.firstName = firstName
    account.lastName = lastName
    account.company = company === '' ? null : company
    return { status: 200, json: profileOf(account) }
  })
}
