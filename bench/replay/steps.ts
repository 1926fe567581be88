/**
 * The 20-step flow of the replay benchmark, twice: as browserflow tool calls
 * and as the hand-written playwright-core code a person would write.
 */
import type { Page } from 'playwright-core';

export const TOOL_CALLS = [
  { name: 'type', parameters: { selector: '#username', text: 'alice' } },
  { name: 'type', parameters: { selector: '#password', text: 's3cret-pass' } },
  { name: 'click', parameters: { selector: 'button[type=submit]' } },
  { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
  { name: 'navigate', parameters: { url: '/form.html' } },
  { name: 'selectOption', parameters: { selector: '#country', values: ['de'] } },
  { name: 'selectOption', parameters: { selector: '#extras', values: ['support', 'sla'] } },
  { name: 'check', parameters: { selector: '#plan-pro' } },
  { name: 'check', parameters: { selector: '#terms' } },
  { name: 'assertElement', parameters: { selector: '#next', state: 'enabled' } },
  { name: 'click', parameters: { selector: '#next' } },
  { name: 'assertText', parameters: { text: 'Step 2 of 2' } },
  { name: 'type', parameters: { selector: '#notes', text: 'hello' } },
  { name: 'click', parameters: { selector: '#back' } },
  { name: 'assertText', parameters: { text: 'Step 1 of 2' } },
  { name: 'uncheck', parameters: { selector: '#terms' } },
  { name: 'assertElement', parameters: { selector: '#next', state: 'disabled' } },
  { name: 'navigate', parameters: { url: '/login.html' } },
  { name: 'type', parameters: { selector: '#username', text: 'bob' } },
  { name: 'assertUrl', parameters: { pattern: '/login.html' } },
];

/** The same steps in playwright-core; `shot` is called after each step (a screenshot, or nothing). */
export async function runScript(page: Page, site: string, shot: () => Promise<unknown>): Promise<void> {
  await page.goto(`${site}/login.html`);
  await shot();
  const steps: Array<() => Promise<unknown>> = [
    () => page.fill('#username', 'alice'),
    () => page.fill('#password', 's3cret-pass'),
    () => page.click('button[type=submit]'),
    () => page.getByText('Welcome, alice!').waitFor(),
    () => page.goto(`${site}/form.html`),
    () => page.selectOption('#country', ['de']),
    () => page.selectOption('#extras', ['support', 'sla']),
    () => page.check('#plan-pro'),
    () => page.check('#terms'),
    () => page.waitForSelector('#next:enabled'),
    () => page.click('#next'),
    () => page.getByText('Step 2 of 2').waitFor(),
    () => page.fill('#notes', 'hello'),
    () => page.click('#back'),
    () => page.getByText('Step 1 of 2').waitFor(),
    () => page.uncheck('#terms'),
    () => page.waitForSelector('#next:disabled'),
    () => page.goto(`${site}/login.html`),
    () => page.fill('#username', 'bob'),
    () => page.waitForURL(/\/login\.html/),
  ];
  for (const step of steps) {
    await step();
    await shot();
  }
}
