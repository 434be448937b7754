import { expect, test } from '@playwright/test'

test('the built home page loads in Chromium with its title and heading', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await expect(page).toHaveTitle('AI-Native Development Environments')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI-Native Development Platform')
  await expect(page.getByRole('list', { name: 'Plans' }).getByRole('listitem')).toHaveCount(3)
  expect(errors).toEqual([])
})
