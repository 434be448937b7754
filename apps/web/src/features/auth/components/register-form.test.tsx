import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withQueryClient } from '../../../testing/render'
import { stub } from '../../../testing/stub-api'
import { RegisterForm } from './register-form'

const PASSWORD = 'Tbilisi-Sunrise-2025'

function renderForm() {
  const onRegistered = vi.fn()
  const onSwitch = vi.fn()
  render(withQueryClient(<RegisterForm onRegistered={onRegistered} onSwitch={onSwitch} />))
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement
  const type = (label: RegExp, value: string) =>
    fireEvent.change(field(label), { target: { value } })
  const submit = () => screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement
  /** What assistive technology reads with a field: the texts its aria-describedby names. */
  const description = (label: RegExp) =>
    (field(label).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
  const step = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
  // Math.random is 0 in these tests: every puzzle is 5 + 5.
  const solve = async () => {
    fireEvent.change(screen.getByLabelText('What is 5 + 5?'), { target: { value: '10' } })
    await step(500)
    await step(300)
    await step(800)
  }
  /** Every field and the terms; the puzzle too unless told. */
  const fillAll = async (company = '', { solvePuzzle = true } = {}) => {
    type(/^First Name/, 'Nino')
    type(/^Last Name/, 'Beridze')
    type(/^Email/, ' nino@example.com ')
    type(/^Password/, PASSWORD)
    type(/^Confirm Password/, PASSWORD)
    type(/^Company/, company)
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }))
    if (solvePuzzle) await solve()
  }
  return { onRegistered, onSwitch, field, type, description, submit, step, solve, fillAll }
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  vi.spyOn(Math, 'random').mockReturnValue(0)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('RegisterForm', () => {
  it('sends exactly username, password and userType; PERSONAL without a company (AUTH-6)', async () => {
    const form = renderForm()
    await form.fillAll()
    fireEvent.click(form.submit())
    await waitFor(() => expect(form.onRegistered).toHaveBeenCalledWith('nino@example.com'))
    expect(stub.callsTo('POST /auth/registration').map((call) => call.body)).toEqual([
      { username: 'nino@example.com', password: PASSWORD, userType: 'PERSONAL' },
    ])
    // The stub registered it: the activation mail is in its mailbox.
    expect((await stub.dev.mailbox('nino@example.com')).map((mail) => mail.kind)).toEqual([
      'activation',
    ])
  })

  it('COMPANY when a company is given (AUTH-6)', async () => {
    const form = renderForm()
    await form.fillAll('Kartuli Soft')
    fireEvent.click(form.submit())
    await waitFor(() => expect(form.onRegistered).toHaveBeenCalled())
    expect(stub.calls[0]?.body).toEqual({
      username: 'nino@example.com',
      password: PASSWORD,
      userType: 'COMPANY',
    })
  })

  it('submit is enabled only when both names, the terms, the puzzle and every rule allow it (AUTH-6)', async () => {
    const form = renderForm()
    expect(form.submit().disabled).toBe(true)
    await form.fillAll('', { solvePuzzle: false })
    expect(form.submit().disabled, 'the puzzle is not solved yet').toBe(true)
    await form.solve()
    expect(form.submit().disabled).toBe(false)
    form.type(/^First Name/, ' ')
    expect(form.submit().disabled).toBe(true)
    form.type(/^First Name/, 'Nino')
    form.type(/^Last Name/, '')
    expect(form.submit().disabled).toBe(true)
    form.type(/^Last Name/, 'Beridze')
    expect(form.submit().disabled).toBe(false)
    form.type(/^Confirm Password/, `${PASSWORD}!`)
    expect(form.submit().disabled).toBe(true)
    form.type(/^Confirm Password/, PASSWORD)
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }))
    expect(form.submit().disabled).toBe(true)
  })

  it('says the first failing rule at the field it is about, tied to it for assistive technology', async () => {
    const form = renderForm()
    form.type(/^Email/, 'nino')
    fireEvent.blur(form.field(/^Email/))
    await screen.findByText('Please enter a valid email address.')
    expect(form.field(/^Email/).getAttribute('aria-invalid')).toBe('true')
    const described = form.field(/^Email/).getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(described.split(' ')[0] ?? '')?.textContent).toBe(
      'Please enter a valid email address.',
    )
    form.type(/^Email/, 'nino@example.com')
    await waitFor(() => expect(form.field(/^Email/).getAttribute('aria-invalid')).toBeNull())
    form.type(/^Password/, 'short')
    fireEvent.blur(form.field(/^Password/))
    await screen.findByText('Password must be at least 8 characters long.')
    // The strength bar's label describes the password box, with the rule it breaks.
    expect(form.description(/^Password/)).toContain('Password strength: Weak')
    expect(form.description(/^Password/)).toContain('Password must be at least 8 characters long.')
  })

  it('shows the strength of the password as it is typed, with its label (AUTH-6)', () => {
    const form = renderForm()
    form.type(/^Password/, 'kxqzvwmp')
    expect(form.description(/^Password/)).toContain('Password strength: Fair')
    form.type(/^Password/, PASSWORD)
    expect(form.description(/^Password/)).toContain('Password strength: Strong')
    const bar = document.querySelector<HTMLElement>('.password-strength')
    expect(bar?.dataset.label).toBe('strong')
  })

  it("refuses a common, repeated or sequential password with AUTH-7's 'too weak' text, sending nothing", async () => {
    const form = renderForm()
    await form.fillAll()
    for (const common of ['password', '12345678', 'aaaaaaaa', 'Password1']) {
      form.type(/^Password/, common)
      form.type(/^Confirm Password/, common)
      fireEvent.click(form.submit())
      await waitFor(() =>
        expect(form.field(/^Password/).getAttribute('aria-invalid'), common).toBe('true'),
      )
      expect(form.description(/^Password/)).toContain(
        'Password is too weak. Please use a stronger password.',
      )
      expect(form.description(/^Password/)).toContain('Password strength: Weak')
    }
    expect(stub.callsTo('POST /auth/registration')).toHaveLength(0)
    expect(form.onRegistered).not.toHaveBeenCalled()
  })

  it('a failure shows its message from the catalogue and gives a fresh puzzle', async () => {
    // The address is taken: the stub answers 409.
    await stub.register('nino@example.com', PASSWORD)
    const form = renderForm()
    await form.fillAll()
    fireEvent.click(form.submit())
    await screen.findByText(
      'An account with this email already exists. Please use a different email or try logging in.',
    )
    const puzzle = screen.getByRole('group', { name: 'Human Verification' })
    await waitFor(() => expect(puzzle.querySelector('[role="status"]')?.textContent).toBe(''))
    expect((screen.getByLabelText('What is 5 + 5?') as HTMLInputElement).value).toBe('')
    expect(form.submit().disabled).toBe(true)
    expect(form.onRegistered).not.toHaveBeenCalled()
    // Solving the new puzzle makes the form sendable again.
    await form.solve()
    expect(form.submit().disabled).toBe(false)
  })
})
