/**
 * The browser-free helpers of the Playwright driver: selector candidates,
 * URL patterns, Playwright error wording and the page-script wrapper.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errors } from 'playwright-core';
import { parseCandidates, describeCandidates } from '../../../plugins/drivers/playwright/selector-candidates';
import { parseUrlPattern, regexTestExpression } from '../../../lib/element-states/url-pattern';
import { describeActionFailure, describeNavigationFailure, describeScriptFailure, lastCallLogStep } from '../../../plugins/drivers/playwright/readable-errors';
import { buildPageScript } from '../../../plugins/drivers/playwright/page-script';

test('candidates: CSS, XPath, engine prefixes, refs; blanks and duplicates dropped', () => {
  const c = parseCandidates(['#save', '//button', '(//a)[2]', 'text=Save', 'role=button[name="Go"]', 'data-testid=x', 'internal:label="Email"i', 'ref=12', ' #save ', '']);
  assert.deepEqual(c.map((x) => (x.kind === 'ref' ? `ref:${x.ref}` : x.kind === 'selector' ? x.selector : x.raw)), [
    '#save', 'xpath=//button', 'xpath=(//a)[2]', 'text=Save', 'role=button[name="Go"]', 'data-testid=x', 'internal:label="Email"i', 'ref:12',
  ]);
  assert.equal(describeCandidates(parseCandidates('#a')), '#a');
  assert.throws(() => parseCandidates([]), /No selector given/);
  assert.throws(() => parseCandidates(['  ']), /No selector given/);
});

test('URL patterns: substring or /regex/flags', () => {
  assert.deepEqual(parseUrlPattern('/welcome'), { kind: 'substring', text: '/welcome' });
  assert.deepEqual(parseUrlPattern('/WELCOME/gi'), { kind: 'regex', source: 'WELCOME', flags: 'i', pattern: '/WELCOME/gi' });
  const regex = parseUrlPattern('/^https:"x/');
  assert.equal(regex.kind === 'regex' && regexTestExpression(regex, 'http://x/"'), 'new RegExp("^https:\\"x", "").test("http://x/\\"")');
  assert.throws(() => parseUrlPattern('/[/'), /Invalid URL pattern/);
});

test('Playwright timeouts become the reason from the call log', () => {
  const err = new errors.TimeoutError('locator.click: Timeout 1500ms exceeded.\nCall log:\n\u001b[2m  - waiting for locator(\'#x\')\u001b[22m\n'
    + '\u001b[2m    2 × waiting for element to be visible, enabled and stable\u001b[22m\n\u001b[2m      - element is not enabled\u001b[22m\n'
    + '\u001b[2m    - retrying click action\u001b[22m\n\u001b[2m      - waiting 500ms\u001b[22m\n');
  assert.equal(lastCallLogStep(err), 'element is not enabled');
  assert.equal(describeActionFailure(err), 'it was not ready (element is not enabled)');
  assert.equal(describeActionFailure(new Error('locator.fill: Error: Element is not an <input>')), 'Element is not an <input>');
});

test('navigation and script failures read as sentences', () => {
  assert.equal(describeNavigationFailure('Navigation to http://a', new errors.TimeoutError('page.goto: Timeout 5000ms exceeded.'), 5000).message,
    'Navigation to http://a received no page within 5000 ms');
  assert.equal(describeNavigationFailure('Going back', new Error('page.goBack: net::ERR_ABORTED at http://a'), 5000).message, 'Going back failed: net::ERR_ABORTED');
  assert.equal(describeScriptFailure(new Error('page.evaluate: Error: boom\n    at eval (eval at x)')).message, 'boom');
  assert.equal(describeScriptFailure(new Error('page.evaluate: TypeError: x is not a function')).message, 'TypeError: x is not a function');
});

test('page scripts: params inlined as JSON, a trailing comment cannot swallow the closing brace, the result is capped in the page', () => {
  const src = buildPageScript('return params.a // done', { a: '</script>' }, 100_000);
  assert.ok(src.startsWith('(async (params) => {\nreturn params.a // done\n})({"a":"</script>"}).then('), src.slice(0, 200));
  assert.match(src, /\(value, 100000\)/);
  assert.match(buildPageScript('return 1', undefined, 1000), /^\(async \(params\) => \{\nreturn 1\n\}\)\(null\)\.then\(/);
});
