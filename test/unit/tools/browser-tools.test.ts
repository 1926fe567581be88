/**
 * The built-in browser tools on a stand-in session: what they say about
 * pages still loading, how they cut page text (after the flow's redaction,
 * so a secret cannot survive as a prefix), what they ask of the driver.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserSession } from '../../../kernel/contracts/browser-driver';
import type { ExtractedText, LoadOutcome } from '../../../lib/page-actions/page-actions';
import type { ToolContext, ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { assertionTools, MAX_EXTRACTED_CHARS } from '../../../plugins/tools/browser/assertion-tools';
import { navigationTools } from '../../../plugins/tools/browser/navigation-tools';

const tools = new Map<string, ToolDefinition>([...navigationTools, ...assertionTools].map((t) => [t.name, t]));

function context(session: Partial<BrowserSession>, redact?: (text: string) => string): ToolContext {
  return {
    session: { currentUrl: () => 'http://127.0.0.1:1/page', ...session } as BrowserSession,
    flow: {} as ToolContext['flow'],
    uploadDir: '/tmp',
    actionTimeoutMs: 1_000,
    signal: new AbortController().signal,
    redact,
  };
}

const SECRET = 'pw-' + 'Z'.repeat(60);
const redact = (text: string) => text.split(SECRET).join('${PASSWORD}');

describe('navigation tools', () => {
  test('navigate, goBack, goForward and reload say when the page was still loading', async () => {
    const still: LoadOutcome = { stillLoading: true, pendingRequests: 2 };
    const done: LoadOutcome = { stillLoading: false, pendingRequests: 0 };
    const session = { navigate: async () => still, goBack: async () => done, goForward: async () => ({ stillLoading: true, pendingRequests: 1 }), reload: async () => ({ stillLoading: true, pendingRequests: 0 }) };
    const ctx = context(session);
    assert.deepEqual(await tools.get('navigate')!.run(ctx, { url: 'http://127.0.0.1:1/page' }), {
      message: 'Loaded http://127.0.0.1:1/page; the page was still loading (2 requests pending)',
      data: { stillLoading: true, pendingRequests: 2 },
    });
    assert.deepEqual(await tools.get('goBack')!.run(ctx, {}), { message: 'Went back to http://127.0.0.1:1/page' });
    assert.equal((await tools.get('goForward')!.run(ctx, {})).message, 'Went forward to http://127.0.0.1:1/page; the page was still loading (1 request pending)');
    assert.equal((await tools.get('reload')!.run(ctx, {})).message, 'Reloaded http://127.0.0.1:1/page; the page was still loading');
  });
});

describe('page text is redacted before a tool cuts it', () => {
  test('extractText asks the driver for room past its cut, redacts, then cuts', async () => {
    const asked: unknown[] = [];
    // The secret straddles the 20,000th character: cut first, its first characters would stay.
    const page = 'a'.repeat(MAX_EXTRACTED_CHARS - 20) + SECRET + 'b'.repeat(5_000);
    const extractText = async (_t?: unknown, options?: { maxChars?: number }): Promise<ExtractedText> => {
      asked.push(options);
      const max = options?.maxChars ?? Infinity;
      return { text: page.slice(0, max), element: null, truncated: page.length > max, length: page.length };
    };
    const out = await tools.get('extractText')!.run(context({ extractText }, redact), {});
    assert.deepEqual(asked, [{ maxChars: MAX_EXTRACTED_CHARS + 256 }]);
    const data = out.data as { text: string; truncated: boolean; length: number };
    assert.equal(data.truncated, true);
    assert.equal(data.length, page.length);
    assert.equal(data.text.length, MAX_EXTRACTED_CHARS);
    assert.ok(data.text.endsWith('a${PASSWORD}bbbbbbbbb'), data.text.slice(-40));
    assert.ok(!data.text.includes('ZZZZ'));
    assert.equal(out.message, `Read ${page.length} characters; the first ${MAX_EXTRACTED_CHARS} are kept`);
    const short = await tools.get('extractText')!.run(context({ extractText: async () => ({ text: 'hello', element: null, truncated: false, length: 5 }) }, redact), {});
    assert.deepEqual(short, { message: 'Read 5 characters', data: { text: 'hello' }, selectors: null });
  });

  test('assertText shows its (substituted) text redacted, then cut', async () => {
    const text = 'x'.repeat(180) + SECRET;
    const ok = await tools.get('assertText')!.run(context({ waitForText: async () => true }, redact), { text });
    assert.equal(ok.message, `Text "${'x'.repeat(180)}\${PASSWORD}" is visible`);
    await assert.rejects(tools.get('assertText')!.run(context({ waitForText: async () => false }, redact), { text }), (err: Error) => !err.message.includes('ZZZZ'));
  });
});
