/**
 * `browser.using` checked as POST /api/flows checks it: the one parse (the
 * CreateFlow schema, built from the driver's `usingSchema`), then the
 * driver's own checks (`validate`) on the parsed value. Answers the parsed
 * value, as the flow stores it and `open` receives it.
 */
import type { BrowserDriver } from '../../kernel/contracts/browser-driver';
import { createFlowSchema } from '../../lib/validation/create-flow-schema';
import { parseOrThrow } from '../../lib/validation/validation';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function checkUsing<U extends { type: string }>(driver: BrowserDriver<any>, using: unknown): U {
  const body = parseOrThrow(createFlowSchema([driver]), { name: 'using', targetWebsite: 'https://example.test/', initialRunMode: 'INSTRUCT', browser: { using } });
  const parsed = body.browser!.using as U;
  driver.validate?.(parsed);
  return parsed;
}
