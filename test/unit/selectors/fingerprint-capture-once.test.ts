/**
 * captureFingerprints reads what elements share once per capture (the
 * look-alikes of a group, a group's label, a document's labels, a
 * container's words, the elements of a tag that read the same): a replay
 * scans up to 300 elements in one capture. What it records of an element
 * must not depend on what else is captured with it: each element captured
 * in one call of many agrees, field by field, with it captured alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { captureFingerprints, type Fingerprint } from '../../../lib/page-scripts/selectors/fingerprint';

/** Lists, rows, labelled groups, labels by `for` and wrapping, radios of one name, repeated texts and links. */
const PAGE = `<main>
  <nav aria-label="Primary"><ul>
    <li><a href="/home">Home</a></li><li><a href="/docs">Docs</a></li><li><a href="/docs">Docs</a></li><li><a href="/blog">Blog <b>new</b></a></li>
  </ul></nav>
  <form aria-labelledby="f-title"><h2 id="f-title">Account settings</h2>
    <label for="email">Email</label><input id="email" name="email" type="email">
    <label for="email">Second label of email</label>
    <label>Nick <input id="nick" name="nick"></label>
    <fieldset><legend>Plan</legend>
      <label><input type="radio" name="plan" value="a"> <span>Starter</span></label>
      <label><input type="radio" name="plan" value="b"> <span>Pro</span></label>
    </fieldset>
    <label><input type="checkbox" name="digest"> <span>Weekly digest</span></label>
    <button type="button">Reset</button><button type="submit">Save</button><button type="submit">Save</button>
  </form>
  <table><caption>Users</caption><tbody>
    <tr><td>Alice</td><td><button type="button">Edit</button><button type="button">Delete</button></td></tr>
    <tr><td>Bob</td><td><button type="button">Edit</button><button type="button">Delete</button></td></tr>
    <tr><td>Carol</td><td><button type="button">Edit</button><button type="button">Delete</button></td></tr>
  </tbody></table>
  <section><ul><li><a href="/a">More</a> <span>one</span></li><li><a href="/b">More</a> <span>two</span></li></ul>
    <input type="search" id="q" aria-label="Search"><button>Go</button></section>
</main>
<footer><ul><li><a href="/home">Home</a></li></ul><div id="host"></div></footer>`;

const SELECTORS = ['a', 'button', 'input', 'span', 'li', 'label'];

test('a capture of many elements records each as a capture of it alone does (replay scan and recording)', async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(PAGE);
    // Elements in a shadow root are read within it.
    await page.evaluate(() => {
      const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
      root.innerHTML = '<ul><li><a href="/x">More</a></li><li><a href="/y">More</a></li></ul><button>Go</button>';
    });
    const source = `(els, record) => { const __name = (f) => f; const capture = (${captureFingerprints.toString()});
      const strip = (p) => { const { uid, ...rest } = p; return rest; };
      return { together: capture(els, 300, record).map(strip), alone: els.map((el) => strip(capture([el], 1, record)[0])) }; }`;
    const both = new Function(`return (${source})`)() as (els: Element[], record: boolean) => { together: Fingerprint[]; alone: Fingerprint[] };
    for (const selector of SELECTORS) {
      for (const record of [false, true]) {
        const { together, alone } = await page.locator(selector).evaluateAll(both, record);
        assert.ok(together.length > 1, `${selector}: several elements`);
        assert.deepEqual(together, alone, `${selector}${record ? ' (recording)' : ''}`);
      }
    }
    // The cases the shared reads are for, as recorded.
    const [docs] = await page.locator('nav a[href="/docs"]').evaluateAll(both, true).then((r) => r.together);
    assert.equal(docs!.shared, true, 'a look-alike with the same href');
    assert.equal(docs!.group, 'primary');
    const [email] = await page.locator('#email').evaluateAll(both, true).then((r) => r.together);
    assert.equal(email!.name, 'Email', 'the first label for it');
    assert.equal(email!.group, 'account settings');
    const [pro] = await page.locator('span', { hasText: 'Pro' }).evaluateAll(both, true).then((r) => r.together);
    assert.equal(pro!.control, 'plan');
    assert.equal(pro!.value, 'b');
    assert.equal(pro!.shared, undefined, 'radios of one group share their control name, not their value');
    assert.equal(pro!.group, 'plan');
    const deletes = await page.locator('tbody button', { hasText: 'Delete' }).evaluateAll(both, false).then((r) => r.together);
    assert.deepEqual(deletes.map((d) => [d.context, d.position, d.place, d.group]), [['Alice', [0, 3], [1, 2], 'users'], ['Bob', [1, 3], [1, 2], 'users'], ['Carol', [2, 3], [1, 2], 'users']]);
  } finally {
    await browser.close();
  }
});

test('a replay scan without boxes reads no box of an element without twins, and the same of every other field', async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // A stepper labelled as a box, its "Increase" alone; two day columns, each with its own "10:30" (twins in boxes).
    await page.setContent(`<main><form><div role="group" aria-label="Member seats"><button type="button">Decrease</button><button type="button">Increase</button></div>
      <div><h4>Mon 14 Apr</h4><ul><li><button type="button">10:30</button></li></ul></div><div><h4>Tue 15 Apr</h4><ul><li><button type="button">10:30</button></li></ul></div></form></main>`);
    const source = `(els, boxes) => { const __name = (f) => f; return (${captureFingerprints.toString()})(els, 300, false, boxes).map(({ uid, ...rest }) => rest); }`;
    const scan = new Function(`return (${source})`)() as (els: Element[], boxes: boolean) => Fingerprint[];
    const withBoxes = await page.locator('button').evaluateAll(scan, true);
    const without = await page.locator('button').evaluateAll(scan, false);
    const increase = withBoxes.findIndex((p) => p.name === 'Increase');
    assert.equal(withBoxes[increase]!.widget, 'member seats', 'its box read for a recorded widget');
    assert.equal(without[increase]!.widget, undefined, 'no box read without one');
    assert.deepEqual(without.map(({ widget, ...rest }) => rest), withBoxes.map(({ widget, ...rest }) => rest), 'every other field the same');
    // Twins are told apart by their boxes either way.
    assert.deepEqual(without.filter((p) => p.name === '10:30').map((p) => [p.group, p.widget]), [['mon 14 apr', 'mon 14 apr'], ['tue 15 apr', 'tue 15 apr']]);
  } finally {
    await browser.close();
  }
});
