/**
 * A flow's network rules (CreateFlow `network.rules`) on its context:
 * `context.route`, so every page, popup, frame and fetch of the flow is
 * covered. Playwright asks the routes registered last first, so the rules
 * are registered in reverse: the first matching rule of the list applies,
 * as in the generated test (page.route, same order, same globs).
 */
import type { BrowserContext } from 'playwright-core';
import type { NetworkRule } from '../../../kernel/contracts/browser-driver';

export async function installNetworkRules(context: BrowserContext, rules: NetworkRule[]): Promise<void> {
  for (const rule of [...rules].reverse()) {
    await context.route(rule.url, (route) => (rule.action === 'block'
      ? route.abort('blockedbyclient')
      : route.fulfill({ status: rule.status, contentType: rule.contentType, body: rule.body })));
  }
}
