/**
 * Pure parts of the webdriver driver: which selector syntaxes it runs (and
 * how), which it skips and why, and how key names become WebDriver keys.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCandidates, toCandidate } from '../../../plugins/drivers/webdriver/selector-candidates';
import { chordActions, keyValue, typingActions } from '../../../plugins/drivers/webdriver/keys';

const query = (raw: string) => toCandidate(raw).query;
const skip = (raw: string) => toCandidate(raw).skip;

describe('selector candidates', () => {
  test('CSS: bare, css= and quoted-looking strings', () => {
    assert.deepEqual(query('#save'), { kind: 'css', value: '#save' });
    assert.deepEqual(query('form > button.primary'), { kind: 'css', value: 'form > button.primary' });
    assert.deepEqual(query('css=input[name="q"]'), { kind: 'css', value: 'input[name="q"]' });
    assert.deepEqual(query('"Save"'), { kind: 'css', value: '"Save"' }, 'the contract reads a bare string as CSS');
  });

  test('XPath: xpath=, //, ( and ..', () => {
    assert.deepEqual(query('xpath=//a[@id="x"]'), { kind: 'xpath', value: '//a[@id="x"]' });
    assert.deepEqual(query('//button'), { kind: 'xpath', value: '//button' });
    assert.deepEqual(query('(//button)[2]'), { kind: 'xpath', value: '(//button)[2]' });
    assert.deepEqual(query('..'), { kind: 'xpath', value: '..' });
  });

  test('text: substring without quotes, exact with quotes, internal:text flags', () => {
    assert.deepEqual(query('text=Sign in'), { kind: 'text', value: 'Sign in', exact: false, ignoreCase: true });
    assert.deepEqual(query('text="Sign in"'), { kind: 'text', value: 'Sign in', exact: true, ignoreCase: false });
    assert.deepEqual(query(`text='It\\'s'`), { kind: 'text', value: "It's", exact: true, ignoreCase: false });
    assert.deepEqual(query('text="Next >>"'), { kind: 'text', value: 'Next >>', exact: true, ignoreCase: false }, '>> inside a text value is no chain');
    assert.deepEqual(query('internal:text="Save"i'), { kind: 'text', value: 'Save', exact: false, ignoreCase: true });
    assert.deepEqual(query('internal:text="Save"s'), { kind: 'text', value: 'Save', exact: true, ignoreCase: false });
    assert.match(skip('text=/sav(e|ing)/i')!, /regular expressions/);
  });

  test('test ids and ids become attribute selectors', () => {
    assert.deepEqual(query('data-testid=save-button'), { kind: 'css', value: '[data-testid="save-button"]' });
    assert.deepEqual(query('data-test-id="a b"'), { kind: 'css', value: '[data-test-id="a b"]' });
    assert.deepEqual(query('internal:testid=[data-testid="save"s]'), { kind: 'css', value: '[data-testid="save"]' });
    assert.deepEqual(query('internal:testid=[data-qa="Save"i]'), { kind: 'css', value: '[data-qa="Save" i]' });
    assert.deepEqual(query('id=user"name'), { kind: 'css', value: '[id="user\\"name"]' });
    assert.match(skip('internal:testid=oops')!, /must look like/);
  });

  test('refs', () => {
    assert.deepEqual(query('ref=12'), { kind: 'ref', ref: 12 });
    assert.match(skip('ref=x')!, /ref= takes the number/);
  });

  test('Playwright-only syntaxes are skipped with the reason', () => {
    assert.match(skip('role=button[name="Save"]')!, /^role= selectors are Playwright syntax this driver cannot run$/);
    assert.match(skip('internal:label="Email"s')!, /internal:label= selectors/);
    assert.match(skip('iframe#f >> internal:control=enter-frame >> #inner')!, /selector chains \(>>\)/);
    assert.match(skip('css=div >> text=Save')!, /selector chains/);
    assert.match(skip('button:has-text("Save")')!, /Playwright-only CSS pseudo-classes/);
    assert.match(skip('button:visible')!, /Playwright-only CSS/);
    assert.match(skip('nth=1')!, /nth= selectors/);
  });

  test('parseCandidates trims, drops duplicates and empties, and needs one candidate', () => {
    assert.deepEqual(parseCandidates([' #a ', '#a', '', 'ref=3']).map((c) => c.raw), ['#a', 'ref=3']);
    assert.throws(() => parseCandidates([]), /No selector given/);
    assert.throws(() => parseCandidates('   '), /No selector given/);
  });
});

describe('keys', () => {
  test('named keys, aliases, characters and code names', () => {
    assert.equal(keyValue('Enter'), '\uE007');
    assert.equal(keyValue('esc'), '\uE00C');
    assert.equal(keyValue('ArrowDown'), '\uE015');
    assert.equal(keyValue('ControlOrMeta'), '\uE009');
    assert.equal(keyValue('a'), 'a');
    assert.equal(keyValue('KeyA'), 'a');
    assert.equal(keyValue('Digit7'), '7');
    assert.throws(() => keyValue('Hyper'), /Unknown key "Hyper"/);
  });

  test('chords press in order and release in reverse; a + key is allowed', () => {
    assert.deepEqual(chordActions('Control+Shift+K'), [
      { type: 'keyDown', value: '\uE009' }, { type: 'keyDown', value: '\uE008' }, { type: 'keyDown', value: 'K' },
      { type: 'keyUp', value: 'K' }, { type: 'keyUp', value: '\uE008' }, { type: 'keyUp', value: '\uE009' },
    ]);
    assert.deepEqual(chordActions('Control++').map((a) => a.value), ['\uE009', '+', '+', '\uE009']);
    assert.deepEqual(chordActions('+').map((a) => a.type), ['keyDown', 'keyUp']);
    assert.deepEqual(typingActions('hé').map((a) => a.value), ['h', 'h', 'é', 'é']);
  });
});
