/**
 * The literals every flow value goes through: a string literal evaluates to
 * exactly its text (and stays one line, so it is safe in a comment), a regex
 * literal matches what new RegExp(source, flags) matches.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsValue, regexLiteral, str, valueExpr } from '../../../plugins/codegen/playwright/js-literal';
import { HOSTILE_NAME, HOSTILE_TEXT } from './fixtures/flows';

const evaluate = (code: string): unknown => new Function(`return ${code};`)();

test('str(): single-quoted, one line, evaluates to the very text', () => {
  const texts = [HOSTILE_NAME, HOSTILE_TEXT, "it's", 'a\\b', 'tab\there', 'nul\u0000', '\u2028\u2029', 'lone \ud800 surrogate \udc00', '😀 ok', '${x}', '*/ //', ''];
  for (const text of texts) {
    const literal = str(text);
    assert.match(literal, /^'[^\n\r\u2028\u2029]*'$/, JSON.stringify(text));
    assert.equal(evaluate(literal), text);
  }
  assert.equal(str('Sign in'), "'Sign in'");
});

test('jsValue() and valueExpr(): objects with bare keys, ${NAME} of the flow read from env()', () => {
  assert.equal(jsValue({ id: 'a', 'x-y': [1, true, null] }), "{ id: 'a', 'x-y': [1, true, null] }");
  const used = new Set<string>();
  assert.equal(valueExpr({ text: 'a ${V} b ${W}' }, new Set(['V']), used), "{ text: 'a ' + env('V') + ' b ${W}' }");
  assert.deepEqual([...used], ['V']);
});

test('regexLiteral(): the same pattern as new RegExp()', () => {
  const cases: [string, string][] = [['\\/app$', 'i'], ['a/b', ''], ['[/]x', ''], ['^https:\\/\\/x', 'i'], ['a\\\\/b', ''], ['\\[/\\]', 'u'], ['line\nbreak', '']];
  for (const [source, flags] of cases) {
    const re = evaluate(regexLiteral(source, flags)) as RegExp;
    assert.equal(re.source, new RegExp(source, flags).source, `${source} -> ${regexLiteral(source, flags)}`);
    assert.equal(re.flags, flags);
  }
  assert.equal(regexLiteral('\\/app$', 'i'), '/\\/app$/i');
  assert.throws(() => regexLiteral('(', ''));
});
