import { PLANS } from '@devenv/domain/plans'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { App } from './app'

describe('App', () => {
  it('shows the tagline and one line per plan from the domain constants', () => {
    render(<App />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'AI-Native Development Platform',
    )
    const items = within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(
      PLANS.map((plan) => `${plan.name}: $${plan.price}/month`),
    )
  })
})
