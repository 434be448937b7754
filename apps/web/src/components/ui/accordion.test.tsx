import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Accordion } from './accordion'

const items = [
  { id: 'a', question: 'First?', answer: 'One.' },
  { id: 'b', question: 'Second?', answer: 'Two.' },
]

describe('Accordion', () => {
  it('starts closed, each button controlling its own hidden panel', () => {
    render(<Accordion items={items} />)
    const first = screen.getByRole('button', { name: 'First?' })
    expect(first.getAttribute('aria-expanded')).toBe('false')
    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '')
    expect(panel?.hidden).toBe(true)
    expect(panel?.textContent).toBe('One.')
  })

  it('opens and closes items independently', () => {
    render(<Accordion items={items} />)
    const first = screen.getByRole('button', { name: 'First?' })
    const second = screen.getByRole('button', { name: 'Second?' })
    fireEvent.click(first)
    fireEvent.click(second)
    expect(first.getAttribute('aria-expanded')).toBe('true')
    expect(second.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(first)
    expect(first.getAttribute('aria-expanded')).toBe('false')
    expect(second.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('region', { name: 'Second?' }).hidden).toBe(false)
  })
})
