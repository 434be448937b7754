import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PasswordStrength } from './password-strength'

function renderBar(password: string) {
  const { container } = render(<PasswordStrength password={password} />)
  const bar = () => container.querySelector('.password-strength') as HTMLElement
  const label = () => bar().querySelector('.password-strength__label')?.textContent
  return { bar, label }
}

describe('PasswordStrength', () => {
  it('shows Weak for the passwords of the review once the common-password list has loaded', async () => {
    for (const password of ['password', '12345678', 'Password1']) {
      const { bar, label } = renderBar(password)
      await waitFor(() => expect(bar().dataset.label, password).toBe('weak'))
      expect(label()).toBe('Password strength: Weak')
      // The bar stays in Weak's band, not at the scale's 40 or 80.
      expect(bar().dataset.score, password).toBe('20')
      document.body.innerHTML = ''
    }
  })

  it('shows Weak for a repeated or sequential password at once, before any list', () => {
    for (const password of ['aaaaaaaa', 'qwertyui', 'abcdefgh']) {
      const { bar } = renderBar(password)
      expect(bar().dataset.label, password).toBe('weak')
      document.body.innerHTML = ''
    }
  })

  it("shows PWD-1's scale as it is for any other password", async () => {
    const fair = renderBar('kxqzvwmp')
    // The list loads, and the label stays the scale's.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fair.bar().dataset.label).toBe('fair')
    expect(fair.bar().dataset.score).toBe('40')
    document.body.innerHTML = ''
    const strong = renderBar('Tbilisi-Sunrise-2025')
    expect(strong.bar().dataset.label).toBe('strong')
    expect(strong.label()).toBe('Password strength: Strong')
  })
})
