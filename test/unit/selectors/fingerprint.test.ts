/**
 * Element fingerprints: agreement scoring and the choice by agreement (pure,
 * in node), the `fingerprint=` candidate (valibot-checked), and capture in
 * real Chromium, where the per-page numbers let one element seen through two
 * candidates count once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import {
  MIN_AGREEMENT, captureFingerprints, chooseByAgreement, chooseRenamed, describeClosest, describeMatch, fingerprintAgreement, labelNamesElement, renamedRival, sameAction, scoreMatch, wordForms,
  type CandidateMatch, type Fingerprint,
} from '../../../lib/page-scripts/selectors/fingerprint';
import { fingerprintCandidate, isFingerprintCandidate, parseFingerprintCandidate } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import { TEST_CHROMIUM } from '../../helpers/chromium';
import { HOLDOUT8_PAGES } from '../../fixtures/mutations/unseen8';
import { HOLDOUT27_PAGES } from '../../fixtures/mutations/unseen27';
import { HOLDOUT57_PAGES } from '../../fixtures/mutations/unseen57';
import { HOLDOUT60_PAGES } from '../../fixtures/mutations/unseen60';
import { HOLDOUT61_PAGES } from '../../fixtures/mutations/unseen61';
import { HOLDOUT63_PAGES } from '../../fixtures/mutations/unseen63';
import { HOLDOUT64_PAGES } from '../../fixtures/mutations/unseen64';
import { HOLDOUT65_PAGES } from '../../fixtures/mutations/unseen65';
import type { Mutation } from '../../fixtures/mutations/suite-types';

const saveSettings: Fingerprint = {
  tag: 'button', role: 'button', name: 'Save settings', text: '', attributes: { type: 'button' }, id: 'save-107',
  classes: ['btn', 'css-a1b9'], ancestry: ['section', 'main'], context: 'settings reset save', position: [0, 1],
};
const bobDelete: Fingerprint = {
  tag: 'button', role: 'button', name: 'Delete', text: '', attributes: { type: 'button' }, id: 'del-105',
  classes: ['btn'], ancestry: ['tr', 'table'], context: 'bob', position: [1, 3],
};

test('agreement: 1 for the same element; ids and classes changed cost little', () => {
  assert.equal(fingerprintAgreement(saveSettings, saveSettings), 1);
  const rehashed = { ...saveSettings, id: 'save-907', classes: ['btn', 'css-q7x2'] };
  assert.ok(fingerprintAgreement(saveSettings, rehashed) >= 0.9, String(fingerprintAgreement(saveSettings, rehashed)));
});

test('agreement: a renamed button keeping its id agrees; a different one sharing neither name nor id stays below the bar', () => {
  const renamed = { ...saveSettings, name: 'Save preferences', context: 'settings reset save preferences' };
  assert.ok(fingerprintAgreement(saveSettings, renamed) >= MIN_AGREEMENT);
  const draft = { ...saveSettings, name: 'Save draft', id: '' };
  assert.ok(fingerprintAgreement(saveSettings, draft) < MIN_AGREEMENT, 'no shared name or identifying attribute: at most 0.7');
  const link = { ...saveSettings, tag: 'a', role: 'link', attributes: { href: '/save' } };
  assert.ok(fingerprintAgreement(saveSettings, link) < fingerprintAgreement(saveSettings, renamed));
});

test('agreement: the distinctive words of its row tell a Delete button from the one of another row', () => {
  const aliceDelete = { ...bobDelete, id: 'del-104', context: 'alice', position: [1, 3] };
  const movedBob = { ...bobDelete, position: [2, 3] };
  assert.ok(fingerprintAgreement(bobDelete, movedBob) - fingerprintAgreement(bobDelete, aliceDelete) >= 0.1);
});

test('chooseByAgreement: by agreement, not order; one element seen twice counts once; look-alikes make it fail', () => {
  // Candidate 0 matches a look-alike (0.7), candidate 1 the element (0.95): candidate 1 wins.
  assert.deepEqual(chooseByAgreement([{ count: 1, agreements: [0.7], uids: [7] }, { count: 1, agreements: [0.95], uids: [8] }]), { index: 1, nth: 0, agreement: 0.95 });
  // The same element (uid 8) through an ambiguous candidate and a unique one: the unique one is used.
  assert.deepEqual(chooseByAgreement([{ count: 2, agreements: [0.4, 0.95], uids: [3, 8] }, { count: 1, agreements: [0.95], uids: [8] }]), { index: 1, nth: 0, agreement: 0.95 });
  // Only through the ambiguous candidate: its nth match.
  assert.deepEqual(chooseByAgreement([{ count: 2, agreements: [0.4, 0.95], uids: [3, 8] }, null]), { index: 0, nth: 1, agreement: 0.95 });
  // Two elements agreeing nearly as well: no choice.
  assert.equal(chooseByAgreement([{ count: 1, agreements: [0.95], uids: [1] }, { count: 1, agreements: [0.93], uids: [2] }]), null);
  // Nothing agreeing enough: no choice.
  assert.equal(chooseByAgreement([{ count: 1, agreements: [0.6], uids: [1] }, { count: 0, agreements: [], uids: [] }]), null);
  assert.equal(describeMatch({ count: 0, agreements: [], uids: [] }), 'nothing');
  assert.equal(describeMatch({ count: 3, agreements: [0.5, 0.2, 0.1], uids: [1, 2, 3] }), '3 elements (best agreement 0.50)');
  assert.equal(describeMatch({ count: 0, agreements: [], uids: [], error: 'bad' }), 'an error (bad)');
});

test('fingerprint= candidates: round trip without the per-page number; invalid ones name the field', () => {
  const candidate = fingerprintCandidate({ ...saveSettings, uid: 12 });
  assert.ok(isFingerprintCandidate(candidate));
  assert.doesNotMatch(candidate, /uid/);
  assert.deepEqual(parseFingerprintCandidate(candidate), saveSettings);
  assert.ok(candidate.length < 2000, 'fits a selector parameter');
  // The rename evidence travels too: look-alikes' names, the labelled group, a label's control.
  const evidence = { ...saveSettings, place: [1, 2], peers: ['reset'], group: 'settings', control: 'digest', value: 'weekly', shared: true, marks: ['save'], wraps: false, outer: 'tp 1363 07:05', widget: 'member', box: 'featured image' };
  assert.deepEqual(parseFingerprintCandidate(fingerprintCandidate(evidence)), evidence);
  assert.deepEqual(parseFingerprintCandidate(fingerprintCandidate({ ...evidence, whole: 'every word of its row', uid: 4 })), evidence, 'what only a replay reads is never recorded');
  assert.throws(() => parseFingerprintCandidate('fingerprint={nope'), /must be followed by the JSON/);
  assert.throws(() => parseFingerprintCandidate(`fingerprint=${JSON.stringify({ ...saveSettings, tag: 'BUTTON"' })}`), /invalid tag: must be a lower-case tag name/);
  assert.throws(() => parseFingerprintCandidate(`fingerprint=${JSON.stringify({ ...saveSettings, position: [1] })}`), /invalid position/);
  assert.throws(() => parseFingerprintCandidate(`fingerprint=${JSON.stringify({ ...saveSettings, marks: ['a', 'b', 'c', 'd', 'e'] })}`), /marks/);
  assert.throws(() => parseFingerprintCandidate(`fingerprint=${JSON.stringify({ ...saveSettings, value: 7 })}`), /value/);
  assert.throws(() => parseFingerprintCandidate(`fingerprint=${JSON.stringify({ ...saveSettings, outer: 'x'.repeat(201) })}`), /outer/);
  assert.throws(() => parseFingerprintCandidate(`fingerprint=${JSON.stringify({ ...saveSettings, box: 'x'.repeat(41) })}`), /box/);
});

test('capture in Chromium: role, name from the label, key attributes, distinctive row words, no typed value', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(`<form><label for="e">Email address</label><input id="e" type="email" name="email" placeholder="you@x.test" value="typed-secret"></form>
      <table><tbody><tr><td>Alice</td><td><button type="button">Delete</button></td></tr><tr><td>Bob</td><td><button type="button">Delete</button></td></tr></tbody></table>`);
    const capture = `(els, max) => { const __name = (f) => f; return (${captureFingerprints.toString()})(els, max); }`;
    const [email] = await page.locator('input').evaluateAll(new Function(`return (${capture})`)() as (els: Element[], max: number) => Fingerprint[], 5);
    assert.equal(email!.role, 'textbox');
    assert.equal(email!.name, 'Email address');
    assert.deepEqual(email!.attributes, { type: 'email', name: 'email', placeholder: 'you@x.test' });
    assert.doesNotMatch(JSON.stringify(email), /typed-secret/);
    const deletes = await page.locator('button').evaluateAll(new Function(`return (${capture})`)() as (els: Element[], max: number) => Fingerprint[], 5);
    assert.deepEqual(deletes.map((d) => d.context), ['Alice', 'Bob']);
    assert.deepEqual(deletes.map((d) => d.position), [[0, 2], [1, 2]]);
    const again = await page.locator('button').evaluateAll(new Function(`return (${capture})`)() as (els: Element[], max: number) => Fingerprint[], 5);
    assert.deepEqual(again.map((d) => d.uid), deletes.map((d) => d.uid), 'the same elements keep their numbers');
    // A secret the page shows near the element stays whole in the context: the flow's redaction recognises it.
    await page.setContent(`<table><tbody><tr><td>token S3cret-Pass_42!</td><td><button>Copy</button></td></tr><tr><td>other</td><td><button>Copy</button></td></tr></tbody></table>`);
    const [copy] = await page.locator('button').evaluateAll(new Function(`return (${capture})`)() as (els: Element[], max: number) => Fingerprint[], 1);
    assert.equal(copy!.context, 'token S3cret-Pass_42!');
    assert.equal(fingerprintAgreement({ ...copy!, uid: undefined }, { ...copy!, context: 'TOKEN s3cret.pass.42' }), 1, 'words compared by their letters and digits, whatever the case and punctuation');
    // So does one its outer item shows (the key of the project whose row holds the button's row): `outer` keeps it whole.
    await page.setContent(`<ul><li><p>key S3cret-Pass_42!</p><ul><li>read <button>Copy</button></li><li>write <button>Copy</button></li></ul></li>`
      + `<li><p>key other</p><ul><li>read <button>Copy</button></li><li>write <button>Copy</button></li></ul></li></ul>`);
    const [nested] = await page.locator('button').evaluateAll(new Function(`return (${capture})`)() as (els: Element[], max: number) => Fingerprint[], 1);
    assert.match(nested!.outer ?? '', /S3cret-Pass_42!/);
  } finally {
    await browser.close();
  }
});

/** The fingerprints of what `selector` matches in `page` (`record`: with the look-alikes' names). */
async function prints(page: import('playwright-core').Page, selector: string, record = false): Promise<Fingerprint[]> {
  const capture = `(els, record) => { const __name = (f) => f; return (${captureFingerprints.toString()})(els, 50, record); }`;
  return page.locator(selector).evaluateAll(new Function(`return (${capture})`)() as (els: Element[], record: boolean) => Fingerprint[], record);
}

/** Whether `label` still names an element of `page` (of tag `tag`, when given). */
function named(page: import('playwright-core').Page, label: string, tag?: string, control?: boolean, role?: string): Promise<boolean> {
  return page.evaluate(new Function(`return (named) => { const __name = (f) => f; return (${labelNamesElement.toString()})(named); }`)() as (named: { label: string; tag?: string; control?: boolean; role?: string }) => boolean, { label, tag, control, role });
}

/**
 * A replay in one page, as the drivers choose: `record` fingerprints the element `selector` matches on `html` (with
 * its look-alikes' names); `whoActedOn` replays a recorded fingerprint on `html` and answers the `data-who` of the
 * element acted on, or null when the step fails (a rename whose recorded name still names an element fails too).
 */
function replayer(page: import('playwright-core').Page) {
  const whoActedOn = async (html: string, print: Fingerprint): Promise<string | null> => {
    await page.setContent(html);
    const seen = await prints(page, print.tag);
    const matches = [scoreMatch(print, seen, seen.length)];
    const choice = chooseByAgreement(matches, print) ?? chooseRenamed(matches, print);
    if (!choice) return null;
    if (choice.renamed && await named(page, choice.renamed.from, print.tag, print.control !== undefined, print.attributes.role)) return null;
    return page.locator(print.tag).nth(choice.nth).evaluate((el) => el.closest('[data-who]')?.getAttribute('data-who') ?? '');
  };
  const record = async (html: string, selector: string) => {
    await page.setContent(html);
    return (await prints(page, selector, true)).map((p) => ({ ...p, uid: undefined }))[0]!;
  };
  return { whoActedOn, record };
}

const SETTINGS = `<form id="notify"><h3>Notifications</h3>
  <label><input type="checkbox" name="push"> <span>Push notifications</span></label>
  <label><input type="checkbox" name="digest"> <span>Weekly digest</span></label>
  <label><input type="checkbox" name="news"> <span>Product news</span></label>
  <button type="button">Reset</button><button type="button" class="primary">Save draft</button><button type="submit" class="primary">Save settings</button></form>`;

test('capture in Chromium: an element without a name is known by its text; look-alikes and its place among them are recorded', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(SETTINGS);
    const spans = await prints(page, 'span');
    assert.deepEqual(spans.map((s) => [s.name, s.text]), [['', 'Push notifications'], ['', 'Weekly digest'], ['', 'Product news']], 'the text, not nothing');
    // Each span agrees with itself only: the step is no longer ambiguous.
    const digest = { ...spans[1]!, uid: undefined };
    assert.deepEqual(chooseByAgreement([scoreMatch(digest, spans, spans.length)]), { index: 0, nth: 1, agreement: 1 });
    const [save] = await prints(page, 'button[type=submit]', true);
    assert.deepEqual(save!.peers, ['reset', 'save draft'], 'the other buttons of its form, by name');
    assert.deepEqual(save!.place, [2, 3]);
    const [unrecorded] = await prints(page, 'button[type=submit]');
    assert.equal(unrecorded!.peers, undefined, 'only a recording keeps the look-alikes\' names');
  } finally {
    await browser.close();
  }
});

test('renames: accepted only with the evidence, refused for a look-alike that was there when recorded', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(SETTINGS);
    const [save] = (await prints(page, 'button[type=submit]', true)).map((p) => ({ ...p, uid: undefined }));
    const [digestSpan] = (await prints(page, 'span:text-is("Weekly digest")', true)).map((p) => ({ ...p, uid: undefined }));
    // Copy edits: the button and the span renamed.
    await page.setContent(SETTINGS.replace('Save settings', 'Save preferences').replace('Weekly digest', 'Weekly summary'));
    let buttons = await prints(page, 'button');
    assert.equal(chooseByAgreement([scoreMatch(save!, buttons, buttons.length)]), null, 'not under its recorded name');
    const renamed = chooseRenamed([scoreMatch(save!, buttons, buttons.length)], save!);
    assert.deepEqual(renamed && { nth: renamed.nth, renamed: renamed.renamed }, { nth: 2, renamed: { from: 'Save settings', to: 'Save preferences' } });
    assert.ok(renamed!.agreement >= MIN_AGREEMENT);
    assert.equal(await named(page, 'Save settings'), false, 'the recorded name names nothing any more');
    assert.equal(await named(page, 'save  PREFERENCES'), true, 'case and spacing do not count');
    const spans = await prints(page, 'span');
    const span = chooseRenamed([scoreMatch(digestSpan!, spans, spans.length)], digestSpan!);
    assert.deepEqual(span && { nth: span.nth, renamed: span.renamed }, { nth: 1, renamed: { from: 'Weekly digest', to: 'Weekly summary' } });
    // Renamed with a new look-alike beside it sharing a word of the old name: the checkbox it labels tells them apart.
    await page.setContent(SETTINGS.replace('Weekly digest', 'Weekly summary')
      .replace('<label><input type="checkbox" name="digest">', '<label><input type="checkbox" name="monthly"> <span>Monthly digest</span></label><label><input type="checkbox" name="digest">'));
    const beside = await prints(page, 'span');
    const chosen = chooseRenamed([scoreMatch(digestSpan!, beside, beside.length)], digestSpan!);
    assert.deepEqual(chosen && chosen.renamed, { from: 'Weekly digest', to: 'Weekly summary' });
    // "Save settings" removed: "Save draft" was there when recorded, it is never taken for it.
    await page.setContent(SETTINGS.replace('<button type="submit" class="primary">Save settings</button>', ''));
    buttons = await prints(page, 'button');
    const matches = [scoreMatch(save!, buttons, buttons.length)];
    assert.equal(chooseByAgreement(matches), null);
    assert.equal(chooseRenamed(matches, save!), null, 'Save draft is a recorded look-alike');
    assert.match(describeClosest(save!, matches), /^the recorded button "Save settings" in "[^"]*"; closest now: button "Save draft" in "[^"]*" \(agreement 0\.\d\d\)$/);
    // Older fingerprints (no look-alikes recorded) never rename.
    await page.setContent(SETTINGS.replace('Save settings', 'Save preferences'));
    buttons = await prints(page, 'button');
    const { peers: _peers, ...old } = save!;
    assert.equal(chooseRenamed([scoreMatch(old, buttons, buttons.length)], old), null);
    // The recorded name still on the page (here: a heading): the page must say so.
    await page.setContent(SETTINGS.replace('Save settings', 'Save preferences').replace('<h3>Notifications</h3>', '<h3>Save settings</h3>'));
    assert.equal(await named(page, 'Save settings'), true);
    // In an open shadow root or a same-origin frame, it still names an element.
    await page.setContent('<div id="host"></div><iframe srcdoc="<button>Apply filters</button>"></iframe>');
    await page.evaluate(() => { document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML = '<button>Save settings</button>'; });
    await page.frameLocator('iframe').locator('button').waitFor();
    assert.equal(await named(page, 'Save settings'), true, 'in a shadow root');
    assert.equal(await named(page, 'Apply filters'), true, 'in a frame');
    assert.equal(await named(page, 'Save draft'), false);
  } finally {
    await browser.close();
  }
});

test('agreement: none of the distinctive words of its row kept, a look-alike stays below the bar', () => {
  const aliceOnly = { ...bobDelete, id: 'del-104', context: 'alice', position: [1, 2] };
  assert.ok(fingerprintAgreement(bobDelete, aliceOnly) < MIN_AGREEMENT, String(fingerprintAgreement(bobDelete, aliceOnly)));
  assert.ok(fingerprintAgreement(bobDelete, aliceOnly, true) < MIN_AGREEMENT, 'nor as a rename');
});

const THEMES = `<form><h3>Appearance</h3><ul><li>Light</li><li>Dark</li><li>System</li></ul>
  <table><tbody><tr><td>Starter plan</td><td>$0</td></tr><tr><td>Pro plan</td><td>$12</td></tr><tr><td>Team plan</td><td>$40</td></tr></tbody></table>
  <button type="button" id="reset-109">Reset</button><button type="button" id="save-107" class="primary">Save settings</button></form>`;

test('renames beside a new look-alike: the name\'s kept words decide, and only when one competitor keeps them', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(THEMES);
    const [dark] = (await prints(page, 'li:text-is("Dark")', true)).map((p) => ({ ...p, uid: undefined }));
    const choose = async (html: string) => {
      await page.setContent(html);
      const items = await prints(page, 'li');
      return chooseRenamed([scoreMatch(dark!, items, items.length)], dark!);
    };
    // "Dark" became "Dark mode" as "Dim" arrived just before it: both in the same place counted from either end.
    assert.deepEqual((await choose(THEMES.replace('<li>Dark</li>', '<li>Dim</li><li>Dark mode</li>')))?.renamed, { from: 'Dark', to: 'Dark mode' });
    // Both keep a word of it ("Dark blue" arrived too): no choice. Neither does: no choice.
    assert.equal(await choose(THEMES.replace('<li>Dark</li>', '<li>Dark blue</li><li>Dark mode</li>')), null);
    assert.equal(await choose(THEMES.replace('<li>Dark</li>', '<li>Dim</li><li>Night</li>')), null);
    // Alone, a rename keeping no word of the old name is still accepted on the rest of the evidence.
    assert.deepEqual((await choose(THEMES.replace('<li>Dark</li>', '<li>Night</li>')))?.renamed, { from: 'Dark', to: 'Night' });
  } finally {
    await browser.close();
  }
});

test('renames: a recorded look-alike is out of the race, an element that lost its id or its row\'s other words never qualifies', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(THEMES);
    const [save] = (await prints(page, '#save-107', true)).map((p) => ({ ...p, uid: undefined }));
    const [pro] = (await prints(page, 'td:text-is("Pro plan")', true)).map((p) => ({ ...p, uid: undefined }));
    assert.deepEqual(save!.peers, ['reset']);
    const buttonsOf = async (html: string) => {
      await page.setContent(html);
      const buttons = await prints(page, 'button');
      return [scoreMatch(save!, buttons, buttons.length)];
    };
    // Renamed, ids renumbered, order reversed, a new "Save draft" (no id) beside it: "Reset" (recorded beside it) ties with it
    // on everything but the name, yet is out of the race; "Save draft" has no id where the recorded button had one.
    let matches = await buttonsOf(THEMES.replace(
      '<button type="button" id="reset-109">Reset</button><button type="button" id="save-107" class="primary">Save settings</button>',
      '<button type="button" class="primary">Save draft</button><button type="button" id="save-907" class="primary">Save preferences</button><button type="button" id="reset-909">Reset</button>'));
    assert.deepEqual(chooseRenamed(matches, save!)?.renamed, { from: 'Save settings', to: 'Save preferences' });
    // "Save settings" gone, a new "Save draft" (without an id) in its place: never taken for it.
    matches = await buttonsOf(THEMES.replace('<button type="button" id="save-107" class="primary">Save settings</button>', '<button type="button" class="primary">Save draft</button>'));
    assert.equal(chooseByAgreement(matches), null);
    assert.equal(chooseRenamed(matches, save!), null);
    assert.ok(fingerprintAgreement(save!, { ...save!, id: '' }, true) <= 0.7, 'no id where it had one: at most 0.7');
    assert.ok(fingerprintAgreement(save!, { ...save!, attributes: { type: 'submit' } }, true) <= 0.7, 'another type: at most 0.7');
    // The Pro plan's row gone, "Pro plan (yearly)" in its place: its name shares most words, but its row keeps none of the
    // recorded row's other words ($12), so it agrees neither under the name nor as a rename.
    await page.setContent(THEMES.replace('<tr><td>Pro plan</td><td>$12</td></tr>', '<tr><td>Pro plan (yearly)</td><td>$120</td></tr>'));
    const cells = await prints(page, 'td');
    const cellMatches = [scoreMatch(pro!, cells, cells.length)];
    assert.equal(chooseByAgreement(cellMatches), null);
    assert.equal(chooseRenamed(cellMatches, pro!), null);
    assert.match(describeClosest(pro!, cellMatches), /^the recorded cell "Pro plan" in "Pro \$12"; closest now: cell "Pro plan \(yearly\)" in "Pro \(yearly\) \$120" \(agreement 0\.\d\d\)$/);
    // Renamed in place, its price kept: a rename.
    await page.setContent(THEMES.replace('<td>Pro plan</td>', '<td>Pro</td>'));
    const renamedCells = await prints(page, 'td');
    assert.deepEqual(chooseRenamed([scoreMatch(pro!, renamedCells, renamedCells.length)], pro!)?.renamed, { from: 'Pro plan', to: 'Pro' });
  } finally {
    await browser.close();
  }
});

/** A cart like the unseen checkout's (test/fixtures/mutations/unseen/checkout-page.ts): each row an item, its Remove button alike in all but the row. */
function cart(rows: [item: string, price: string][], heading = 'Your cart'): string {
  return `<main><h2>${heading}</h2><form><table><tbody>${rows.map(([item, price]) => `<tr><td>${item}</td><td><input type="number" name="qty" value="1" aria-label="Quantity"></td><td>${price}</td><td><button type="button" class="link">Remove</button></td></tr>`).join('')}</tbody></table></form></main>`;
}

test('another item in the recorded row\'s place: "Desk lamp bulb" where "Desk lamp" was fails safe, naming both; row copy edits and new prices still replay', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(cart([['Notebook', '$16.00'], ['Desk lamp', '$35.00'], ['Pen set', '$12.00']]));
    const recorded = { ...(await prints(page, 'button', true))[1]!, uid: undefined };
    assert.equal(recorded.context, 'Desk lamp $35.00');
    // The lamp's row removed, a bulb's row in its place: same tag, role, name, place, and the row keeps "Desk lamp".
    await page.setContent(cart([['Notebook', '$16.00'], ['Desk lamp bulb', '$6.00'], ['Pen set', '$12.00']]));
    const now = await prints(page, 'button');
    const bulb = fingerprintAgreement(recorded, now[1]!);
    assert.ok(bulb < MIN_AGREEMENT, `a row whose distinctive words are a third new is another item: ${bulb}`);
    const matches = [scoreMatch(recorded, now, now.length)];
    assert.equal(chooseByAgreement(matches), null, 'no element to act on');
    assert.equal(chooseRenamed(matches, recorded), null, 'nor a rename (the name did not change)');
    assert.match(describeClosest(recorded, matches), /the recorded button "Remove" in "Desk lamp \$35\.00"; closest now: [^;]*button "Remove" in "Desk lamp bulb \$6\.00"[^;]* \(agreement 0\.70\)$/);
    // Ordinary changes of the row still replay on the right element: a new price, a heading edited, and a copy edit
    // of a longer item (one new word in five: "Brass desk lamp, 40 cm" -> "Brass desk lamp, 40 cm tall").
    for (const [rows, index, why] of [
      [[['Notebook', '$16.00'], ['Desk lamp', '$29.00'], ['Pen set', '$12.00']], 1, 'price changed'],
      [[['Pen set', '$12.00'], ['Desk lamp', '$35.00']], 1, 'rows reordered, one removed'],
    ] as [[string, string][], number, string][]) {
      await page.setContent(cart(rows, 'Your basket'));
      const seen = await prints(page, 'button');
      assert.deepEqual(chooseByAgreement([scoreMatch(recorded, seen, seen.length)])?.nth, index, why);
    }
    await page.setContent(cart([['Notebook', '$16.00'], ['Brass desk lamp, 40 cm', '$35.00'], ['Pen set', '$12.00']]));
    const brass = { ...(await prints(page, 'button', true))[1]!, uid: undefined };
    await page.setContent(cart([['Notebook', '$16.00'], ['Brass desk lamp, 40 cm tall', '$35.00'], ['Pen set', '$12.00']]));
    const edited = await prints(page, 'button');
    assert.deepEqual(chooseByAgreement([scoreMatch(brass, edited, edited.length)])?.nth, 1, 'a row copy edit adding one word in five');
    // The new-words rule is for items (rows, list items, cards): a form whose labels were edited is the same form.
    await page.setContent(SETTINGS);
    const [save] = await prints(page, 'button[type=submit]', true);
    await page.setContent(SETTINGS.replace('Weekly digest', 'Weekly summary email').replace('Product news', 'Product updates and offers'));
    const [saveNow] = await prints(page, 'button[type=submit]');
    assert.ok(fingerprintAgreement({ ...save!, uid: undefined }, saveNow!) >= MIN_AGREEMENT, 'labels of its form edited');
  } finally {
    await browser.close();
  }
});

const MAIL = `<nav aria-label="Folders"><ul><li><a href="#inbox">Inbox</a></li><li><a href="#archive">Archive</a></li><li><a href="#spam">Spam</a></li></ul></nav>
  <main><form role="search" aria-label="Search mail"><input type="search" name="q" aria-label="Search"><button type="submit">Search</button></form>
  <form aria-label="Bulk actions"><label><input type="checkbox" name="read"> <span>Mark as read</span></label><label><input type="checkbox" name="mute"> <span>Mute thread</span></label>
  <select name="folder"><option>Inbox</option><option value="archive">Archive</option></select><button type="submit">Move</button></form>
  <form aria-label="Delivery"><label><input type="radio" name="ship"> <span>Standard delivery</span></label><label><input type="radio" name="ship"> <span>Express delivery</span></label><label><input type="radio" name="ship"> <span>Store pickup</span></label>
  <h3>Payment method</h3><h3>Gift message</h3><div><span>All</span><span>Unread</span><span>Flagged</span></div></form></main>
  <footer><a href="#returns">Return policy</a> <a href="#contact">Contact us</a></footer>`;

test('renames: a context of nothing but the name is no evidence; the group, the link target and the checkbox vouch; the words no look-alike had decide', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(MAIL);
    const recorded = async (selector: string) => (await prints(page, selector, true)).map((p) => ({ ...p, uid: undefined }))[0]!;
    const [archive, find, read, express, gift, unread, returns] = [
      await recorded('a[href="#archive"]'), await recorded('form[role=search] button'), await recorded('span:text-is("Mark as read")'),
      await recorded('span:text-is("Express delivery")'), await recorded('h3:text-is("Gift message")'), await recorded('span:text-is("Unread")'), await recorded('a[href="#returns"]'),
    ];
    assert.equal(find.group, 'search mail');
    assert.equal(read.control, 'read');
    /** What the step does on `html`: the name it acts on (and whether as a rename), or null. */
    const act = async (html: string, fingerprint: Fingerprint) => {
      await page.setContent(html);
      const seen = await prints(page, fingerprint.tag);
      const matches = [scoreMatch(fingerprint, seen, seen.length)];
      const chosen = chooseByAgreement(matches, fingerprint);
      if (chosen) return `${chosen.renamed ? 'renamed ' : ''}${seen[chosen.nth]!.name || seen[chosen.nth]!.text}`;
      const renamed = chooseRenamed(matches, fingerprint);
      if (!renamed || await named(page, renamed.renamed!.from, fingerprint.tag, fingerprint.control !== undefined)) return null;
      return `renamed ${renamed.renamed!.to}`;
    };
    // The link alone in its list item: a look-alike beside it ("Archive 2023") used to empty its context and cap it at 0.7.
    const archive2023 = '<li><a href="#archive-2023">Archive 2023</a></li><li><a href="#archive">';
    assert.equal(await act(MAIL.replace('<li><a href="#archive">', archive2023), archive), 'Archive');
    // Renamed beside it: the link that still leads where it led is the one (the option "Archive" names no link).
    assert.equal(await act(MAIL.replace('<li><a href="#archive">', archive2023).replace('>Archive</a>', '>Archived</a>'), archive), 'renamed Archived');
    assert.equal(await named(page, 'Archive'), true, 'an option reads it');
    assert.equal(await named(page, 'Archive', 'a'), false, 'no link does');
    // A form's only button renamed: the form it is in, not the other form's submit button.
    assert.equal(await act(MAIL.replace('>Search</button>', '>Find</button>'), find), 'renamed Find');
    assert.equal(await act(MAIL.replace('>Search</button>', '>Go</button>').replace('aria-label="Search mail"', 'aria-label="Bulk actions"'), find), null, 'two forms alike: no choice');
    // (Round 24: "Find" says "Search" in other words, "Move" does not: the name decides between the forms alike.)
    assert.equal(await act(MAIL.replace('>Search</button>', '>Find</button>').replace('aria-label="Search mail"', 'aria-label="Bulk actions"'), find), 'renamed Find');
    // Text beside a checkbox renamed as a look-alike arrived beside it: the checkbox it labels says which.
    const important = '<label><input type="checkbox" name="important"> <span>Mark as important</span></label><label><input type="checkbox" name="read">';
    assert.match(String(await act(MAIL.replace('<label><input type="checkbox" name="read">', important).replace('Mark as read', 'Mark read'), read)), /^(renamed )?Mark read$/);
    const [markImportant] = await prints(page, 'span:text-is("Mark as important")');
    assert.ok(fingerprintAgreement(read, markImportant!, true) <= 0.7, 'another checkbox\'s text: at most 0.7 as a rename');
    // "Express delivery" -> "Express shipping" beside a new "Same-day delivery": "delivery" was a look-alike's word too.
    const sameDay = '<label><input type="radio" name="ship"> <span>Same-day delivery</span></label><label><input type="radio" name="ship"> <span>Express shipping</span>';
    assert.equal(await act(MAIL.replace('<label><input type="radio" name="ship"> <span>Express delivery</span>', sameDay), express), 'renamed Express shipping');
    // "Gift message" -> "Add a gift message" beside a new "Gift receipt": both keep a word of it, so no choice (round 6: the
    // share kept was a guess, and the third hold-out had it wrong: "Move to top" keeps more of "Move to…" than "Move").
    assert.equal(await act(MAIL.replace('<h3>Gift message</h3>', '<h3>Gift receipt</h3><h3>Add a gift message</h3>'), gift), null);
    assert.equal(await act(MAIL.replace('<h3>Gift message</h3>', '<h3>Gift receipt</h3><h3>Gift note</h3>'), gift), null, 'as many words kept: no choice');
    // Must fail: "Unread" -> "New" beside a new "Unanswered" (nothing tells them apart); "Return policy" gone, "Exchange policy"
    // (another target) left, also with a word of the name kept.
    assert.equal(await act(MAIL.replace('<span>Unread</span>', '<span>Unanswered</span><span>New</span>'), unread), null);
    assert.equal(await act(MAIL.replace('<a href="#returns">Return policy</a>', '<a href="#exchanges">Exchange policy</a>'), returns), null);
    assert.equal(await act(MAIL.replace('<a href="#returns">Return policy</a>', '<a href="#exchanges">Exchange policy</a> <a href="#returns">Returns and refunds</a>'), returns), 'renamed Returns and refunds');
  } finally {
    await browser.close();
  }
});

/** What a step recorded as `fingerprint` does on `html` in `page`: the name it acts on (and whether as a rename), or null. */
async function actOn(page: import('playwright-core').Page, html: string, fingerprint: Fingerprint): Promise<string | null> {
  await page.setContent(html);
  const seen = await prints(page, fingerprint.tag);
  const matches = [scoreMatch(fingerprint, seen, seen.length)];
  const chosen = chooseByAgreement(matches, fingerprint);
  if (chosen) return `${chosen.renamed ? 'renamed ' : ''}${seen[chosen.nth]!.name || seen[chosen.nth]!.text}`;
  const renamed = chooseRenamed(matches, fingerprint);
  if (!renamed || await named(page, renamed.renamed!.from, fingerprint.tag, fingerprint.control !== undefined)) return null;
  return `renamed ${renamed.renamed!.to}`;
}

test('place among look-alikes is counted within the row holding them: a column added beside a renamed header is never taken for it', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const sort = (label: string) => `<th><button type="button" class="sort">${label}</button></th>`;
    const table = (headers: string[], rows: number) => `<table id="orders"><thead><tr>${headers.map(sort).join('')}<th>Status</th></tr></thead><tbody>${
      Array.from({ length: rows }, (_, i) => `<tr><td>#10${i}</td><td>Customer ${'ABCDEFG'[i]}</td><td><button type="button" class="edit">Edit</button> <button type="button" class="refund">Refund</button></td></tr>`).join('')
    }</tbody></table>`;
    await page.setContent(table(['Order', 'Date', 'Customer', 'Total'], 3));
    const [total] = (await prints(page, 'button:text-is("Total")', true)).map((p) => ({ ...p, uid: undefined }));
    assert.deepEqual(total!.place, [3, 4], 'counted among the header row\'s buttons, not the rows\' Edit and Refund');
    const [refund] = await prints(page, 'tbody tr:nth-of-type(2) button.refund', true);
    assert.deepEqual(refund!.place, [1, 2], 'within its own row');
    // Must fail: "Total" -> "Amount" with a new "Tax" column before it and a row added ("Tax" took the recorded place).
    assert.equal(await actOn(page, table(['Order', 'Date', 'Customer', 'Tax', 'Amount'], 4), total!), null);
    // Nor, the other way round, "Tax" after it.
    assert.equal(await actOn(page, table(['Order', 'Date', 'Customer', 'Amount', 'Tax'], 4), total!), null);
    // Rows added or removed no longer move the header's place: the rename alone heals.
    assert.equal(await actOn(page, table(['Order', 'Date', 'Customer', 'Amount'], 5), total!), 'renamed Amount');
    assert.equal(await actOn(page, table(['Order', 'Date', 'Customer', 'Amount'], 1), total!), 'renamed Amount');
  } finally {
    await browser.close();
  }
});

test('renames of an option whose identity its look-alikes shared: "Starter" in a removed "Pro" plan\'s place never taken for it', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // Radios without a `value` (every one sends "on") share their whole identity; with values, the value tells them apart.
    for (const valued of [false, true]) {
      const plans = (labels: string[]) => `<form><fieldset id="plan"><legend>Plan</legend>${
        labels.map((label) => `<label><input type="radio" name="plan"${valued ? ` value="${label.toLowerCase()}"` : ''}> <span>${label}</span></label>`).join('')
      }</fieldset><label><input type="checkbox" name="terms"> <span>I accept</span></label></form>`;
      await page.setContent(plans(['Free', 'Pro', 'Business']));
      const [pro] = (await prints(page, 'span:text-is("Pro")', true)).map((p) => ({ ...p, uid: undefined }));
      if (valued) {
        assert.equal(pro!.value, 'pro');
        assert.equal(pro!.shared, undefined, 'name="plan" is shared, value="pro" is not');
      } else {
        assert.equal(pro!.shared, true, 'the radios share name="plan"');
      }
      assert.equal(pro!.context, 'Pro', 'its label says nothing but its name');
      const [accept] = await prints(page, 'span:text-is("I accept")', true);
      assert.equal(accept!.shared, undefined, 'a checkbox of its own');
      // Must fail: "Pro" removed and "Starter" put in its place (same kind, control name and place).
      assert.equal(await actOn(page, plans(['Free', 'Starter', 'Business']), pro!), null);
      assert.equal(await actOn(page, plans(['Free', 'Starter', 'Team', 'Business']), pro!), null);
      // Unchanged, reordered: still the one.
      assert.equal(await actOn(page, plans(['Business', 'Pro', 'Free']), pro!), 'Pro');
    }
    // A copy edit keeping a word of the recorded name still heals (the value kept: any copy edit does).
    const renamed = (label: string, valued: boolean) => `<form><fieldset id="plan"><legend>Plan</legend>${
      [['free', 'Free'], ['pro', label], ['business', 'Business']].map(([value, text]) => `<label><input type="radio" name="plan"${valued ? ` value="${value}"` : ''}> <span>${text}</span></label>`).join('')
    }</fieldset></form>`;
    for (const valued of [false, true]) {
      await page.setContent(renamed('Pro', valued));
      const [pro] = (await prints(page, 'span:text-is("Pro")', true)).map((p) => ({ ...p, uid: undefined }));
      assert.equal(await actOn(page, renamed('Pro plan', valued), pro!), 'renamed Pro plan');
      assert.equal(await actOn(page, renamed('Professional', valued), pro!), 'renamed Professional');
      assert.equal(await actOn(page, renamed('Growth', valued), pro!), valued ? 'renamed Growth' : null, 'no word kept: only its value vouches');
    }
  } finally {
    await browser.close();
  }
});

test('round 6 (the third hold-out): what an element is holds under its name too; a rename\'s rivals count when the name changed; two names keeping words is no choice', async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // A board: cards with label chips (plain spans), the label picker (text of checkboxes), the open card menu, switches.
    const board = (o: { bug?: string; blocker?: boolean; move?: string; top?: boolean; assigned?: string; mentioned?: boolean; archive?: string; stale?: boolean } = {}) => `<main>
      <ul class="cards"><li><a href="#PRJ-7">Fix login redirect</a> <span class="chip">Bug</span></li><li><a href="#PRJ-9">Dark mode</a> <span class="chip">Feature</span></li></ul>
      <ul role="menu" aria-label="Card actions"><li role="none"><button type="button" role="menuitem">Edit</button></li>${o.top ? '<li role="none"><button type="button" role="menuitem">Move to top</button></li>' : ''}<li role="none"><button type="button" role="menuitem">${o.move ?? 'Move to…'}</button></li><li role="none"><button type="button" role="menuitem">Archive</button></li></ul>
      <fieldset id="labels"><legend>Labels</legend>${o.blocker ? '<label><input type="checkbox" name="blocker"> <span>Blocker</span></label>' : ''}<label><input type="checkbox" name="bug"> <span>${o.bug ?? 'Bug'}</span></label><label><input type="checkbox" name="feature"> <span>Feature</span></label></fieldset>
      <form id="notify" aria-label="Notifications">${o.mentioned ? '<label><input type="checkbox" role="switch" name="mentioned"> <span>Email me when I\'m mentioned</span></label>' : ''}<label><input type="checkbox" role="switch" name="assigned"> <span>${o.assigned ?? 'Email me when I\'m assigned'}</span></label><label><input type="checkbox" role="switch" name="digest"> <span>Daily digest</span></label>
      ${o.stale ? '<button type="button" role="switch" aria-checked="false">Auto-archive stale cards</button>' : ''}<button type="button" role="switch" aria-checked="false" id="auto-archive">${o.archive ?? 'Auto-archive done cards'}</button></form></main>`;
    await page.setContent(board());
    const recorded = async (selector: string) => (await prints(page, selector, true)).map((p) => ({ ...p, uid: undefined }))[0]!;
    const [bug, move, assigned, archive] = [
      await recorded('#labels span:text-is("Bug")'), await recorded('button:text-is("Move to…")'), await recorded('span:text-is("Email me when I\'m assigned")'), await recorded('#auto-archive'),
    ];
    assert.equal(bug.control, 'bug');

    // Text of a checkbox's label is told from a span reading the same that labels nothing (a card's chip), under its
    // name too: renamed "Defect", the chip "Bug" is never clicked, and does not keep the name "Bug" on the page.
    await page.setContent(board({ bug: 'Defect' }));
    const [chip] = await prints(page, '.chip:text-is("Bug")');
    assert.ok(fingerprintAgreement(bug, chip!) <= 0.7, 'a chip reading "Bug": at most 0.7');
    assert.equal(await named(page, 'Bug', 'span'), true, 'a span reads it');
    assert.equal(await named(page, 'Bug', 'span', true), false, 'no checkbox\'s label text does');
    assert.equal(await actOn(page, board({ bug: 'Defect' }), bug), 'renamed Defect');
    assert.equal(await actOn(page, board({ bug: 'Defect', blocker: true }), bug), 'renamed Defect');
    assert.equal(await actOn(page, board({ blocker: true }), bug), 'Bug', 'the chips no longer tie with it');
    // Another checkbox's text reading nearly the same ("mentioned" for "assigned") is not it, under its name either.
    assert.equal(await actOn(page, board({ mentioned: true, assigned: 'Email me when a card is assigned to me' }), assigned), 'renamed Email me when a card is assigned to me');

    // An element without an id where the recorded one had one is another element, under its name too (ids get renumbered,
    // not dropped): "Auto-archive stale cards" beside it neither ties with it nor is taken for it renamed.
    assert.equal(await actOn(page, board({ stale: true }), archive), 'Auto-archive done cards');
    assert.equal(await actOn(page, board({ stale: true, archive: 'Automatically archive completed cards' }), archive), 'renamed Automatically archive completed cards', 'its id kept: chosen by agreement, reported as the rename it is');

    // A lead of exactly the margin is a lead: "Move to…" (1.000) beside a new "Move to top" (0.920).
    assert.equal(await actOn(page, board({ top: true }), move), 'Move to…');
    // Renamed "Move" as "Move to top" arrived: "Move to top" agrees well under the name (two words shared), but chosen
    // under another name it is a rename, and "Move" is as good a rename on everything else; both keep a word: no choice.
    await page.setContent(board({ top: true, move: 'Move' }));
    const items = await prints(page, 'button');
    const matches = [scoreMatch(move, items, items.length)];
    const top = items.findIndex((p) => p.name === 'Move to top');
    assert.ok(matches[0]!.agreements[top]! >= MIN_AGREEMENT, 'under the name alone it would be chosen');
    assert.equal(renamedRival(matches, move, items[top]!.uid!), true);
    assert.equal(chooseByAgreement(matches, move), null);
    assert.equal(chooseRenamed(matches, move), null);
    // Alone, the rename still heals; a changed name with no rival close on the rest is still chosen by agreement.
    assert.equal(await actOn(page, board({ move: 'Move' }), move), 'renamed Move');
    assert.equal(await actOn(page, board({ move: 'Move to list' }), move), 'renamed Move to list');
  } finally {
    await browser.close();
  }
});

test('a field inside its own label is known by its row too: each cart line\'s "Quantity" field told apart, another line never taken for a removed one, recordings of the label alone still replay', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const line = (item: string, qty: number) => `<li><span>${item}</span> <label>Quantity <input type="number" name="qty" value="${qty}"></label> <button type="button">Remove</button></li>`;
    const cart = (items: string[]) => `<aside aria-label="Cart"><ul>${items.map((item, i) => line(item, i + 1)).join('')}</ul><button type="submit">Checkout</button></aside>`;
    await page.setContent(cart(['Wool hiking socks', 'Trail Runner jacket']));
    const [jacket] = (await prints(page, 'li:nth-of-type(2) input', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(jacket!.name, 'Quantity');
    assert.match(jacket!.context, /^Quantity qty .*Trail Runner jacket/, 'the label\'s words first, then its line\'s');
    // Unchanged, reordered, a line added: its own line's field.
    const act = async (html: string, print: Fingerprint) => {
      await page.setContent(html);
      const seen = await prints(page, 'input');
      const chosen = chooseByAgreement([scoreMatch(print, seen, seen.length)], print);
      return chosen ? page.locator('input').nth(chosen.nth).evaluate((el) => el.closest('li')!.querySelector('span')!.textContent) : null;
    };
    assert.equal(await act(cart(['Wool hiking socks', 'Trail Runner jacket']), jacket!), 'Trail Runner jacket');
    assert.equal(await act(cart(['Trail Runner jacket', 'Wool hiking socks']), jacket!), 'Trail Runner jacket');
    assert.equal(await act(cart(['Wool hiking socks', 'Trail Runner vest', 'Trail Runner jacket']), jacket!), 'Trail Runner jacket');
    // Must fail: its line removed, another line left in its place.
    assert.equal(await act(cart(['Wool hiking socks']), jacket!), null);
    assert.equal(await act(cart(['Wool hiking socks', 'Trail Runner vest']), jacket!), null);
    // A recording made when the context was the label alone ("Quantity qty") still agrees with its field as captured now.
    const before: Fingerprint = { ...jacket!, context: 'Quantity qty' };
    await page.setContent(cart(['Trail Runner jacket']));
    const [now] = await prints(page, 'input');
    assert.ok(fingerprintAgreement(before, now!) >= MIN_AGREEMENT, `agreement ${fingerprintAgreement(before, now!)}`);
    // Text beside a checkbox (not the field itself) keeps the label as its context, as before.
    await page.setContent('<form><label><input type="checkbox" name="digest"> <span>Weekly digest</span></label></form>');
    const [digest] = await prints(page, 'span');
    assert.equal(digest!.context, 'Weekly digest');
  } finally {
    await browser.close();
  }
});

test('round 8 (the fourth hold-out): a changed name keeps its identity and its identifiers; an element the rules rule out is no rival; a name changed under agreement is reported as a rename', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const sidebar = (links: string) => `<aside aria-label="Customer"><h3>Dana Whitfield</h3><p>Lumen Dental</p>${links}</aside>`;
    await page.setContent(sidebar('<a href="#sf-contact-5521">View in Salesforce</a> <a href="#stripe-cus-77">View in Stripe</a>'));
    const [crm] = (await prints(page, 'a[href="#sf-contact-5521"]', true)).map((p) => ({ ...p, uid: undefined }));
    // Gone, and a link reading most of its name but leading elsewhere arrived: its name and its target both changed.
    assert.equal(await actOn(page, sidebar('<a href="#stripe-cus-77">View in Stripe</a> <a href="#sf-account-880">View account in Salesforce</a>'), crm!), null);
    // Renamed, still leading where it led: healed, and reported as the rename it is.
    assert.equal(await actOn(page, sidebar('<a href="#sf-contact-5521">Open in Salesforce</a> <a href="#stripe-cus-77">View in Stripe</a>'), crm!), 'renamed Open in Salesforce');

    // A payee list: each option names the payee and its account. Another payee whose name shares words and whose
    // account number differs is another payee; a copy edit of the account's wording keeps the number and replays.
    const payees = (items: string[]) => `<ul role="listbox" aria-label="Saved payees">${items.map((item) => `<li role="option">${item}</li>`).join('')}</ul>`;
    await page.setContent(payees(['Anna Kowalski BSB 013-226 · Acc ••3381', 'Northside Plumbing & Gas BSB 633-000 · Acc ••7129', 'Northside Property Management BSB 062-114 · Acc ••4410']));
    const [payee] = (await prints(page, 'li:nth-of-type(3)', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(await actOn(page, payees(['Anna Kowalski BSB 013-226 · Acc ••3381', 'Northside Plumbing & Gas BSB 633-000 · Acc ••7129', 'Northside Property Group BSB 062-114 · Acc ••9902']), payee!), null);
    assert.equal(await actOn(page, payees(['Anna Kowalski 013-226 · ending 3381', 'Northside Plumbing & Gas 633-000 · ending 7129', 'Northside Property Management 062-114 · ending 4410']), payee!), 'renamed Northside Property Management 062-114 · ending 4410');
    // Short numbers go with copy edits: "Escalate to tier 2" -> "Escalate to engineering".
    const macros = (items: string[]) => `<ul role="listbox" aria-label="Macros">${items.map((item) => `<li role="option">${item}</li>`).join('')}</ul>`;
    await page.setContent(macros(['Acknowledge and set to pending', 'Escalate to tier 2', 'Close as solved']));
    const [escalate] = (await prints(page, 'li:nth-of-type(2)', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(await actOn(page, macros(['Acknowledge, set pending', 'Escalate to engineering', 'Close as solved']), escalate!), 'renamed Escalate to engineering');

    // Text beside a checkbox rewritten without a word kept: the checkbox it labels vouches, and a span labelling
    // another field (ruled out: another label's control) is no rival however close it scores.
    const reply = (follow: string) => `<form aria-label="Reply"><label><span class="sr">Search</span><input type="search" name="q"></label>
      <label><span>Your reply</span><textarea name="body"></textarea></label><label><input type="checkbox" name="follow"> <span>${follow}</span></label><button type="submit">Send</button></form>`;
    await page.setContent(reply('Follow this ticket'));
    const [follow] = (await prints(page, 'span:text-is("Follow this ticket")', true)).map((p) => ({ ...p, uid: undefined }));
    await page.setContent(reply('Notify me about updates'));
    const spans = await prints(page, 'span');
    const match = scoreMatch(follow!, spans, spans.length);
    const search = spans.findIndex((p) => p.text === 'Search' || p.name === 'Search');
    assert.equal(match.othersRuledOut![search], true, 'the search field\'s label text is another element');
    assert.equal(await actOn(page, reply('Notify me about updates'), follow!), 'renamed Notify me about updates');

    // A count in a name changes with the data, not the copy: chosen, and not reported as a rename.
    await page.setContent('<nav aria-label="Folders"><a href="#inbox" id="inbox">Inbox (12)</a> <a href="#sent">Sent</a></nav>');
    const [inbox] = (await prints(page, '#inbox', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(await actOn(page, '<nav aria-label="Folders"><a href="#inbox" id="inbox">Inbox (13)</a> <a href="#sent">Sent</a></nav>', inbox!), 'Inbox (13)');
  } finally {
    await browser.close();
  }
});

test('round 9: an abbreviation spelled out keeps its word; numbers with letters in a row are data; an id with a numbered part added is the same id', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // "Pro" -> "Professional": the radios share their name and the label says nothing but the name, so only a kept
    // word vouches; a word spelled out is kept. Not the other way round: "Pay" of a new "Apple Pay" keeps nothing of "PayPal".
    const plans = (labels: string[]) => `<form><fieldset><legend>Plan</legend>${
      labels.map((label) => `<label><input type="radio" name="plan"> <span>${label}</span></label>`).join('')}</fieldset></form>`;
    await page.setContent(plans(['Free', 'Pro', 'Business']));
    const [pro] = (await prints(page, 'span:text-is("Pro")', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(await actOn(page, plans(['Free', 'Professional', 'Business']), pro!), 'renamed Professional');
    assert.equal(await actOn(page, plans(['Free', 'Starter', 'Business']), pro!), null);
    const methods = (items: string[]) => `<form aria-label="Checkout"><ul aria-label="Payment method">${items.map((item) => `<li>${item}</li>`).join('')}</ul></form>`;
    await page.setContent(methods(['Card', 'PayPal', 'Bank transfer']));
    const [paypal] = (await prints(page, 'li:nth-of-type(2)', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(await actOn(page, methods(['Card', 'Apple Pay', 'PayPal wallet', 'Bank transfer']), paypal!), 'renamed PayPal wallet');

    // "3 days ago" -> "3d": words with digits in a row are data (dates, times, counts), not another item's words.
    const users = (tom: string) => `<table><tbody><tr><td>Alex Morgan</td><td>Today</td><td><button>Edit</button></td></tr>`
      + `<tr><td>Tom Becker</td><td>${tom}</td><td><button>Edit</button></td></tr></tbody></table>`;
    await page.setContent(users('3 days ago'));
    const [tomEdit] = (await prints(page, 'tr:nth-of-type(2) button', true)).map((p) => ({ ...p, uid: undefined }));
    const chosen = async (html: string) => {
      await page.setContent(html);
      const seen = await prints(page, 'button');
      const choice = chooseByAgreement([scoreMatch(tomEdit!, seen, seen.length)], tomEdit);
      return choice ? seen[choice.nth]!.context : null;
    };
    assert.equal(await chosen(users('3d')), 'Tom Becker 3d');
    // A new word that is not data still makes it another item: "Tom Becker (former)" in Tom's place.
    assert.equal(await chosen(users('3 days ago').replace('Tom Becker', 'Tom Becker-Lutz Former')), null);
  } finally {
    await browser.close();
  }
  // An id keeping the recorded one whole with a numbered part around it (a framework's container prefix, a counter)
  // is the same id; words added without a number, or another number, make another id.
  const send: Fingerprint = { tag: 'button', role: 'button', name: 'Send reply', text: '', attributes: { type: 'submit' }, id: 'send-reply', classes: [], ancestry: ['form'], context: 'reply discard', position: [0, 1] };
  const as = (name: string, id: string) => fingerprintAgreement(send, { ...send, name, id, context: 'message discard' });
  assert.ok(as('Send', 'hd10-send-reply') > 0.7, String(as('Send', 'hd10-send-reply')));
  assert.ok(as('Send', 'ctl00_main_send_reply') > 0.7, 'a container prefix holding a number');
  assert.ok(as('Send', 'send-2-reply') <= 0.7, 'the recorded id not whole: another id');
  assert.ok(as('Send', 'send-reply_r70') > 0.7);
  assert.ok(as('Send', 'send-reply-draft') <= 0.7, 'a word added without a number: another id');
  const numbered: Fingerprint = { ...send, id: 'field-3' };
  assert.ok(fingerprintAgreement(numbered, { ...numbered, name: 'Send', id: 'field-37', context: 'message discard' }) <= 0.7, 'another number is another id');
});

test('round 10 (the fifth hold-out): the class naming its kind, the numbers naming a slot, label text in each list item, abbreviations in the context, an own link target across card copy edits', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // Each button of a row has a class of its own: a copy edit keeps it, a new button in a removed one's place has another.
    const rows = (buttons: (titles: string) => string) => `<table><tbody>${['Launch post', 'Pricing post'].map((t) => `<tr><td>${t}</td><td>${buttons(t)}</td></tr>`).join('')}</tbody></table>`;
    const actions = (publish: string | null, extra = '') => () => `<button class="btn edit">Edit</button>${publish === null ? '' : `<button class="btn publish">${publish}</button>`}${extra}<button class="btn schedule">Schedule</button>`;
    await page.setContent(rows(actions('Publish')));
    const [publish] = (await prints(page, 'tr:nth-of-type(2) button.publish', true)).map((p) => ({ ...p, uid: undefined }));
    assert.deepEqual(publish!.marks, ['publish']);
    assert.equal(await actOn(page, rows(actions('Publish now')), publish!), 'renamed Publish now');
    assert.equal(await actOn(page, rows(actions(null, '<button class="btn review">Send for review</button>')), publish!), null);
    // A count in the name changes with the data, classes rehashed or not: not held to the marks.
    assert.ok(fingerprintAgreement(publish!, { ...publish!, name: 'Publish (3)', classes: ['btn_x1', 'publish_x1'] }, true) <= 0.7, 'words changed, mark gone');
    const counted = { ...publish!, name: 'Drafts (12)' };
    assert.ok(fingerprintAgreement(counted, { ...counted, name: 'Drafts (13)', classes: ['btn_x1', 'publish_x1'] }, true) > 0.7, 'only the count changed');
    // A state class one button alone carries names nothing: no marks then.
    await page.setContent('<nav><button class="tab active">Overview</button><button class="tab">Billing</button></nav>');
    assert.equal((await prints(page, 'button.active', true))[0]!.marks, undefined);

    // Time slots told apart by their numbers only: another time is another slot; the same time re-cased is the slot.
    const slots = (times: string[]) => `<section aria-label="Afternoon"><ul>${times.map((t) => `<li><button>${t}</button></li>`).join('')}</ul></section>`;
    await page.setContent(slots(['2:00 pm', '2:30 pm', '3:15 pm']));
    const [slot] = (await prints(page, 'li:nth-of-type(2) button', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(await actOn(page, slots(['2:00 pm', '3:15 pm']), slot!), null);
    assert.equal(await actOn(page, slots(['9:15 am', '2:00 pm', '3:15 pm']).replace('2:30', ''), slot!), null);
    assert.equal(await actOn(page, slots(['2:00 PM', '2:30 PM', '3:15 PM']), slot!), '2:30 PM');

    // The same switch text in each list item: the item's words tell them apart, on the unchanged page too.
    const hooks = (label: string) => `<ul id="hooks">${['https://a.test/billing', 'https://b.test/orders'].map((url) => `<li><code>${url}</code> <label class="switch"><input type="checkbox" role="switch" name="enabled"> <span>${label}</span></label></li>`).join('')}</ul>`;
    await page.setContent(hooks('Enabled'));
    const [billing] = (await prints(page, 'li:nth-of-type(1) span', true)).map((p) => ({ ...p, uid: undefined }));
    assert.match(billing!.context, /billing/);
    const chosenUrl = async (html: string) => {
      await page.setContent(html);
      const seen = await prints(page, 'span');
      const choice = chooseByAgreement([scoreMatch(billing!, seen, seen.length)], billing) ?? chooseRenamed([scoreMatch(billing!, seen, seen.length)], billing!);
      return choice ? seen[choice.nth]!.context : null;
    };
    assert.match(String(await chosenUrl(hooks('Enabled'))), /billing/);
    assert.match(String(await chosenUrl(hooks('Active'))), /billing/);
  } finally {
    await browser.close();
  }
  // "Wed" in the context abbreviates the name's "Wednesday": the name's word, not a word of the row to keep.
  const day: Fingerprint = { tag: 'button', role: 'button', name: 'Wednesday 15 January', text: '', attributes: { type: 'button' }, id: '', classes: [], ancestry: ['li', 'ul'], context: 'Wed 15', position: [0, 1], peers: ['tuesday 14 january'] };
  assert.ok(fingerprintAgreement(day, { ...day, context: '15' }) > 0.7, 'a look-alike day emptied the context of everything but the name');
  // A card's copy edited around a link that keeps its own target: the same card, not another item in its place.
  const profile: Fingerprint = {
    tag: 'a', role: 'link', name: 'View profile', text: '', attributes: { href: '#profile-whitaker' }, id: '', classes: ['profile'], ancestry: ['article', 'li', 'ul'],
    context: 'Dr James Whitaker Special interests sports injuries Languages English Next', position: [1, 4], place: [1, 4], peers: [],
  };
  const edited = { ...profile, name: 'See full profile', context: 'Dr James Whitaker Areas of interest sports injuries Speaks English Earliest' };
  assert.ok(fingerprintAgreement(profile, edited, true) >= MIN_AGREEMENT, String(fingerprintAgreement(profile, edited, true)));
  assert.ok(fingerprintAgreement(profile, { ...edited, attributes: { href: '#profile-okafor' } }, true) <= 0.7, 'another target: another card');
  assert.ok(fingerprintAgreement({ ...profile, shared: true }, edited, true) <= 0.7, 'a target its look-alikes shared vouches for nothing');

  // A placeholder is copy: rewritten with the label, it is no evidence against a rename.
  const search: Fingerprint = {
    tag: 'input', role: 'searchbox', name: 'Search articles', text: '', attributes: { type: 'search', name: 'q', placeholder: 'Search by title or slug' }, id: '', classes: [],
    ancestry: ['label', 'form', 'main'], context: 'Search articles q Status Draft Published Filter', position: [0, 1], place: [0, 1], peers: [], group: 'filter articles',
  };
  const renamedSearch = { ...search, name: 'Search posts', attributes: { ...search.attributes, placeholder: 'Find a post' }, context: 'Search posts q Show Draft Live Apply', group: 'filter posts' };
  assert.ok(fingerprintAgreement(search, renamedSearch, true) >= MIN_AGREEMENT, String(fingerprintAgreement(search, renamedSearch, true)));
});

test('round 10: a card alone in its list item is known by the list item\'s own words; its labels, the same on every card, edited at once, are no other card', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const cards = (labels: [string, string], doctors: string[]) => `<section aria-label="Practitioners"><ul>${doctors.map((d) => `<li><article><h3>${d}</h3>`
      + `<p>${labels[0]} sports injuries</p><p>${labels[1]} English</p><button type="button">Book</button></article></li>`).join('')}</ul></section>`;
    await page.setContent(cards(['Special interests:', 'Languages:'], ['Dr Amara Okafor', 'Dr James Whitaker', 'Dr Mei Chen']));
    const [book] = (await prints(page, 'li:nth-of-type(2) button', true)).map((p) => ({ ...p, uid: undefined }));
    assert.match(book!.context, /Special/, 'the card\'s own words: every label, since the card has no sibling cards in its list item');
    assert.doesNotMatch(String(book!.item), /Special|Languages/, 'the list item\'s own words: the doctor only');
    assert.match(String(book!.item), /James Whitaker/);
    const chosenDoctor = async (html: string) => {
      await page.setContent(html);
      const seen = await prints(page, 'button');
      const choice = chooseByAgreement([scoreMatch(book!, seen, seen.length)], book);
      return choice ? seen[choice.nth]!.item ?? seen[choice.nth]!.context : null;
    };
    // Every card's labels rewritten: still Dr Whitaker's card.
    assert.match(String(await chosenDoctor(cards(['Areas of interest:', 'Speaks:'], ['Dr Amara Okafor', 'Dr James Whitaker', 'Dr Mei Chen']))), /Whitaker/);
    // His card gone, another doctor's in its place: another item, never taken.
    assert.equal(await chosenDoctor(cards(['Special interests:', 'Languages:'], ['Dr Amara Okafor', 'Dr Jane Whitfield-Brown', 'Dr Mei Chen'])), null);
  } finally {
    await browser.close();
  }
});

test('round 11: a header row is no item among items; the value of an option; an identifier its item showed; the numbers of a name among renames keeping words', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // The column headers edited together ("Author" -> "Written by"): the header row is still the header row.
    const articles = (heads: [string, string]) => `<table><thead><tr><th><button type="button" class="sort">Title ↕</button></th><th>${heads[0]}</th><th>Status</th>`
      + `<th><button type="button" class="sort">${heads[1]} ↓</button></th></tr></thead><tbody><tr><td>Launch</td><td>Ana</td><td>Draft</td><td>Nov 9</td></tr>`
      + '<tr><td>Pricing</td><td>Li</td><td>Live</td><td>Nov 8</td></tr></tbody></table>';
    await page.setContent(articles(['Author', 'Updated']));
    const [updated] = (await prints(page, 'button:text-is("Updated ↓")', true)).map((p) => ({ ...p, uid: undefined }));
    assert.deepEqual(updated!.ancestry.slice(0, 2), ['tr', 'thead']);
    assert.equal(await actOn(page, articles(['Written by', 'Last edited']), updated!), 'renamed Last edited ↓');

    // Options of one group share their `name`; their `value` says which one a label's text is.
    const reminders = (options: [string, string][]) => `<form><fieldset><legend>Send me reminders</legend>${options.map(([value, label]) => `<label><input type="checkbox" name="remind" value="${value}"> <span>${label}</span></label>`).join('')}</fieldset></form>`;
    await page.setContent(reminders([['sms', 'By SMS'], ['email', 'By email']]));
    const [sms] = (await prints(page, 'label:nth-of-type(1) span', true)).map((p) => ({ ...p, uid: undefined }));
    assert.equal(sms!.value, 'sms');
    assert.equal(sms!.shared, undefined, 'the name is shared, the value is not');
    assert.equal(await actOn(page, reminders([['sms', 'Text message'], ['email', 'Email']]), sms!), 'renamed Text message');
    assert.equal(await actOn(page, reminders([['app', 'Push notification'], ['email', 'Email']]), sms!), null, 'another option in its place');
    assert.equal(await actOn(page, reminders([['email', 'By SMS'], ['sms', 'By email']]), sms!), null, 'its text on another option is another option');

    // A URL its list item alone showed, kept: the same webhook, whatever copy around it was edited.
    const hooks = (description: string, button: string, urls = ['https://billing.example.test/hooks/invoices', 'https://staging.example.test/hooks/orders']) =>
      `<ul>${urls.map((url, i) => `<li><code>${url}</code> <span>${i ? 'Staging' : 'Billing'}</span> <span>${description}</span> <button type="button">${button}</button></li>`).join('')}</ul>`;
    await page.setContent(hooks('All events Failing', 'Send test event'));
    const [staging] = (await prints(page, 'li:nth-of-type(2) button', true)).map((p) => ({ ...p, uid: undefined }));
    const chosenRow = async (html: string) => {
      await page.setContent(html);
      const seen = await prints(page, 'button');
      const matches = [scoreMatch(staging!, seen, seen.length)];
      const choice = chooseByAgreement(matches, staging) ?? chooseRenamed(matches, staging!);
      return choice ? seen[choice.nth]!.context : null;
    };
    assert.match(String(await chosenRow(hooks('Every event Errors', 'Send test webhook'))), /staging\.example/);
    assert.equal(await chosenRow(hooks('Every event Errors', 'Send test webhook', ['https://billing.example.test/hooks/invoices', 'https://qa.example.test/hooks/returns'])), null, 'another URL: another webhook');
  } finally {
    await browser.close();
  }
  // Two renames keep words of "Wednesday 15 January, 6 times": the one keeping its numbers is the day.
  const day: Fingerprint = {
    tag: 'button', role: 'button', name: 'Wednesday 15 January, 6 times', text: '', attributes: { type: 'button' }, id: '', classes: [], ancestry: ['li', 'ul'],
    context: 'Wed 15 6', position: [0, 1], place: [2, 7], peers: ['tuesday 14 january, 5 times', 'thursday 16 january, fully booked'],
  };
  const seen = [
    { ...day, name: 'Wednesday 15 January, 6 openings', context: '15', place: [2, 8], uid: 1 },
    { ...day, name: 'Wednesday 22 January, 8 openings', context: '22 8', place: [2, 8], uid: 2 },
  ];
  assert.equal(chooseRenamed([scoreMatch(day, seen, 2)], day)?.renamed?.to, 'Wednesday 15 January, 6 openings');
});

test('round 12 (the sixth hold-out): wrappers, a row\'s own look-alikes, the data in a label, counts, a kept id, a field\'s own name, the whole row, inflections, the exact name', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());

    // Files: a name span a redesign wraps in another span; icon buttons named by aria-labels in a long table.
    type File = { name: string; who: string; date?: string };
    const FILES: File[] = [
      { name: 'Contracts', who: 'contracts' }, { name: 'Invoice FD-0412.pdf', who: 'invoice' }, { name: 'Logo final.svg', who: 'logo' },
      { name: 'Old logo draft.png', who: 'old-logo' }, { name: 'Price list 2025.pdf', who: 'price' }, { name: 'Poster.pdf', who: 'poster' },
    ];
    const files = (list: File[], opts: { wrap?: boolean; labels?: [string, string, string, string] } = {}) => {
      const [share, rename, move, del] = opts.labels ?? ['Share', 'Rename', 'Move', 'Delete'];
      const name = (f: File) => `<span class="name" data-who="${f.who}-name">${f.name}</span>`;
      return `<table><thead><tr><th>Name</th><th>Modified</th><th>Actions</th></tr></thead><tbody>${list.map((f) => `<tr data-who="${f.who}"><td>${opts.wrap ? `<span class="hover">${name(f)}</span>` : name(f)}</td>`
        + `<td>${f.date ?? '9 Nov 2024'}</td><td>${[[share, '🔗'], [rename, '✎'], [move, '→'], [del, '🗑']].map(([verb, glyph]) => `<button type="button" class="icon" aria-label="${verb} ${f.name}" data-who="${f.who}-${glyph}">${glyph}</button>`).join('')}</td></tr>`).join('')}</tbody></table>`;
    };
    const priceName = await record(files(FILES), 'span:text-is("Price list 2025.pdf")');
    assert.equal(priceName.wraps, false);
    assert.equal(await whoActedOn(files(FILES, { wrap: true }), priceName), 'price-name', 'the wrapper reads the same, and is not it');
    const share = await record(files(FILES), 'button[aria-label="Share Price list 2025.pdf"]');
    assert.equal(share.peers?.length, 23, 'the table holds 24 look-alikes: every other one\'s name is recorded (round 39: up to 24)');
    assert.equal(await whoActedOn(files(FILES, { labels: ['Manage access to', 'Change the name of', 'Move', 'Remove'] }), share), 'price-🔗', 'its glyph kept while every label changed');
    // An aria-label's words the row shows are the row's data: a row whose file differs by "(1)" is another file.
    const del = await record(files(FILES), 'button[aria-label="Delete Old logo draft.png"]');
    const copyOnly = FILES.map((f) => (f.who === 'old-logo' ? { name: 'Old logo draft (1).png', who: 'old-logo-1', date: '10 Nov 2024' } : f));
    assert.equal(await whoActedOn(files(copyOnly), del), null);
    // A look-alike row arriving beside it shares its words: the row still shows them.
    const withCopy = FILES.flatMap((f) => (f.who === 'old-logo' ? [{ name: 'Old logo draft (1).png', who: 'old-logo-1' }, f] : [f]));
    assert.equal(await whoActedOn(files(withCopy), del), 'old-logo-🗑');

    // Tabs: a count changing is no rename; a kept id is the tab, whatever its look-alikes read; "finder" keeps nothing of "Find".
    const tabs = (list: [string, string, string?][]) => `<section><div role="tablist" aria-label="Requests">${list.map(([label, who, id]) => `<button type="button" role="tab" class="tab"${id ? ` id="${id}"` : ''} data-who="${who}">${label}</button>`).join('')}</div><p>Your requests</p></section>`;
    const upcoming = await record(tabs([['All 6', 'all'], ['Upcoming 3', 'upcoming'], ['Past', 'past']]), 'button:text-is("Upcoming 3")');
    assert.equal(await whoActedOn(tabs([['All 7', 'all'], ['Upcoming 4', 'upcoming'], ['Upcoming for my team 11', 'team'], ['Past', 'past']]), upcoming), 'upcoming');
    const findTime = await record(tabs([['Event details', 'details', 'tab-details'], ['Find a time', 'find', 'tab-find-time']]), '#tab-find-time');
    assert.equal(await whoActedOn(tabs([['Scheduling assistant', 'find', 'tab-find-time'], ['Details', 'details', 'tab-details']]), findTime), 'find');
    const noId = await record(tabs([['Event details', 'details'], ['Find a time', 'find']]), 'button:text-is("Find a time")');
    assert.equal(await whoActedOn(tabs([['Details', 'details'], ['Scheduling assistant', 'find'], ['Room finder', 'room']]), noId), null, 'two new names, neither keeping a word');

    // A field's own `name`, which no look-alike had, vouches for its form when the form's copy was edited too.
    const dialog = (title: string, label: string, options: string[]) => `<form aria-label="${title}"><h2>${title}</h2><input aria-label="Add people">`
      + `<select name="role" aria-label="${label}" data-who="role">${options.map((o) => `<option>${o}</option>`).join('')}</select>`
      + `<ul><li>Dana <select name="member-role-dana" aria-label="${label} for Dana">${options.map((o) => `<option>${o}</option>`).join('')}</select></li></ul><button>Send</button></form>`;
    const role = await record(dialog('Share “Price list”', 'Role', ['Viewer', 'Commenter', 'Editor']), 'select[name=role]');
    assert.equal(await whoActedOn(dialog('Who can open “Price list”?', 'Access level', ['Can view', 'Can comment', 'Can edit']), role), 'role');

    // The exact name, everything else the same, beside a new slot sharing most of its words.
    const slots = (list: [string, string][]) => `<section aria-label="Suggested times"><ul>${list.map(([label, who]) => `<li tabindex="0" data-who="${who}">${label}</li>`).join('')}</ul></section>`;
    const BASE: [string, string][] = [['Mon 10 Mar 3:00 – 4:00 pm All 5 guests available', 'mon'], ['Tue 11 Mar 2:00 – 3:00 pm All 5 guests available', 'tue-2'], ['Wed 12 Mar 9:30 – 10:30 am 4 of 5 available', 'wed']];
    const tue = await record(slots(BASE), 'li:nth-of-type(2)');
    assert.equal(await whoActedOn(slots([BASE[0]!, BASE[1]!, ['Tue 11 Mar 3:30 – 4:30 pm All 5 guests available', 'tue-330'], BASE[2]!]), tue), 'tue-2');
  } finally {
    await browser.close();
  }
});

test('round 13: a copy edit never changes the action (one action word swapped for another, the rest kept, is another control)', () => {
  const item = (name: string): Fingerprint => ({
    tag: 'li', role: 'menuitem', name, text: name, attributes: {}, id: '', classes: ['menu-item'], ancestry: ['ul', 'div', 'header'],
    context: name, position: [1, 5], place: [2, 5], peers: ['duplicate', 'print', 'publish event', 'delete'],
  });
  const judged = (recorded: string, now: string) => {
    const verdict: { another?: boolean } = {};
    const score = fingerprintAgreement(item(recorded), item(now), true, verdict);
    return { score, another: !!verdict.another };
  };
  // Another action: the verb, or the particle that makes it one ("in" / "out"), or its negation by a prefix.
  for (const [recorded, now] of [['Copy to another calendar', 'Move to another calendar'], ['Sign in', 'Sign out'], ['Pin message', 'Unpin message'],
    ['Enable sync', 'Disable sync'], ['Print event', 'Delete event'], ['Show details', 'Hide details'], ['Moved to archive', 'Copied to archive']]) {
    const { score, another } = judged(recorded, now);
    assert.ok(another && score <= 0.7, `${recorded} -> ${now}: ${score}`);
  }
  // The same action in other words, a word of no action swapped, an added or dropped word, a rewrite of the whole name.
  for (const [recorded, now] of [['Sign in', 'Log in'], ['View in Salesforce', 'Open in Salesforce'], ['Export CSV', 'Download CSV'], ['Save settings', 'Save preferences'],
    ['Create key', 'Generate key'], ['Delete Old logo.png', 'Remove Old logo.png'], ['Apply filter', 'Apply filters'], ['Move', 'Move messages'],
    ['Confirm transfer', 'Send payment'], ['Delete “Winter sale”', 'Move “Winter sale” to trash'], ['Search articles', 'Search posts']]) {
    const { score, another } = judged(recorded, now);
    assert.ok(!another && score >= MIN_AGREEMENT, `${recorded} -> ${now}: ${score}`);
  }
  // Chosen by the replay: the removed "Copy to another calendar" with "Move to another calendar" new in its place fails,
  // "Copy to calendar…" in its place is the copy edit.
  const recorded = item('Copy to another calendar');
  const menu = (names: string[]) => names.map((name, i) => ({ ...item(name), position: [i, names.length] as [number, number], place: [i + 1, names.length] as [number, number] }));
  const replay = (names: string[]) => {
    const seen = menu(names);
    return chooseRenamed([scoreMatch(recorded, seen, seen.length)], recorded);
  };
  assert.equal(replay(['Duplicate', 'Move to another calendar', 'Print', 'Publish event', 'Delete']), null);
  assert.deepEqual(replay(['Duplicate', 'Copy to calendar…', 'Print', 'Publish event', 'Delete'])?.renamed, { from: 'Copy to another calendar', to: 'Copy to calendar…' });
});

test('round 13 (the seventh hold-out): twins told by their headed section, fares told by their flight, a look-alike\'s recorded name, a unique name, another action in the way, a run\'s number, a glyph', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());

    // The same dish listed under "Popular" and again under "Mains": the section's heading names its group.
    type Dish = [string, string, string?];
    const menu = (popular: Dish[], mains: Dish[]) => ['Popular', 'Mains'].map((title, s) => `<section><h2>${title}</h2><ul>${(s ? mains : popular).map(([name, description, who]) => `<li><h3${who ? ` data-who="${who}-name"` : ''}>${name}</h3><p>${description}</p>`
      + `<button type="button" aria-label="Add ${name}"${who ? ` data-who="${who}"` : ''}>+</button></li>`).join('')}</ul></section>`).join('');
    const TIKKA: Dish = ['Chicken tikka masala', 'Chargrilled chicken in a creamy tomato sauce'];
    const MAINS: Dish[] = [[TIKKA[0], TIKKA[1], 'tikka'], ['Lamb rogan josh', 'Slow-cooked lamb shoulder with Kashmiri chilli', 'rogan'], ['Chana masala', 'Chickpeas in an onion and tomato masala']];
    const html = menu([TIKKA, ['Garlic naan', 'Leavened bread with garlic butter']], MAINS);
    const add = await record(html, 'section:nth-of-type(2) button[aria-label="Add Chicken tikka masala"]');
    assert.equal(add.group, 'mains');
    assert.equal(await whoActedOn(html, add), 'tikka', 'its twin under "Popular" reads the same in every other respect');
    const heading = await record(html, 'section:nth-of-type(2) h2');
    assert.equal(heading.group, undefined, 'a heading naming its section is in no group of its own naming');
    // A dish's name, the only one reading it, with its description rewritten: the same dish.
    const rogan = await record(html, 'h3:text-is("Lamb rogan josh")');
    const rewritten = MAINS.map((d): Dish => (d[2] === 'rogan' ? ['Lamb rogan josh', 'Lamb shoulder cooked slowly with Kashmiri chillies', 'rogan'] : d));
    assert.equal(await whoActedOn(menu([TIKKA], rewritten), rogan), 'rogan-name');

    // Fares inside flights: the outer item (the flight) says which flight's "Select" it is.
    type Flight = { number: string; times: string; fares: [string, string, string?][] };
    const results = (flights: Flight[]) => `<ol>${flights.map((f) => `<li><p>${f.number}</p><p>${f.times}</p><ul>${f.fares.map(([fare, price, who]) => `<li><span>${fare}</span> <span>${price}</span> <small>${fare === 'Standard' || fare === 'Classic' ? '23 kg bag and seat choice' : 'Hand luggage only'}</small>`
      + (price === 'Sold out' ? '' : `<button type="button"${who ? ` data-who="${who}"` : ''}>Select</button>`) + `</li>`).join('')}</ul></li>`).join('')}</ol>`;
    const FLIGHTS: Flight[] = [
      { number: 'BA 500', times: '06:20 – 08:50', fares: [['Basic', '£67'], ['Standard', '£89']] },
      { number: 'TP 1363', times: '07:05 – 09:45', fares: [['Basic', '£48'], ['Standard', '£67', 'tp-standard']] },
      { number: 'TP 1351', times: '12:40 – 15:25', fares: [['Basic', '£59'], ['Standard', '£78']] },
    ];
    const select = await record(results(FLIGHTS), 'ol > li:nth-of-type(2) li:nth-of-type(2) button');
    assert.ok(select.outer?.includes('1363'), JSON.stringify(select.outer));
    assert.equal(await whoActedOn(results(FLIGHTS), select), 'tp-standard', 'the other flights\' Standard fares differ only by their price');
    const soldOut = FLIGHTS.map((f) => (f.number === 'TP 1363' ? { ...f, fares: [['Basic', '£48'], ['Standard', 'Sold out']] as Flight['fares'] } : f));
    assert.equal(await whoActedOn(results(soldOut), select), null, 'sold out: no other flight\'s fare in its place');
    const classic = FLIGHTS.map((f) => ({ ...f, fares: f.fares.map(([fare, price, who]) => [fare === 'Standard' ? 'Classic' : fare, price, who]) as Flight['fares'] }));
    assert.equal(await whoActedOn(results(classic), select), 'tp-standard', 'the fare renamed in its flight');

    // A seat map: a seat taken since is never the seat beside it whose name was recorded as a look-alike's.
    const seats = (taken: string[]) => `<div role="grid" aria-label="Seat map">${[13, 14].map((row) => `<div role="row">${['A', 'C', 'D', 'F'].map((l) => (taken.includes(`${row}${l}`)
      ? `<span role="img" aria-label="Seat ${row}${l}, taken"></span>` : `<button type="button" aria-label="Seat ${row}${l}, ${l === 'C' || l === 'D' ? 'aisle' : 'window'}" data-who="seat-${row}${l}"></button>`)).join('')}</div>`).join('')}</div>`;
    const seat = await record(seats([]), 'button[aria-label^="Seat 14C"]');
    assert.ok(seat.peers?.includes("seat 14d, aisle"), JSON.stringify(seat.peers));
    assert.equal(await whoActedOn(seats(['14C']), seat), null);

    // A run's "Pause" gone, "Stop" (another action) and a renamed look-alike beside it: the other action stands in the way.
    const run = (buttons: [string, string?][]) => `<table><tbody><tr><td>Fix flaky checkout test</td><td>#1479</td><td></td></tr><tr><td>Add pagination</td><td>#1483</td><td>${buttons.map(([label, who]) => `<button type="button" aria-label="${label}"${who ? ` data-who="${who}"` : ''}>•</button>`).join('')}</td></tr></tbody></table>`;
    const pause = await record(run([['Pause run #1483', 'pause'], ['More actions for run #1483', 'more']]), 'button[aria-label^="Pause"]');
    assert.equal(await whoActedOn(run([['Stop run #1483', 'stop'], ['Options for run #1483', 'more']]), pause), null);

    // Runs: "#1479" is an identifier its row showed; run #1478 of the same commit is another row. A run's "Cancel" gone
    // while the "More actions" beside it was renamed: its label and glyph both changed, it is not the Cancel.
    const runs = (list: [number, string, [string, string, string?][]][]) => `<table><tbody>${list.map(([num, duration, buttons]) => `<tr><td><span>Fix flaky checkout test</span> #${num} fix/checkout-flake mlopez</td><td>${duration}</td>`
      + `<td>${buttons.map(([label, glyph, who]) => `<button type="button" aria-label="${label}"${who ? ` data-who="${who}"` : ''}>${glyph}</button>`).join('')}</td></tr>`).join('')}`
      + `<tr><td><span>Bump axios</span> #1484 dependabot</td><td>1m 02s</td><td><button type="button" aria-label="Re-run">↻</button></td></tr></tbody></table>`;
    const rerun = await record(runs([[1479, '7m 31s', [['Re-run', '↻', 'rerun-1479']]]]), 'button[data-who=rerun-1479]');
    assert.equal(await whoActedOn(runs([[1478, '7m 12s', [['Re-run', '↻', 'rerun-1478']]], [1479, '7m 31s', [['Re-run', '↻', 'rerun-1479']]]]), rerun), 'rerun-1479');
    assert.equal(await whoActedOn(runs([[1478, '7m 12s', [['Re-run', '↻', 'rerun-1478']]]]), rerun), null, 'run #1478 alone in its place');
    const cancel = await record(runs([[1483, '4m 02s', [['Cancel run #1483', '■', 'cancel'], ['More actions for run #1483', '⋯', 'more']]]]), 'button[data-who=cancel]');
    assert.equal(await whoActedOn(runs([[1483, '4m 02s', [['Stop run #1483', '■', 'cancel'], ['Options for run #1483', '⋯', 'more']]]]), cancel), 'cancel', 'cancel and stop name one action');
    assert.equal(await whoActedOn(runs([[1483, '4m 02s', [['Options for run #1483', '⋯', 'more']]]]), cancel), null);
  } finally {
    await browser.close();
  }
});

test('round 14 (the eighth hold-out): a name carrying a look-alike\'s whole name is that look-alike; "save" and "add" name one action', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Quick filters beside assignee avatars: every name copy-edited and the filters reordered. "Flagged as blocked"
    // (the recorded "Blocked"), "Updated recently" and "Show issues assigned to Priya Nair" carry a look-alike's name.
    const filters = (avatars: string[], quick: [string, string?][]) => `<form role="search"><input placeholder="Search backlog">`
      + `<div role="group" aria-label="Assignees">${avatars.map((a) => `<button type="button" aria-label="${a}">${a.split(' ').slice(-2).map((w) => w[0]).join('')}</button>`).join('')}</div>`
      + `<div role="group" aria-label="Quick filters">${quick.map(([label, who]) => `<button type="button"${who ? ` data-who="${who}"` : ''}>${label}</button>`).join('')}</div></form>`;
    const mine = await record(filters(['Priya Nair', 'Tom Becker'], [['Only my issues', 'mine'], ['Recently updated'], ['Blocked']]), 'button[data-who=mine]');
    assert.ok(mine.peers?.includes('blocked'), JSON.stringify(mine.peers));
    assert.equal(await whoActedOn(filters(['Show issues assigned to Tom Becker', 'Show issues assigned to Priya Nair'], [['Flagged as blocked'], ['Updated recently'], ['Assigned to me', 'mine']]), mine), 'mine');
    assert.equal(await whoActedOn(filters(['Priya Nair', 'Tom Becker'], [['Flagged as blocked'], ['Updated recently']]), mine), null, 'the filter removed: no look-alike renamed in its place');

    // Tabs reordered and renamed: "Guest reviews (1,942)" is the recorded "Reviews (1,942)", "Info & prices" the rooms.
    const tabs = (list: [string, string?][]) => `<main><div role="tablist" aria-label="Property sections">${list.map(([label, who]) => `<button type="button" role="tab"${who ? ` data-who="${who}"` : ''}>${label}</button>`).join('')}</div></main>`;
    const rooms = await record(tabs([['Overview'], ['Rooms', 'rooms'], ['Facilities'], ['House rules'], ['Reviews (1,942)']]), 'button[data-who=rooms]');
    assert.equal(await whoActedOn(tabs([['Guest reviews (1,942)'], ['House rules'], ['Facilities'], ['Info & prices', 'rooms'], ['Overview']]), rooms), 'rooms');

    // A name keeping every word of the recorded one stays a candidate, whatever look-alike's name it carries too.
    const details = (list: [string, string?][]) => `<ul>${list.map(([label, who]) => `<li><button type="button"${who ? ` data-who="${who}"` : ''}>${label}</button></li>`).join('')}</ul>`;
    const show = await record(details([['Show details', 'show'], ['More'], ['Print']]), 'button[data-who=show]');
    assert.equal(await whoActedOn(details([['Show more details', 'show'], ['More'], ['Print']]), show), 'show');
  } finally {
    await browser.close();
  }
  // Adding to a collection and saving to it are one action: "Add to playlist" -> "Save to playlist" is a copy edit.
  const item = (name: string): Fingerprint => ({
    tag: 'button', role: 'menuitem', name, text: '', attributes: { type: 'button' }, id: '', classes: [], ancestry: ['li', 'ul', 'main'],
    context: '', position: [0, 1], place: [0, 4], peers: ['add to queue', 'go to artist', 'share'],
  });
  const verdict: { another?: boolean } = {};
  assert.ok(fingerprintAgreement(item('Add to playlist'), item('Save to playlist'), true, verdict) >= MIN_AGREEMENT && !verdict.another);
});

test('round 14: a rename chosen for its words is the only one keeping any within the margin of itself, not only of the best', () => {
  const recorded: Fingerprint = {
    tag: 'button', role: 'menuitem', name: 'Add to playlist', text: '', attributes: { type: 'button' }, id: '', classes: [], ancestry: ['li', 'ul', 'main'],
    context: '', position: [0, 1], place: [0, 4], peers: ['add to queue', 'go to artist', 'share'],
  };
  // The elements seen, each with its agreement on everything but the name.
  const choose = (expected: Fingerprint, elements: [label: string, others: number][]) => chooseRenamed([{
    count: elements.length, agreements: elements.map(() => 0.7), uids: elements.map((_, i) => i + 1), others: elements.map(([, o]) => o), labels: elements.map(([l]) => l),
  }], expected);
  const renamed = (elements: [string, number][]) => choose(recorded, elements);
  // "Show credits" leads; "Create playlist" (another menu's) is the only one keeping "playlist" within its margin, but
  // "Save to playlist", trailing "Create playlist" by less than the margin, keeps it too: no choice.
  assert.equal(renamed([['Show credits', 0.83], ['Create playlist', 0.8], ['Save to playlist', 0.75]]), null);
  // The margin clear of it, the one keeping words within the best's margin is chosen, as before.
  assert.deepEqual(renamed([['Show credits', 0.83], ['Create playlist', 0.8], ['Save to playlist', 0.7]])?.renamed, { from: 'Add to playlist', to: 'Create playlist' });
  // Two keeping words close to each other: the recorded name's numbers still decide when one alone keeps them all.
  const day: Fingerprint = { ...recorded, name: 'Wednesday 15 January, 6 times', peers: ['tuesday 14 january, 3 times', 'thursday 16 january, 2 times'] };
  const days = (elements: [string, number][]) => choose(day, elements);
  assert.deepEqual(days([['Friday 17 January', 0.9], ['Wednesday 15 January, 6 openings', 0.85], ['Wednesday 22 January, 8 openings', 0.8]])?.renamed?.to, 'Wednesday 15 January, 6 openings');
});

test('round 16: an icon button\'s own words ("CC") kept under a new label say which button it is; its glyph-only look-alikes do not', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A video player's controls, each an icon button named by its aria-label. A copy edit renames every one and the
    // redesign reorders them: "Captions" (showing "CC") becomes "Subtitles", still showing "CC", and "Mute" (a glyph)
    // lands in the recorded button's place.
    const controls = (buttons: [label: string, shows: string, who: string][]) => `<main><video></video><div class="controls">${buttons
      .map(([label, shows, who]) => `<button type="button" class="ctl" aria-label="${label}" data-who="${who}">${shows}</button>`).join('')}</div>`
      + '<form aria-label="Notes"><textarea aria-label="Note"></textarea><button type="submit">Save note</button></form></main>';
    const captions = await record(controls([['Play', '▶', 'play'], ['Rewind 10 seconds', '↺', 'rewind'], ['Captions', 'CC', 'captions'], ['Mute', '🔊', 'mute'], ['Settings', '⚙', 'settings']]), 'button[data-who=captions]');
    assert.equal(await whoActedOn(controls([['Play video', '▶', 'play'], ['Subtitles', 'CC', 'captions'], ['Back 10s', '↺', 'rewind'], ['Turn sound off', '🔊', 'mute'], ['Player settings', '⚙', 'settings']]), captions), 'captions');
    assert.equal(await whoActedOn(controls([['Play video', '▶', 'play'], ['Back 10s', '↺', 'rewind'], ['Turn sound off', '🔊', 'mute'], ['Player settings', '⚙', 'settings']]), captions), null, 'gone: no glyph button in its place');
  } finally {
    await browser.close();
  }
});

test('round 17 (the tenth hold-out): file formats, a look-alike renamed in other words, a row\'s data kept, ids renumbered under a label\'s for, where and what disagreeing', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const { whoActedOn, record } = replayer(page);
    // A report's actions menu. The ZIP of receipts renamed keeps its format; gone, a new PDF of them or the CSV export
    // renamed is another download.
    const menu = (items: [label: string, who: string][]) => `<main><ul role="menu" aria-label="Report actions">${items
      .map(([label, who]) => `<li role="none"><button type="button" role="menuitem" data-who="${who}">${label}</button></li>`).join('')}</ul></main>`;
    const zip = await record(menu([['Download report (PDF)', 'pdf'], ['Download receipts (ZIP)', 'zip'], ['Export to CSV', 'csv'], ['Print', 'print']]), 'button[data-who=zip]');
    assert.equal(await whoActedOn(menu([['Download report (.pdf)', 'pdf'], ['Download all receipts (.zip)', 'zip'], ['Export lines (.csv)', 'csv'], ['Print', 'print']]), zip), 'zip');
    assert.equal(await whoActedOn(menu([['Download report (PDF)', 'pdf'], ['Download receipts (single PDF)', 'receipts-pdf'], ['Export to CSV', 'csv'], ['Print', 'print']]), zip), null, 'another format: no rename');
    assert.equal(await whoActedOn(menu([['Download report (.pdf)', 'pdf'], ['Export lines (.csv)', 'csv'], ['Print', 'print']]), zip), null, 'the CSV export renamed is not the ZIP');
    // Reordered and renamed: the ZIP keeping every word of its name is no rename rivalled by "Change approver"
    // ("Reassign approver" renamed) in its place, which keeps none.
    const withApprover = await record(menu([['Download report (PDF)', 'pdf'], ['Download receipts (ZIP)', 'zip'], ['Export to CSV', 'csv'], ['Print', 'print'], ['Reassign approver', 'approver'], ['View audit trail', 'audit']]), 'button[data-who=zip]');
    assert.equal(await whoActedOn(menu([['See audit log', 'audit'], ['Change approver', 'approver'], ['Print', 'print'], ['Export lines (.csv)', 'csv'], ['Download all receipts (.zip)', 'zip'], ['Download report (.pdf)', 'pdf']]), withApprover), 'zip');

    // A line's menu: "Split line" renamed beside "Remove line" renamed "Delete line" (another action than splitting,
    // but the recorded look-alike in other words, not a rival).
    const lineMenu = (split: string, batch: string, remove: string) => `<main><form aria-label="Transfer"><ul role="menu" aria-label="Line actions">${[[split, 'split'], [batch, 'batch'], [remove, 'remove']]
      .map(([label, who]) => `<li role="none"><button type="button" role="menuitem" data-who="${who}">${label}</button></li>`).join('')}</ul></form></main>`;
    const split = await record(lineMenu('Split line', 'Change batch', 'Remove line'), 'button[data-who=split]');
    assert.equal(await whoActedOn(lineMenu('Split into two lines', 'Pick another batch', 'Delete line'), split), 'split');
    const deleteLine = (await prints(page, 'button')).find((p) => p.name === 'Delete line')!;
    const verdict: { another?: boolean; rival?: number } = {};
    fingerprintAgreement(split, deleteLine, true, verdict);
    assert.deepEqual(verdict, { another: true }, '"Remove line" renamed: ruled out, and no rival of another action');

    // An expense line's merchant cell: its name extended and the row's receipt column reworded, the row's day and
    // amount kept. The row gone, another merchant's row keeping neither is no rename.
    const table = (rows: [day: string, merchant: string, amount: string, receipt: string][]) => `<main><table aria-label="Expenses"><tbody>${rows
      .map(([day, merchant, amount, receipt]) => `<tr><td>${day}</td><td data-who="${merchant.split(' ')[0]!.toLowerCase()}">${merchant}</td><td>${amount}</td><td>${receipt}</td></tr>`).join('')}</tbody></table></main>`;
    const mercado = await record(table([['2 Sep', 'Bolt', '€9.80', 'Yes'], ['3 Sep', 'Mercado Central', '€62.50', 'No'], ['4 Sep', 'Pastelaria Versailles', '€14.20', 'Yes']]), 'td[data-who=mercado]');
    assert.equal(await whoActedOn(table([['2 Sep', 'Bolt', '€9.80', 'Attached'], ['3 Sep', 'Mercado Central Lisboa', '€62.50', 'Missing'], ['4 Sep', 'Pastelaria Versailles', '€14.20', 'Attached']]), mercado), 'mercado');
    assert.equal(await whoActedOn(table([['2 Sep', 'Bolt', '€9.80', 'Attached'], ['5 Sep', 'Mercado da Ribeira', '€31.00', 'Missing'], ['4 Sep', 'Pastelaria Versailles', '€14.20', 'Attached']]), mercado), null);

    // A label whose control's id was renumbered by the build: its \`for\` still names the same control.
    const notes = (ids: string, chilled: string) => `<main><form aria-label="Delivery"><label for="notes${ids}">Notes for the driver</label><textarea id="notes${ids}"></textarea>`
      + `<input type="checkbox" id="chilled${ids}" name="chilled"><label for="chilled${ids}" data-who="chilled">${chilled}</label>`
      + `<input type="checkbox" id="lift${ids}" name="lift"><label for="lift${ids}">Destination needs a tail lift</label><button type="submit">Submit</button></form></main>`;
    const chilled = await record(notes('', 'Chilled goods: needs a temperature-controlled vehicle'), 'label[data-who=chilled]');
    assert.equal(await whoActedOn(notes('_7', 'Needs a refrigerated vehicle'), chilled), 'chilled');
    const agreementOf = async (ids: string) => {
      await page.setContent(notes(ids, 'Needs a refrigerated vehicle'));
      return fingerprintAgreement(chilled, (await prints(page, 'label[data-who=chilled]'))[0]!, true);
    };
    assert.equal(await agreementOf('_7'), await agreementOf(''), 'the ids renumbered take nothing from it');

    // Flights and their fares: TP 1363's Standard fare sold out, a codeshare BA 7063 at the same times still sells
    // one. Its flight number gone, the outer item is another flight, however many of its times it shares.
    const flight = (number: string, times: string, fares: [fare: string, price: string, who: string][]) => `<li><h3>${number}</h3><p>${times} LHR LIS</p><ul>${fares
      .map(([fare, price, who]) => `<li><span>${fare}</span> <span>${price}</span> <button type="button" data-who="${who}">Select</button></li>`).join('')}</ul></li>`;
    const flights = (list: string[]) => `<main><ol aria-label="Results">${list.join('')}</ol></main>`;
    const other = flight('TP 1351', '11:20 14:05 2h 45m', [['Basic', '£39', 'tp1351-basic'], ['Standard', '£58', 'tp1351-standard']]);
    const standard = await record(flights([flight('TP 1363', '07:05 09:45 2h 40m', [['Basic', '£48', 'tp-basic'], ['Standard', '£67', 'tp-standard']]), other]), 'button[data-who=tp-standard]');
    assert.equal(await whoActedOn(flights([flight('TP 1363', '07:05 09:45 2h 40m', [['Basic', '£48', 'tp-basic']]), flight('BA 7063', '07:05 09:45 2h 40m', [['Basic', '£55', 'ba-basic'], ['Standard', '£74', 'ba-standard']]), other]), standard), null);

    // Policy findings reordered and reworded: the finding in the recorded one's place keeps one word of it, the recorded
    // one reworded keeps most. Where it is and what it says disagree: no choice.
    const findings = (items: [text: string, who: string][]) => `<main><section aria-label="Policy checks"><ul>${items.map(([text, who]) => `<li data-who="${who}">${text}</li>`).join('')}</ul></section></main>`;
    const receipt = await record(findings([['Over nightly limit: Hotel Avenida Palace, 2–5 Sep', 'hotel'], ['Receipt missing: Mercado Central, 3 Sep', 'receipt']]), 'li[data-who=receipt]');
    assert.notEqual(await whoActedOn(findings([['No receipt for Mercado Central on 3 Sep', 'receipt'], ['Hotel Avenida Palace costs €228 a night, above the limit (2–5 Sep)', 'hotel']]), receipt), 'hotel');
  } finally {
    await browser.close();
  }
});

test('round 18 (the eleventh hold-out): "order" names sorting too; a bare number of six digits is a row\'s identifier; a hyphenated word is words', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // "Sort by" -> "Order by": the same action in other words, not buying.
    const sort = (label: string) => `<main><label for="s">${label}</label><select id="s" name="sort" data-who="sort"><option value="name">Medicine name</option><option value="next">Next refill date</option></select>`
      + '<label for="p">Pharmacy</label><select id="p" name="store"><option>High Street</option></select></main>';
    const sortBy = await record(sort('Sort by'), 'select[data-who=sort]');
    assert.equal(await whoActedOn(sort('Order by'), sortBy), 'sort');

    // Prescriptions, each row showing its number: the row's copy edited ("with meals" -> "with food", "HCl" added), the
    // number kept says which row it is; a look-alike row with another number is another.
    const rows = (list: [name: string, rx: string, note: string, who: string][], refill: string) => `<main><table aria-label="Active prescriptions"><tbody>${list
      .map(([name, rx, note, who]) => `<tr><td><span>${name}</span></td><td>${rx}</td><td>${note}</td><td><button type="button" name="refill" data-who="${who}">${refill}</button></td></tr>`).join('')}</tbody></table></main>`;
    const refill = await record(rows([['Lisinopril 10 mg tablets', '6038821', 'once a day', 'lisinopril'], ['Metformin 500 mg tablets', '6039417', 'twice with meals', 'metformin'], ['Atorvastatin 20 mg tablets', '6038822', 'at night', 'atorvastatin']], 'Request refill'), 'button[data-who=metformin]');
    assert.equal(await whoActedOn(rows([['Lisinopril 10 mg tablet', '6038821', 'once daily', 'lisinopril'], ['Metformin HCl 500 mg tablet', '6039417', 'twice with food', 'metformin'], ['Metformin HCl ER 500 mg tablet', '6040233', 'with dinner', 'metformin-er'], ['Atorvastatin 20 mg tablet', '6038822', 'at bedtime', 'atorvastatin']], 'Refill'), refill), 'metformin');

    // A row's menu: "Pause auto-refill" renamed "Turn off automatic refills" beside its look-alikes renamed too.
    const menu = (items: [label: string, who: string][]) => `<main><table aria-label="Prescriptions"><tbody><tr><td>Sertraline 50 mg</td><td>6037160</td><td><ul role="menu" aria-label="Actions for Sertraline">${items
      .map(([label, who]) => `<li role="menuitem" data-who="${who}">${label}</li>`).join('')}</ul></td></tr></tbody></table></main>`;
    const pause = await record(menu([['View fill history', 'history'], ['Pause auto-refill', 'pause'], ['Transfer to another pharmacy', 'transfer'], ['Hide from this list', 'hide']]), 'li[data-who=pause]');
    assert.equal(await whoActedOn(menu([['Past fills', 'history'], ['Turn off automatic refills', 'pause'], ['Move to a different pharmacy', 'transfer'], ['Hide prescription', 'hide']]), pause), 'pause');
  } finally {
    await browser.close();
  }
});

test('round 17: a rename just below the agreement is taken when it leads by the margin, keeps most words and has no twin', () => {
  const recorded: Fingerprint = {
    tag: 'button', role: 'button', name: 'Continue to payment', text: '', attributes: { type: 'submit' }, id: '', classes: [], ancestry: ['form', 'aside', 'main'],
    context: '', position: [0, 1], place: [3, 4], peers: ['remove row g seat 8', 'apply'],
  };
  const renamed = (elements: [label: string, others: number][]) => chooseRenamed([{
    count: elements.length, agreements: elements.map(() => 0.7), uids: elements.map((_, i) => i + 1), others: elements.map(([, o]) => o), labels: elements.map(([l]) => l),
  }], recorded);
  assert.deepEqual(renamed([['Go to payment', 0.69], ['Buy with Apple Pay', 0.59]])?.renamed, { from: 'Continue to payment', to: 'Go to payment' });
  assert.equal(renamed([['Checkout', 0.69], ['Buy with Apple Pay', 0.59]]), null, 'keeping no word, below the agreement');
  assert.equal(renamed([['Go to payment', 0.69], ['Buy with Apple Pay', 0.63]]), null, 'not leading by the margin');
  assert.equal(renamed([['Go to payment', 0.69], ['Go to payment', 0.55]]), null, 'a twin reads its new name');
  assert.equal(renamed([['Go to payment', 0.66], ['Buy with Apple Pay', 0.5]]), null, 'below by more than the margin');
  // Where and what disagreeing: the leader keeps no word, another keeping most agrees enough.
  assert.equal(renamed([['Buy with Apple Pay', 0.9], ['Go to payment', 0.8]]), null);
});

test('round 15 (the ninth hold-out): a label carrying its item\'s data vouches for the item; a name kept by an element of another role is no element of the recorded kind', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Saved searches, each with icon buttons named after it. Copy edits rename the buttons and rewrite the row's
    // alert frequency: "Clifton flats", kept in the new label and still shown by the row, says which row it is.
    const searches = (rows: [name: string, price: string, alerts: string][], edit: string, remove: string) => `<aside><h2>Your saved searches</h2><ul>${rows.map(([name, price, alerts]) => `<li><a href="#s">${name}</a> <span>${price}</span> <span>${alerts}</span>`
      + `<button type="button" aria-label="${edit} ${name}">✎</button><button type="button" aria-label="${remove} ${name}" data-who="delete-${name.split(' ')[0]!.toLowerCase()}">🗑</button></li>`).join('')}</ul></aside>`;
    const ROWS: [string, string, string][] = [['Bishopston houses', '£450,000', 'Daily'], ['Clifton flats', '£350,000', 'Instant'], ['Southville 2-beds', '£325,000', 'Weekly']];
    const remove = await record(searches(ROWS, 'Edit saved search', 'Delete saved search'), 'button[data-who=delete-clifton]');
    const edited = ROWS.map(([name, price, alerts]): [string, string, string] => [name, `${price}, 2 beds or more`, alerts === 'Instant' ? 'As they happen' : alerts === 'Daily' ? 'Once a day' : 'Once a week']);
    assert.equal(await whoActedOn(searches(edited, 'Edit', 'Remove'), remove), 'delete-clifton');
    assert.equal(await whoActedOn(searches(edited.filter(([name]) => name !== 'Clifton flats'), 'Edit', 'Remove'), remove), null, 'its row gone: no other row\'s button');

    // A VM's action menu and the list's toolbar both say "Stop": the menu item renamed "Stop VM" is a rename, the
    // toolbar's button (no menu item) does not keep the name on the page.
    const page = (item: string, toolbar: boolean) => `${toolbar ? '<div role="toolbar"><button type="button">Start</button><button type="button">Stop</button></div>' : ''}`
      + `<ul role="menu" aria-label="Actions for api-1"><li role="none"><button type="button" role="menuitem">Start</button></li><li role="none"><button type="button" role="menuitem" data-who="stop">${item}</button></li>`
      + `<li role="none"><button type="button" role="menuitem">Suspend</button></li><li role="none"><button type="button" role="menuitem">Delete</button></li></ul>`;
    const stop = await record(page('Stop', true), 'button[data-who=stop]');
    assert.equal(await whoActedOn(page('Stop VM', true), stop), 'stop');
    assert.equal(await whoActedOn(page('Stop VM', false), stop), 'stop');
  } finally {
    await browser.close();
  }
});

test('round 19 (the twelfth hold-out): a look-alike\'s name cut short is that look-alike; an icon swapped is another item; an icon beside a wrapped name', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Scenes: buttons holding an icon and the scene's name in spans; the step clicked the name.
    type Scene = [icon: string, name: string, who: string];
    const scenes = (list: Scene[], wrapped = false) => `<main><section aria-labelledby="t"><h2 id="t">Scenes</h2><div>${list
      .map(([icon, name, who]) => `<button type="button" data-who="${who}"><span aria-hidden="true">${icon}</span><span>${name}</span></button>`)
      .map((button) => (wrapped ? `<span class="item">${button}</span>` : button)).join(' ')}<button type="button">New scene</button></div></section></main>`;
    const MORNING: Scene = ['☀', 'Good morning', 'morning'];
    const AWAY: Scene = ['🚪', 'Away', 'away'];
    const MOVIE: Scene = ['🎬', 'Movie night', 'movie'];
    const NIGHT: Scene = ['🌙', 'Good night', 'night'];
    const movie = await record(scenes([MORNING, AWAY, MOVIE, NIGHT]), 'button[data-who=movie] span:not([aria-hidden])');
    // Deleted, with a new scene of another icon in its place: not renamed "Movie marathon", whatever words it keeps.
    assert.equal(await whoActedOn(scenes([MORNING, AWAY, ['🍿', 'Movie marathon', 'marathon'], NIGHT]), movie), null);
    // Renamed, its icon kept, it is found.
    assert.equal(await whoActedOn(scenes([MORNING, AWAY, ['🎬', 'Film night', 'movie'], NIGHT]), movie), 'movie');
    // Deleted while "Good morning" was cut to "Morning": that look-alike, not a rename of it.
    assert.equal(await whoActedOn(scenes([['☀', 'Morning', 'morning'], AWAY, NIGHT]), movie), null);
    // Each button wrapped in a span reading its icon and name: the wrapper is no twin of the name's span.
    assert.equal(await whoActedOn(scenes([MORNING, AWAY, MOVIE, NIGHT], true), movie), 'movie');

    // An invoice's line actions after the lines' Remove buttons.
    const invoice = (rows: string[], actions: [label: string, who: string][]) => `<main><form aria-label="Invoice"><table><tbody>${rows
      .map((row, i) => `<tr><td><input name="description" value="${row}"></td><td>£${(i + 2) * 150}.00</td><td><button type="button" aria-label="Remove ${row}">🗑</button></td></tr>`).join('')}</tbody></table>`
      + `<div>${actions.map(([label, who]) => `<button type="button" data-who="${who}">${label}</button>`).join(' ')}</div></form></main>`;
    const ROWS = ['Brand workshop', 'Logo design', 'Guidelines document'];
    const addLine = await record(invoice(ROWS, [['Add line item', 'add-line'], ['Add discount', 'discount']]), 'button[data-who=add-line]');
    // Reordered and renamed: "Discount" ("Add discount" cut short) in its place is that look-alike; "Add a line" is it.
    assert.equal(await whoActedOn(invoice(ROWS, [['Discount', 'discount'], ['Add a line', 'add-line']]), addLine), 'add-line');
  } finally {
    await browser.close();
  }
});

test('round 19: a rename leading alone is no choice when another of its group agreeing enough keeps as many of the words', () => {
  const recorded: Fingerprint = {
    tag: 'button', role: 'button', name: 'Add line item', text: '', attributes: { type: 'button' }, id: '', classes: [], ancestry: ['form', 'main'],
    context: '', position: [0, 1], place: [5, 7], peers: ['remove brand workshop', 'remove logo design', 'add discount'],
  };
  const renamed = (elements: [label: string, others: number, group: string][]) => chooseRenamed([{
    count: elements.length, agreements: elements.map(() => 0.7), uids: elements.map((_, i) => i + 1), others: elements.map(([, o]) => o),
    labels: elements.map(([l]) => l), groups: elements.map(([, , g]) => g),
  }], recorded);
  // "Add from your items", new after it and so in its place counted from the end, leads "Add a line" by its place
  // alone; each keeps one of "line" and "item".
  assert.equal(renamed([['Add from your items', 0.906, 'invoice'], ['Add a line', 0.823, 'invoice']]), null);
  // One of another group keeping as many words is not of its kind: the leader is chosen.
  assert.deepEqual(renamed([['Add from your items', 0.906, 'invoice'], ['Add a line', 0.823, 'saved items']])?.renamed, { from: 'Add line item', to: 'Add from your items' });
  // Nor does one keeping fewer words stand in the way.
  assert.deepEqual(renamed([['Add a line', 0.906, 'invoice'], ['Add a discount', 0.823, 'invoice']])?.renamed, { from: 'Add line item', to: 'Add a line' });
});

test('round 20 (the thirteenth and fourteenth hold-outs): a name naming its row\'s data names no other row\'s; a name\'s time is data; a look-alike\'s name inflected is that look-alike', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Loans, each row's Renew button naming its book.
    type Loan = [title: string, author: string, due: string, who: string];
    const loans = (rows: Loan[], renew: (title: string) => string) => `<main><section aria-labelledby="l"><h2 id="l">Items you have on loan</h2><table><tbody>${rows
      .map(([title, author, due, who]) => `<tr><td>${title}</td><td>${author}</td><td>Due ${due}</td><td><button type="button" data-who="${who}">${renew(title)}</button></td></tr>`).join('')}</tbody></table></section></main>`;
    const PIRANESI: Loan = ['Piranesi', 'Susanna Clarke', '12 June', 'piranesi'];
    const OVERSTORY: Loan = ['The Overstory', 'Richard Powers', '14 June', 'overstory'];
    const SWEETGRASS: Loan = ['Braiding Sweetgrass', 'Robin Wall Kimmerer', '9 June', 'sweetgrass'];
    const renew = await record(loans([PIRANESI, OVERSTORY, SWEETGRASS], (title) => `Renew ${title}`), 'button[data-who=overstory]');
    // Returned, a new loan by the same author in its place: "Renew Bewilderment" names another row's book.
    assert.equal(await whoActedOn(loans([PIRANESI, ['Bewilderment', 'Richard Powers', '20 June', 'bewilderment'], SWEETGRASS], (title) => `Renew ${title}`), renew), null);
    // The buttons' copy edited, the titles still in their rows: found.
    assert.equal(await whoActedOn(loans([PIRANESI, OVERSTORY, SWEETGRASS], () => 'Renew loan'), renew), 'overstory');

    // Classes, each card's waitlist button naming its class and time.
    type Class = [name: string, time: string, instructor: string, who: string];
    const classes = (cards: Class[]) => `<main><ol aria-label="Thu 13">${cards.map(([name, time, instructor, who]) => `<li><article><h3>${name}</h3><p>${time} · ${instructor}</p>`
      + `<footer><button type="button" data-who="${who}">Join waitlist for ${name} at ${time}</button></footer></article></li>`).join('')}</ol></main>`;
    const PILATES: Class = ['Reformer Pilates', '07:00', 'Sam Okafor', 'pilates'];
    const YOGA: Class = ['Power Yoga', '19:00', 'Ellie Grant', 'yoga'];
    const waitlist = await record(classes([PILATES, YOGA]), 'button[data-who=yoga]');
    // Full and gone, a later class of much the same name in its place: another time is another class.
    assert.equal(await whoActedOn(classes([PILATES, ['Hot Power Yoga', '19:15', 'Ellie Grant', 'hot-yoga']]), waitlist), null);

    // Pipeline stages: "Screening" deleted, "Interview" written "Interviewing" in its place: that stage, not a rename.
    const stages = (names: [label: string, who: string][]) => `<main><nav aria-label="Pipeline stages">${names
      .map(([label, who]) => `<a href="#" data-who="${who}"><span>${label}</span></a>`).join('')}</nav></main>`;
    const screening = await record(stages([['Applied', 'applied'], ['Screening', 'screening'], ['Interview', 'interview'], ['Offer', 'offer']]), 'a[data-who=screening] span');
    assert.equal(await whoActedOn(stages([['Applied', 'applied'], ['Interviewing', 'interview'], ['Offer', 'offer']]), screening), null);
    assert.equal(await whoActedOn(stages([['Applied', 'applied'], ['Phone screen', 'screening'], ['Interview', 'interview'], ['Offer', 'offer']]), screening), 'screening');
  } finally {
    await browser.close();
  }
});

test('round 21 (the fifteenth hold-out): a cell\'s column and a bare row\'s field values tell twins apart on the unchanged page; another column or row is never taken', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const { whoActedOn, record } = replayer(page);
    // A gradebook: a "Late" checkbox in every assignment's cell of a student's row.
    type Column = [title: string, key: string];
    const grades = (columns: Column[], students = ['Amara Okafor', 'Ben Carter']) => `<main><table aria-label="Scores"><thead><tr><th>Student</th>${columns
      .map(([title]) => `<th scope="col">${title}</th>`).join('')}</tr></thead><tbody>${students
      .map((s) => `<tr><th scope="row">${s}</th>${columns.map(([, key]) => `<td><input aria-label="Score" value="7"><label data-who="${s.split(' ')[0]!.toLowerCase()}-${key}"><input type="checkbox" name="late"> <span>Late</span></label></td>`).join('')}</tr>`).join('')}</tbody></table></main>`;
    const HW: Column = ['Homework 4: Forces', 'hw'];
    const QUIZ: Column = ['Quiz: Energy stores', 'quiz'];
    const LAB: Column = ['Lab report: Density', 'lab'];
    const late = await record(grades([HW, QUIZ, LAB]), 'label[data-who=ben-lab] input');
    assert.equal(late.column, 'Lab report: Density', 'the words of its header the other headers lack');
    // Before, its three twins in the row tied and the unchanged page failed.
    assert.equal(await whoActedOn(grades([HW, QUIZ, LAB]), late), 'ben-lab');
    assert.equal(await whoActedOn(grades([LAB, QUIZ, HW]), late), 'ben-lab', 'the columns reordered');
    assert.equal(await whoActedOn(grades([HW, QUIZ, ['Lab report: Density (practical)', 'lab']]), late), 'ben-lab', 'its header edited, its words kept');
    assert.equal(await whoActedOn(grades([HW, QUIZ]), late), null, 'its column gone: the homework\'s is another one');
    // One "Late" per row: its row tells it, and no column is recorded (a header rewritten wholly stays no matter).
    const single = await record(grades([LAB]), 'label[data-who=ben-lab] input');
    assert.equal(single.column, undefined);
    assert.equal(await whoActedOn(grades([['Practical write-up', 'lab']]), single), 'ben-lab');

    // Chapters, each row two inputs and a "Remove chapter" icon: the rows differ only in what their fields hold.
    type Chapter = [start: string, title: string, who: string];
    const chapters = (rows: Chapter[]) => `<main><section aria-label="Chapters"><ol>${rows.map(([start, title, who]) => `<li><input aria-label="Start" value="${start}">`
      + `<input aria-label="Title" value="${title}"><input type="password" aria-label="Key" value="${who}-s3cret"><button type="button" aria-label="Remove chapter" data-who="${who}">🗑</button></li>`).join('')}</ol></section></main>`;
    const OPEN: Chapter = ['00:00', 'Cold open', 'open'];
    const BUS: Chapter = ['03:15', 'Boarding the N29', 'bus'];
    const MAIL: Chapter = ['18:40', 'Listener mail', 'mail'];
    const CREDITS: Chapter = ['44:50', 'Credits', 'credits'];
    const remove = await record(chapters([OPEN, BUS, MAIL, CREDITS]), 'button[data-who=mail]');
    assert.deepEqual(remove.fields, ['18:40', 'Listener mail'], 'the values its row alone holds; never a password\'s');
    assert.equal(await whoActedOn(chapters([OPEN, BUS, MAIL, CREDITS]), remove), 'mail');
    assert.equal(await whoActedOn(chapters([CREDITS, MAIL, BUS, OPEN]), remove), 'mail', 'the rows reordered');
    assert.equal(await whoActedOn(chapters([OPEN, BUS, CREDITS]), remove), null, 'its row gone: no other chapter\'s');

    // Answer options named by their position, "Option 3" the recorded "Neutral": one inserted before it, it reads
    // "Option 4", and the new "Option 3" is another row.
    const options = (values: [value: string, who: string][]) => `<main><fieldset><legend>Answer options</legend><ol>${values
      .map(([value, who], i) => `<li><input type="text" name="options[]" aria-label="Option ${i + 1}" value="${value}" data-who="${who}"><button type="button" aria-label="Remove option ${i + 1}">×</button></li>`).join('')}</ol></fieldset></main>`;
    const neutral = await record(options([['Very satisfied', 'v'], ['Satisfied', 's'], ['Neutral', 'neutral'], ['Dissatisfied', 'd']]), 'input[data-who=neutral]');
    assert.deepEqual(neutral.fields, ['Neutral']);
    assert.equal(await whoActedOn(options([['Very satisfied', 'v'], ['Satisfied', 's'], ['Not sure', 'not-sure'], ['Neutral', 'neutral'], ['Dissatisfied', 'd']]), neutral), 'neutral');
    assert.equal(await whoActedOn(options([['Very satisfied', 'v'], ['Satisfied', 's'], ['Not sure', 'not-sure'], ['Dissatisfied', 'd']]), neutral), null);
  } finally {
    await browser.close();
  }
});

test('round 21: a recording without a column or field values is judged as before; a redacted value is no evidence', () => {
  const button: Fingerprint = { tag: 'button', role: 'button', name: 'Remove chapter', text: '🗑', attributes: { type: 'button', 'aria-label': 'Remove chapter' }, id: '', classes: [], ancestry: ['li', 'ol'], context: '', position: [2, 4], place: [2, 4] };
  const other: Fingerprint = { ...button, position: [1, 4], place: [1, 4], column: 'quiz energy stores', fields: ['03:15', 'Boarding the N29'] };
  assert.equal(fingerprintAgreement(button, other), fingerprintAgreement(button, { ...other, column: undefined, fields: undefined }), 'nothing recorded, nothing judged');
  const verdict: { another?: boolean } = {};
  fingerprintAgreement({ ...button, fields: ['18:40'] }, other, false, verdict);
  assert.equal(verdict.another, true, 'none of the recorded values: another row');
  const redacted: { another?: boolean } = {};
  fingerprintAgreement({ ...button, fields: ['${CHAPTER_KEY}', 'ab****1234'] }, other, false, redacted);
  assert.equal(redacted.another, undefined, 'a placeholder or a mask says nothing');
  const columnVerdict: { another?: boolean } = {};
  fingerprintAgreement({ ...button, column: 'Lab report Density' }, other, false, columnVerdict);
  assert.equal(columnVerdict.another, true, 'another column');
  const abbreviated: { another?: boolean } = {};
  fingerprintAgreement({ ...button, column: 'Mo' }, { ...other, column: 'Mon' }, false, abbreviated);
  assert.equal(abbreviated.another, undefined, 'a header word written out is kept');
});

test('round 21 (the fourteenth hold-out): a card\'s other buttons outside its footer are its look-alikes too, never its rename', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    type Card = [name: string, time: string, action: string | null];
    const cards = (list: Card[]) => `<main><ol aria-label="Thu 13">${list.map(([name, time, action]) => `<li><article><header><time>${time}</time><h3>${name}</h3>`
      + `<button type="button" aria-label="About ${name}" data-who="about-${name}">i</button></header><p>with Ellie Grant</p>`
      + `<footer>${action === null ? '<span>Waitlist full</span>' : `<button type="button" data-who="action-${name}">${action} <span>for ${name} at ${time}</span></button>`}</footer></article></li>`).join('')}</ol></main>`;
    const PILATES: Card = ['Reformer Pilates', '07:00', 'Book'];
    const waitlist = await record(cards([PILATES, ['Power Yoga', '19:00', 'Join waitlist']]), 'button[data-who="action-Power Yoga"]');
    assert.ok(waitlist.peers?.includes('about power yoga'), 'the card\'s own About button, outside the footer');
    // The waitlist closed: the card's About button, there when the step was recorded, is no rename of it.
    assert.equal(await whoActedOn(cards([PILATES, ['Power Yoga', '19:00', null]]), waitlist), null);
    assert.equal(await whoActedOn(cards([PILATES, ['Power Yoga', '19:00', 'Join the waitlist']]), waitlist), 'action-Power Yoga', 'a copy edit still replays');
  } finally {
    await browser.close();
  }
});

test('round 22 (the seventeenth and sixteenth hold-outs): a table body\'s heading row names its group; twins told by their rows; a new name extending another is no rename', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A budget: a table body per group, opening with its heading row, closing with an "+ Add category" of its own.
    type Group = [name: string, categories: string[], beside?: string];
    const budget = (groups: Group[], heading = (name: string) => `<th scope="rowgroup"><button type="button" aria-label="Collapse ${name}">▾</button> ${name}</th><td>$0.00</td>`) =>
      `<main><table aria-label="Budget"><thead><tr><th>Category</th><th>May</th></tr></thead>${groups.map(([name, categories, beside]) => `<tbody><tr>${heading(name)}</tr>`
        + categories.map((c) => `<tr><th scope="row">${c}</th><td><input aria-label="${c} in May" value="10.00"></td></tr>`).join('')
        + `<tr><td colspan="2"><button type="button" data-who="add-${name}">+ Add category</button>${beside ? ` <button type="button">${beside}</button>` : ''}</td></tr></tbody>`).join('')}</table></main>`;
    const BILLS: Group = ['Bills', ['Rent', 'Energy']];
    const EVERYDAY: Group = ['Everyday', ['Groceries', 'Eating out']];
    const SAVINGS: Group = ['Savings goals', ['Holiday']];
    const add = await record(budget([BILLS, EVERYDAY, SAVINGS]), 'button[data-who=add-Everyday]');
    assert.equal(add.group, 'everyday', 'its body\'s heading row, its collapse arrow no word of it');
    // Before, the three "+ Add category" tied and the unchanged page failed.
    assert.equal(await whoActedOn(budget([BILLS, EVERYDAY, SAVINGS]), add), 'add-Everyday');
    assert.equal(await whoActedOn(budget([SAVINGS, EVERYDAY, BILLS]), add), 'add-Everyday', 'the groups reordered');
    assert.equal(await whoActedOn(budget([BILLS, ['Everyday', ['Groceries', 'Eating out'], '+ Add group'], SAVINGS]), add), 'add-Everyday', 'a button put beside it in its row');
    assert.equal(await whoActedOn(budget([BILLS, SAVINGS]), add), null, 'its group gone: another group\'s is never taken');
    const single = (name: string) => `<th colspan="2">${name}</th>`;
    const plain = await record(budget([BILLS, EVERYDAY, SAVINGS], single), 'button[data-who=add-Everyday]');
    assert.equal(plain.group, 'everyday', 'a heading row of one cell');
    assert.equal(await whoActedOn(budget([SAVINGS, EVERYDAY, BILLS], single), plain), 'add-Everyday');

    // A returns form: an item ordered in two colours, each a row reading the same but for its colour.
    type Item = [title: string, colour: string, who: string];
    const items = (list: Item[]) => `<main><section aria-label="Items"><ul>${list.map(([title, colour, who]) => `<li><p>${title}</p><p>${colour}</p><p>${title.startsWith('Merino') ? 'One size, sold by Northfold Knitwear' : 'Size M'}</p><p>£24.00</p>`
      + (who === 'coat' ? '' : `<label>Quantity to return <select name="quantity" data-who="${who}"><option>1</option><option>2</option></select></label>`)
      + `<label>Reason <select name="reason"><option>Too small</option></select></label></li>`).join('')}</ul></section></main>`;
    const COAT: Item = ['Wool-blend overcoat', 'Navy', 'coat'];
    const CHARCOAL: Item = ['Merino crew socks, 3 pack', 'Charcoal', 'charcoal'];
    const quantity = await record(items([COAT, CHARCOAL]), 'select[data-who=charcoal]');
    const GREY: Item = ['Merino crew socks, 3 pack', 'Grey marl', 'grey'];
    // Before, the grey pair's quantity, sharing every word of the recorded row but its colour, tied with it.
    assert.equal(await whoActedOn(items([COAT, CHARCOAL, GREY]), quantity), 'charcoal', 'a look-alike row beside it');
    assert.equal(await whoActedOn(items([GREY, COAT, CHARCOAL]), quantity), 'charcoal', 'reordered');
    assert.equal(await whoActedOn(items([COAT, GREY]), quantity), null, 'its row gone: the grey pair\'s is another row');

    // "+ Add record" renamed "+ New record", and a new "+ New record from a template" beside it, the toolbar reordered:
    // its place alone made the new one lead.
    const toolbar = (buttons: [label: string, who: string][]) => `<main><h1>DNS records</h1><div>${buttons.map(([label, who]) => `<button type="button" data-who="${who}">${label}</button>`).join(' ')}</div></main>`;
    const addRecord = await record(toolbar([['Import and export', 'import'], ['+ Add record', 'add'], ['Delete record', 'delete']]), 'button[data-who=add]');
    assert.equal(await whoActedOn(toolbar([['+ New record', 'add'], ['+ New record from a template', 'template'], ['Import and export', 'import'], ['Delete record', 'delete']]), addRecord), null, 'which one it became is a guess');
    assert.equal(await whoActedOn(toolbar([['Import and export', 'import'], ['+ New record', 'add'], ['Delete record', 'delete']]), addRecord), 'add', 'renamed alone, it is taken');
  } finally {
    await browser.close();
  }
});

test('round 23 (the eighteenth hold-out): a group counting its items is the same group; a datum made part of a compound is another datum; a row keeping only some of its values is another row', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A timeline: a table body per phase, its heading counting its tasks; each task row's name, its dates as fields,
    // and an "Indent" and a "Delete task" icon reading the same in every row.
    type Task = [name: string, start: string, end: string, who: string];
    type Phase = [name: string, tasks: Task[]];
    // Every row's "Depends on" select lists every task: each row's text holds every task's name.
    const plan = (phases: Phase[]) => `<main><table aria-label="Plan"><thead><tr><th>Task</th><th>Start</th><th>End</th><th></th></tr></thead>${phases.map(([phase, tasks]) => `<tbody><tr><th scope="rowgroup" colspan="4">${phase} · ${tasks.length} tasks</th></tr>${tasks
      .map(([name, start, end, who]) => `<tr><th scope="row">${name}</th><td><input aria-label="Start date" value="${start}"></td><td><input aria-label="End date" value="${end}"></td><td>${who === 'payment' || who === 'prototype' ? 20 : 10}d</td>`
        + `<td><select aria-label="Depends on"><option>None</option>${phases.flatMap(([, all]) => all).map(([other]) => `<option>${other}</option>`).join('')}</select></td>`
        + `<td><button type="button" aria-label="Indent" data-who="indent-${who}">⇥</button><button type="button" aria-label="Delete task" data-who="delete-${who}">🗑</button></td></tr>`).join('')}</tbody>`).join('')}</table></main>`;
    const SCHEMA: Task = ['Checkout schema', '01/07/2025', '11/07/2025', 'schema'];
    const PAYMENT: Task = ['Payment provider', '07/07/2025', '17/07/2025', 'payment'];
    const LEGACY: Task = ['Legacy cart cleanup', '14/07/2025', '25/07/2025', 'legacy'];
    const WIREFRAMES: Task = ['Wireframes', '02/06/2025', '12/06/2025', 'wireframes'];
    const EXPORT: Task = ['Legacy cart data export', '14/07/2025', '18/07/2025', 'export'];
    const design: Phase = ['2. Design', [WIREFRAMES, ['Prototype', '09/06/2025', '19/06/2025', 'prototype']]];
    const indent = await record(plan([design, ['3. Build', [SCHEMA, PAYMENT, LEGACY]]]), 'button[data-who=indent-payment]');
    assert.equal(indent.group, '3. build 3 tasks', 'its heading row\'s words, the "·" no word');
    // Two more tasks in its phase: its heading counts 5, and the design phase's "Indent" in a row of "20d" too agrees as
    // well (before, no twin was in a group of the recorded label, and the two tied).
    assert.equal(await whoActedOn(plan([design, ['3. Build', [SCHEMA, ['Tax rules', '21/07/2025', '31/07/2025', 'tax'], PAYMENT, LEGACY, EXPORT]]]), indent), 'indent-payment', 'its group counting more tasks');
    const remove = await record(plan([design, ['3. Build', [SCHEMA, PAYMENT, LEGACY]]]), 'button[data-who=delete-legacy]');
    assert.deepEqual(remove.fields, ['14/07/2025', '25/07/2025']);
    assert.equal(await whoActedOn(plan([design, ['3. Build', [LEGACY, SCHEMA, PAYMENT]]]), remove), 'delete-legacy', 'its rows reordered');
    // Its task deleted, another starting the same day in its place: one of its values kept, the other not.
    assert.equal(await whoActedOn(plan([design, ['3. Build', [SCHEMA, PAYMENT, EXPORT]]]), remove), null, 'a row keeping one of its two values is another row');

    // Tags, each a chip with its remove button named by the tag.
    const tags = (names: string[]) => `<main><aside aria-label="Tags"><ul>${names.map((t) => `<li>${t} <button type="button" aria-label="Remove tag ${t}" data-who="${t}">×</button></li>`).join('')}</ul></aside></main>`;
    const shipping = await record(tags(['billing', 'shipping', 'returns', 'vip']), 'button[data-who=shipping]');
    // Before, the tag "shipping-damage", in the removed tag's place, read enough like it and was acted on.
    assert.equal(await whoActedOn(tags(['billing', 'shipping-damage', 'returns', 'vip']), shipping), null, 'another tag');
    assert.equal(await whoActedOn(tags(['billing', 'shipping-damage', 'shipping', 'returns', 'vip']), shipping), 'shipping');
  } finally {
    await browser.close();
  }
});

test('round 23: a datum joined to a new word is another datum; the recorded name\'s own words joined are a copy edit', () => {
  const radio: Fingerprint = { tag: 'input', role: 'radio', name: 'N2 Balanced price and performance', text: '', attributes: { type: 'radio', name: 'series' }, id: '', classes: [], ancestry: ['label', 'fieldset'], context: '', position: [0, 1], place: [1, 4], peers: ['e2 cost-optimised, everyday workloads', 'c3 high performance'] };
  const copy: { another?: boolean } = {};
  fingerprintAgreement(radio, { ...radio, name: 'N2 Balanced price-performance' }, true, copy);
  assert.equal(copy.another, undefined, 'its own words hyphenated');
  const chip: Fingerprint = { tag: 'button', role: 'button', name: 'Remove tag shipping', text: '×', attributes: { type: 'button', 'aria-label': 'Remove tag shipping' }, id: '', classes: [], ancestry: ['li', 'ul'], context: '', position: [1, 4], place: [1, 4], peers: ['remove tag billing', 'remove tag returns'] };
  const datum: { another?: boolean } = {};
  fingerprintAgreement(chip, { ...chip, name: 'Remove tag shipping-damage', attributes: { type: 'button', 'aria-label': 'Remove tag shipping-damage' } }, false, datum);
  assert.equal(datum.another, true, 'the tag joined to a new word');
  const edited: { another?: boolean } = {};
  fingerprintAgreement(chip, { ...chip, name: 'Delete tag shipping', attributes: { type: 'button', 'aria-label': 'Delete tag shipping' } }, true, edited);
  assert.equal(edited.another, undefined, 'a copy edit keeping the tag whole');
});

test('round 24 (the nineteenth hold-out): a card\'s own words beside its reply box; a card\'s form rewritten in every card; synonyms, possessives, function words and prices', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A moderation queue: a card per comment, its decisions in a form reading the same in every card, and the reply
    // box open under one of them (a second form in its list item, to write in).
    type Card = { key: string; author: string; story: string; excerpt: string; reports?: number; reply?: boolean };
    const queue = (cards: Card[], copy = false, note = false) => {
      const t = (was: string, now: string) => (copy ? now : was);
      return `<main><h1>Moderation</h1><ol aria-label="Comments awaiting moderation">${cards.map((c) => `<li><div>`
        + `<input type="checkbox" name="selected" value="${c.key}" aria-label="${t(`Select comment by ${c.author}`, `Select ${c.author}’s comment`)}" data-who="select-${c.key}"> <a href="#u-${c.key}">${c.author}</a>`
        + (c.reports ? ` <button type="button" data-who="reports-${c.key}">⚑ ${t(`${c.reports} reports`, `Reported ${c.reports} times`)}</button>` : '')
        + `</div><p>On <a href="#s-${c.key}">${c.story}</a></p><blockquote>${c.excerpt}</blockquote>`
        + `<form><input type="hidden" name="comment" value="${c.key}"><button type="submit" name="decision" value="approve" class="btn-approve" data-who="approve-${c.key}">${t('Approve', 'Publish')}</button>`
        + ` <button type="submit" name="decision" value="reject" class="btn-reject" data-who="reject-${c.key}">${t('Reject', 'Hide')}</button>`
        + ` <button type="button" aria-label="${t(`More actions for ${c.author}’s comment`, `Comment options: ${c.author}`)}" data-who="more-${c.key}">⋯</button></form>`
        + (c.reply ? `<form><label for="reply">${t('Reply as The Harbour Gazette', 'Your reply (posted as The Harbour Gazette)')}</label><textarea id="reply" name="reply"></textarea>`
          + (note ? '<label>Note for other moderators <input name="note"></label>' : '')
          + `<label><input type="checkbox" name="notify"> ${t('Email the reader when the reply is published', 'Let the reader know by email')}</label> <button type="submit" data-who="post">${t('Post reply', 'Publish reply')}</button></form>` : '')
        + `</li>`).join('')}</ol></main>`;
    };
    const FERRIS: Card = { key: 'ferris', author: 'Tom Ferris', story: 'Leisure centre to close for two more years', excerpt: 'Fourteen million for a wall while the swimming baths have been shut two years.' };
    const ARDROSSAN: Card = { key: 'ardrossan', author: 'angry_in_ardrossan', story: 'Ferry timetable changes', excerpt: 'Whoever signed this off should be sacked.', reports: 3 };
    const ODUYA: Card = { key: 'oduya', author: 'Margaret Oduya', story: 'Ferry timetable changes', excerpt: 'The graphic still shows the 07:40 sailing.', reports: 2, reply: true };
    const REID: Card = { key: 'reid', author: 'Calum Reid', story: 'Opinion: the harbour contract deserves more scrutiny', excerpt: 'Funny how the contractor’s director plays golf with half the council.' };
    const cards = [FERRIS, ARDROSSAN, ODUYA, REID];
    // Before, its context was its decisions form alone ("Approve Reject"): every card's "Approve" tied, the page unchanged.
    const approve = await record(queue(cards), 'button[data-who=approve-oduya]');
    assert.match(approve.item || '', /Margaret Oduya/, 'its card\'s own words, not the reply box\'s');
    assert.doesNotMatch(approve.item || '', /Harbour Gazette/);
    assert.equal(await whoActedOn(queue(cards), approve), 'approve-oduya', 'the page unchanged');
    assert.equal(await whoActedOn(queue([...cards].reverse()), approve), 'approve-oduya', 'the cards reordered');
    // Its report badge, read from its list item: the reply box's copy rewritten, a field added to it, is not the card.
    const reports = await record(queue(cards), 'button[data-who=reports-oduya]');
    assert.equal(await whoActedOn(queue(cards, true, true), reports), 'reports-oduya', 'the badge and the reply box rewritten');
    // "Tom Ferris’s" names the "Tom Ferris" its card shows.
    const select = await record(queue(cards), 'input[data-who=select-ferris]');
    assert.equal(await whoActedOn(queue(cards, true), select), 'select-ferris', 'a possessive');
    // Every card's decisions rewritten at once ("Reject" -> "Hide"): its card's own words vouch for it, and the button's
    // value "reject" is no name of it left on the page.
    const reject = await record(queue(cards), 'button[data-who=reject-ardrossan]');
    assert.equal(await whoActedOn(queue(cards, true), reject), 'reject-ardrossan', 'the decisions rewritten in every card');
    // "Post reply" -> "Publish reply": posting a reply is publishing it, not another action.
    const replyBox = (label: string, post: string, cancel: string) => `<main><form aria-label="Reply"><label for="r">${label}</label><textarea id="r"></textarea>`
      + `<button type="button">${cancel}</button> <button type="submit" data-who="post">${post}</button></form></main>`;
    const post = await record(replyBox('Reply as The Harbour Gazette', 'Post reply', 'Cancel'), 'button[data-who=post]');
    assert.equal(await whoActedOn(replyBox('Your reply (posted as The Harbour Gazette)', 'Publish reply', 'Discard'), post), 'post');
    // A label naming its card's author ("More actions for Calum Reid’s comment"), rewritten keeping the name, its story's
    // title edited too: the author it names says which card.
    const more = await record(queue(cards), 'button[data-who=more-reid]');
    const edited = cards.map((c) => (c === REID ? { ...c, story: 'Opinion: ask harder questions about the harbour contract' } : c));
    assert.equal(await whoActedOn(queue(edited, true), more), 'more-reid', 'its label and its story rewritten');

    // A comment's actions menu, every item rewritten: "Ban user" -> "Block from commenting", the only one saying its
    // action ("ban", no look-alike's word) in other words.
    const menu = (items: [label: string, who: string][]) => `<main><ul role="menu" aria-label="Actions for Calum Reid’s comment">${items.map(([label, who]) => `<li role="none"><button type="button" role="menuitem" data-who="${who}">${label}</button></li>`).join('')}</ul></main>`;
    const ban = await record(menu([['View all comments by this user', 'history'], ['Copy link to comment', 'link'], ['Mute user', 'mute'], ['Ban user', 'ban']]), 'button[data-who=ban]');
    assert.equal(await whoActedOn(menu([['User’s comment history', 'history'], ['Copy comment link', 'link'], ['Mute for 24 hours', 'mute'], ['Block from commenting', 'ban']]), ban), 'ban');
    // Two of them as close as on the moderation page: "block" says "ban" in other words, the only name saying it.
    const close: CandidateMatch = { count: 3, agreements: [0.7, 0.7, 0.7], uids: [1, 2, 3], others: [0.85, 0.78, 0.78], labels: ['Block from commenting', 'User’s comment history', 'Mute for 24 hours'], othersRuledOut: [false, false, false], groups: ['', '', ''] };
    assert.equal(chooseRenamed([close], ban)?.renamed?.to, 'Block from commenting');

    // A phone line's add-ons: each a switch named by its title, its price and what it covers.
    type AddOn = [title: string, price: string, covers: string, who: string];
    const addOns = (list: AddOn[]) => `<main><section aria-label="Add-ons for Sam’s line"><ul>${list.map(([title, price, covers, who]) => `<li><span id="t-${who}">${title}</span> <span>${price}</span><p>${covers}</p>`
      + `<button type="button" role="switch" aria-checked="false" aria-labelledby="t-${who}" data-who="${who}"></button></li>`).join('')}</ul></section></main>`;
    const ROAM: AddOn = ['Roam in Europe', '£2.25 a day', 'Only charged on days you use your phone abroad', 'roam'];
    const INSURANCE: AddOn = ['Device insurance', '£9.99 a month', 'Damage and breakdown, £50 excess', 'insurance'];
    const SCREEN: AddOn = ['Screen cover', '£3.99 a month', 'One screen repair a year', 'screen'];
    const MINUTES: AddOn = ['International minutes', '£5.00 a month', '300 minutes to 50 countries', 'minutes'];
    const list = [ROAM, INSURANCE, SCREEN, MINUTES];
    // A description rephrased gains and loses the words a sentence is built with: no other item for those.
    const roam = await record(addOns(list), 'button[data-who=roam]');
    assert.equal(await whoActedOn(addOns([['Europe roaming', '£2.25/day', 'You only pay on the days you use it', 'roam'], INSURANCE, SCREEN, MINUTES]), roam), 'roam', 'its description rephrased');
    // Its insurance retired, a new one beside it at another price: no rename, however many words it keeps.
    const insurance = await record(addOns(list), 'button[data-who=insurance]');
    const LOSS: AddOn = ['Device insurance with loss and theft', '£13.99 a month', 'Damage, breakdown, loss and theft, £75 excess', 'loss'];
    assert.equal(await whoActedOn(addOns([ROAM, LOSS, SCREEN, MINUTES]), insurance), null, 'another product in its place');
    assert.equal(await whoActedOn(addOns([ROAM, INSURANCE, LOSS, SCREEN, MINUTES]), insurance), 'insurance', 'beside it');
    assert.equal(await whoActedOn(addOns([ROAM, ['Phone insurance', '£9.99/month', 'Covers damage and breakdown (£50 excess)', 'insurance'], SCREEN, MINUTES]), insurance), 'insurance', 'its copy edited, its price written otherwise');
  } finally {
    await browser.close();
  }
});

test('round 24: a button\'s value is no name on the page; synonyms decide a rename only when no name keeps a word as it was', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<form><button type="submit" name="decision" value="reject">Hide</button><input type="submit" value="Archive"></form>');
    assert.equal(await named(page, 'Reject', 'button'), false, 'a <button>\'s value is form data');
    assert.equal(await named(page, 'Archive', 'input'), true, 'a submit input\'s value is its label');
  } finally {
    await browser.close();
  }
  // "+ Add block" renamed "+ Add content", a new "+ Insert a saved section" beside it: "insert" says "add" in other
  // words, "Add" keeps it as it was, and decides.
  const add: Fingerprint = { tag: 'button', role: 'button', name: '+ Add block', text: '', attributes: { type: 'button' }, id: '', classes: [], ancestry: ['section'], context: '', position: [0, 1], place: [1, 3], peers: ['preview', 'send test'] };
  const match: CandidateMatch = { count: 2, agreements: [0.7, 0.7], uids: [1, 2], others: [0.9, 0.88], labels: ['+ Add content', '+ Insert a saved section'], othersRuledOut: [false, false], groups: ['', ''] };
  assert.equal(chooseRenamed([match], add)?.renamed?.to, '+ Add content');
  // With no name keeping one as it was, the one saying its action in other words is chosen.
  const synonym: CandidateMatch = { ...match, labels: ['+ Insert a section', 'Preview on mobile'] };
  assert.equal(chooseRenamed([synonym], add)?.renamed?.to, '+ Insert a section');
  // Just below the agreement required, leading alone: a name saying the recorded action in other words keeps it
  // ("Send" -> "Share", the dialog's copy rewritten around it).
  const send: Fingerprint = { ...add, name: 'Send', peers: ['close dialog', 'get link'] };
  const alone: CandidateMatch = { count: 2, agreements: [0.65, 0.6], uids: [1, 2], others: [0.72, 0.6], labels: ['Share', 'Not now'], othersRuledOut: [false, false], groups: ['', ''] };
  assert.equal(chooseRenamed([alone], send)?.renamed?.to, 'Share');
});

test('round 25 (the twentieth hold-out): a file\'s name its item showed is its identifier: another file\'s "Remove" is never taken for a removed one\'s', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A claim's attachments: each a file, its kind and its size, and a "Remove" reading the same in every row.
    type File = [name: string, kind: string, size: string, who: string];
    const files = (list: File[], remove = 'Remove') => `<main><form aria-label="Claim 10482"><section aria-label="Attachments"><ul>${list.map(([name, kind, size, who]) => `<li><a href="#${who}">${name}</a> <span>${kind}</span> <span>${size} MB</span>`
      + ` <button type="button" data-who="${who}">${remove}</button></li>`).join('')}</ul></section></form></main>`;
    const XRAY: File = ['Bitewing_2025-02-11.png', 'X-ray', '1.4', 'xray'];
    const UPPER: File = ['Intraoral_UL_2025-02-11.jpg', 'Intraoral photo', '2.3', 'upper'];
    const LOWER: File = ['Intraoral_LL_2025-02-11.jpg', 'Intraoral photo', '2.1', 'lower'];
    const NARRATIVE: File = ['Narrative_10482.pdf', 'Narrative', '0.2', 'narrative'];
    const remove = await record(files([XRAY, UPPER, NARRATIVE]), 'button[data-who=upper]');
    // Before, with a second photo beside it and the recorded one removed, the other photo's "Remove" was clicked: the
    // file names hold digits, and words with digits are no row words.
    assert.equal(await whoActedOn(files([XRAY, LOWER, NARRATIVE]), remove), null, 'another file in its place');
    assert.equal(await whoActedOn(files([XRAY, LOWER, UPPER, NARRATIVE]), remove), 'upper', 'beside another photo');
    // Its file kept, its row's copy and the button renamed: the file says which row.
    assert.equal(await whoActedOn(files([XRAY, ['Intraoral_UL_2025-02-11.jpg', 'Photo (intraoral)', '2.3', 'upper'], NARRATIVE], 'Delete'), remove), 'upper', 'copy edited');
  } finally {
    await browser.close();
  }
});

test('round 26 (the twenty-first hold-out): a stepper\'s label tells its "Increase" from another stepper\'s; a card\'s last four digits; a version in brackets; a rename keeping the action word', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Seat steppers: a labelled group each, "Decrease" and "Increase" reading the same in every one, in one section.
    type Stepper = [key: string, label: string, count: number, who?: string];
    const seats = (list: Stepper[], plus = 'Increase') => `<main><form><section aria-labelledby="seats-title"><h2 id="seats-title">Seats</h2><p>12 of 12 member seats in use.</p>${list.map(([key, label, count, who]) => `<div role="group" aria-labelledby="${key}-label">`
      + `<span id="${key}-label">${label}</span><button type="button" aria-label="Decrease">−</button><input type="number" name="${key}" value="${count}" aria-labelledby="${key}-label">`
      + `<button type="button" aria-label="${plus}"${who ? ` data-who="${who}"` : ''}>+</button></div>`).join('')}</section><button type="submit">Confirm change</button></form></main>`;
    const MEMBERS: Stepper = ['member-seats', 'Member seats', 12, 'members'];
    const GUESTS: Stepper = ['guest-seats', 'Guest seats', 3, 'guests'];
    const VIEWERS: Stepper = ['viewer-seats', 'Viewer seats', 0, 'viewers'];
    const plus = await record(seats([MEMBERS, GUESTS]), 'button[data-who=members]');
    assert.equal(plus.group, 'member seats', 'its stepper names it among twins');
    // Before, the two "Increase" buttons agreed alike on the unchanged page, and no step of it was replayed.
    assert.equal(await whoActedOn(seats([MEMBERS, GUESTS]), plus), 'members', 'unchanged');
    assert.equal(await whoActedOn(seats([GUESTS, MEMBERS]), plus), 'members', 'reordered');
    assert.equal(await whoActedOn(seats([MEMBERS, VIEWERS, GUESTS]), plus), 'members', 'another stepper beside it');
    assert.equal(await whoActedOn(seats([GUESTS]), plus), null, 'its stepper gone');
    // Renamed with the steppers' labels: a plural written singular is the same group ("Member seats" -> "Members").
    const renamed: Stepper[] = [['member-seats', 'Members', 12, 'members'], ['viewer-seats', 'Viewers', 0, 'viewers'], ['guest-seats', 'Guests', 3, 'guests']];
    assert.equal(await whoActedOn(seats(renamed, 'Add one'), plus), 'members', 'renamed, its stepper relabelled');
    assert.notEqual(await whoActedOn(seats([renamed[2]!, renamed[0]!], 'Add one'), plus), 'guests', 'renamed and reordered: never the guests\' stepper');

    // Payment cards: the last four digits are which card; a second Mastercard where the removed one was is another.
    type Card = [brand: string, last4: string, expires: string, who?: string];
    const cards = (list: Card[], ending = 'ending in') => `<main><section aria-labelledby="pm"><h2 id="pm">Payment methods</h2><ul>${list.map(([brand, last4, expires, who]) => `<li><p>${brand} ${ending} ${last4}</p><p>${expires}</p>`
      + (who === 'default' ? '<span>Default</span>' : `<button type="button"${who ? ` data-who="${who}"` : ''}>Make default</button><button type="button">Remove</button>`) + '</li>').join('')}</ul></section></main>`;
    const VISA: Card = ['Visa', '4242', 'Expires 08/27', 'default'];
    const MC: Card = ['Mastercard', '5100', 'Expires 11/26', 'mc-5100'];
    const MC2: Card = ['Mastercard', '4444', 'Expires 02/29', 'mc-4444'];
    const AMEX: Card = ['American Express', '0005', 'Expires 09/27'];
    const makeDefault = await record(cards([VISA, MC, AMEX]), 'button[data-who=mc-5100]');
    assert.equal(await whoActedOn(cards([VISA, MC2, AMEX]), makeDefault), null, 'another Mastercard in its place');
    assert.equal(await whoActedOn(cards([VISA, MC, MC2, AMEX]), makeDefault), 'mc-5100', 'beside another Mastercard');
    assert.equal(await whoActedOn(cards([VISA, ['Mastercard', '5100', 'Expires 11/2026', 'mc-5100'], AMEX], '••••'), makeDefault), 'mc-5100', 'its copy edited, its numbers written otherwise');
    // A price is the data of the day, not which item it is: a room showing another rate is the same room.
    const rooms = (rate: string) => `<table><tbody><tr><td><span data-who="deluxe">Deluxe Double Room</span> 22 m² Courtyard view</td><td>€${rate}</td></tr>`
      + '<tr><td><span>Junior Suite</span> 34 m² Canal view</td><td>€910</td></tr></tbody></table>';
    const room = await record(rooms('536'), 'span[data-who=deluxe]');
    assert.equal(await whoActedOn(rooms('572'), room), 'deluxe', 'another rate');

    // A queue: a song's version in brackets is another song ("Cherry Wine (Live)" beside the recorded "Cherry Wine").
    const queue = (songs: [title: string, artist: string, who: string][], clear = 'Clear queue', close = 'Close') => `<aside aria-label="Queue"><h2>Queue</h2><button type="button" aria-label="${close}">×</button>`
      + `<section aria-labelledby="next"><h3 id="next">Next from: Sunday Slow Mornings</h3><button type="button" data-who="clear">${clear}</button><ol>${songs.map(([title, artist, who]) => `<li><button type="button" aria-label="Drag to reorder">⋮⋮</button><span>${title}</span> <span>${artist}</span>`
      + `<button type="button" aria-label="Remove from queue" data-who="${who}">✕</button></li>`).join('')}</ol></section></aside>`;
    const HOLOCENE: [string, string, string] = ['Holocene', 'Bon Iver', 'holocene'];
    const CHERRY: [string, string, string] = ['Cherry Wine', 'Hozier', 'cherry'];
    const LIVE: [string, string, string] = ['Cherry Wine (Live)', 'Hozier', 'live'];
    const MYSTERY: [string, string, string] = ['Mystery of Love', 'Sufjan Stevens', 'mystery'];
    const unqueue = await record(queue([HOLOCENE, CHERRY, MYSTERY]), 'button[data-who=cherry]');
    assert.equal(await whoActedOn(queue([HOLOCENE, LIVE, MYSTERY]), unqueue), null, 'the live version where the song was');
    assert.equal(await whoActedOn(queue([HOLOCENE, CHERRY, LIVE, MYSTERY]), unqueue), 'cherry', 'beside its live version');
    // "Clear queue" -> "Clear" while the panel's "Close" became "Hide queue": that one names another action and keeps
    // only the object; the one keeping the action word is the rename.
    const panel = (clear: string, close: string, heading: string) => `<aside aria-label="Queue"><div><h2>Queue</h2><button type="button" aria-label="${close}">×</button></div>`
      + '<section aria-labelledby="now"><h3 id="now">Now playing</h3><div><span>Harvest Moon</span> <a href="#neil-young">Neil Young</a></div></section>'
      + `<section aria-labelledby="next"><div><h3 id="next">${heading}</h3><button type="button" data-who="clear">${clear}</button></div><ol>`
      + ['Night Shift', 'Pink Moon'].map((title) => `<li><span>${title}</span><button type="button" aria-label="Remove from queue">✕</button></li>`).join('') + '</ol></section></aside>';
    // Macros named in brackets by their variant ("Refund issued (partial)" beside "Refund issued"): a new variant
    // ("Refund issued (store credit)") where the recorded one was is another macro, never its rename.
    const macros = (list: [string, string, string?][]) => `<section aria-label="Macros"><div role="menu">${list.map(([name, hint, who]) => `<button type="button" role="menuitem"${who ? ` data-who="${who}"` : ''}>${name}<small>${hint}</small></button>`).join('')}</div></section>`;
    const APOLOGY: [string, string] = ['Apologise for delay', 'Sends an apology'];
    const PARTIAL: [string, string] = ['Refund issued (partial)', 'Confirms a partial refund'];
    const ESCALATE: [string, string] = ['Escalate to tier 2', 'Assigns to tier 2'];
    const refund = await record(macros([APOLOGY, ['Refund issued', 'Confirms the refund, resolves', 'refund'], PARTIAL, ESCALATE]), 'button[data-who=refund]');
    assert.equal(await whoActedOn(macros([APOLOGY, ['Refund issued (store credit)', 'Confirms store credit, resolves', 'credit'], PARTIAL, ESCALATE]), refund), null, 'another variant in its place');
    assert.equal(await whoActedOn(macros([APOLOGY, ['Refund issued', 'Confirms the refund, resolves', 'refund'], ['Refund issued (store credit)', 'Confirms store credit, resolves', 'credit'], PARTIAL, ESCALATE]), refund), 'refund', 'beside the new variant');

    const clear = await record(panel('Clear queue', 'Close', 'Next in queue'), 'button[data-who=clear]');
    assert.equal(await whoActedOn(panel('Clear', 'Hide queue', 'Up next'), clear), 'clear', 'renamed beside "Hide queue"');
  } finally {
    await browser.close();
  }
});

test('round 27 (the twenty-second hold-out): a day\'s column tells its "10:30" from another day\'s; a box read once a twin arrives; a look-alike\'s name cut to a word of the recorded action', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // An appointment grid: a column per day opening with its heading, the slots reading only their time.
    type Day = [heading: string, times: string[]];
    const grid = (days: Day[]) => `<main><form><section><h3>Appointment</h3><div role="group" aria-label="Available times">${days.map(([heading, times]) => `<div><h4>${heading}</h4><ul>`
      + times.map((time) => `<li><button type="button" data-who="${heading.split(' ')[0]!.slice(0, 3).toLowerCase()}-${time}">${time}</button></li>`).join('') + '</ul></div>').join('')}</div></section></form></main>`;
    const MON: Day = ['Mon 14 Apr', ['09:00', '10:30', '14:00']];
    const TUE: Day = ['Tue 15 Apr', ['09:00', '10:30', '11:00']];
    const WED: Day = ['Wed 16 Apr', ['09:30', '10:30']];
    const slot = await record(grid([MON, TUE, WED]), 'button[data-who="tue-10:30"]');
    assert.equal(slot.group, 'tue 15 apr', 'its day names it among twins');
    // Before, the three "10:30" slots agreed alike on the unchanged page.
    assert.equal(await whoActedOn(grid([MON, TUE, WED]), slot), 'tue-10:30', 'unchanged');
    assert.equal(await whoActedOn(grid([WED, MON, TUE]), slot), 'tue-10:30', 'the days reordered');
    assert.equal(await whoActedOn(grid([MON, ['Tuesday 15 April', TUE[1]], WED]), slot), 'tue-10:30', 'its heading written out');
    assert.equal(await whoActedOn(grid([MON, ['Tue 15 Apr', ['09:00', '11:00']], WED]), slot), null, 'booked meanwhile: never another day\'s 10:30');

    // The featured image's row, alone when recorded: a social image's row put beside it, its own "Replace" in it.
    const images = (rows: [heading: string, file: string, who: string][]) => `<aside aria-label="Post settings"><p>Status: Draft</p>${rows.map(([heading, file, who]) => `<div><h4>${heading}</h4><span>${file}</span>`
      + `<button type="button" data-who="${who}">Replace</button> <button type="button">Remove</button></div>`).join('')}</aside>`;
    const replace = await record(images([['Featured image', 'webhooks-hero.png', 'featured']]), 'button[data-who=featured]');
    assert.equal(replace.box, 'featured image');
    assert.equal(await whoActedOn(images([['Featured image', 'webhooks-hero.png', 'featured'], ['Social image', 'webhooks-og.png', 'social']]), replace), 'featured', 'a twin beside it');
    assert.equal(await whoActedOn(images([['Social image', 'webhooks-og.png', 'social'], ['Featured image', 'webhooks-hero.png', 'featured']]), replace), 'featured', 'a twin before it');

    // A landmark, form or fieldset around it is its group, no box: a checkbox's label text "Bug" in the card details
    // panel, a "Bug" chip on a card beside it, the panel relabelled, is still that label's text.
    const board = (panel: string) => `<main><section aria-label="Doing"><article><h4>Fix login redirect loop</h4><span>Bug</span></article></section>`
      + `<aside aria-label="${panel}"><fieldset><legend>Labels</legend><label><input type="checkbox" name="bug"><span data-who="bug">Bug</span></label>`
      + '<label><input type="checkbox" name="feature"><span>Feature</span></label></fieldset></aside></main>';
    const bug = await record(board('Card details'), 'span[data-who=bug]');
    assert.equal(bug.widget, undefined, JSON.stringify(bug));
    assert.equal(await whoActedOn(board('Details'), bug), 'bug', 'its panel relabelled');

    // "Continue" renamed "Next" beside the slot toolbar's "Next days" (renamed "Later dates"): "Next" says the recorded
    // action; it is no longer taken for that look-alike cut short, and a dialog's "Confirm booking" is not chosen.
    const intake = (go: string, later: string) => `<main><form><h2>Which pet is it about?</h2><label><input type="radio" name="pet" value="biscuit"> Biscuit</label>`
      + `<label><input type="radio" name="pet" value="miso"> Miso</label><button type="button" aria-label="Previous days">‹</button><button type="button" aria-label="${later}">›</button>`
      + `<button type="submit" data-who="continue">${go}</button></form></main>`
      + '<div role="dialog" aria-label="Before you book"><form><p>Is your pet having difficulty breathing?</p><button type="button">Cancel</button><button type="submit" data-who="book">Confirm booking</button></form></div>';
    const go = await record(intake('Continue', 'Next days'), 'button[data-who=continue]');
    assert.ok(go.peers?.includes('next days'), JSON.stringify(go.peers));
    assert.equal(await whoActedOn(intake('Next', 'Later dates'), go), 'continue', 'renamed "Next"');
  } finally {
    await browser.close();
  }
});

test('round 28 (the twenty-third hold-out): an item still showing its numbers is the same item renamed; a word shortened is no new word; a rename keeping the action word', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Permission slips: a title, a note and a reply-by date each, "Sign" and "Decline" reading the same on every one.
    type Slip = [title: string, note: string, due: string, who: string];
    const slips = (rows: Slip[], sign = 'Sign', decline = 'Decline') => `<main><section aria-label="Your children"><article><h3>Noah Thompson</h3><ul>${rows.map(([title, note, due, who]) => `<li><h4>${title}</h4><p>${note}</p><p>Reply by ${due}</p>`
      + `<div><button type="button" class="btn-primary" data-who="${who}-sign">${sign}</button> <button type="button" class="btn-secondary" data-who="${who}-decline">${decline}</button></div></li>`).join('')}</ul></article></section></main>`;
    const CAMP: Slip = ['Outdoor Ed camp, Pine Ridge (May 21–23)', '$145, financial help available', 'May 2', 'camp'];
    const BAND: Slip = ['Band to regional festival', 'Bus both ways, home 6 p.m.', 'May 12', 'band'];
    const sign = await record(slips([CAMP, BAND]), 'button[data-who=camp-sign]');
    const CAMP_EDITED: Slip = ['Pine Ridge outdoor camp, May 21–23', 'Costs $145; ask the office about help', 'May 2', 'camp'];
    const BAND_EDITED: Slip = ['Regional band festival trip', 'Bus both ways, home by 6 p.m.', 'May 12', 'band'];
    assert.equal(await whoActedOn(slips([CAMP_EDITED, BAND_EDITED], 'Allow', 'Don’t allow'), sign), 'camp-sign', 'its copy rewritten, its numbers kept');
    const MUSEUM: Slip = ['Science museum visit (June 4)', 'Entry $12, packed lunch', 'May 28', 'museum'];
    assert.equal(await whoActedOn(slips([MUSEUM, BAND_EDITED], 'Allow', 'Don’t allow'), sign), null, 'another trip in its place');

    // A vaccination table: a row's vaccine copy-edited ("Kennel cough (intranasal)" -> "Kennel cough, nasal"), a second
    // dose of another vaccine put before it, its own words all shared with that vaccine's row ("Lepto L4, 2nd dose").
    type Dose = [vaccine: string, product: string, given: string, due: string, who: string];
    const doses = (rows: Dose[]) => `<form><section aria-label="Vaccinations"><table><thead><tr><th>Vaccine</th><th>Product</th><th>Given</th><th>Due</th><th>Status</th><th></th></tr></thead><tbody>${rows.map(([vaccine, product, given, due, who]) => `<tr><td>${vaccine}</td><td>${product}</td><td>${given}</td><td>${due}</td><td>Due soon</td>`
      + `<td><button type="button" class="btn-small">Record dose</button> <button type="button" class="btn-small" data-who="${who}">Edit</button></td></tr>`).join('')}</tbody></table></section></form>`;
    const RABIES: Dose = ['Rabies', 'Nobivac Rabies', '10 Jan 2024', '10 Jan 2027', 'rabies'];
    const LEPTO: Dose = ['Lepto L4', 'Versican Plus L4', '14 Mar 2024', '14 Mar 2025', 'lepto'];
    const KENNEL: Dose = ['Kennel cough (intranasal)', 'Nobivac KC', '02 Apr 2024', '02 Apr 2025', 'kennel'];
    const edit = await record(doses([RABIES, LEPTO, KENNEL]), 'button[data-who=kennel]');
    const SECOND: Dose = ['Lepto L4, 2nd dose', 'Versican Plus L4', '—', '11 Apr 2025', 'lepto-2'];
    const NASAL: Dose = ['Kennel cough, nasal', 'Nobivac KC', '02 Apr 2024', '02 Apr 2025', 'kennel'];
    assert.equal(await whoActedOn(doses([RABIES, LEPTO, SECOND, NASAL]), edit), 'kennel', 'a word of it shortened ("intranasal" -> "nasal"), a second dose before it');
    assert.equal(await whoActedOn(doses([RABIES, LEPTO, SECOND]), edit), null, 'never the second dose in its place');

    // A string editor's toolbar: "Publish translations" renamed "Publish…", a row's "Suggest a translation" beside it
    // keeping another word of it ("translation") while naming another action.
    const editor = (publish: string, suggest: string) => `<main><div><h2>Translate strings</h2><button type="button" class="btn-primary" data-who="publish">${publish}</button></div>`
      + `<div><p>checkout.pay_now</p><button type="button" class="btn-primary">${suggest}</button><button type="button" class="btn-primary">Use source text</button></div></main>`;
    const publish = await record(editor('Publish translations', 'Suggest'), 'button[data-who=publish]');
    assert.equal(await whoActedOn(editor('Publish…', 'Suggest a translation'), publish), 'publish', 'renamed "Publish…"');
    // As on the string editor, where that button agreed enough with it on everything but the name: it keeps a word as
    // much as "Publish…" does, but not the action word, and does not make the lead a guess.
    const toolbar: CandidateMatch = { count: 2, agreements: [0.7, 0.7], uids: [1, 2], others: [1, 0.759], labels: ['Publish…', 'Suggest a translation'], othersRuledOut: [false, false], groups: ['', ''] };
    assert.equal(chooseRenamed([toolbar], publish)?.renamed?.to, 'Publish…');
    // Two keeping as much, the action word both, stay a guess (as "Add from your items" beside "Add a line" do).
    const guess: CandidateMatch = { ...toolbar, labels: ['Publish…', 'Publish now'] };
    assert.equal(chooseRenamed([guess], publish), null);

    // The "Publish translations" dialog: its submit renamed "Publish 18 strings", its copy rewritten, its buttons
    // reordered: half its name kept, the action word among it, it leads alone.
    const dialog = (title: string, text: string, buttons: string[]) => `<main><form aria-labelledby="t"><h2 id="t">${title}</h2><p>${text}</p>${buttons.join(' ')}</form></main>`;
    const close = '<button type="button">Close</button>';
    const cancel = (label: string) => `<button type="button" class="btn-secondary">${label}</button>`;
    const submit = (label: string) => `<button type="submit" class="btn-primary" data-who="confirm">${label}</button>`;
    const confirm = await record(dialog('Publish translations?', '18 approved German strings will be published. Keys without an approved translation fall back to English.', [close, cancel('Cancel'), submit('Publish translations')]), 'button[data-who=confirm]');
    assert.equal(await whoActedOn(dialog('Publish German translations', 'This publishes 18 approved strings. Anything not translated shows English.', [close, submit('Publish 18 strings'), cancel('Not yet')]), confirm), 'confirm', 'renamed, its dialog rewritten');
  } finally {
    await browser.close();
  }
});

test('round 29 (the twenty-fourth hold-out): a row keeping its names and numbers, its note rewritten, is the same row under its recorded name', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A restaurant's waitlist: each party's name, size, minutes waited and quoted, a note, "Notify" and "Seat".
    type Party = [name: string, size: number, waited: number, quoted: number, note: string];
    const waitlist = (parties: Party[]) => `<aside><section aria-label="Waitlist"><ol>${parties.map(([name, size, waited, quoted, note]) => `<li><strong>${name}</strong> <span>Party of ${size}</span>`
      + ` <span>${waited} min</span> <span>quoted ${quoted}</span> <em>${note}</em><div><button type="button" class="notify">Notify</button> <button type="button" class="seat" data-who="${name.toLowerCase()}">Seat</button></div></li>`).join('')}</ol></section></aside>`;
    const BROOKS: Party = ['Brooks', 4, 18, 25, 'Booth if possible'];
    const TANAKA: Party = ['Tanaka', 5, 22, 30, 'Birthday, one child'];
    const NOVAK: Party = ['Novak', 6, 9, 35, 'Wants patio'];
    const seat = await record(waitlist([BROOKS, TANAKA, NOVAK]), 'button[data-who=tanaka]');
    assert.equal(await whoActedOn(waitlist([BROOKS, ['Tanaka', 5, 22, 30, 'Birthday; a kid in the group'], NOVAK]), seat), 'tanaka', 'its note rewritten');
    assert.equal(await whoActedOn(waitlist([BROOKS, ['Okafor', 5, 22, 30, 'Anniversary, quiet table'], NOVAK]), seat), null, 'another party in its place, the same numbers');
  } finally {
    await browser.close();
  }
});

test('round 30 (the twenty-fifth hold-out): a name extended with its number changed is another item; a load number is an identifier, a time window none; a dialog naming it is no row; a function word is no datum', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A library member's loans: the title as a link, the author, the due date, the renewals used, "Renew" on each.
    type Loan = [title: string, author: string, due: string, used: number, who?: string];
    const loans = (rows: Loan[]) => `<main><section aria-label="Checked out"><table><thead><tr><th>Title</th><th>Due</th><th>Renewals</th><th>Actions</th></tr></thead><tbody>${rows.map(([title, author, due, used, who]) => `<tr><td><a href="#${title.length}">${title}</a><div>${author}</div></td>`
      + `<td>${due}</td><td>${used} of 3 used</td><td><button type="button" data-who="${who ?? title.toLowerCase().replace(/\W+/g, '-')}">Renew</button></td></tr>`).join('')}</tbody></table></section></main>`;
    const SWEETGRASS: Loan = ['Braiding Sweetgrass', 'Robin Wall Kimmerer', 'Mar 12', 1];
    const PIRANESI: Loan = ['Piranesi', 'Susanna Clarke', 'Mar 14', 0];
    const ROBOT: Loan = ['The Wild Robot', 'Peter Brown', 'Mar 14', 2];
    const SEQUEL: Loan = ['The Wild Robot Escapes', 'Peter Brown', 'Mar 14', 0];
    const renew = await record(loans([SWEETGRASS, PIRANESI, ROBOT]), 'button[data-who=the-wild-robot]');
    assert.equal(await whoActedOn(loans([SWEETGRASS, PIRANESI, ROBOT, SEQUEL]), renew), 'the-wild-robot', 'the sequel beside it');
    assert.equal(await whoActedOn(loans([SWEETGRASS, PIRANESI, SEQUEL]), renew), null, 'returned, the sequel borrowed the same day left');
    assert.equal(await whoActedOn(loans([SWEETGRASS, PIRANESI, ['The Wild Robot: A Novel', 'Peter Brown', 'Mar 14', 2, 'the-wild-robot']]), renew), 'the-wild-robot', 'its title lengthened, its data kept');

    // A dispatch board: loads by number, lane, pickup window, weight and rate, "Assign" on each; a dialog for a load.
    type Load = [id: string, weight: string];
    const board = (rows: Load[], dialog = '') => `<main><table><thead><tr><th>Load</th><th>Lane</th><th>Pickup</th><th>Weight</th><th>Rate</th><th></th></tr></thead><tbody>${rows.map(([id, weight]) => `<tr><td>${id}</td><td>Prairie Produce</td><td>Chicago, IL → Nashville, TN · 473 mi</td>`
      + `<td>Mar 7, 06:00–10:00</td><td>${weight} lb</td><td>$1,980</td><td><button type="button" data-who="${id}">Assign</button></td></tr>`).join('')}
      <tr><td>L-40790</td><td>Lakeside Dairy</td><td>Gary, IN → Memphis, TN · 532 mi</td><td>Mar 7, 14:00–18:00</td><td>41,000 lb</td><td>$2,310</td><td><button type="button" data-who="L-40790">Assign</button></td></tr></tbody></table>${dialog}</main>`;
    const assign = await record(board([['L-40817', '36,800']]), 'button[data-who=L-40817]');
    assert.equal(await whoActedOn(board([['L-40817', '36,800'], ['L-40818', '35,200']]), assign), 'L-40817', 'a second load of the same lane beside it');
    assert.equal(await whoActedOn(board([['L-40818', '35,200']]), assign), null, 'assigned and gone, the second load of the same lane left');

    // A check-in desk: attendee cards with their order number; the check-in dialog open for one of them.
    const desk = (print: boolean, dialog: boolean) => `<main><section aria-label="Check in attendees"><ul>${[['Ana Santos', 'Porto Cloud', 'DS-59930'], ['Marta Oliveira', 'Tessellate Data', 'DS-60477']].map(([name, company, order]) => `<li><strong>${name}</strong> <span>${company}</span> <span>${order}</span>`
      + ` <button type="button" class="primary">Check in</button>${print ? ` <button type="button" class="secondary" data-who="print-${order}">Print badge</button>` : ''}</li>`).join('')}</ul></section>`
      + (dialog ? `<dialog open aria-label="Check in attendee"><form><p>Marta Oliveira · Tessellate Data · Order DS-60477 · Full conference pass</p><button type="button" class="secondary">Cancel</button> <button type="submit" class="primary">Complete check-in</button></form></dialog>` : '') + '</main>';
    const badge = await record(desk(true, true), 'button[data-who=print-DS-60477]');
    assert.equal(await whoActedOn(desk(true, true), badge), 'print-DS-60477', 'unchanged');
    assert.equal(await whoActedOn(desk(false, true), badge), null, 'the badge printer offline: no "Cancel" of a dialog naming the order');

    // A walk-in form beside that dialog, both renamed: "Register and check in" -> "Register walk-in".
    const walkIn = (register: string, complete: string) => `<main><aside><form aria-labelledby="walkin-title"><h2 id="walkin-title">${register === 'Register and check in' ? 'Walk-in registration' : 'Register a walk-in'}</h2>`
      + `<label>First name <input name="first"></label><label>Email <input name="email" type="email"></label><button type="submit" class="primary" data-who="walkin">${register}</button></form></aside>`
      + `<dialog open aria-label="Check in"><form><p>Marta Oliveira · Tessellate Data</p><button type="button">Cancel</button> <button type="submit" class="primary" data-who="complete">${complete}</button></form></dialog></main>`;
    const register = await record(walkIn('Register and check in', 'Complete check-in'), 'button[data-who=walkin]');
    assert.equal(await whoActedOn(walkIn('Register walk-in', 'Finish check-in'), register), 'walkin', 'renamed with its form, "in" of "walk-in" no datum');
  } finally {
    await browser.close();
  }
});

test('round 31 (the twenty-sixth hold-out): a slug written in capitals is an identifier; a context of nothing but its look-alikes\' names says nothing', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A newsroom's story board: cards headed by their slug, with a summary, the reporter, the deadline and length,
    // and "Claim" and "Move" on every card.
    type Story = [slug: string, summary: string, reporter: string, deadline: string, words: string];
    const board = (stories: Story[], claim = 'Claim', move = 'Move') => `<main><section aria-label="Metro"><h2>Metro</h2><ul>${stories.map(([slug, summary, reporter, deadline, words]) => `<li><article aria-labelledby="s-${slug}">`
      + `<h3 id="s-${slug}">${slug}</h3><p>${summary}</p><p>${reporter} · ${deadline} · ${words}</p>`
      + `<button type="button" class="claim" data-who="claim-${slug}">${claim}</button> <button type="button" class="move" data-who="move-${slug}">${move}</button></article></li>`).join('')}</ul></section></main>`;
    const HARBOUR: Story = ['HARBOUR-WALL', 'Who pays for the sea wall repair', 'Marcus Osei', '16:00', '650'];
    const FERRY: Story = ['FERRY-FARES', 'Ferry fares up 12% from April', 'No reporter yet', '17:30', '500'];
    const FUEL: Story = ['FUEL-PRICES', 'Diesel at a two-year high', 'No reporter yet', '17:00', '300'];
    const claim = await record(board([HARBOUR, FERRY, FUEL]), 'button[data-who=claim-FERRY-FARES]');
    const edited = (s: Story, summary: string): Story => [s[0], summary, s[2] === 'No reporter yet' ? 'Unclaimed' : s[2], s[3].replace(/^1(\d):/, (_, h) => `${Number(h) - 2}:`), `${s[4]}w`];
    const rewritten = [edited(HARBOUR, 'Who pays the sea wall repair'), edited(FERRY, 'Ferry tickets to rise 12% in April'), edited(FUEL, 'Diesel hits a two-year high')];
    assert.equal(await whoActedOn(board(rewritten, 'Take it', 'Change desk'), claim), 'claim-FERRY-FARES', 'every card\'s copy and buttons rewritten, its slug kept');
    assert.equal(await whoActedOn(board([rewritten[0], rewritten[2]], 'Take it', 'Change desk'), claim), null, 'its story spiked');

    // A pharmacy's insurance panel: a footer of two buttons, renamed both; a dialog of other buttons beside it.
    const panel = (update: string, rerun: string, title: string) => `<main><aside aria-labelledby="ins"><h2 id="ins">${title}</h2><p>BlueCross PPO · Member 88231</p>`
      + `<footer><button type="button" class="secondary">${update}</button> <button type="button" class="secondary" data-who="rerun">${rerun}</button></footer></aside>`
      + `<dialog open aria-label="Finish pickup"><form><p>Okafor, Daniel · two prescriptions in bin B-11</p><button type="button" class="secondary">Back</button> <button type="submit" class="primary">Complete pickup</button></form></dialog></main>`;
    const rerun = await record(panel('Update card', 'Re-run claim', 'Insurance on file'), 'button[data-who=rerun]');
    assert.equal(await whoActedOn(panel('Edit insurance', 'Resubmit claim', 'Coverage'), rerun), 'rerun', 'its footer\'s buttons renamed together');
  } finally {
    await browser.close();
  }
});

test('round 32 (the twenty-seventh hold-out): a part number is an identifier; a name showing a look-alike\'s number is that look-alike; renamed, the numbers shown around it all gone say it is gone', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A parts supplier's results: the part, its number, the supplier, when it arrives, the cost, "Add" on every row.
    type Part = [part: string, number: string, supplier: string, arrives: string, cost: string];
    const results = (parts: Part[]) => `<main><dialog open aria-label="Add a part"><table><thead><tr><th>Part</th><th>Number</th><th>Supplier</th><th>Arrives</th><th>Cost</th><th></th></tr></thead><tbody>${parts.map(([part, number, supplier, arrives, cost]) => `<tr><td>${part}</td><td>${number}</td><td>${supplier}</td><td>${arrives}</td><td>$${cost}</td>`
      + `<td><button type="button" data-who="${number}">Add</button></td></tr>`).join('')}</tbody></table></dialog></main>`;
    const WAGNER: Part = ['Wagner QuickStop ceramic pads, front', 'ZD1089', 'NAPA', '4 in store', '38.60'];
    const ACT: Part = ['Akebono ProACT ceramic pads, front', 'ACT1089', 'WorldPac', 'Today 2:30 pm', '48.20'];
    const KIT: Part = ['Akebono ProACT ceramic pads, front, with hardware', 'ACT1089A', 'WorldPac', 'Today 2:30 pm', '56.40'];
    const BOSCH: Part = ['Bosch QuietCast premium pads, front', 'BC1089', 'AutoZone Commercial', 'Tomorrow 9:00 am', '44.15'];
    const add = await record(results([WAGNER, ACT, BOSCH]), 'button[data-who=ACT1089]');
    assert.equal(await whoActedOn(results([WAGNER, ACT, KIT, BOSCH]), add), 'ACT1089', 'the kit with hardware beside it');
    assert.equal(await whoActedOn(results([WAGNER, KIT, BOSCH]), add), null, 'out of stock, the kit with hardware left');

    // A repair order's concerns, plain list items; every one rewritten and the list reversed.
    const concerns = (items: [string, string][], heading = 'Customer concerns', hint = 'Click a concern to link it to a job.') => `<main><section aria-labelledby="c"><h2 id="c">${heading}</h2><p>${hint}</p><ol>${items.map(([text, who]) => `<li class="concern" data-who="${who}">${text}</li>`).join('')}</ol></section></main>`;
    const grinding = await record(concerns([['Grinding noise from the front wheels when braking', 'brakes'], ['Check engine light came on last week', 'engine'], ['Due for oil change (last one at 79,080 mi)', 'oil']]), 'li[data-who=brakes]');
    assert.notEqual(await whoActedOn(concerns([['Oil change due, last done at 79,080 mi', 'oil'], ['Check engine light on since last week', 'engine'], ['Front brakes grind when stopping', 'brakes']], 'What the customer told us', 'Select a concern to attach it to a job.'), grinding), 'oil', 'the oil change concern, its mileage kept, is never taken for it');

    // A password vault's item details: each field's label, its value and its icon buttons.
    const details = (fields: [label: string, value: string, button: string, who: string][], note = '') => `<main><aside aria-labelledby="t"><h2 id="t">AWS production</h2>${note}<dl>${fields.map(([label, value, button, who]) => `<div><dt>${label}</dt><dd><span>${value}</span> `
      + `<button type="button" class="icon" aria-label="${button}" title="${button}" data-who="${who}">&#10697;</button></dd></div>`).join('')}</dl></aside></main>`;
    const USER: [string, string, string, string] = ['Username', 'admin@acme-eng.io', 'Copy username', 'user'];
    const PASSWORD: [string, string, string, string] = ['Password', '••••••••', 'Copy password', 'password'];
    const copyCode = await record(details([USER, PASSWORD, ['One-time password', '482 913 <small>21s</small>', 'Copy one-time code', 'totp']]), 'button[data-who=totp]');
    assert.equal(await whoActedOn(details([USER, PASSWORD, ['Verification code (2FA)', '482 913 <small>21 seconds left</small>', 'Copy verification code', 'totp']]), copyCode), 'totp', 'its field and its name rewritten, its code shown');
    assert.equal(await whoActedOn(details([USER, PASSWORD, ['Backup codes', '8 of 10 left', 'Copy next backup code', 'backup']], '<p>Two-step sign-in for this login now uses a passkey.</p>'), copyCode), null, 'its code gone with a passkey, backup codes beside where it was');
  } finally {
    await browser.close();
  }
});

test('round 33 (the twenty-eighth hold-out): a card\'s heading and price kept vouch for it; a colour replaced is another swatch; a look-alike\'s words with its step number changed are that look-alike', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A car maker's trims: a card per trim, its heading, its price, its features, "Select" on every card.
    type Trim = [name: string, price: string, features: string[]];
    const trims = (cards: Trim[], select = 'Select', heading = 'Choose your trim', cls = 'sc-a7ks7j') => `<main><section><h2>${heading}</h2>${cards.map(([name, price, features]) => `<article><h3>${name}</h3><p>${price}</p>`
      + `<ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul><button type="button" class="${cls}" data-who="${name}">${select}</button></article>`).join('')}</section></main>`;
    const CORE: Trim = ['Core', 'From £39,995', ['19" alloy wheels', 'Heat pump']];
    const PREMIUM: Trim = ['Premium', 'From £43,495', ['Heated front seats', 'Wireless phone charging', 'Power tailgate']];
    const GT: Trim = ['GT', 'From £48,995', ['Adaptive suspension', 'Harman Kardon sound']];
    const COPY: Trim[] = [['Core', '£39,995 on the road', ['19" alloys', 'Heat pump']], ['Premium', '£43,495 on the road', ['Heated seats in front', 'Wireless charging pad', 'Electric tailgate']], ['GT', '£48,995 on the road', ['Adaptive dampers', 'Harman Kardon audio']]];
    const PLUS: Trim = ['Premium Plus', '£45,995 on the road', ['All Premium features', 'Glass roof']];
    const select = await record(trims([CORE, PREMIUM, GT]), 'button[data-who=Premium]');
    assert.equal(await whoActedOn(trims(COPY, 'Choose', 'Trim level'), select), 'Premium', 'every card\'s copy and button rewritten: its heading and its price say which');
    assert.equal(await whoActedOn(trims([COPY[0]!, COPY[1]!, PLUS, COPY[2]!], 'Choose', 'Trim level'), select), 'Premium', 'and with "Premium Plus" beside it');
    // (The heading that told it from the other cards read from its card: "Premium Plus" shares its words.)
    assert.equal(await whoActedOn(trims([COPY[2]!, PLUS, COPY[1]!, COPY[0]!], 'Choose', 'Trim level', 'sc-q81b2c').replace(/(<button[^]*?<\/button>)/g, '<div>$1</div>'), select), 'Premium', 'and reordered, its classes rehashed, its buttons wrapped');
    assert.equal(await whoActedOn(trims([COPY[0]!, PLUS, COPY[2]!], 'Choose', 'Trim level'), select), null, 'withdrawn, "Premium Plus" left');

    // Paint swatches, named only by aria-label.
    const swatches = (names: [label: string, who: string][]) => `<main><section><h2>Design</h2><div role="group" aria-label="Paint">${names.map(([label, who]) => `<button type="button" class="swatch" aria-label="${label}" data-who="${who}"></button>`).join('')}</div></section></main>`;
    const blue = await record(swatches([['Glacier White', 'white'], ['Moonstone Grey', 'grey'], ['Midnight Blue', 'blue'], ['Ember Red', 'red']]), 'button[data-who=blue]');
    assert.equal(await whoActedOn(swatches([['Glacier White (solid)', 'white'], ['Moonstone Grey metallic', 'grey'], ['Midnight Blue metallic', 'blue'], ['Deep Ocean Blue metallic', 'ocean'], ['Ember Red tri-coat', 'red']]), blue), 'blue', 'renamed beside a new blue');

    // Upholstery as a listbox of plain items.
    const seats = (items: [label: string, who: string][]) => `<main><section><h2>Interior</h2><ul role="listbox" aria-label="Upholstery">${items.map(([label, who]) => `<li role="option" aria-selected="false" data-who="${who}">${label} <small>+£1,100</small></li>`).join('')}</ul></section></main>`;
    const sand = await record(seats([['Cloth – Charcoal', 'charcoal'], ['Vegan leather – Slate', 'slate'], ['Vegan leather – Sand', 'sand'], ['Nappa leather – Cognac', 'cognac']]), 'li[data-who=sand]');
    assert.equal(await whoActedOn(seats([['Stone vegan leather', 'stone'], ['Charcoal cloth', 'charcoal'], ['Slate vegan leather', 'slate'], ['Cognac Nappa leather', 'cognac']]), sand), null, 'a new colour in its place, "Sand" gone');
    assert.equal(await whoActedOn(seats([['Charcoal cloth', 'charcoal'], ['Stone vegan leather', 'stone'], ['Slate vegan leather', 'slate'], ['Sand vegan leather', 'sand'], ['Cognac Nappa leather', 'cognac']]), sand), 'sand', 'renamed, the new colour beside it');
    // Copy written in title case: its capitals say nothing of names.
    const buttons = (labels: [label: string, who: string][]) => `<main><form aria-label="Profile"><input name="bio"> ${labels.map(([label, who]) => `<button type="button" data-who="${who}">${label}</button>`).join(' ')}</form></main>`;
    const saveSettings = await record(buttons([['Save Draft', 'draft'], ['Save Settings', 'save']]), 'button[data-who=save]');
    assert.equal(await whoActedOn(buttons([['Save Draft', 'draft'], ['Save Preferences', 'save']]), saveSettings), 'save', 'renamed in title case');

    // A payroll run's stepper, its steps numbered list items.
    const stepper = (steps: [label: string, who: string][]) => `<main><nav aria-label="Payroll steps"><ol>${steps.map(([label, who], i) => `<li data-who="${who}"><span>${i + 1}</span> ${label}</li>`).join('')}</ol></nav></main>`;
    const timeOff = await record(stepper([['Hours and earnings', 'hours'], ['Time off', 'time-off'], ['Deductions', 'deductions'], ['Review and submit', 'review']]), 'li[data-who=time-off]');
    assert.notEqual(await whoActedOn(stepper([['Hours and pay', 'hours'], ['Deductions and benefits', 'deductions'], ['Leave', 'time-off'], ['Review and approve', 'review']]), timeOff), 'deductions', 'reordered and rewritten: "2 Deductions and benefits" is never taken for "2 Time off"');
  } finally {
    await browser.close();
  }
});

test('round 34 (the twenty-ninth hold-out): a code replaced is another element; the numbers of a name point to it; a label\'s control and value vouch for its renamed text', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A lab's specimen drawer: the tests to route, each with its code.
    const routes = (tests: [label: string, code: string][]) => `<main><aside aria-label="Specimen"><form><ul role="listbox" aria-label="Route">${tests.map(([label, code]) => `<li role="option" aria-selected="false" data-who="${code}">${label} <span>${code}</span></li>`).join('')}</ul></form></aside></main>`;
    const magnesium = await record(routes([['Basic metabolic panel', 'BMP'], ['Magnesium', 'MG'], ['Phosphorus', 'PHOS']]), 'li[data-who=MG]');
    assert.equal(await whoActedOn(routes([['Basic metabolic panel', 'BMP'], ['Magnesium, ionized', 'IMG'], ['Phosphorus', 'PHOS']]), magnesium), null, 'cancelled, another magnesium test in its place');
    assert.equal(await whoActedOn(routes([['BMP (basic metabolic)', 'BMP'], ['Magnesium, serum', 'MG'], ['Phosphorus, inorganic', 'PHOS']]), magnesium), 'MG', 'renamed, its code kept');
    // An abbreviation replaced by another is copy: "Tax ID" -> "VAT / tax number".
    const billing = (fields: [label: string, name: string][]) => `<main><form aria-label="Billing address">${fields.map(([label, name]) => `<label>${label} <input type="text" name="${name}" data-who="${name}"></label>`).join('')}<button type="submit">Save</button></form></main>`;
    const taxId = await record(billing([['Company name', 'company'], ['City', 'city'], ['Tax ID', 'tax_id']]), 'input[name=tax_id]');
    assert.equal(await whoActedOn(billing([['Legal name', 'company'], ['Town or city', 'city'], ['VAT / tax number', 'tax_id']]), taxId), 'tax_id', 'renamed, another abbreviation in its name');

    // A volunteer's logged hours, one list item per shift.
    const hours = (items: [label: string, who: string][]) => `<main><section aria-labelledby="h"><h2 id="h">Your hours</h2><ul>${items.map(([label, who]) => `<li data-who="${who}">${label}</li>`).join('')}</ul></section></main>`;
    const SEP = ['Sat 7 Sep · Sorting &amp; packing · 3 hours', 'sep-7'] as [string, string];
    const aug17 = await record(hours([SEP, ['Sat 31 Aug · Distribution · 4 hours', 'aug-31'], ['Sat 17 Aug · Sorting &amp; packing · 3 hours', 'aug-17'], ['Thu 8 Aug · Kitchen · 2.5 hours', 'aug-8']]), 'li[data-who=aug-17]');
    const SNACKS: [string, string] = ['Sat 17 Aug · Pack school snack bags · 2 h', 'snacks'];
    const COPIED: [string, string][] = [['Sat 7 Sep · Sort and pack · 3 h', 'sep-7'], ['Sat 31 Aug · Distribution · 4 h', 'aug-31'], ['Sat 17 Aug · Sort and pack · 3 h', 'aug-17'], ['Thu 8 Aug · Kitchen · 2.5 h', 'aug-8']];
    assert.equal(await whoActedOn(hours([...COPIED.slice(0, 3), SNACKS, COPIED[3]!]), aug17), 'aug-17', 'the same day\'s other shift beside it: its hours say which');
    assert.notEqual(await whoActedOn(hours([COPIED[0]!, COPIED[1]!, SNACKS, COPIED[3]!, COPIED[2]!]), aug17), 'snacks', 'reordered, the other shift in its place, is never taken');

    // A checkbox group: each option's text in a span beside its box.
    const options = (legend: string, items: [value: string, label: string][]) => `<main><form><fieldset><legend>${legend}</legend>${items.map(([value, label]) => `<label data-who="${value}"><input type="checkbox" name="notify" value="${value}"> <span>${label}</span></label>`).join('')}</fieldset><button type="submit">Save</button></form></main>`;
    const slack = await record(options('Notify', [['watchers', 'Email the flag’s watchers (4)'], ['slack-releases', 'Post to #releases in Slack']]), 'label[data-who=slack-releases] span');
    assert.equal(await whoActedOn(options('Tell people', [['slack-releases', 'Share in Slack (#releases)'], ['watchers', 'Email watchers (4)']]), slack), 'slack-releases', 'its text, its group\'s legend and the order rewritten: the value it sends says which');
    assert.equal(await whoActedOn(options('Tell people', [['watchers', 'Email watchers (4)'], ['slack-general', 'Share in Slack (#general)']]), slack), null, 'another channel in its place');
  } finally {
    await browser.close();
  }
});

test('round 35 (the thirtieth hold-out): a year dropped from a field\'s label is copy; a row named by its element\'s words and a number is kept by them', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A tax return's dependent dialog: the months a child lived with you, a select labelled with the tax year.
    const dependent = (heading: string, relation: string, months: string) => `<main><dialog open><form><h2>${heading}</h2><label for="rel">${relation}</label> <select id="rel" name="relationship"><option>Daughter</option><option>Son</option></select>`
      + ` <label for="months">${months}</label> <select id="months" name="monthsLived" data-who="months"><option>0</option><option>12</option></select> <button type="submit">Save</button></form></dialog></main>`;
    const months = await record(dependent('Edit dependent: Maya Okafor', 'Relationship to you', 'Months lived with you in 2025'), 'select[name=monthsLived]');
    assert.equal(await whoActedOn(dependent('Update details: Maya Okafor', 'How are they related to you?', 'How many months did Maya live with you?'), months), 'months', 'the year dropped from its label');
    assert.equal(await whoActedOn(dependent('Update details: Maya Okafor', 'How are they related to you?', 'How many months did Maya live with you in 2024?'), months), null, 'another year in its place');

    // A person's facts: each row its fact, its year, an edit icon named by aria-label.
    const facts = (rows: [fact: string, year: string, label: string, who: string][]) => `<main><aside aria-label="Astrid Lindqvist"><table><tbody>${rows.map(([fact, year, label, who]) => `<tr><td>${fact}</td><td>${year}</td>`
      + `<td><button type="button" class="icon" aria-label="${label}" data-who="${who}">&#9998;</button></td></tr>`).join('')}</tbody></table></aside></main>`;
    const birth = await record(facts([['Birth', '1924', 'Edit Birth', 'birth'], ['Marriage', '1947', 'Edit Marriage', 'marriage'], ['Death', '2011', 'Edit Death', 'death']]), 'button[data-who=birth]');
    assert.equal(await whoActedOn(facts([['Born', '1924', 'Edit birth details', 'birth'], ['Married', '1947', 'Edit marriage details', 'marriage'], ['Died', '2011', 'Edit death details', 'death']]), birth), 'birth', 'its row and its label rewritten, its year kept');
    assert.equal(await whoActedOn(facts([['Baptized', '1924', 'Edit baptism details', 'baptism'], ['Married', '1947', 'Edit marriage details', 'marriage'], ['Died', '2011', 'Edit death details', 'death']]), birth), null, 'gone, a baptism the same year in its place');
  } finally {
    await browser.close();
  }
});

test('round 36 (the thirty-first hold-out): a file whose extension starts with a digit is an identifier; a qualifier is no other item when its identifier is kept; a word compounded is kept', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A print farm's printer cards: the printer, its model, the file printing, its progress, a pause icon.
    type Printer = [name: string, file: string, progress: string];
    const printers = (cards: Printer[]) => `<main><section aria-label="Printers">${cards.map(([name, file, progress]) => `<article><h3>${name}</h3><p>Bambu Lab X1C</p><p>${file} ${progress}</p>`
      + `<button type="button" class="icon" aria-label="Pause ${name}" data-who="${name}">&#10073;&#10073;</button> <button type="button" class="icon" aria-label="Stop ${name}">&#9632;</button></article>`).join('')}</section></main>`;
    const ADA: Printer = ['Ada', 'bracket-v2.stl', '62%'];
    const CURIE: Printer = ['Curie', 'cosplay-helmet-part2.3mf', '18%'];
    const pause = await record(printers([ADA, CURIE, ['Darwin', 'gear-set.3mf', '90%']]), 'button[data-who=Curie]');
    assert.equal(await whoActedOn(printers([ADA, ['Curie II', 'lamp-shade-voronoi.3mf', '47%'], ['Darwin', 'gear-set.3mf', '90%']]), pause), null, 'its print finished and gone, a new printer "Curie II" in its place');
    assert.equal(await whoActedOn(printers([ADA, CURIE, ['Curie II', 'lamp-shade-voronoi.3mf', '47%'], ['Darwin', 'gear-set.3mf', '90%']]), pause), 'Curie', 'and beside it');

    // The print queue: a row per job, its file name a plain cell.
    const queue = (rows: [file: string, member: string, material: string][]) => `<main><table><tbody>${rows.map(([file, member, material]) => `<tr><td data-who="${file}">${file}</td><td>${member}</td><td>${material}</td><td><button type="button">Approve</button></td></tr>`).join('')}</tbody></table></main>`;
    const drone = await record(queue([['keychain-logo.stl', 'Priya K.', 'PLA'], ['drone-frame-v3.3mf', 'Sam O.', 'PETG'], ['phone-stand.stl', 'Leo M.', 'PLA']]), 'td[data-who="drone-frame-v3.3mf"]');
    assert.equal(await whoActedOn(queue([['keychain-logo.stl', 'Priya K.', 'PLA (matte)'], ['drone-frame-v3.3mf', 'Sam O.', 'PETG (tough)'], ['phone-stand.stl', 'Leo M.', 'PLA (matte)']]), drone), 'drone-frame-v3.3mf', 'its material qualified, its file kept');
    // (Every identifier kept, not one: a vault's "Stripe dashboard (test mode)" shares the site's address only.)
    const logins = (rows: [name: string, site: string, user: string, who: string][]) => `<main><table><tbody>${rows.map(([name, site, user, who]) => `<tr><td>${name}</td><td>${site}</td><td>${user}</td>`
      + `<td><button type="button" class="icon" aria-label="Copy password" data-who="${who}">&#128273;</button></td></tr>`).join('')}</tbody></table></main>`;
    const ATLASSIAN: [string, string, string, string] = ['Atlassian', 'id.atlassian.com', 'ops@acme-eng.io', 'atlassian'];
    const copyStripe = await record(logins([ATLASSIAN, ['Stripe dashboard', 'dashboard.stripe.com', 'payments@acme-eng.io', 'stripe']]), 'button[data-who=stripe]');
    assert.equal(await whoActedOn(logins([ATLASSIAN, ['Stripe dashboard (test mode)', 'dashboard.stripe.com', 'payments+test@acme-eng.io', 'stripe-test']]), copyStripe), null, 'deleted, its test-mode login in its place');

    // A recipe picker: a card per recipe, its title a heading, its time, its calories and a note.
    const recipes = (cards: [title: string, kcal: string, note: string, who: string][]) => `<main><form aria-label="Friday dinner"><ul>${cards.map(([title, kcal, note, who]) => `<li><h3 data-who="${who}">${title}</h3><p>30 min · ${kcal} kcal · ${note}</p><button type="button">Choose</button></li>`).join('')}</ul></form></main>`;
    const salmon = await record(recipes([['Miso salmon rice bowls', '610', 'Protein-rich', 'miso'], ['Lemony salmon traybake', '580', 'One pan', 'traybake'], ['Crispy cod tacos', '540', 'Kids love it', 'tacos']]), 'h3[data-who=traybake]');
    assert.equal(await whoActedOn(recipes([['Miso salmon and rice bowls', '610', 'High protein', 'miso'], ['Lemon &amp; herb salmon traybake', '580', 'One-tray', 'traybake'], ['Crispy cod tacos', '540', 'A hit with kids', 'tacos']]), salmon), 'traybake', 'renamed, "One pan" now "One-tray"');
  } finally {
    await browser.close();
  }
});

test('round 37 (the thirty-second hold-out): a card keeping its names and numbers is kept, its prose rewritten; a link to a renumbered anchor leads to the same place; a form\'s one submit says committing in another verb', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A wine club's next shipment: a card per bottle, the wine a heading, its maker and region, a tasting note, a
    // price and a "Swap" button reading the same on every card.
    type Bottle = [wine: string, maker: string, note: string, price: string];
    const shipment = (cards: Bottle[], swap = 'Swap') => `<main><section aria-label="June shipment"><ul>${cards.map(([wine, maker, note, price]) => `<li><div class="body"><h3>${wine}</h3><p>${maker}</p><p>${note}</p><p>${price}</p></div>`
      + `<div class="actions"><button type="button" name="swap" data-who="${wine}">${swap}</button></div></li>`).join('')}</ul></section></main>`;
    const RHONE: Bottle = ['Côtes du Rhône Villages 2022', 'Domaine Rabasse · Rhône, France', 'Garrigue, black cherry, soft tannins', '€14.50'];
    const ETNA: Bottle = ['Etna Rosso 2022', 'Tenuta Caruso · Sicily, Italy', 'Red currant, volcanic ash, fine tannins', '€19.00'];
    const SANCERRE: Bottle = ['Sancerre 2022', 'Domaine Millet · Loire, France', 'Gooseberry, flint, bright acidity', '€22.00'];
    const swap = await record(shipment([RHONE, SANCERRE, ETNA]), 'button[data-who="Sancerre 2022"]');
    const rewritten: Bottle = ['Sancerre 2022', 'Domaine Millet · Loire, France', 'Crisp and flinty with gooseberry', '€22.00'];
    assert.equal(await whoActedOn(shipment([RHONE, rewritten, ETNA], 'Change wine'), swap), 'Sancerre 2022', 'every "Swap" now "Change wine", its note rewritten');
    assert.equal(await whoActedOn(shipment([ETNA, RHONE, rewritten], 'Change wine'), swap), 'Sancerre 2022', 'and the cards reordered');
    const POUILLY: Bottle = ['Pouilly-Fumé 2022', 'Domaine Millet · Loire, France', 'Smoky, citrus peel, mineral', '€22.00'];
    assert.equal(await whoActedOn(shipment([RHONE, POUILLY, ETNA], 'Change wine'), swap), null, 'the same maker\'s other wine in its place');
    // Each card labelled by its heading (the box that tells the twin buttons apart): a card labelled with none of the
    // words of the recorded card's label is another card, its vintage and price the same.
    const labelled = (cards: Bottle[], label = 'Swap') => `<main><ul>${cards.map(([wine, maker, note, price]) => `<li><h3>${wine}</h3><p>${maker}</p><p>${note}</p><p>${price}</p>`
      + `<button type="button" name="swap" data-who="${wine}">${label}</button></li>`).join('')}</ul></main>`;
    const vintages: Bottle[] = [['Côtes du Rhône Villages 2020', ...RHONE.slice(1)] as Bottle, SANCERRE, ['Etna Rosso 2021', ...ETNA.slice(1)] as Bottle];
    const swapLabelled = await record(labelled(vintages), 'button[data-who="Sancerre 2022"]');
    assert.equal(await whoActedOn(labelled([vintages[0]!, POUILLY, vintages[2]!], 'Change wine'), swapLabelled), null, 'another card\'s label in its place');
    assert.equal(await whoActedOn(labelled([vintages[0]!, rewritten, vintages[2]!], 'Change wine'), swapLabelled), 'Sancerre 2022', 'its own label kept');
    assert.equal(await whoActedOn(shipment([RHONE, ['Sancerre Rosé 2022', 'Domaine Millet · Loire, France', 'Crisp and flinty with gooseberry', '€22.00'], ETNA], 'Change wine'), swap), null, 'a name lengthened in its place ("Sancerre Rosé")');
    assert.equal(await whoActedOn(shipment([RHONE, ['Sancerre 2022', 'Domaine Millet · Loire, France', 'Crisp and flinty with gooseberry', '€24.50'], ETNA], 'Change wine'), swap), null, 'another price: not the card recorded');

    // An operator console's status tabs: links to anchors on the page, each with its count.
    const tabs = (links: [label: string, href: string][]) => `<main><nav aria-label="Charger status">${links.map(([label, href]) => `<a href="${href}" class="tab" data-who="${label}">${label}</a>`).join(' ')}</nav></main>`;
    const faulted = await record(tabs([['All 6', '#all'], ['Available 2', '#available'], ['Charging 3', '#charging'], ['Faulted 1', '#faulted'], ['Offline 0', '#offline']]), 'a[href="#faulted"]');
    assert.equal(await whoActedOn(tabs([['All chargers 6', '#all-12'], ['Available 2', '#available-35'], ['In use 3', '#charging-34'], ['Faults 1', '#faulted-91'], ['Offline 0', '#offline-91']]), faulted), 'Faults 1', 'the ids renumbered and the copy edited');
    assert.equal(await whoActedOn(tabs([['All chargers 6', '#all'], ['Available 2', '#available'], ['In use 3', '#charging'], ['Faults 1', '#faults-list']]), faulted), null, 'another anchor is another place');
    // (A number the link's own name shows is its data, not a counter: the "Archive 2023" folder is another folder.)
    const folders = (links: [label: string, href: string][]) => `<main><nav aria-label="Folders"><ul>${links.map(([label, href]) => `<li><a href="${href}" data-who="${label}">${label}</a></li>`).join('')}</ul></nav></main>`;
    const archive = await record(folders([['Inbox', '#inbox'], ['Sent', '#sent'], ['Archive', '#archive']]), 'a[href="#archive"]');
    assert.equal(await whoActedOn(folders([['Inbox', '#inbox'], ['Sent', '#sent'], ['Archive 2023', '#archive-2023'], ['Archived', '#archive']]), archive), 'Archived', 'renamed, last year\'s archive beside it');

    // A tariff dialog: its money fields and one submit.
    const tariff = (submit: string, extra = '') => `<main><dialog open aria-labelledby="t"><form method="dialog"><h2 id="t">Tariff for Harbour Garage</h2><p>Prices include VAT.</p>`
      + `<label>Energy price (per kWh) <input name="kwh"></label><button type="button" aria-label="Close">×</button><button type="button">Cancel</button>${extra}<button type="submit" data-who="${submit}">${submit}</button></form></dialog></main>`;
    const save = await record(tariff('Save tariff'), 'button[type=submit]');
    assert.equal(await whoActedOn(tariff('Publish tariff'), save), 'Publish tariff', 'the form\'s one submit, "Save" now "Publish"');
    assert.equal(await whoActedOn(tariff('Delete tariff'), save), null, 'not another action');
    const draft = `<button type="button" data-who="Save draft">Save draft</button>`;
    const publish = await record(tariff('Publish tariff', draft), 'button[type=submit]');
    assert.equal(await whoActedOn(tariff('Save tariff', draft), publish), null, 'a "Save draft" beside it when recorded: the verb told them apart');
  } finally {
    await browser.close();
  }
});

test('round 38 (the thirty-third hold-out): numbers an option\'s kept value spells may be written in other units; a field taking text names no action', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A print order's sizes: radios with their size and price as the label's text, the value spelling the size.
    const sizes = (legend: string, options: [value: string, label: string][]) => `<main><form aria-label="Order a print"><fieldset id="print-sizes"><legend>${legend}</legend>`
      + `${options.map(([value, label]) => `<label data-who="${value}"><input type="radio" name="size" value="${value}"> ${label}</label>`).join('')}</fieldset><button type="submit">Add to basket</button></form></main>`;
    const INCHES: [string, string][] = [['5x7', '5 × 7 in £18'], ['8x10', '8 × 10 in £32'], ['11x14', '11 × 14 in £55'], ['16x20', '16 × 20 in £89']];
    const size = await record(sizes('Size', INCHES), '#print-sizes label:nth-of-type(2)');
    const CENTIMETRES: [string, string][] = [['5x7', '13 × 18 cm £18'], ['8x10', '20 × 25 cm £32'], ['11x14', '28 × 36 cm £55'], ['16x20', '40 × 50 cm £89']];
    assert.equal(await whoActedOn(sizes('Print size', CENTIMETRES), size), '8x10', 'every size written in centimetres, its value kept');
    assert.equal(await whoActedOn(sizes('Print size', [...CENTIMETRES].reverse()), size), '8x10', 'and reordered');
    assert.equal(await whoActedOn(sizes('Print size', CENTIMETRES.map(([value, label]) => [value === '8x10' ? '20x25' : value, label])), size), null, 'another value: not the option recorded');
    // (A value spelling no number of its label says nothing of them: another size in its place is another option.)
    const named = (options: [value: string, label: string][]) => sizes('Size', options);
    const medium = await record(named([['small', '5 × 7 in £18'], ['medium', '8 × 10 in £32'], ['large', '11 × 14 in £55']]), '#print-sizes label:nth-of-type(2)');
    assert.equal(await whoActedOn(named([['small', '5 × 7 in £18'], ['medium', '10 × 12 in £32'], ['large', '11 × 14 in £55']]), medium), null, 'its value names no size');

    // A harbour log: one text field to add an entry and its "Add" button.
    const log = (label: string) => `<main><aside><section aria-label="Harbour log"><form><label for="log-entry">${label}</label><input id="log-entry" name="entry" type="text" placeholder="Add a log entry…" data-who="entry">`
      + `<button type="submit">Add</button></form><ol><li>06:40 Fuel berth closed for cleaning</li><li>07:15 Saoirse called on VHF 80</li></ol></section></aside></main>`;
    const entry = await record(log('New entry'), '#log-entry');
    assert.equal(await whoActedOn(log('Log entry'), entry), 'entry', '"New entry" -> "Log entry": a field names what it holds');
  } finally {
    await browser.close();
  }
});

test('round 39 (the thirty-fourth hold-out): up to 24 look-alikes\' names are recorded; logging is adding; a row\'s word cut short in brackets is no qualifier', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A brewery batch page: twenty buttons in one landmark, "Log reading" among them.
    const batch = (log: string, extra = '') => `<main><h1>B-2417 · Lighthouse Pale Ale</h1>${Array.from({ length: 19 }, (_, i) => `<button type="button">Action ${i + 1}</button>`).join('')}`
      + `<button type="button" data-who="log">${log}</button>${extra}</main>`;
    const log = await record(batch('Log reading'), 'button[data-who=log]');
    assert.equal(await whoActedOn(batch('Add reading'), log), 'log', 'renamed among twenty look-alikes: their names were recorded');
    assert.equal(await whoActedOn(batch('Delete reading'), log), null, 'another action');
    const crowded = (label: string) => `<main>${Array.from({ length: 40 }, (_, i) => `<button type="button">Action ${i + 1}</button>`).join('')}<button type="button" data-who="log">${label}</button></main>`;
    const logCrowded = await record(crowded('Log reading'), 'button[data-who=log]');
    assert.equal(logCrowded.peers, undefined);
    assert.equal(await whoActedOn(crowded('Add reading'), logCrowded), null, 'more than 24 look-alikes: no names kept, no rename');
    // (In a table of more, the names of its own row's look-alikes are recorded: ten rows of four buttons.)
    const rows = `<main><table><tbody>${Array.from({ length: 10 }, (_, i) => `<tr><td>File ${i + 1}.pdf</td><td>${['Share', 'Rename', 'Move', 'Delete'].map((verb) => `<button type="button" aria-label="${verb} File ${i + 1}.pdf">${verb[0]}</button>`).join('')}</td></tr>`).join('')}</tbody></table></main>`;
    assert.equal((await record(rows, 'button[aria-label="Share File 4.pdf"]')).peers?.length, 3, 'forty look-alikes: those of its own row');
    // "Record a move" -> "Log a move" ("record" names no action of its own: "Confirm short pick" -> "Record short pick"
    // is a copy edit too).
    const panel = (label: string) => `<main><section aria-label="Location"><p>Gallery 4, Case 12, Shelf 2</p><button type="button" data-who="move">${label}</button><button type="button">Print label</button></section></main>`;
    const move = await record(panel('Record a move'), 'button[data-who=move]');
    assert.equal(await whoActedOn(panel('Log a move'), move), 'move', 'logged');

    // A call sheet's location cards: the location's name a link to its map, its address and a note.
    const locations = (cards: [name: string, href: string, note: string][]) => `<main><section aria-label="Locations">${cards.map(([name, href, note], i) => `<article><span>${i + 1}</span><a href="${href}" data-who="${href}">${name}</a><p>${note}</p></article>`).join('')}</section></main>`;
    const boathouse = await record(locations([['Fenwick Quay car park', '#loc-car-park', 'Base: trucks arrive 05:00'], ['Fenwick Boathouse', '#loc-boathouse', 'Slipway Lane. Tide-dependent: clear until 11:30.'], ['Pendower Cliffs', '#loc-cliffs', 'A 15 minute walk; wear boots.']]), 'a[href="#loc-boathouse"]');
    assert.equal(await whoActedOn(locations([['Fenwick Quay car park', '#loc-car-park', 'Base: trucks arrive 05:00'], ['The Boathouse, Fenwick Quay', '#loc-boathouse', 'Slipway Lane. Clear until 11:30 (tide).'], ['Pendower Cliffs', '#loc-cliffs', 'A 15 minute walk; wear boots.']]), boathouse), '#loc-boathouse', 'its note rewritten, "tide" in brackets');
  } finally {
    await browser.close();
  }
});

test('round 40 (the thirty-sixth hold-out): function words vouch for no context; adding and posting commit a form; a word after an id makes another id; a range in a name numbers no link; a rename saying part of the name is no choice beside one saying all of it', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A planning application's case page: a notes form labelled "Add a note" with its one submit, and the "Edit
    // condition" dialog whose form reads "a" too ("Select a person") and submits with "Save".
    const casePage = (submit: string, save = 'Save', label = 'Add a note') => `<main><section aria-labelledby="n"><h2 id="n">Notes</h2><ol><li>Site visit booked</li></ol>`
      + `<form><label for="note">${label}</label><textarea id="note" name="note"></textarea><button type="submit" class="primary" data-who="note">${submit}</button></form></section>`
      + `<div role="dialog" aria-labelledby="c"><h2 id="c">Edit condition</h2><form><label for="officer">Officer</label><select id="officer" name="officer"><option>Select a person</option><option>Dana Okoro</option></select>`
      + `<button type="button">Discard</button><button type="submit" class="primary" data-who="condition">${save}</button></form></div></main>`;
    const add = await record(casePage('Add note'), 'button[data-who=note]');
    assert.equal(await whoActedOn(casePage('Post note', 'Save condition', 'New note'), add), 'note', '"Add note" -> "Post note": the form\'s one submit, posted');
    assert.equal(await whoActedOn(casePage('Share note', 'Save condition', 'New note'), add), null, 'another action, and the dialog\'s "Save condition" shares only an "a" with its form');

    // A summer camp's group tabs: links to anchors, the ids renumbered on a release.
    const groups = (links: [label: string, href: string][]) => `<main><nav aria-label="Groups">${links.map(([label, href]) => `<a href="${href}" data-who="${href}">${label}</a>`).join(' ')}</nav></main>`;
    const badgers = await record(groups([['Otters (juniors)', '#otters'], ['Badgers (middles)', '#badgers'], ['Hawks (seniors)', '#hawks']]), 'a[href="#badgers"]');
    assert.equal(await whoActedOn(groups([['Otters · 7–9', '#otters-51'], ['Badgers · 10–12', '#badgers-10'], ['Badgers · Overnight', '#badgers-overnight-27'], ['Hawks · 13–15', '#hawks-14']]), badgers), '#badgers-10',
      'renamed with its ages, its anchor renumbered (by a number its range shows), another Badgers group beside it');
    assert.equal(await whoActedOn(groups([['Otters · 7–9', '#otters-51'], ['Badgers · Overnight', '#badgers-overnight-27'], ['Hawks · 13–15', '#hawks-14']]), badgers), null, 'the other Badgers group alone: its anchor is another place');

    // A kiln log: "Log firing" among its rows' "Edit firing …" and "Delete firing …" buttons ("firing" is every
    // look-alike's word; "log" alone told it apart). Renamed "Add firing" and moved to the end, a new "Add glaze test"
    // in its place: where it is and what it says disagree (the one in its place says only the adding; the one saying
    // all of the recorded name in other words trails it), and neither is a guess.
    const rows = ['12 May', '19 May', '26 May'].flatMap((day) => [`<button type="button">Edit firing from ${day}</button>`, `<button type="button">Delete firing from ${day}</button>`]);
    const kiln = (first: string, last = '') => `<main><h1>Kiln 2</h1><button type="button">Export</button>${first}${rows.join('')}${last}</main>`;
    const logFiring = await record(kiln('<button type="button" data-who="firing">Log firing</button>'), 'button[data-who=firing]');
    assert.equal(await whoActedOn(kiln('<button type="button" data-who="glaze">Add glaze test</button>', '<button type="button" data-who="firing">Add firing</button>'), logFiring), null,
      '"Log firing" -> "Add firing" moved, "Add glaze test" in its place');
  } finally {
    await browser.close();
  }
});

test('round 41 (the thirty-seventh hold-out): a number a name spelled out is its data; a rename keeping no word is no choice beside one keeping one', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A netball league's division tabs: "Division One" recorded; a release cuts every tab short and orders them by
    // the number of fixtures this week.
    const tabs = (names: [who: string, label: string][]) => `<main><div role="tablist" aria-label="Divisions">${names.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div></main>`;
    const one = await record(tabs([['premier', 'Premier Division'], ['one', 'Division One'], ['two', 'Division Two'], ['three', 'Division Three']]), 'button[data-who=one]');
    assert.equal(await whoActedOn(tabs([['three', 'Div 3'], ['premier', 'Premier'], ['two', 'Div 2'], ['one', 'Div 1']]), one), 'one', 'every tab cut short and reordered: "Div 3" in its place says another number, "Div 1" the same');
    assert.equal(await whoActedOn(tabs([['premier', 'Premier'], ['three', 'Div 3'], ['two', 'Div 2']]), one), null, 'Division One merged away: "Div 3" in its place is another division');
    assert.equal(await whoActedOn(tabs([['premier', 'Premier Division'], ['one', 'First Division'], ['two', 'Division Two'], ['three', 'Division Three']]), one), 'one', 'a name saying no number may be it');

    // A row's menu of a claims list: every item rewritten and the items reordered, another item in its place.
    const menu = (items: [who: string, label: string][]) => `<main><ul role="menu" aria-label="Claim 10482">${items.map(([who, label]) => `<li role="none"><button type="button" role="menuitem" data-who="${who}">${label}</button></li>`).join('')}</ul></main>`;
    const edit = await record(menu([['history', 'View history'], ['edit', 'Edit claim'], ['print', 'Print form'], ['paid', 'Mark as paid'], ['void', 'Void claim']]), 'button[data-who=edit]');
    assert.equal(await whoActedOn(menu([['history', 'History'], ['paid', 'Record payment'], ['print', 'Print'], ['edit', 'Correct claim'], ['void', 'Cancel claim']]), edit), null,
      '"Record payment" in its place keeps no word of "Edit claim"; "Correct claim" keeps one');
  } finally {
    await browser.close();
  }
});

test('round 42 (the thirty-eighth hold-out): a number of its data is kept spelled out', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A garden landscaper's quote: a line per item, an icon button named for it removes it.
    const quote = (lines: [who: string, label: string, price: string][], verb = (label: string) => `Remove ${label}`) => `<main><form aria-label="Quote"><table><tbody>${lines.map(([who, label, price]) => `<tr><td>${label}</td><td>${price}</td>`
      + `<td><button type="button" aria-label="${verb(label)}" data-who="${who}">×</button></td></tr>`).join('')}</tbody></table></form></main>`;
    const lines: [string, string, string][] = [['turf', 'Turf (40 m²)', '£520.00'], ['skip', 'Skip hire (2 days)', '£310.00'], ['fence', 'Fence panels (6)', '£450.00']];
    const skip = await record(quote(lines), 'button[data-who=skip]');
    const rewritten: [string, string, string][] = [['turf', 'Turf, 40 m²', '£520.00'], ['skip', 'Skip hire, two days', '£310.00'], ['fence', 'Fence panels, 6', '£450.00']];
    assert.equal(await whoActedOn(quote(rewritten, (label) => `Delete line: ${label}`), skip), 'skip', '"2 days" written "two days"');
    assert.equal(await whoActedOn(quote([lines[0]!, ['skip', 'Skip hire, three days', '£310.00'], lines[2]!], (label) => `Delete line: ${label}`), skip), null, 'another number of days');
  } finally {
    await browser.close();
  }
});

test('round 43 (the fortieth hold-out): words joined are the same words; a row qualified with its numbers kept is the same row; a name follows its row renamed with its numbers kept', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A physiotherapy clinic's day list: a "Check in" or "Check out" button per appointment (one client is being
    // treated); a release writes "Checkout" and "Mark arrived", and rewrites the treatments.
    type Visit = [who: string, time: string, client: string, treatment: string, done: boolean];
    const day = (visits: Visit[], out = 'Check out', arrive = 'Check in') => `<main><h2>Today</h2><ul>${visits.map(([who, time, client, treatment, done]) => `<li><time>${time}</time> <strong>${client}</strong> <span>${treatment}</span>`
      + ` <button type="button" data-who="${who}">${done ? out : arrive}</button></li>`).join('')}</ul></main>`;
    const visits: Visit[] = [['reid', '09:00', 'Calum Reid', 'Sports massage', false], ['nair', '09:45', 'Devi Nair', 'Knee assessment, taping', true], ['moss', '10:30', 'Helen Moss', 'Back pain review', false]];
    const nair = await record(day(visits), 'button[data-who=nair]');
    const rewritten: Visit[] = [['reid', '09:00', 'Calum Reid', 'Deep tissue massage', false], ['nair', '09:45', 'Devi Nair', 'Joint check-up, taping', true], ['moss', '10:30', 'Helen Moss', 'Lower back review', false]];
    assert.equal(await whoActedOn(day(rewritten, 'Checkout', 'Mark arrived'), nair), 'nair', '"Check out" -> "Checkout", her treatment rewritten');

    // A pharmacy's fridge log: a "Record reading" button per fridge; a release qualifies the fridges' names, rewrites
    // the status and names the button "Log temperature".
    type Unit = [who: string, unit: string, reading: string, at: string, status: string];
    const log = (units: Unit[], button = 'Record reading') => `<main><section aria-label="Fridge temperatures"><table><tbody>${units.map(([who, unit, reading, at, status]) => `<tr><td>${unit}</td><td>2–8°C</td><td>${reading}</td><td>${at}</td><td>${status}</td>`
      + `<td><button type="button" data-who="${who}">${button}</button></td></tr>`).join('')}</tbody></table></section></main>`;
    const units: Unit[] = [['vaccine', 'Vaccine fridge', '4.1°C', '08:10', 'OK'], ['insulin', 'Insulin fridge', '9.2°C', '08:12', 'Too warm'], ['stock', 'Stock fridge', '5.0°C', '08:15', 'OK']];
    const insulin = await record(log(units), 'button[data-who=insulin]');
    const qualified: Unit[] = [['vaccine', 'Vaccine fridge (pharmacy)', '4.1°C', '08:10', 'In range'], ['insulin', 'Insulin fridge (dispensary)', '9.2°C', '08:12', 'Above 8°C'], ['stock', 'Stock fridge (back room)', '5.0°C', '08:15', 'In range']];
    assert.equal(await whoActedOn(log(qualified, 'Log temperature'), insulin), 'insulin', 'qualified, its reading and time kept');
    const another: Unit[] = [units[0]!, ['spare', 'Insulin fridge (spare)', '3.9°C', '08:20', 'In range'], units[2]!];
    assert.equal(await whoActedOn(log(another, 'Log temperature'), insulin), null, 'a spare fridge qualified, other numbers, in its place');

    // A dog groomer's bill: a "Groomer for <service>" select per line; a release renames a service and writes the
    // selects "<service>: groomer".
    type Line = [who: string, service: string, minutes: string, price: string];
    const bill = (lines: Line[], label = (service: string) => `Groomer for ${service}`) => `<main><form aria-label="Bill"><table><tbody>${lines.map(([who, service, minutes, price]) => `<tr><td>${service}</td>`
      + `<td><select aria-label="${label(service)}" data-who="${who}"><option>Ana</option><option>Ben</option></select></td><td>${minutes} min</td><td>${price}</td></tr>`).join('')}</tbody></table></form></main>`;
    const lines: Line[] = [['bath', 'Bath and brush', '30', '£25.00'], ['cut', 'Full body clip', '60', '£45.00'], ['nails', 'Nail trim', '10', '£8.00']];
    const cut = await record(bill(lines), 'select[data-who=cut]');
    const renamed: Line[] = [['bath', 'Bath and brush', '30', '£25.00'], ['cut', 'All-over clip', '60', '£45.00'], ['nails', 'Nail trim', '10', '£8.00']];
    assert.equal(await whoActedOn(bill(renamed, (service) => `${service}: groomer`), cut), 'cut', 'its service renamed in its row and its name, the row\'s minutes and price kept');
    const replaced: Line[] = [['bath', 'Bath and brush', '30', '£25.00'], ['teeth', 'Teeth cleaning', '15', '£12.00'], ['nails', 'Nail trim', '10', '£8.00']];
    assert.equal(await whoActedOn(bill(replaced, (service) => `${service}: groomer`), cut), null, 'another service, other numbers, in its place');
  } finally {
    await browser.close();
  }
});

test('round 44 (the forty-first hold-out): a word made an adjective is kept; a rename saying the action in other words says less than one keeping it', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A garden centre's range as tabs; a release renames every tab.
    const range = (heading: string, tabs: [who: string, label: string][]) => `<main><section><h2>${heading}</h2><div role="tablist">${tabs.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div></section></main>`;
    const seasonal = await record(range('Choose plants', [['all', 'All'], ['seasonal', 'Seasonal'], ['trees', 'Trees'], ['pots', 'Pots'], ['gifts', 'Gifts']]), 'button[data-who=seasonal]');
    assert.equal(await whoActedOn(range('Choose plants', [['all', 'Everything'], ['seasonal', 'This season'], ['trees', 'Trees'], ['pots', 'Planters'], ['gifts', 'Gifts']]), seasonal), 'seasonal', '"Seasonal" -> "This season"');
    assert.equal(await whoActedOn(range('Choose plants', [['all', 'Everything'], ['trees', 'Trees'], ['pots', 'Planters'], ['gifts', 'Gifts'], ['bulbs', 'Bulbs']]), seasonal), null, 'no season tab any more');

    // A bike workshop's service sheet: its "Add part" dialog above the sheet's own actions; a release rewrites the
    // buttons and the dialog's title.
    const sheet = (print: string, save: string, add: string, title: string, cancel: string) => `<main><div role="dialog" aria-labelledby="part-title"><form><h2 id="part-title">${title}</h2>`
      + `<label>Part <input name="part"></label><button type="button">${cancel}</button><button type="submit" data-who="add">${add}</button></form></div>`
      + `<form><button type="button" data-who="print">${print}</button><button type="submit" data-who="save">${save}</button></form></main>`;
    const save = await record(sheet('Print service sheet', 'Save service sheet', 'Add to sheet', 'Add part', 'Cancel'), 'button[data-who=save]');
    assert.equal(await whoActedOn(sheet('Print', 'Save changes', 'Add part to service sheet', 'Add a part to this sheet', 'Close'), save), 'save',
      '"Save changes" keeps "save"; the dialog\'s "Add part to service sheet" says it only in other words');
  } finally {
    await browser.close();
  }
});

test('round 45 (the forty-second hold-out): a function word is no data of its row; an action swapped among words reordered is another action', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A kennel's board: a row per dog with an icon button "Log a walk for <dog>"; a release rewrites the notes and
    // names the buttons "Record a walk for <dog>".
    type Dog = [who: string, name: string, walks: string, food: string, note: string];
    const board = (dogs: Dog[], verb = 'Log') => `<main><section aria-label="Dogs in today"><table><tbody>${dogs.map(([who, name, walks, food, note]) => `<tr><td>${name}</td><td>${walks}</td><td>${food}</td><td>${note}</td>`
      + `<td><button type="button" aria-label="${verb} a walk for ${name}" data-who="${who}">🐾</button></td></tr>`).join('')}</tbody></table></section></main>`;
    const dogs: Dog[] = [['biscuit', 'Biscuit', '2', 'kibble', 'Pulls on the lead'], ['juno', 'Juno', '3', 'raw, rice', 'Lost a claw on Sunday'], ['pepper', 'Pepper', '1', 'kibble', 'Shy with big dogs']];
    const juno = await record(board(dogs), 'button[data-who=juno]');
    const rewritten: Dog[] = [['biscuit', 'Biscuit', '2', 'kibble', 'Pulls when on lead'], ['juno', 'Juno', '3', 'raw rice', 'Claw torn since Sun'], ['pepper', 'Pepper', '1', 'kibble', 'Nervous of large dogs']];
    assert.equal(await whoActedOn(board(rewritten, 'Record'), juno), 'juno', 'the "a" of "Log a walk for Juno" was no data of her row, whose note read "Lost a claw"');

    // A customs broker's documents: an "Upload …" button per missing document, "Remove …" per uploaded one.
    type Doc = [who: string, code: string, title: string, action: string];
    const docs = (list: Doc[]) => `<main><section aria-label="Documents"><ul>${list.map(([who, code, title, action]) => `<li><span>${code}</span> <span>${title}</span>`
      + ` <button type="button" aria-label="${action}" data-who="${who}">${action.split(' ')[0]}</button></li>`).join('')}</ul></section></main>`;
    const origin = await record(docs([['invoice', 'N935', 'Commercial invoice', 'Remove Commercial invoice'], ['origin', 'U112', 'Statement on origin', 'Upload Statement on origin'], ['freight', 'N380', 'Freight invoice', 'Upload Freight invoice']]), 'button[data-who=origin]');
    assert.equal(await whoActedOn(docs([['invoice', 'N935', 'Commercial invoice', 'Remove Commercial invoice'], ['uploaded', 'U112', 'Origin statement (from email)', 'Delete Origin statement'], ['freight', 'N380', 'Freight invoice', 'Upload Freight invoice']]), origin), null,
      'the statement came by email: "Delete Origin statement" deletes it');
    assert.equal(await whoActedOn(docs([['invoice', 'N935', 'Commercial invoice', 'Remove Commercial invoice'], ['origin', 'U112', 'Origin statement', 'Attach Origin statement'], ['freight', 'N380', 'Freight invoice', 'Attach Freight invoice']]), origin), 'origin',
      '"Attach Origin statement" attaches it');

    // A plan change's review dialog: "Confirm change" rewritten "Confirm and pay" ("change" was the plan's, no action).
    const review = (confirm: string, back: string) => `<main><div role="dialog" aria-label="Review your change"><p>New plan: Business, 13 members</p>`
      + `<button type="button" data-who="back">${back}</button><button type="button" data-who="confirm">${confirm}</button></div></main>`;
    const confirm = await record(review('Confirm change', 'Go back'), 'button[data-who=confirm]');
    assert.equal(await whoActedOn(review('Confirm and pay', 'Back'), confirm), 'confirm', 'one word kept: which word was the action is not said');
    // Swapped among reordered words, "Cancel Desk 2.09 on Thu 13 Mar" -> "Release Desk 2.09, Thu 13 Mar" (the thirty-sixth
    // hold-out's desk booking) is no other action: a desk released is a booking cancelled.
    assert.ok(sameAction('cancel', 'release') && sameAction('release', 'publish') && !sameAction('cancel', 'publish'), 'releasing is cancelling a booking, or publishing');
  } finally {
    await browser.close();
  }
});

test('round 46 (the forty-third hold-out): a number of three digits or more that told it apart, kept, vouches for a name whose capitalised words were rewritten', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A bike hire shop's fitting dialog: the helmets on the shelf as radios, each label its asset number, model, size
    // and condition; a release writes the sizes and conditions otherwise.
    type Helmet = [asset: string, model: string, size: string, condition: string];
    const shelf = (helmets: Helmet[]) => `<main><div role="dialog" aria-label="Swap helmet"><fieldset><legend>On the shelf</legend><ul>${helmets.map(([asset, model, size, condition]) => `<li><label>`
      + `<input type="radio" name="asset" value="${asset}" data-who="${asset}"> ${asset} ${model} ${size} <span>${condition}</span></label></li>`).join('')}</ul></fieldset></div></main>`;
    const helmet = await record(shelf([['H-4410', 'Giro Fixture', 'Medium 55', 'Fitted now'], ['H-4417', 'Giro Fixture', 'Medium 57', 'Very good'], ['H-4420', 'Bell Nomad', 'Medium 57', 'Good'], ['H-4431', 'Giro Fixture', 'Large 59', 'Scuffed']]), 'input[data-who=H-4417]');
    assert.equal(await whoActedOn(shelf([['H-4410', 'Giro Fixture', 'M 55', 'On the customer'], ['H-4417', 'Giro Fixture', 'M 57', 'Like new'], ['H-4420', 'Bell Nomad', 'M 57', 'Good condition'], ['H-4431', 'Giro Fixture', 'L 59', 'Shell scuffed']]), helmet), 'H-4417',
      'its asset number kept, "Very good" rewritten "Like new"');
    assert.equal(await whoActedOn(shelf([['H-4410', 'Giro Fixture', 'M 55', 'On the customer'], ['H-4452', 'Giro Fixture', 'M 57', 'Like new'], ['H-4420', 'Bell Nomad', 'M 57', 'Good condition'], ['H-4431', 'Giro Fixture', 'L 59', 'Shell scuffed']]), helmet), null,
      'H-4417 hired out, a new helmet H-4452 in its place');
  } finally {
    await browser.close();
  }
});

test('round 47 (the forty-fourth hold-out): every word kept and a phrase added with a number changed is a variant of it, not it; a number written as a range holding it is kept; a class rehashed keeps its name', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A vet practice's booking widget: the next days with free appointments as buttons named by aria-label; a day
    // may gain a late surgery, and a day fully booked is taken off.
    type Day = [who: string, label: string];
    const days = (list: Day[]) => `<main><section aria-label="Next free days"><h2>Next free days</h2>${list.map(([who, label]) => `<button type="button" aria-label="${label}" data-who="${who}">${label.split(',')[0]}</button>`).join(' ')}</section></main>`;
    const monday = ['mon-3', 'Monday 3 June, 5 appointments free'] as Day;
    const wednesday = ['wed-5', 'Wednesday 5 June, 6 appointments free'] as Day;
    const tuesday = await record(days([monday, ['tue-4', 'Tuesday 4 June, 3 appointments free'], wednesday]), 'button[data-who=tue-4]');
    assert.equal(await whoActedOn(days([monday, ['tue-4-late', 'Tuesday 4 June, late surgery after 6pm, 1 appointment free'], wednesday]), tuesday), null,
      'Tuesday fully booked and gone, its new late surgery in its place');
    assert.equal(await whoActedOn(days([monday, ['tue-4', 'Tuesday 4 June, 3 appointments free'], ['tue-4-late', 'Tuesday 4 June, late surgery after 6pm, 1 appointment free'], wednesday]), tuesday), 'tue-4',
      'the late surgery beside it');
    assert.equal(await whoActedOn(days([monday, ['tue-4', 'Tuesday 4 June, 2 appointments free'], wednesday]), tuesday), 'tue-4',
      'one appointment taken meanwhile: the data changed, no word added');
    assert.equal(await whoActedOn(days([monday, ['tue-4', 'Tuesday 4 June, 3 appointments free, book online'], wednesday]), tuesday), 'tue-4',
      'words added, its count kept');
    // A count changing with the data may gain its unit's word, one word: a password vault's sidebar, a login deleted.
    const sidebar = (list: [string, string][]) => `<nav aria-label="Vault">${list.map(([who, label]) => `<a href="#${who}" data-who="${who}">${label}</a>`).join(' ')}</nav>`;
    const logins = await record(sidebar([['all', 'All items 48'], ['favourites', 'Favourites 9'], ['logins', 'Logins 31'], ['notes', 'Secure notes 6']]), 'a[data-who=logins]');
    assert.equal(await whoActedOn(sidebar([['all', 'Everything 47'], ['favourites', 'Favourites 9'], ['logins', 'Login items 30'], ['notes', 'Notes 6']]), logins), 'logins',
      'Logins 31 -> Login items 30');
    // (A name of numbers alone keeps no word: "19:00–20:00" -> "7–8pm" is the slot written otherwise.)
    const slotPage = await browser.newPage();
    const slots = (list: string[]) => `<main><fieldset><legend>Delivery slot</legend>${list.map((slot) => `<label><input type="radio" name="slot"> <span>${slot}</span> <span>£1.99</span></label>`).join('')}</fieldset></main>`;
    await slotPage.setContent(slots(['18:00–19:00', '19:00–20:00', '20:00–21:00']));
    const [seven] = (await prints(slotPage, 'label:nth-of-type(2) span:first-of-type', true)).map((p) => ({ ...p, uid: undefined }));
    await slotPage.setContent(slots(['6–7pm', '7–8pm', '8–9pm']));
    const [sevenNow] = (await prints(slotPage, 'label:nth-of-type(2) span:first-of-type')).map((p) => ({ ...p, uid: undefined }));
    assert.ok(fingerprintAgreement(seven!, sevenNow!, true) > 0.7, 'the slots written in 12-hour time');
    // A function room's hire page: the rooms as cards, each with roughly how many it seats, its price and "Book"; a
    // copy edit rewrites the rooms' names and notes, the seats as ranges, and "Book" as "Reserve".
    type Room = [who: string, title: string, seats: string, price: string, button: string];
    const rooms = (list: Room[]) => `<main><section aria-label="Rooms"><ul>${list.map(([who, title, seats, price, button]) => `<li><h3>${title}</h3><p>${seats}</p>`
      + `<p>${price}</p><button type="button" data-who="${who}">${button}</button></li>`).join('')}</ul></section></main>`;
    const room = await record(rooms([['snug', 'The Snug', 'Seats about 12, a quiet corner', '£120.00', 'Book'], ['library', 'The Library', 'Seats about 40, a long table', '£450.00', 'Book'], ['hall', 'Great Hall', 'Seats about 150, a stage', '£1,200.00', 'Book']]), 'button[data-who=library]');
    assert.equal(await whoActedOn(rooms([['snug', 'Snug', '10–15 guests, quiet', '£120.00', 'Reserve'], ['library', 'Library', '35–45 guests, e.g. a board dinner', '£450.00', 'Reserve'], ['hall', 'Hall', '120–180 guests, with a stage', '£1,200.00', 'Reserve']]), room), 'library',
      '"about 40" written "35–45", the card and its button rewritten');
    assert.equal(await whoActedOn(rooms([['snug', 'Snug', '10–15 guests, quiet', '£120.00', 'Reserve'], ['loft', 'Loft', '50–60 guests, e.g. a party', '£450.00', 'Reserve'], ['hall', 'Hall', '120–180 guests, with a stage', '£1,200.00', 'Reserve']]), room), null,
      'another room in its place, seating other numbers');
    // A build of CSS modules rehashes every class and keeps each one's name before the hash: the name of the class
    // naming the primary button's kind is its mark too (a hash told from a word by its digits), unless a look-alike's
    // class has the same name.
    const page = await browser.newPage();
    await page.setContent('<form><p>Rename the playlist</p><button type="button" class="Button--secondary__k3j9d">Cancel</button> <button type="submit" class="Button--primary__a81kq">Save changes</button></form>');
    const [save] = (await prints(page, 'button[type=submit]', true)).map((p) => ({ ...p, uid: undefined }));
    assert.deepEqual(save!.marks, ['Button--primary__a81kq', 'Button--primary']);
    assert.ok(fingerprintAgreement(save!, { ...save!, name: 'Save', classes: ['Button--primary__zqcwx'] }, true) > 0.7, 'rehashed, renamed "Save"');
    assert.ok(fingerprintAgreement(save!, { ...save!, name: 'Save', classes: ['Button--danger__zqcwx'] }, true) <= 0.7, 'another kind\'s class');
    await page.setContent('<form><button type="button" class="Button--secondary__k3j9d">Cancel</button> <button type="submit" class="a b c Button--primary__a81kq">Save</button></form>');
    const [many] = await prints(page, 'button[type=submit]', true);
    assert.deepEqual(many!.marks, ['a', 'b', 'c', 'Button--primary'], 'four marks at most, as a fingerprint holds');
    await page.setContent('<form><p>Rename the playlist</p><button type="button" class="butt__k3j9d">Cancel</button> <button type="submit" class="butt__a81kq">Save changes</button></form>');
    const [same] = (await prints(page, 'button[type=submit]', true)).map((p) => ({ ...p, uid: undefined }));
    assert.deepEqual(same!.marks, ['butt__a81kq'], 'a name every button\'s class has names no kind');
    await page.setContent('<nav><button class="Toolbar__publish">Publish</button><button class="Menu__schedule">Schedule</button></nav>');
    const [publish] = (await prints(page, 'button.Toolbar__publish', true)).map((p) => ({ ...p, uid: undefined }));
    assert.deepEqual(publish!.marks, ['Toolbar__publish'], 'a word, not a hash, after the name');
  } finally {
    await browser.close();
  }
});

test('round 48 (the forty-fifth hold-out): every word kept and a phrase added with a number new to it is a variant of it; a price its own text showed, gone for another, is another product', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // An IT helpdesk's canned replies menu; a variant of one reply is added beside it, and the reply it varies retired.
    const replies = (list: [string, string][]) => `<main><ul role="menu" aria-label="Canned replies">${list.map(([who, label]) => `<li role="none"><button type="button" role="menuitem" data-who="${who}">${label}</button></li>`).join('')}</ul></main>`;
    const waiting = ['waiting', 'Waiting on the user'] as [string, string];
    const hardware = ['hardware', 'Resolved: hardware replaced'] as [string, string];
    const reset = await record(replies([waiting, ['reset', 'Resolved: password reset'], hardware]), 'button[data-who=reset]');
    assert.equal(await whoActedOn(replies([waiting, ['reset-lock', 'Resolved: password reset, account locked for 24 hours'], hardware]), reset), null,
      'the reply retired, its variant in its place');
    assert.equal(await whoActedOn(replies([waiting, ['reset', 'Resolved: password reset'], ['reset-lock', 'Resolved: password reset, account locked for 24 hours'], hardware]), reset), 'reset',
      'the variant beside it');
    assert.equal(await whoActedOn(replies([['waiting', 'Waiting on user'], ['reset', 'Resolved – password reset'], ['hardware', 'Resolved – new hardware']]), reset), 'reset',
      'the menu copy-edited');
    // A theatre's seat map: a price button per area, named for the area and the show; a premium area added.
    const areas = (list: [string, string, string][]) => `<main><section aria-label="Choose seats">${list.map(([who, label, price]) => `<div><p>${label.split(' seats')[0]}</p><button type="button" aria-label="${label}" data-who="${who}">${price}</button></div>`).join('')}</section></main>`;
    const circle = ['circle', 'Select Circle seats for the 19:30 show', '£35.00'] as [string, string, string];
    const stalls = await record(areas([circle, ['stalls', 'Select Stalls seats for the 19:30 show', '£45.00']]), 'button[data-who=stalls]');
    assert.equal(await whoActedOn(areas([circle, ['stalls-premium', 'Select Stalls Premium seats for the 19:30 show', '£65.00']]), stalls), null,
      'the stalls sold out, a premium area at another price');
    assert.equal(await whoActedOn(areas([['circle', 'Choose Circle, 19:30', '£35.00'], ['stalls', 'Choose Stalls, 19:30', '£45.00']]), stalls), 'stalls',
      'the labels rewritten, the price kept');
  } finally {
    await browser.close();
  }
});

test('round 49 (the forty-sixth hold-out): a row showing nothing of its own is another row when most of the recorded row\'s words are gone from it', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A restaurant's Saturday rota: a row per shift with its station, role, who works it, its state and pay, and a
    // button per row; open shifts have a "Find cover" icon button named for the role. A copy edit rewrites the roles,
    // states and buttons; a new shift split off an open one shares every word with it.
    type Shift = [station: string, role: string, who: string | null, state: string, pay: string, label: string, dataWho?: string];
    const rota = (shifts: Shift[], nobody = 'No one yet') => `<main><table><thead><tr><th>Station</th><th>Role</th><th>Who</th><th>State</th><th>Pay</th><th></th></tr></thead><tbody>${shifts.map(([station, role, who, state, pay, label, dataWho]) => `<tr><td>${station}</td><td>${role}</td><td>${who ?? `<span>${nobody}</span>`}</td><td><span>${state}</span></td><td>£${pay}</td>`
      + `<td><button type="button" aria-label="${label}"${dataWho ? ` data-who="${dataWho}"` : ''}>🔍</button></td></tr>`).join('')}</tbody></table></main>`;
    const booked = (station: string, role: string, who: string, pay: string, edit: string): Shift => [station, role, who, 'Confirmed', pay, `${edit} ${who}’s shift`];
    const recorded: Shift[] = [booked('Kitchen', 'Head chef', 'Ada Moss', '160', 'Edit'), booked('Kitchen', '2nd commis', 'Ben Ode', '110', 'Edit'), booked('Bar', '1st bartender', 'Cleo Vane', '120', 'Edit'),
      ['Bar', '2nd (covering cocktails)', null, 'Vacant', '115', 'Find cover for 2nd bartender', 'cover-bar2'], booked('Floor', 'Host', 'Dev Rao', '100', 'Edit')];
    const bartender = await record(rota(recorded), 'button[data-who=cover-bar2]');
    const copied = (extra: Shift[]): Shift[] => [booked('Kitchen', 'Head chef', 'Ada Moss', '160', 'Change'), booked('Kitchen', '2nd commis', 'Ben Ode', '110', 'Change'), booked('Bar', '1st bartender', 'Cleo Vane', '120', 'Change'),
      ['Bar', '2nd + cocktails', null, 'To fill', '115', 'Book cover for 2nd bartender', 'cover-bar2'], ...extra, booked('Floor', 'Host', 'Dev Rao', '100', 'Change')];
    const page = await browser.newPage();
    await page.setContent(rota(recorded));
    const [print] = (await prints(page, 'button[data-who=cover-bar2]', true)).map((p) => ({ ...p, uid: undefined }));
    await page.setContent(rota(copied([['Bar', 'Cocktails', null, 'To fill', '120', 'Book cover for cocktails', 'cover-cocktails']]), 'Unfilled'));
    const [cocktails] = (await prints(page, 'button[data-who=cover-cocktails]')).map((p) => ({ ...p, uid: undefined }));
    assert.equal(cocktails!.context, '', 'the new row shows no word the recorded row does not share');
    assert.ok(fingerprintAgreement(print!, cocktails!, true) <= 0.7, 'the cocktails shift split off beside it is another row');
    assert.equal(await whoActedOn(rota(copied([['Bar', 'Cocktails', null, 'To fill', '120', 'Book cover for cocktails', 'cover-cocktails']]), 'Unfilled'), bartender), null,
      'most of the recorded row\'s own words rewritten too: no guess between the two');
  } finally {
    await browser.close();
  }
});

test('round 50 (the forty-seventh and forty-eighth hold-outs): a row\'s identifier kept vouches for a word its name and row dropped; "change" also moves; a radio\'s value, a form\'s total, a kept id, an anchor losing its prefix, a name only inflected', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A housing association's lettings table: a row per applicant with the application's reference and a need, an
    // "Offer a flat" icon button per row named for the applicant. A copy edit shortens the buttons and the needs.
    type Applicant = [who: string, name: string, ref: string, need: string];
    const lettings = (rows: Applicant[], offer: (name: string) => string) => `<main><table aria-label="Waiting list"><thead><tr><th>Applicant</th><th>Reference</th><th>Need</th><th></th></tr></thead><tbody>${rows.map(([who, name, ref, need]) => `<tr><td>${name}</td><td>${ref}</td><td><span>${need}</span></td>`
      + `<td><button type="button" aria-label="${offer(name)}" data-who="${who}">🏠</button></td></tr>`).join('')}</tbody></table></main>`;
    const recorded: Applicant[] = [['bell', 'Jon Bell', 'T-70398', 'Ground floor'], ['silva', 'Marta Silva', 'T-70412', 'Garden flat'], ['osei', 'Kofi Osei', 'T-70433', 'Step-free']];
    const silva = await record(lettings(recorded, (name) => `Offer a flat to ${name}`), 'button[data-who=silva]');
    const edited: Applicant[] = [['bell', 'Jon Bell', 'T-70398', 'Ground floor'], ['silva', 'Marta Silva', 'T-70412', 'Garden'], ['osei', 'Kofi Osei', 'T-70433', 'Step-free']];
    assert.equal(await whoActedOn(lettings(edited, (name) => `Offer ${name}`), silva), 'silva', 'the reference kept: "flat" went from the name and the row together');
    assert.equal(await whoActedOn(lettings([edited[0]!, ['silva2', 'Marta Silva', 'T-70499', 'Garden'], edited[2]!], (name) => `Offer ${name}`), silva), null,
      'another application of the same name: its reference says it is another row');
    // A restaurant's booking menu: moving a table is changing it; editing it is another action.
    const menu = (items: [string, string][]) => `<main><ul role="menu" aria-label="Actions for Ito">${items.map(([who, label]) => `<li role="none"><button type="button" role="menuitem" data-who="${who}">${label}</button></li>`).join('')}</ul></main>`;
    const move = await record(menu([['edit', 'Edit booking'], ['move', 'Move table'], ['cancel', 'Cancel booking']]), 'button[data-who=move]');
    assert.equal(await whoActedOn(menu([['edit', 'Edit'], ['move', 'Change table'], ['cancel', 'Cancel']]), move), 'move', 'the menu copy-edited');
    assert.ok(sameAction('move', 'change') && sameAction('edit', 'change') && !sameAction('move', 'edit'), '"change" names editing and moving, "edit" and "move" stay apart');
    assert.equal(await whoActedOn(menu([['edit', 'Edit booking'], ['edit-table', 'Edit table'], ['cancel', 'Cancel booking']]), move), null, 'moving gone, editing the table is another action');
    // A subscription form's plans: a radio per plan, its value the plan's key; the labels rewritten whole.
    const plans = (list: [string, string, string][]) => `<main><form aria-label="Plan"><fieldset><legend>Choose a plan</legend>${list.map(([value, label, note]) => `<label data-who="${value}"><input type="radio" name="plan" value="${value}"> <span>${label}</span> <small>${note}</small></label>`).join('')}</fieldset><button type="submit">Continue</button></form></main>`;
    const team = await record(plans([['solo', 'Solo', 'Just for you'], ['team', 'Team', 'Up to five seats'], ['business', 'Business', 'Unlimited seats and SSO']]), 'input[value=team]');
    assert.equal(await whoActedOn(plans([['solo', 'Solo plan', 'One seat'], ['team', 'Team plan', 'Seats 2–10'], ['business', 'Business plan', 'Any number of seats, with SSO']]), team), 'team',
      'the value the form sends kept: the same choice');
    assert.equal(await whoActedOn(plans([['solo', 'Solo plan', 'One seat'], ['team-plus', 'Team plan', 'Seats 2–10'], ['business', 'Business plan', 'Any number of seats, with SSO']]), team), null,
      'another value: another choice, however it reads');
    // A checkout: the submit shows the order's total; a line added changes it.
    const basket = (lines: [string, string][], total: string, deposit = '') => `<main><form aria-label="Your basket"><table><tbody>${lines.map(([item, price]) => `<tr><td>${item}</td><td>${price}</td></tr>`).join('')}</tbody></table>`
      + `${deposit ? `<button type="submit" name="deposit" data-who="deposit">Pay · ${deposit}</button>` : ''}<button type="submit" data-who="pay">Pay · ${total}</button><button type="button" data-who="later">Save for later</button></form></main>`;
    const pay = await record(basket([['Desk lamp', '$40.50'], ['Monitor arm', '$80.00']], '$120.50'), 'button[data-who=pay]');
    assert.equal(await whoActedOn(basket([['Desk lamp', '$40.50'], ['Monitor arm', '$80.00'], ['Cable tray', '$27.50']], '$148.00'), pay), 'pay', 'a line added: the same submit, another total');
    const full = await record(basket([['Desk lamp', '$40.50'], ['Monitor arm', '$80.00']], '$120.50', '$20.00'), 'button[data-who=pay]');
    assert.equal(await whoActedOn(basket([['Desk lamp', '$40.50'], ['Monitor arm', '$80.00'], ['Cable tray', '$27.50']], '$148.00', '$20.00'), full), null,
      'a look-alike of the same words recorded beside it: its amount told them apart');
    // An office furniture order: a quantity per product, its id the team's; the list reordered, a new colour beside it.
    const furniture = (list: [string, string, string][]) => `<main><ul aria-label="Furniture">${list.map(([who, product, id]) => `<li><h3>${product}</h3><p>Height 75 cm</p><p>£120.00 per week</p><div><label for="${id}">Quantity of ${product}</label><input type="number" id="${id}" name="qty" data-who="${who}"></div></li>`).join('')}</ul></main>`;
    const desk = await record(furniture([['chair', 'Chair, grey', 'qty-chair'], ['desk', 'Desk, oak', 'qty-desk'], ['shelf', 'Shelf', 'qty-shelf']]), 'input[data-who=desk]');
    assert.equal(await whoActedOn(furniture([['shelf', 'Shelf', 'qty-shelf'], ['walnut', 'Desk, walnut', 'qty-desk-walnut'], ['desk', 'Desk, oak', 'qty-desk'], ['chair', 'Chair, grey', 'qty-chair']]), desk), 'desk',
      'its name and id kept, only its place changed');
    const counted = await record(furniture([['chair', 'Chair, grey', 'qty-1'], ['desk', 'Desk, oak', 'qty-2'], ['shelf', 'Shelf', 'qty-3']]), 'input[data-who=desk]');
    assert.equal(await whoActedOn(furniture([['shelf', 'Shelf', 'qty-3'], ['walnut', 'Desk, walnut', 'qty-4'], ['desk', 'Desk, oak', 'qty-2'], ['chair', 'Chair, grey', 'qty-1']]), counted), 'desk',
      'an id counted by the page says nothing, but the name does (round 56): the new colour reads it with a word replaced');
    // An account's section links: the app's id prefix dropped for a counter, the links renamed.
    const sections = (links: [string, string][]) => `<main><nav aria-label="Account">${links.map(([href, label]) => `<a href="#${href}" data-who="${href.replace(/-?(?:ac-)?\d*$/u, '').replace(/^ac-/u, '')}">${label}</a>`).join(' ')}</nav></main>`;
    const billing = await record(sections([['ac-profile', 'Profile'], ['ac-billing', 'Billing'], ['ac-team', 'Team']]), 'a[href="#ac-billing"]');
    assert.equal(await whoActedOn(sections([['profile-12', 'Your profile'], ['billing-7', 'Billing and invoices'], ['team-4', 'Team members']]), billing), 'billing', 'the anchor lost the app\'s prefix, kept its word');
    const planBilling = await record(sections([['ac-profile', 'Profile'], ['plan-billing', 'Plan billing'], ['ac-team', 'Team']]), 'a[href="#plan-billing"]');
    assert.equal(await whoActedOn(sections([['profile-12', 'Your profile'], ['billing-7', 'Billing and invoices'], ['team-4', 'Team members']]), planBilling), null,
      'a word of its name dropped from the anchor: another place');
    // A ticket kind's tabs: the recorded tab inflected, a new tab sharing a word of it beside it.
    const tabs = (list: [string, string][]) => `<main><form aria-label="Claim"><div role="tablist" aria-label="Ticket kind">${list.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div><label>From <input name="from"></label></form></main>`;
    const dayPass = await record(tabs([['single', 'Single journey'], ['day', 'Day pass']]), 'button[data-who=day]');
    assert.equal(await whoActedOn(tabs([['single', 'Single journeys'], ['day', 'Day passes'], ['flexi', 'Flexi day (3 in 7)']]), dayPass), 'day', 'its own name inflected, beside a tab keeping one word of it');
    assert.equal(await whoActedOn(tabs([['single', 'Single journeys'], ['peak', 'Day passes (peak)'], ['off-peak', 'Day passes (off-peak)']]), dayPass), null,
      'gone, two tabs reading its name with a word added: no guess between them');
  } finally {
    await browser.close();
  }
});

test('round 51 (the forty-ninth hold-out): a twin renamed into another box is not guessed by its place; a value of its column read in another row is that row\'s; a word qualified at the head of a compound is kept', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A lab's sample checks: a "Checked" checkbox in every sample's box, the boxes told apart by their labels only.
    const samples = (list: [string, string][], check = 'Checked', ids = true) => `<main><form aria-label="Sample checks"><p>Batch 24-117, sampled by Rosa Okoye at the north outfall on a falling tide</p>${list.map(([key, label]) => `<div role="group" aria-labelledby="${key}-label"><div id="${key}-label">${label}</div>`
      + `<input name="${key}" type="number"> <span>${key === 'ph' ? 'units' : key === 'temp' ? '°C' : 'mg/L'}</span><label><input type="checkbox"${ids ? ` id="check-${key}"` : ''} data-who="${key}"> ${check}</label></div>`).join('')}<button type="submit">Save</button></form></main>`;
    const recorded: [string, string][] = [['ph', 'pH level'], ['salt', 'Salinity'], ['oxygen', 'Dissolved oxygen'], ['temp', 'Water temperature']];
    const salt = await record(samples(recorded), 'input[data-who=salt]');
    assert.equal(await whoActedOn(samples([...recorded].reverse()), salt), 'salt', 'under its name its box tells it from its twins');
    const renamed: [string, string][] = [['ph', 'pH'], ['salt', 'Salt content'], ['oxygen', 'Oxygen (dissolved)'], ['temp', 'Temperature']];
    assert.equal(await whoActedOn(samples(renamed, 'Verified'), salt), 'salt', 'every twin and box renamed in place: its place and id say which');
    assert.equal(await whoActedOn(samples([...renamed].reverse(), 'Verified'), salt), 'salt', 'reordered too: the twin in its place has another id, it has its own');
    assert.equal(await whoActedOn(samples([renamed[0]!, renamed[2]!, renamed[3]!], 'Verified'), salt), null, 'its box gone: the twin now second has another id');
    const plain = await record(samples(recorded, 'Checked', false), 'input[data-who=salt]');
    assert.equal(await whoActedOn(samples(renamed, 'Verified', false), plain), 'salt', 'without ids, its place among the twins renamed in place');
    // A wedding caterer's dietary table: the guest first, her need a value of the column.
    const diets = (rows: [string, string, string, string][]) => `<main><table aria-label="Dietary requirements"><thead><tr><th>Guest</th><th>Need</th><th>Notes</th></tr></thead><tbody>${rows.map(([who, guest, need, notes]) => `<tr><td>${guest}</td><td data-who="${who}">${need}</td><td>${notes}</td></tr>`).join('')}</tbody></table></main>`;
    const others: [string, string, string, string][] = [['hartley', 'Grace Hartley', 'Vegetarian', 'Top table'], ['reilly', 'Tom Reilly', 'Nut allergy', 'Carries a pen']];
    const coeliac = await record(diets([others[0]!, ['amara', 'Amara Osei', 'Coeliac', 'Separate fryer'], others[1]!]), 'td[data-who=amara]');
    assert.equal(await whoActedOn(diets([others[0]!, ['kwame', 'Kwame Osei', 'Coeliac', 'Separate fryer'], others[1]!]), coeliac), null,
      'Amara gone, Kwame\'s need read the same: his row, not hers');
    assert.equal(await whoActedOn(diets([others[1]!, ['amara', 'Amara Osei', 'Coeliac', 'Needs a separate fryer'], others[0]!]), coeliac), 'amara', 'her notes rewritten, the rows reordered');
    // A menu's dishes: a dish's own name first, its description after; the name qualified by a word at a compound's head.
    const dishes = (list: [string, string, string][]) => `<main><section aria-label="Mains"><ul>${list.map(([who, dish, description]) => `<li><span data-who="${who}">${dish}</span> <p>${description}</p></li>`).join('')}</ul></section></main>`;
    const lamb: [string, string, string] = ['lamb', 'Rack of lamb', 'Dauphinoise potatoes, rosemary jus'];
    const hake: [string, string, string] = ['hake', 'Pan-roasted hake', 'Crushed potatoes, samphire'];
    const rib = await record(dishes([lamb, ['rib', 'Braised short rib', 'Celeriac purée, heritage carrots'], hake]), 'span[data-who=rib]');
    assert.equal(await whoActedOn(dishes([lamb, ['rib', 'Slow-braised beef short rib', 'With celeriac purée, heritage carrots'], hake]), rib), 'rib', 'still the short rib, its cooking qualified');
    // A parcel's tags: the tag's only own word compounded with a new one is another tag.
    const tags = (list: [string, string][]) => `<main><ul aria-label="Tags">${list.map(([who, tag]) => `<li><button type="button" aria-label="Remove tag ${tag}" data-who="${who}">×</button></li>`).join('')}</ul></main>`;
    const shipping = await record(tags([['billing', 'billing'], ['shipping', 'shipping']]), 'button[data-who=shipping]');
    assert.equal(await whoActedOn(tags([['billing', 'billing'], ['express', 'express-shipping']]), shipping), null, 'another tag');
  } finally {
    await browser.close();
  }
});

test('round 52 (the fiftieth hold-out): a row whose name data and other words are all replaced is another row, its numbers the same by chance', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A theatre's band call: a row per player with instrument, call time and fee, and a message icon button per row.
    type Player = [who: string, name: string, instrument: string, call: string, fee: string];
    const band = (rows: Player[]) => `<main><form aria-label="Band call"><table><thead><tr><th>Name</th><th>Instrument</th><th>Call</th><th>Fee</th><th></th></tr></thead><tbody>${rows.map(([who, name, instrument, call, fee]) => `<tr><td>${name}</td><td>${instrument}</td><td>${call}</td><td>${fee}</td>`
      + `<td><button type="button" aria-label="Message ${name}" data-who="${who}">✉</button></td></tr>`).join('')}</tbody></table></form></main>`;
    const rows: Player[] = [['dana', 'Dana Whitfield', 'Piano', '10:00', '£240.00'], ['kit', 'Kit Alvarez', 'Cello', '15:00', '£180.00'], ['lou', 'Lou Marsh', 'Drums', '14:00', '£200.00']];
    const kit = await record(band(rows), 'button[data-who=kit]');
    assert.equal(await whoActedOn(band([rows[0]!, ['noor', 'Noor Haddad', 'Viola', '15:00', '£180.00'], rows[2]!]), kit), null,
      'the cellist gone, a violist booked for the same call and fee: another row');
    assert.equal(await whoActedOn(band([rows[2]!, ['kit', 'Kit Alvarez', 'Cello', '15:00', '£180.00'], rows[0]!]), kit), 'kit', 'the rows reordered');
  } finally {
    await browser.close();
  }
});

test('round 53 (the fifty-first and fifty-second hold-outs): a date written another way is the same date; "send" also assigns; an object kept under another action, its look-alike keeping the word, is another control; a list renamed together is told by the recorded words; a group that lost a member gives no evidence by place', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // An optician's previous prescriptions: the date cell of a row opens it.
    type Rx = [who: string, date: string, axis: string, add: string];
    const prescriptions = (rows: Rx[]) => `<main><table aria-label="Previous prescriptions"><thead><tr><th>Date</th><th>Axis</th><th>Add</th></tr></thead><tbody>${rows.map(([who, date, axis, add]) => `<tr><td data-who="${who}" onclick="void 0">${date}</td><td>${axis}</td><td>${add}</td></tr>`).join('')}</tbody></table></main>`;
    const feb = await record(prescriptions([['mar24', '2 Mar 2024', '90', '+2.25'], ['feb23', '14 Feb 2023', '95', '+2.00'], ['jan21', '9 Jan 2021', '95', '+1.75']]), 'td[data-who=feb23]');
    assert.equal(await whoActedOn(prescriptions([['mar24', '02/03/2024', '90', '+2.25'], ['feb23', '14/02/2023', '95', '+2.00'], ['jan21', '09/01/2021', '95', '+1.75']]), feb), 'feb23',
      'the dates written as numbers: the same day');
    assert.equal(await whoActedOn(prescriptions([['jan21', 'Jan 9, 2021', '95', '+1.75'], ['feb23', 'Feb 14, 2023', '95', '+2.00'], ['mar24', 'Mar 2, 2024', '90', '+2.25']]), feb), 'feb23',
      'the month first, the rows reordered');
    assert.equal(await whoActedOn(prescriptions([['mar24', '02/03/2024', '90', '+2.25'], ['feb22', '15/02/2023', '95', '+2.00'], ['jan21', '09/01/2021', '95', '+1.75']]), feb), null,
      'another day in its place, the same axis and add: another prescription');
    // A snagging list's row menu: assigning a snag to a subcontractor or to the site team.
    const menu = (items: [who: string, label: string][]) => `<main><table aria-label="Snags"><tbody><tr><td>SN-0415</td><td>Landing</td><td>Paint runs on stair spindles</td><td><div role="menu" aria-label="Actions for SN-0415">${items.map(([who, label]) => `<a href="#" role="menuitem" data-who="${who}">${label}</a>`).join('')}</div></td></tr></tbody></table></main>`;
    const recorded: [string, string][] = [['view', 'View snag'], ['sub', 'Assign to subcontractor…'], ['team', 'Assign to site team…'], ['photo', 'Add photo'], ['fixed', 'Mark as fixed']];
    const sub = await record(menu(recorded), 'a[data-who=sub]');
    assert.equal(await whoActedOn(menu([['view', 'View snag'], ['sub', 'Send to subcontractor…'], ['team', 'Assign to site team…'], ['photo', 'Add photo'], ['fixed', 'Mark as fixed']]), sub), 'sub',
      'sending a snag to a subcontractor is assigning it');
    assert.equal(await whoActedOn(menu([['view', 'View snag'], ['quote', 'Request a quote from subcontractor…'], ['team', 'Assign to site team…'], ['photo', 'Add photo'], ['fixed', 'Mark as fixed']]), sub), null,
      'gone, and a new item in its place asking a subcontractor for a quote: another action on the same object');
    assert.equal(await whoActedOn(menu([['view', 'View snag'], ['sub', 'Assign to subcontractor…'], ['quote', 'Request a quote from subcontractor…'], ['team', 'Assign to site team…'], ['photo', 'Add photo'], ['fixed', 'Mark as fixed']]), sub), 'sub',
      'kept beside the new item');
    // A frame catalogue: an icon button per frame adds it to the comparison, its colour said by its label alone.
    const frames = (cards: [who: string, colour: string][], label: (colour: string) => string) => `<main><section aria-label="Choose a frame"><ul>${cards.map(([who, colour]) => `<li><h3>Clubline HF5154</h3><p>51□21 · £165.00</p>`
      + `<button type="button" aria-label="${label(colour)}" data-who="${who}">⇄</button><button type="button">Select frame</button></li>`).join('')}</ul></section></main>`;
    const others: [string, string][] = [['ar', 'Tortoiseshell'], ['titan', 'Silver']];
    const black = await record(frames([others[0]!, ['black', 'Black / gold'], others[1]!], (colour) => `Compare Clubline HF5154 in ${colour}`), 'button[data-who=black]');
    const renamed = (colour: string) => `Add Clubline HF5154 in ${colour} to comparison`;
    assert.equal(await whoActedOn(frames([others[0]!, ['black', 'Black / gold'], ['havana', 'Havana / gold'], others[1]!], renamed), black), 'black',
      'renamed beside a new colour of the frame: the one keeping its colour too');
    assert.equal(await whoActedOn(frames([others[0]!, ['havana', 'Havana / gold'], ['blush', 'Blush / gold'], others[1]!], renamed), black), null,
      'gone, two new colours: neither reads its colour');
    // (The fifty-second hold-out.) A claim item's row menu: the recorded item gone, the next one renamed moves into its
    // place; the place of a group that lost a member is no evidence.
    const itemMenu = (items: [who: string, label: string][]) => `<main><ul role="menu" aria-label="Item actions">${items.map(([who, label]) => `<li role="menuitem" data-who="${who}">${label}</li>`).join('')}</ul></main>`;
    const receipt = await record(itemMenu([['settle', 'Settle item'], ['receipt', 'Request receipt'], ['photo', 'Request photo'], ['validate', 'Mark as validated'], ['decline', 'Decline item']]), 'li[data-who=receipt]');
    assert.equal(await whoActedOn(itemMenu([['settle', 'Settle'], ['photo', 'Ask for a photo'], ['validate', 'Validate item'], ['decline', 'Reject item']]), receipt), null,
      'gone, the next item renamed in its place: not it');
    assert.equal(await whoActedOn(itemMenu([['settle', 'Settle'], ['receipt', 'Get the receipt'], ['photo', 'Ask for a photo'], ['validate', 'Validate item'], ['decline', 'Reject item']]), receipt), 'receipt',
      'renamed in its place, every item there: it');
    const photo = await record(itemMenu([['settle', 'Settle item'], ['receipt', 'Request receipt'], ['photo', 'Request photo'], ['validate', 'Mark as validated'], ['decline', 'Decline item']]), 'li[data-who=photo]');
    assert.equal(await whoActedOn(itemMenu([['settle', 'Settle'], ['photo', 'Photos needed'], ['validate', 'Validate item'], ['decline', 'Reject item']]), photo), 'photo',
      'the item before it gone, renamed keeping a word: it');
    // Its place still counts for it as a rename (its name aside) when the new name keeps a word; not when it keeps none.
    const page = await browser.newPage();
    const renamedAgreement = async (label: string, firstGone = false) => {
      await page.setContent(itemMenu([...(firstGone ? [] : [['settle', 'Settle'] as [string, string]]), ['photo', label], ['validate', 'Validate item'], ['decline', 'Reject item']]));
      const seen = await prints(page, 'li');
      return fingerprintAgreement(photo, seen[firstGone ? 0 : 1]!, true);
    };
    assert.ok(await renamedAgreement('Photos needed') > await renamedAgreement('Images needed'), 'a word kept: its place counts');
    assert.equal(await renamedAgreement('Request a picture'), await renamedAgreement('Images needed'), 'only a word its look-alikes shared: it does not');
    assert.equal(await renamedAgreement('Photos needed', true), await renamedAgreement('Images needed', true), 'two members gone: it does not');
  } finally {
    await browser.close();
  }
});

test('round 54 (the fifty-third hold-out): an element chosen for its name that the rules hold another element once the name is aside, beside one agreeing on everything else, is no choice', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A turbine's work orders: a row's button opens the "Assign crew" dialog, whose submit assigns the crew.
    const screen = (rowLabel: string, submit: string) => `<main><table aria-label="Maintenance jobs"><tbody><tr><td>WO-20417</td><td>Gearbox oil filter and breather change</td><td>High</td>`
      + `<td><button type="button" class="button-small" data-who="row">${rowLabel}</button></td></tr></tbody></table>`
      + `<form aria-labelledby="t"><h2 id="t">Assign crew – WO-20417</h2><p>Gearbox oil filter and breather change, due 12 Mar</p><label><input type="radio" name="crew" value="a" checked> Crew A</label>`
      + `<button type="button" aria-label="Close">×</button><button type="button">Cancel</button><button type="submit" class="button-primary" data-who="submit">${submit}</button></form></main>`;
    const submit = await record(screen('Assign', 'Assign crew'), 'button[data-who=submit]');
    assert.equal(await whoActedOn(screen('Assign', 'Assign crew'), submit), 'submit', 'unchanged');
    assert.equal(await whoActedOn(screen('Assign crew', 'Confirm assignment'), submit), null,
      'the row\'s button now reads its name, the dialog\'s submit renamed: no choice by the name');
    assert.equal(await whoActedOn(screen('Assign', 'Confirm assignment'), submit), 'submit', 'the submit renamed alone: it');
  } finally {
    await browser.close();
  }
});

test('round 55 (the fifty-fourth hold-out): a new name reading a look-alike\'s action word is that look-alike; twins renamed together are told by their groups; "add" also assigns', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A grooming salon's card menu, open for one appointment.
    const cardMenu = (items: [who: string, label: string][]) => `<main><div role="menu" aria-label="Biscuit, 10:45">${items.map(([who, label]) => `<button type="button" role="menuitem" data-who="${who}">${label}</button>`).join('')}</div></main>`;
    const checkIn = await record(cardMenu([['in', 'Check in'], ['move', 'Reschedule'], ['remind', 'Send reminder'], ['note', 'Add note'], ['noshow', 'Mark as no-show'], ['cancel', 'Cancel appointment']]), 'button[data-who=in]');
    const renamed: [string, string][] = [['in', 'Mark as arrived'], ['move', 'Move appointment'], ['remind', 'Text a reminder'], ['note', 'Add a note'], ['noshow', 'No-show'], ['cancel', 'Cancel booking']];
    assert.equal(await whoActedOn(cardMenu(renamed), checkIn), 'in', 'every item renamed in its place: it, the look-alike reading its action word found as "No-show"');
    assert.equal(await whoActedOn(cardMenu([...renamed].reverse()), checkIn), null,
      'reordered too: "Cancel booking" in its place reads the recorded "Cancel appointment"\'s action word, and is that item');
    // A print job's proofs: a card per side, each with its version, "Approve proof" and "Request changes".
    const proofs = (cards: [side: string, version: string, approve: string, changes: string, who: string][]) => `<main><section aria-label="Proofs">${cards.map(([side, version, approve, changes, who]) => `<div class="card"><h3>${side} <span>${version}</span></h3>`
      + `<p>Emailed to the customer</p><button type="button" class="btn-success" data-who="${who}-approve">${approve}</button> <button type="button" class="btn-outline" data-who="${who}-changes">${changes}</button></div>`).join('')}</section></main>`;
    const front = await record(proofs([['Front', 'v3', 'Approve proof', 'Request changes', 'front'], ['Back', 'v2', 'Approve proof', 'Request changes', 'back']]), 'button[data-who=front-approve]');
    assert.equal(await whoActedOn(proofs([['Back page', 'v2', 'Approve', 'Ask for changes', 'back'], ['Front page', 'v3', 'Approve', 'Ask for changes', 'front']]), front), 'front-approve',
      'renamed on both cards, the cards reordered: the one in the card keeping the recorded card\'s words');
    assert.equal(await whoActedOn(proofs([['Back page', 'v2', 'Approve', 'Ask for changes', 'back'], ['Reverse', 'v3', 'Approve', 'Ask for changes', 'front']]), front), null,
      'neither card keeps the recorded card\'s words: no choice');
    // An exam invigilation rota: each session's row assigns an invigilator.
    const rota = (button: string) => `<main><table aria-label="Exam sessions"><tbody>${[['chem', 'CHEM2041 Organic Chemistry 2', 'Sports Hall A'], ['hist', 'HIST2210 The Atlantic World', 'Mezzanine Room'], ['math', 'MATH3102 Measure and Integration', 'Sports Hall B']]
      .map(([who, exam, room]) => `<tr><td>${exam}</td><td>${room}</td><td><button type="button" data-who="${who}">${button}</button> <button type="button" aria-label="More actions for ${exam!.split(' ')[0]}">⋯</button></td></tr>`).join('')}</tbody></table></main>`;
    const hist = await record(rota('Assign invigilator'), 'button[data-who=hist]');
    assert.equal(await whoActedOn(rota('Add invigilator'), hist), 'hist', 'adding an invigilator to a session is assigning one');
    assert.equal(await whoActedOn(rota('Remove invigilator'), hist), null, 'removing one is another action');
  } finally {
    await browser.close();
  }
});

test('round 56 (the fifty-fifth hold-out): a time on a twelve-hour clock is the same time; the element reading the recorded name, moved, beside a new one reading it with a word replaced, is it', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A tennis club's court grid: a row per start time, a button per court.
    const grid = (times: [time: string, label: (court: number) => string][]) => `<main><table aria-label="Thursday 12 June"><tbody>${times.map(([time, label]) => `<tr><th>${time}</th>`
      + [1, 2, 3].map((court) => `<td><button type="button" aria-label="${label(court)}" data-who="c${court}-${time}">Free</button></td>`).join('') + '</tr>').join('')}</tbody></table></main>`;
    const booked = (time: string) => (court: number) => `Book Court ${court} at ${time}`;
    const slot = await record(grid([['17:00', booked('17:00')], ['18:00', booked('18:00')], ['19:00', booked('19:00')]]), 'button[data-who="c3-18:00"]');
    const twelve = (time: string) => (court: number) => `Court ${court}, ${time} – available`;
    assert.equal(await whoActedOn(grid([['5pm', twelve('5pm')], ['6pm', twelve('6pm')], ['7pm', twelve('7pm')]]), slot), 'c3-6pm',
      'the times written on a twelve-hour clock: 6pm is 18:00');
    assert.equal(await whoActedOn(grid([['5pm', twelve('5pm')], ['6:30pm', twelve('6:30pm')], ['7pm', twelve('7pm')]]), slot), null,
      'no row at 6pm: another time is another slot');
    // A bike share's rides: every row's time reads "PM", so the recorded row's distinctive words keep "6:40" alone; the
    // row's whole text read on a replay still shows "6:40 PM", and that is no time rewritten.
    const rides = (rows: [who: string, when: string, bike: string][], label: string) => `<main><section aria-label="Trip history"><table><tbody>${rows.map(([who, when, bike]) => `<tr><td>Jun 13, ${when} PM</td><td>Union Square</td><td>${bike}</td>`
      + `<td><button type="button" class="b-1" data-who="${who}">${label}</button><button type="button" class="b-2">Report a problem</button></td></tr>`).join('')}</tbody></table></section></main>`;
    const trip = await record(rides([['t1', '8:05', '38552'], ['t2', '6:40', '21133'], ['t3', '5:58', '19920']], 'Receipt'), 'button[data-who=t2]');
    assert.equal(await whoActedOn(rides([['t3', '5:58', '19920'], ['t2', '6:40', '21133'], ['t1', '8:05', '38552'], ['t4', '7:49', '40011']], 'View receipt'), trip), 't2',
      'renamed, the rows reordered and one added: the row showing 6:40');
    const ridesPage = await browser.newPage();
    await ridesPage.setContent(rides([['t3', '5:58', '19920'], ['t2', '6:40', '21133'], ['t1', '8:05', '38552']], 'View receipt'));
    const renamedTrip = (await prints(ridesPage, 'button.b-1'))[1]!;
    assert.match(renamedTrip.whole ?? '', /6:40 PM/);
    assert.equal(fingerprintAgreement(trip, renamedTrip, true), fingerprintAgreement(trip, { ...renamedTrip, whole: renamedTrip.whole!.replace(/ PM/g, '') }, true),
      'the "PM" its whole text shows changes nothing');
    // The twenty-seventh hold-out's repair order: a part's row read "Today 2:30 pm" when its "Add" was recorded; the
    // dialog's "Find", whose own words read no time, shows "Arrives 2:30 pm today" in its whole text now. Both are read
    // on one clock: the time read two ways is no evidence that "Find" is another item.
    const repair = HOLDOUT27_PAGES.find((p) => p.path === '/h27-repair-order.html')!;
    const add = await record(repair.html([]), repair.steps.find((s) => s.who === 'add-act1089')!.selector);
    assert.match(add.context, /2:30 pm/);
    const repairPage = await browser.newPage();
    await repairPage.setContent(repair.html(['copy']));
    const find = (await prints(repairPage, 'button')).find((p) => p.name === 'Find')!;
    assert.match(find.whole ?? '', /2:30 pm/);
    const verdict: { another?: boolean } = {};
    // (Seen as if in a row: out of every row, "Find" is another element by round 60's rule, whatever its time says.)
    fingerprintAgreement(add, { ...find, ancestry: ['tr', ...find.ancestry] }, true, verdict);
    assert.equal(verdict.another, undefined, 'not another element by a time read two ways');
    const outside: { another?: boolean } = {};
    fingerprintAgreement(add, find, true, outside);
    assert.equal(outside.another, true, 'a dialog\'s button, in no row: another element');
  } finally {
    await browser.close();
  }
});

test('round 57 (the fifty-sixth hold-out): numbers written joined or apart are the same numbers; a date in a month is no look-alike named by the month; a measure changed is another thing; a twelve-hour time in a new name; a new name beside its variant with words added', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // An observatory's ticket steppers: a row per ticket type, its age range in its name.
    const tickets = (rows: [who: string, label: string, price: string][], minus: (label: string) => string, plus: (label: string) => string) => `<main><form aria-label="Tickets"><fieldset><legend>Tickets</legend><ul>${rows.map(([who, label, price]) => `<li><span>${label}</span> <span>${price}</span>`
      + `<button type="button" class="icon" aria-label="${minus(label)}">−</button><output>0</output><button type="button" class="icon" aria-label="${plus(label)}" data-who="${who}">+</button></li>`).join('')}</ul></fieldset></form></main>`;
    const recordedRows: [string, string, string][] = [['adult', 'Adult (16+)', '£12.00'], ['child', 'Child (5–15)', '£6.00'], ['conc', 'Concession', '£9.00']];
    const child = await record(tickets(recordedRows, (l) => `Remove one ${l} ticket`, (l) => `Add one ${l} ticket`), 'button[data-who=child]');
    const rewritten = (range: string): [string, string, string][] => [['adult', 'Adult, 16 and over', '£12.00'], ['child', `Child, ${range}`, '£6.00'], ['conc', 'Concession', '£9.00']];
    assert.equal(await whoActedOn(tickets(rewritten('5 to 15'), (l) => `One fewer ${l}`, (l) => `One more ${l}`), child), 'child',
      'the range written out, the steppers renamed: the "+" of the same range');
    assert.equal(await whoActedOn(tickets(rewritten('5 to 12'), (l) => `One fewer ${l}`, (l) => `One more ${l}`), child), null, 'another range: another ticket');
    // A climbing centre's sessions: places taken "9 of 40", then written "9/40", the time on a twelve-hour clock.
    const sessions = (rows: [who: string, time: string, name: string, places: string][], label: (name: string, time: string) => string) => `<main><section aria-label="Sessions"><ul>${rows.map(([who, time, name, places]) => `<li><strong>${time}</strong> <span>${name}</span> <span>${places}</span>`
      + `<button type="button" aria-label="${label(name, time)}" data-who="${who}">Book</button></li>`).join('')}</ul></section></main>`;
    const social = await record(sessions([['intro', '10:00', 'Intro to bouldering', '<b>4</b> of <b>8</b>'], ['lunch', '12:30', 'Lunchtime bouldering', '<b>11</b> of <b>30</b>'], ['social', '19:30', 'Bouldering social', '<b>9</b> of <b>40</b>'], ['late', '20:30', 'Late session', '<b>20</b> of <b>60</b>']],
      (name, time) => `Book ${name} at ${time}`), 'button[data-who=social]');
    const reserve = (name: string, time: string) => `Reserve a spot: ${name}, ${time}`;
    const now: [string, string, string, string][] = [['intro', '10am', 'Intro to bouldering', '4/8'], ['lunch', '12.30pm', 'Lunchtime bouldering', '11/30'], ['social', '7.30pm', 'Bouldering social', '9/40'], ['late', '8.30pm', 'Late session', '20/60']];
    assert.equal(await whoActedOn(sessions(now, reserve), social), 'social', 'renamed, its places written "9/40": its row still');
    assert.equal(await whoActedOn(sessions([...now].reverse(), reserve), social), 'social', 'the rows reversed too');
    // Below MIN_AGREEMENT a rename must keep more than half the words that told its name apart ("social" and "19:30"):
    // "7.30pm" is "19:30".
    const renamed = (label: string): CandidateMatch => ({ count: 2, agreements: [0.6, 0.5], uids: [1, 2], others: [0.7, 0.55], labels: [label, 'Reserve a spot: Late session, 8.30pm'], othersRuledOut: [false, true], groups: ['sessions', 'sessions'] });
    assert.equal(chooseRenamed([renamed('Reserve a spot: Bouldering social, 7.30pm')], social)?.nth, 0, 'its time kept on another clock');
    assert.equal(chooseRenamed([renamed('Reserve a spot: Bouldering social, 7pm')], social), null, 'another time');
    // A property list: the "14" of "14 Cotham Road" is not kept by a photo counter "1/14" (the card's words aside).
    const cards = (list: [who: string, photos: string, address: string][]) => `<main><section aria-label="Flats for sale"><ul>${list.map(([who, photos, address]) => `<li><article><span>${photos}</span><p>£349,950</p><h3>${address}</h3>`
      + `<button type="button" aria-label="Save property" data-who="${who}">♡</button></article></li>`).join('')}</ul></section></main>`;
    const cotham = await record(cards([['chandos', '3', '41 Chandos Road'], ['cotham', '9', '14 Cotham Road'], ['garden', '6', 'Garden Flat, 8 Redland Road']]), 'button[data-who=cotham]');
    const cardsPage = await browser.newPage();
    await cardsPage.setContent(cards([['cotham', '9', '14 Cotham Road'], ['chandos', '3', '41 Chandos Road']]));
    const [cothamNow] = await prints(cardsPage, 'button');
    const counted = (counter: string) => fingerprintAgreement(cotham, { ...cothamNow!, context: `${counter} £349,950 Cotham Road`, whole: `${counter} £349,950 Cotham Road`, item: counter });
    assert.ok(counted('9/14') > counted('1/12'), 'its own "9" and "14" written "9/14" are kept');
    assert.equal(counted('1/14'), counted('1/12'), 'a photo counter "1/14" keeps no "14" of "14 Cotham Road"');
    // A telescope rota's week tabs: "This week", "Next week" and "March", renamed by their dates.
    const tabs = (labels: [who: string, label: string][]) => `<main><section aria-label="Telescope rota"><div role="tablist" aria-label="Weeks">${labels.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div></section></main>`;
    const next = await record(tabs([['this', 'This week'], ['next', 'Next week'], ['month', 'March']]), 'button[data-who=next]');
    assert.equal(await whoActedOn(tabs([['this', '3–9 March'], ['next', '10–16 March'], ['month', 'Whole month']]), next), 'next',
      'the weeks named by their dates in March: neither is the tab "March", and the week in its place is it');
    assert.equal(await whoActedOn(tabs([['this', 'This week'], ['month', 'March 2025']]), next), null,
      'gone: "March 2025" in its place still reads the tab "March"');
    // The rota's rows: a "⋯" menu named for the night and the telescope.
    const rota = (rows: [who: string, label: string][]) => `<main><table aria-label="Telescope rota"><tbody>${rows.map(([who, label]) => `<tr><td>${label.replace('Options for ', '')}</td><td>Lawn</td>`
      + `<td><button type="button" aria-label="${label}" data-who="${who}">⋯</button></td></tr>`).join('')}</tbody></table></main>`;
    const rows: [string, string][] = [['mon', 'Options for Mon 10 Mar, 0.6 m reflector'], ['mon-dob', 'Options for Mon 10 Mar, 16-inch Dobsonian'], ['thu', 'Options for Thu 13 Mar, 16-inch Dobsonian'], ['fri', 'Options for Fri 14 Mar, 0.6 m reflector']];
    const thu = await record(rota(rows), 'button[data-who=thu]');
    assert.equal(await whoActedOn(rota([rows[0]!, rows[1]!, ['thu10', 'Options for Thu 13 Mar, 10-inch Dobsonian (loan)'], rows[3]!]), thu), null,
      'the row removed, a loaned 10-inch telescope the same night in its place: another telescope');
    assert.equal(await whoActedOn(rota([rows[0]!, rows[1]!, ['thu', 'Options for Thu 13 Mar, 16-inch Dobsonian (lawn)'], rows[3]!]), thu), 'thu', 'its name qualified, its measure kept: it');
    // A route's menu: "Schedule reset" renamed "Plan a reset", beside a new "Plan a reset of the wall".
    const menu = (items: [who: string, label: string][]) => `<main><ul role="menu" aria-label="Actions for Orange crimp ladder">${items.map(([who, label]) => `<li><button type="button" role="menuitem" data-who="${who}">${label}</button></li>`).join('')}</ul></main>`;
    const reset = await record(menu([['edit', 'Edit route'], ['dup', 'Duplicate route'], ['reset', 'Schedule reset'], ['tag', 'Print route tag'], ['strip', 'Strip now']]), 'button[data-who=reset]');
    assert.equal(await whoActedOn(menu([['edit', 'Edit details'], ['dup', 'Copy route'], ['reset', 'Plan a reset'], ['wall', 'Plan a reset of the wall'], ['tag', 'Print tag'], ['strip', 'Take down now']]), reset), 'reset',
      'renamed beside a variant saying more: the plain one');
    assert.equal(await whoActedOn(menu([['edit', 'Edit details'], ['dup', 'Copy route'], ['reset', 'Plan a reset'], ['wall', 'Book a reset'], ['tag', 'Print tag'], ['strip', 'Take down now']]), reset), null,
      'beside another name keeping the same word: no choice');
  } finally {
    await browser.close();
  }
});

test('round 58 (the fifty-seventh hold-out): a possessive\'s ending is no word of a name', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A piano tuner's round: tabs with counts above the day's summary, rewritten with the tabs.
    const round = (summary: string, tabs: [who: string, label: string][]) => `<main><section aria-label="Round"><p>${summary}</p><div role="tablist" aria-label="Round">${tabs.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div></section></main>`;
    const today = await record(round('Tuesday 9 July · 6 visits · 47 miles · first at 08:30', [['today', 'Today 6'], ['week', 'This week 23'], ['due', 'Reminders due 14']]), 'button[data-who=today]');
    assert.equal(await whoActedOn(round('Tue 09/07/2024 · Six visits, 47 mi, starting 8.30am', [['due', 'Due a reminder 14'], ['week', 'Next 7 days 23'], ['today', 'Today’s visits 6']]), today), 'today',
      'renamed "Today’s visits 6", the tabs reordered and the summary rewritten: it keeps every word of its name');
    assert.equal(await whoActedOn(round('Tue 09/07/2024 · Six visits, 47 mi, starting 8.30am', [['due', 'Due a reminder 14'], ['week', 'Next 7 days 23'], ['tomorrow', 'Tomorrow’s visits 4']]), today), null,
      'gone, tomorrow\'s tab in its place: not it');
    // The fifty-seventh hold-out's round itself: the whole screen rewritten around the reordered tabs.
    // (Its markup as served, its scripts not run: as the bench's pages are first seen.)
    const still = replayer(await (await browser.newContext({ javaScriptEnabled: false })).newPage());
    const tuning = HOLDOUT57_PAGES.find((p) => p.path === '/h57-tuning-round.html')!;
    const tab = await still.record(tuning.html([]), tuning.steps.find((s) => s.who === 'tab-today')!.selector);
    assert.equal(await still.whoActedOn(tuning.html(['reorder', 'copy']), tab), 'tab-today', 'renamed "Today’s visits 6" on the rewritten screen');
  } finally {
    await browser.close();
  }
});

test('round 59 (the fifty-eighth hold-out): a value the look-alikes\' names vary in, swapped for another of theirs, is another element', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A flooring fitter's fitting dates: a button per free half day, named for its date and half.
    const dates = (list: [who: string, label: string, text: string][]) => `<main><section aria-label="Fitting date"><p>Fitters need the rooms empty by 8:00.</p><div role="group" aria-label="Available dates">${list.map(([who, label, text]) => `<button type="button" class="date" aria-label="${label}" data-who="${who}">${text}</button>`).join('')}</div></section></main>`;
    const mon: [string, string, string] = ['mon-pm', 'Mon 2 Jun, afternoon', 'Mon 2 PM'];
    const rest: [string, string, string][] = [['thu', 'Thu 5 Jun, all day', 'Thu 5 All day'], ['mon9', 'Mon 9 Jun, morning', 'Mon 9 AM'], ['tue', 'Tue 10 Jun, afternoon', 'Tue 10 PM']];
    const wed = await record(dates([mon, ['wed-am', 'Wed 4 Jun, morning', 'Wed 4 AM'], ...rest]), 'button[data-who=wed-am]');
    assert.equal(await whoActedOn(dates([mon, ['wed-pm', 'Wed 4 Jun, afternoon', 'Wed 4 PM'], ...rest]), wed), null,
      'the morning taken, the afternoon of the same day in its place: another half day');
    assert.equal(await whoActedOn(dates([mon, ['wed-am', 'Wed 4 Jun, AM', 'Wed 4 AM'], ...rest]), wed), 'wed-am', 'its half written another way: it');
  } finally {
    await browser.close();
  }
});

test('round 60 (the fifty-ninth and sixtieth hold-outs): a compound of the name\'s own words; moving up is moving earlier; a submit that closes its dialog; out of its list item; another size; a look-alike\'s value, numbers or word ending', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A laundrette ticket's section links, each with a count, renamed together: "Dry cleaning (3)" written as a
    // compound of its own words, one ending changed.
    const sections = (links: [who: string, href: string, label: string][]) => `<main><nav aria-label="Ticket sections">${links.map(([who, href, label]) => `<a href="${href}" data-who="${who}">${label}</a>`).join(' ')}</nav><section id="dry-cleaning"><h2>Dry cleaning</h2><p>Three items.</p></section></main>`;
    const dry = await record(sections([['wash', '#wash', 'Service wash (1)'], ['dry', '#dry-cleaning', 'Dry cleaning (3)'], ['iron', '#ironing', 'Ironing (0)'], ['alter', '#alterations', 'Alterations (1)']]), 'a[href="#dry-cleaning"]');
    assert.equal(await whoActedOn(sections([['wash', '#wash', 'Wash &amp; dry 1 bag'], ['dry', '#dry-cleaning', 'Dry-clean items 3 items'], ['iron', '#ironing', 'Pressing only 0 items'], ['alter', '#alterations', 'Repairs &amp; alterations 1 item']]), dry), 'dry',
      '"Dry-clean" is "dry cleaning" joined, its ending changed: the same link');
    assert.equal(await whoActedOn(sections([['wash', '#wash', 'Wash &amp; dry 1 bag'], ['dry', '#dry-cleaning', 'Dry-bag items 3 items'], ['iron', '#ironing', 'Pressing only 0 items'], ['alter', '#alterations', 'Repairs &amp; alterations 1 item']]), dry), null,
      'joined with a word of none of its own, "dry" is another datum: not it');

    // A music and readings table's row menu, every item renamed.
    const menu = (items: [who: string, label: string][]) => `<main><section aria-label="Music and readings"><table><tr><td>Abide with Me</td><td>Hymn</td></tr></table><div role="menu" aria-label="Actions for Abide with Me">${items.map(([who, label]) => `<button type="button" role="menuitem" data-who="${who}">${label}</button>`).join('')}</div></section></main>`;
    const up = await record(menu([['edit', 'Edit'], ['up', 'Move up'], ['down', 'Move down'], ['print', 'Print words in the order of service'], ['remove', 'Remove']]), 'button[data-who=up]');
    assert.equal(await whoActedOn(menu([['edit', 'Edit details'], ['up', 'Move earlier'], ['down', 'Move later'], ['print', 'Show the words in the order of service'], ['remove', 'Delete']]), up), 'up',
      'moved earlier is moved up');
    assert.equal(await whoActedOn(menu([['edit', 'Edit details'], ['down', 'Move later'], ['up', 'Move earlier'], ['print', 'Show the words in the order of service'], ['remove', 'Delete']]), up), 'up',
      'and reordered, still');
    assert.equal(await whoActedOn(menu([['edit', 'Edit details'], ['down', 'Move later'], ['print', 'Show the words in the order of service'], ['remove', 'Delete']]), up), null,
      '"Move up" removed: "Move later" in its place moves the other way');

    // A dialog's submit renamed for what it does with the dialog, beside its close buttons renamed.
    const dialog = (buttons: [who: string, type: string, label: string][]) => `<main><form aria-label="Record shoeing"><h2>Record shoeing – Bramble</h2><label>Shoe type <select name="type"><option>Concave steel</option></select></label><div>${buttons.map(([who, type, label]) => `<button type="${type}" data-who="${who}">${label}</button>`).join('')}</div></form></main>`;
    const save = await record(dialog([['x', 'button', 'Close'], ['cancel', 'button', 'Cancel'], ['save', 'submit', 'Save shoeing']]), 'button[type=submit]');
    assert.equal(await whoActedOn(dialog([['x', 'button', 'Close dialog'], ['cancel', 'button', 'Close without saving'], ['save', 'submit', 'Record and close']]), save), 'save',
      '"Record and close" records, then closes: the submit, not the close button');
    assert.equal(await whoActedOn(dialog([['x', 'button', 'Close dialog'], ['cancel', 'button', 'Close and discard']]), save), null,
      'the submit removed: a close button is not it');

    // Customer search results, a "Select" in each list item, a "New customer" button below the list.
    const results = (people: [who: string, name: string][], pick: string, add: string) => `<main><section aria-label="Find a customer"><ul>${people.map(([who, name]) => `<li>${name} <button type="button" data-who="${who}">${pick}</button></li>`).join('')}</ul><button type="button" data-who="new">${add}</button></section></main>`;
    const grace: [string, string] = ['grace', 'Grace Okafor-Bell, 07700 900977, 0 open tickets'];
    const okafor: [string, string] = ['okafor', 'Chinedu Okafor, 07700 900412, 2 open tickets'];
    const pick = await record(results([okafor, grace], 'Select', 'New customer'), 'li:nth-of-type(1) button');
    assert.equal(await whoActedOn(results([grace, okafor], 'Use this customer', 'Add a customer'), pick), 'okafor',
      'reordered and renamed: the result of its customer, not the button below the list');
    assert.equal(await whoActedOn(results([grace], 'Use this customer', 'Add a customer'), pick), null,
      'its customer gone: the button below the list is no result of it');

    // A food bank's stock table: a "+" per row, titled with the product and its size.
    const stock = (rows: [who: string, product: string][]) => `<main><form aria-label="Parcel"><table><tbody>${rows.map(([who, product]) => `<tr><td>${product}</td><td>C3</td><td><button type="button" title="Add ${product} to parcel" data-who="${who}">+</button></td></tr>`).join('')}</tbody></table></form></main>`;
    const beans: [string, string] = ['beans', 'Baked beans 415g'];
    const milk = await record(stock([beans, ['milk', 'UHT milk 1L'], ['rice', 'Rice 1kg']]), 'button[data-who=milk]');
    assert.equal(await whoActedOn(stock([beans, ['small', 'UHT milk 500ml'], ['rice', 'Rice 1kg']]), milk), null,
      'the litre carton\'s row removed, a 500ml one in its place: another size, another item');
    assert.equal(await whoActedOn(stock([beans, ['small', 'UHT milk 500ml'], ['milk', 'UHT milk 1L'], ['rice', 'Rice 1kg']]), milk), 'milk',
      'beside a new 500ml row put before it: the litre carton\'s');

    // A household's steppers, each "+" named for what it adds.
    const household = (steppers: [who: string, label: string][]) => `<main><form aria-label="Household size"><h3>Household size</h3><p>Adults</p><p>Children</p>${steppers.map(([who, label]) => `<button type="button" aria-label="${label}" data-who="${who}">${label.startsWith('More') || label.startsWith('Add') ? '+' : '−'}</button>`).join('')}</form></main>`;
    const more = await record(household([['a-', 'Fewer adults'], ['a+', 'More adults'], ['c-', 'Fewer children'], ['c+', 'More children']]), 'button[data-who="c+"]');
    assert.notEqual(await whoActedOn(household([['c-', 'Remove one from children'], ['c+', 'Add one to children'], ['a-', 'Remove one from adults'], ['a+', 'Add one to adults']]), more), 'a+',
      'the steppers rewritten and reordered: "adults" is the other stepper\'s word, never it');
    assert.notEqual(await whoActedOn(household([['a-', 'Remove one from adults'], ['a+', 'Add one to adults'], ['i-', 'Remove one from infants'], ['i+', 'Add one to infants'], ['c-', 'Remove one from children'], ['c+', 'Add one to children']]), more), 'i+',
      'a new stepper in its place keeps no word of it while the children\'s keeps one: not the new one');

    // A life jackets table: the row's size renamed with the "+" that names it.
    const jackets = (rows: [who: string, size: string, range: string, stocked: number][]) => `<main><form aria-label="Life jackets"><table><tbody>${rows.map(([who, size, range, stocked]) => `<tr><td>${size} ${range}</td><td>${stocked}</td><td><button type="button" aria-label="Remove a ${size} ${range} kg jacket">−</button><button type="button" aria-label="Add a ${size} ${range} kg jacket" data-who="${who}">+</button></td></tr>`).join('')}</tbody></table></form></main>`;
    const child = await record(jackets([['adult', 'Adult', '50–90', 12], ['youth', 'Youth', '30–50', 8], ['child', 'Child', '15–30', 6]]), 'button[data-who=child]');
    assert.equal(await whoActedOn(jackets([['adult', 'Grown-up', '50–90', 12], ['youth', 'Teen', '30–50', 8], ['child', 'Kids', '15–30', 6]]), child), 'child',
      'its row and its name renamed together, the row\'s numbers kept: it');

    // Instrument tabs with pupil counts, every tab renamed.
    const tabs = (list: [who: string, label: string][]) => `<main><div role="tablist" aria-label="Instruments">${list.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div></main>`;
    const guitar = await record(tabs([['piano', 'Piano 14'], ['violin', 'Violin 9'], ['guitar', 'Guitar 11'], ['drums', 'Drums 6'], ['voice', 'Voice 8']]), 'button[data-who=guitar]');
    assert.equal(await whoActedOn(tabs([['violin', 'Violin 9'], ['piano', 'Keyboard & piano 14'], ['drums', 'Drum kit 6'], ['guitar', 'Classical &amp; acoustic guitar 11'], ['voice', 'Singing 8']]), guitar), 'guitar',
      '"Drum kit 6" in its place is the drums tab: the guitar tab, renamed');
    assert.equal(await whoActedOn(tabs([['piano', 'Keyboard & piano 14'], ['violin', 'Violin 9'], ['guitar', 'Classical &amp; acoustic guitar 10'], ['drums', 'Drum kit 6'], ['voice', 'Singing 8']]), guitar), null,
      'its count changed too: "Singing 8" is the voice tab, not it');

    // The sixtieth hold-out's own pages (scripts off, so the identities stay): the household steppers rewritten and
    // reordered, "Add one to adults" in the place of "More children"; with a new infants' stepper put there too; the
    // instrument tabs renamed, the guitar pupils' count 10 now, "Singing 8" the only other tab left unruled.
    const still = replayer(await (await browser.newContext({ javaScriptEnabled: false })).newPage());
    const parcels = HOLDOUT60_PAGES.find((p) => p.path === '/h60-foodbank-parcels.html')!;
    const children = await still.record(parcels.html([]), parcels.steps.find((s) => s.who === 'children-plus')!.selector);
    assert.equal(await still.whoActedOn(parcels.html(['reorder', 'copy']), children), null, 'not the adults\' stepper in its place');
    assert.equal(await still.whoActedOn(parcels.html(['ids', 'classes', 'wrappers', 'reorder', 'lookalike', 'copy']), children), null, 'nor the new infants\' one');
    const lessons = HOLDOUT60_PAGES.find((p) => p.path === '/h60-music-lessons.html')!;
    const guitarTab = await still.record(lessons.html([]), lessons.steps.find((s) => s.who === 'tab-guitar')!.selector);
    assert.equal(await still.whoActedOn(lessons.html(['copy']), guitarTab), 'tab-guitar', 'renamed, its count kept: it');
    assert.equal(await still.whoActedOn(lessons.html(['copy', 'removed']), guitarTab), null, 'its count changed: not the singing tab');
  } finally {
    await browser.close();
  }
});

test('round 61 (the sixty-first hold-out): every look-alike found again under a word of its own, the one left keeping a word of the recorded name is it', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A repertoire table's row menu, every item rewritten: "concert" was also a look-alike's word, but that look-alike
    // now reads "Ready to perform", and each of the others reads a word of its own ("piece" aside, "tracks", "Archive").
    const menu = (items: [who: string, label: string][]) => `<main><section aria-label="Repertoire"><table><tr><td>The Parting Glass</td><td>Trad.</td><td>SATB</td></tr></table><div role="menu" aria-label="More options for The Parting Glass">${items.map(([who, label]) => `<button type="button" role="menuitem" data-who="${who}">${label}</button>`).join('')}</div></section></main>`;
    const programme = await record(menu([['edit', 'Edit details'], ['programme', 'Add to concert programme'], ['tracks', 'Upload learning tracks'], ['ready', 'Mark as concert ready'], ['archive', 'Archive piece']]), 'button[data-who=programme]');
    const rewritten: [string, string][] = [['edit', 'Edit piece'], ['programme', 'Put in a concert'], ['tracks', 'Add practice tracks'], ['ready', 'Ready to perform'], ['archive', 'Archive']];
    assert.equal(await whoActedOn(menu(rewritten), programme), 'programme', 'each look-alike is found again by a word of its own: "Put in a concert" is left, keeping "concert"');
    assert.equal(await whoActedOn(menu([...rewritten.slice(0, 2), ['encore', 'Save as an encore'], ...rewritten.slice(2)]), programme), 'programme',
      'beside a new item keeping none of its words, still');
    assert.equal(await whoActedOn(menu(rewritten.filter(([who]) => who !== 'programme').concat([['encore', 'Add to encore list']])), programme), null,
      'removed: a new item keeping only its action word is not it');
    assert.equal(await whoActedOn(menu(rewritten.map(([who, label]) => [who, who === 'tracks' ? 'Add audio' : label])), programme), null,
      'a look-alike found nowhere ("Upload learning tracks" now "Add audio"): which one "Put in a concert" is, is a guess');

    // Status tabs with counts, renamed and reordered: each look-alike's count is found again in another tab.
    const tabs = (list: [who: string, label: string][]) => `<main><section aria-label="School group visits"><div role="tablist" aria-label="Visit status">${list.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div></section></main>`;
    const awaiting = await record(tabs([['upcoming', 'Upcoming 6'], ['awaiting', 'Awaiting payment 2'], ['completed', 'Completed 41'], ['cancelled', 'Cancelled 3']]), 'button[data-who=awaiting]');
    assert.equal(await whoActedOn(tabs([['cancelled', 'Called off 3'], ['completed', 'Past visits 41'], ['awaiting', 'Unpaid 2'], ['upcoming', 'Booked 6']]), awaiting), 'awaiting',
      '"Unpaid 2" alone keeps its count, the other counts are the look-alikes\'');
    assert.equal(await whoActedOn(tabs([['cancelled', 'Called off 3'], ['completed', 'Past visits 41'], ['refunded', 'Refunded 1'], ['upcoming', 'Booked 6']]), awaiting), null,
      'removed, a new tab with another count in its place: not it');

    // The sixty-first hold-out's own pages (scripts off, so the identities stay).
    const still = replayer(await (await browser.newContext({ javaScriptEnabled: false })).newPage());
    const choir = HOLDOUT61_PAGES.find((p) => p.path === '/h61-choir.html')!;
    const add = await still.record(choir.html([]), choir.steps.find((s) => s.who === 'menu-add-programme')!.selector);
    assert.equal(await still.whoActedOn(choir.html(['copy']), add), 'menu-add-programme', 'the repertoire menu rewritten: "Put in a concert"');
    assert.equal(await still.whoActedOn(choir.html(['lookalike', 'copy']), add), 'menu-add-programme', 'beside the new "Save as an encore"');
    // The eighth hold-out's song menu, every kind of change at once: "Save to playlist" says the recorded "Add to
    // playlist"'s action in other words, not the word of the look-alike "Save to your liked songs", so the new "Create
    // playlist" is not the one left.
    const songs = HOLDOUT8_PAGES.find((p) => p.path === '/playlist.html')!;
    const addTo = await still.record(songs.html([]), songs.steps.find((s) => s.who === 'menu-add-to-playlist')!.selector);
    assert.equal(await still.whoActedOn(songs.html(['ids', 'classes', 'wrappers', 'reorder', 'lookalike', 'copy']), addTo), null, 'never the new "Create playlist"');
    const planetarium = HOLDOUT61_PAGES.find((p) => p.path === '/h61-planetarium.html')!;
    const unpaid = await still.record(planetarium.html([]), planetarium.steps.find((s) => s.who === 'tab-awaiting')!.selector);
    assert.equal(await still.whoActedOn(planetarium.html(['reorder', 'copy']), unpaid), 'tab-awaiting', 'the visit tabs renamed and reordered: "Unpaid 2"');
  } finally {
    await browser.close();
  }
});

test('round 62 (the sixtieth hold-out again): a weekday, a month or a unit written long or short is one word', async () => {
  assert.deepEqual(['tuesday', 'tue', 'tues', 'september', 'sept', 'may', 'minutes', 'mins', 'litre', 'kilos'].map((w) => wordForms(w)),
    [['tue'], ['tue'], ['tue'], ['sep'], ['sep'], ['may'], ['min'], ['min'], ['l'], ['kg']]);
  assert.deepEqual(wordForms('45min'), ['45', 'min'], 'a number joined to its unit reads as both');
  assert.deepEqual(wordForms('500grams'), ['500', 'g']);
  assert.deepEqual(wordForms('1930'), ['1930']);
  assert.deepEqual(wordForms('2nd'), ['2nd'], 'an ordinal is no unit');
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A timetable's free slots named by aria-label, all rewritten shorter: the weekday and the length cut.
    const slots = (list: [who: string, label: string][]) => `<main><section aria-label="Free lesson slots"><h2>Ana Souza – guitar</h2><div id="slots">${list.map(([who, label]) => `<button type="button" data-who="${who}" aria-label="${label}">Free</button>`).join('')}</div></section></main>`;
    const tue = await record(slots([['mon', 'Monday 16:00, 30 minutes, free'], ['tue', 'Tuesday 17:30, 30 minutes, free'], ['wed', 'Wednesday 18:00, 45 minutes, free']]), 'button[data-who=tue]');
    assert.equal(await whoActedOn(slots([['mon', 'Mon 16:00 · 30 min · book'], ['tue', 'Tue 17:30 · 30 min · book'], ['wed', 'Wed 18:00 · 45 min · book']]), tue), 'tue',
      '"Tue 17:30 · 30 min" is "Tuesday 17:30, 30 minutes" written short');
    assert.equal(await whoActedOn(slots([['mon', 'Mon 16:00 · 30 min · book'], ['other', 'Tue 18:30 · 30 min · book'], ['wed', 'Wed 18:00 · 45 min · book']]), tue), null,
      'Tuesday at another time is another slot');

    // The sixtieth hold-out's own pages (scripts off, so the identities stay).
    const still = replayer(await (await browser.newContext({ javaScriptEnabled: false })).newPage());
    const lessons = HOLDOUT60_PAGES.find((p) => p.path === '/h60-music-lessons.html')!;
    const slot = await still.record(lessons.html([]), lessons.steps.find((s) => s.who === 'slot-tue-1730')!.selector);
    assert.equal(await still.whoActedOn(lessons.html(['reorder', 'copy']), slot), 'slot-tue-1730', 'the slots rewritten short and reordered');
    assert.equal(await still.whoActedOn(lessons.html(['lookalike', 'copy']), slot), 'slot-tue-1730', 'beside the new 20-minute trial slot at the same time');
    const foodbank = HOLDOUT60_PAGES.find((p) => p.path === '/h60-foodbank-parcels.html')!;
    const milk = await still.record(foodbank.html([]), foodbank.steps.find((s) => s.who === 'add-uht-milk')!.selector);
    assert.equal(await still.whoActedOn(foodbank.html(['lookalike', 'copy']), milk), 'add-uht-milk', '"Long-life milk, 1 litre" is "UHT milk 1L", beside the 500ml carton');
  } finally {
    await browser.close();
  }
});

test('round 63 (the sixty-third hold-out): a row whose names and numbers are all another\'s is another row, whatever field name it keeps', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Pairings numbered by their place: the result select's `name` is the board's number, not the game's.
    const pairings = (games: [who: string, white: string, black: string][]) => `<main><table id="pairings"><tbody>${games.map(([who, white, black], i) =>
      `<tr><td>${i + 1}</td><td>${white}</td><td>${black}</td><td><select name="result-${i + 1}" aria-label="Result, board ${i + 1}" data-who="${who}"><option value="">Not played</option><option value="1-0">1–0</option><option value="0-1">0–1</option></select></td></tr>`).join('')}</tbody></table></main>`;
    const games: [string, string, string][] = [['a', 'Okonkwo, Chidi 2105', 'Fairbairn, Ross 2060'], ['b', 'Marsh, Peter 1930', 'Kowalczyk, Anna 1915'], ['c', 'Yusuf, Amira 1822', 'Hale, Simon 1809'], ['d', 'Novak, Tereza 1795', 'Brennan, Liam 1760']];
    const board3 = await record(pairings(games), 'select[data-who=c]');
    assert.equal(await whoActedOn(pairings(games.filter(([who]) => who !== 'c')), board3), null, 'the game taken out: "result-3" is the next game now, never it');
    assert.equal(await whoActedOn(pairings([games[0], ['x', 'Lindqvist, Erik 1961', 'Dhillon, Sunita 1940'], ...games.slice(1)]), board3), null,
      'a game put in before it: "result-3" is the game before it now, never it');
    assert.equal(await whoActedOn(pairings(games.map(([who, white, black]) => (who === 'c' ? [who, 'Yusuf, Amira 1830', 'Hale, Simon 1801'] : [who, white, black]))), board3), 'c',
      'its ratings updated, its players the same: the same game');
    assert.equal(await whoActedOn(pairings(games.map(([who, white, black]) => [who, white.replace(/^(\w+), (\w+)/, '$2 $1'), black.replace(/^(\w+), (\w+)/, '$2 $1')])), board3), 'c',
      'the players\' names written first name first: the same game');

    // The sixty-third hold-out's own page (scripts off, so the identities stay).
    const still = replayer(await (await browser.newContext({ javaScriptEnabled: false })).newPage());
    const desk = HOLDOUT63_PAGES.find((p) => p.path === '/h63-tournament.html')!;
    const result5 = await still.record(desk.html([]), desk.steps.find((s) => s.who === 'result-board5')!.selector);
    for (const mutations of [['removed'], ['lookalike'], ['removed', 'copy'], ['lookalike', 'reorder', 'copy']] as Mutation[][]) {
      assert.ok([null, 'result-board5'].includes(await still.whoActedOn(desk.html(mutations), result5)), `${mutations.join('+')}: never another game's result`);
    }
    assert.equal(await still.whoActedOn(desk.html(['copy']), result5), 'result-board5', '"Board 5" is "Result, board 5" rewritten');
  } finally {
    await browser.close();
  }
});

test('round 64 (the sixty-fourth hold-out): another time in its row; a name of numbers renamed without them; a choice qualified with its value kept', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // Appointments: a "Cancel" per row, the rows told apart by their date, time and venue.
    const appointments = (rows: [who: string, when: string, venue: string][]) => `<main><h2>Your upcoming appointments</h2><table><tbody>${rows.map(([who, when, venue]) =>
      `<tr><td>${when}</td><td>${venue}</td><td>Whole blood</td><td><button type="button" data-who="${who}">Cancel</button></td></tr>`).join('')}</tbody></table></main>`;
    const rows: [string, string, string][] = [['leeds', 'Tue 8 Jul 2025, 12:15', 'Leeds Donor Centre'], ['shipley', 'Mon 11 Aug 2025, 17:40', 'Shipley Victoria Hall'], ['otley', 'Thu 4 Sep 2025, 14:05', 'Otley Civic Centre']];
    const otley = await record(appointments(rows), 'button[data-who=otley]');
    assert.equal(await whoActedOn(appointments([...rows.slice(0, 2), ['partner', 'Thu 4 Sep 2025, 14:20', 'Otley Civic Centre']]), otley), null,
      'called off, the appointment a quarter of an hour later at the same centre is another one');
    assert.equal(await whoActedOn(appointments([...rows.slice(0, 2), ['otley', 'Thursday 4 September, 2:05 pm', 'Otley Civic Centre']]), otley), 'otley',
      'its time written on a twelve-hour clock: the same appointment');

    // Time slots: a name of numbers alone.
    const slots = (times: [who: string, time: string][], extra = '') => `<main><form><h2>Bradford Donor Centre · Thu 19 Jun</h2><div role="group" aria-label="Available times">${times.map(([who, time]) =>
      `<button type="button" data-who="${who}">${time}</button>`).join('')}</div><div>${extra}<button type="submit">Book appointment</button></div></form></main>`;
    const times: [string, string][] = [['0930', '09:30'], ['1030', '10:30'], ['1045', '10:45'], ['1100', '11:00'], ['1445', '14:45']];
    const slot = await record(slots(times), 'button[data-who="1045"]');
    assert.equal(await whoActedOn(slots(times.filter(([who]) => who !== '1045'), '<button type="button" data-who="waiting">Join the waiting list</button>'), slot), null,
      'the slot gone: never the new "Join the waiting list" in its form');
    assert.equal(await whoActedOn(slots(times.map(([who, time]) => [who, `${time.replace(/^0/, '').replace(':', '.')}${Number(time.slice(0, 2)) < 12 ? 'am' : 'pm'}`])), slot), '1045',
      'every slot written "10.45am": the same slot');

    // Gear hire checkboxes, one choice qualified in brackets beside another one so named.
    const gear = (items: [who: string, value: string, label: string][]) => `<main><form><fieldset><legend>Gear hire per dive</legend>${items.map(([who, value, label]) =>
      `<label data-who="${who}"><input type="checkbox" name="gear" value="${value}"> <span>${label}</span> €10.00</label>`).join('')}</fieldset></form></main>`;
    const items: [string, string, string][] = [['bcd', 'bcd', 'BCD'], ['regulator', 'regulator', 'Regulator'], ['computer', 'computer', 'Dive computer'], ['nitrox', 'nitrox', 'Nitrox fill (EAN32)']];
    const computer = await record(gear(items), 'label[data-who=computer] span');
    assert.equal(await whoActedOn(gear(items.map(([who, value, label]) => [who, value, who === 'computer' ? 'Computer (wrist)' : label])), computer), 'computer',
      'qualified in brackets, its checkbox still sends "computer"');
    assert.equal(await whoActedOn(gear([...items.filter(([who]) => who !== 'computer'), ['wrist', 'computer-wrist', 'Computer (wrist)']]), computer), null,
      'a variant sending its own value is another choice');

    // The sixty-fourth hold-out's own pages (scripts off, so the identities stay).
    const still = replayer(await (await browser.newContext({ javaScriptEnabled: false })).newPage());
    const donor = HOLDOUT64_PAGES.find((p) => p.path === '/h64-donor.html')!;
    const cancel = await still.record(donor.html([]), donor.steps.find((s) => s.who === 'cancel-otley')!.selector);
    assert.equal(await still.whoActedOn(donor.html(['lookalike', 'removed']), cancel), null, 'never the partner\'s appointment at 14:20');
    const at1045 = await still.record(donor.html([]), donor.steps.find((s) => s.who === 'slot-1045')!.selector);
    assert.equal(await still.whoActedOn(donor.html(['lookalike', 'vanished']), at1045), null, 'never "Join the waiting list"');
    const dive = HOLDOUT64_PAGES.find((p) => p.path === '/h64-dive.html')!;
    const hire = await still.record(dive.html([]), dive.steps.find((s) => s.who === 'gear-computer')!.selector);
    for (const mutations of [['copy'], ['lookalike', 'copy']] as Mutation[][]) {
      assert.equal(await still.whoActedOn(dive.html(mutations), hire), 'gear-computer', `${mutations.join('+')}: "Computer (wrist)"`);
    }
  } finally {
    await browser.close();
  }
});

test('round 65 (the sixty-fifth hold-out): another day; a look-alike\'s action reworded as the recorded one\'s; a cell\'s row; an identity used in another form; a glyph\'s title lengthened', async () => {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { whoActedOn, record } = replayer(await browser.newPage());
    // A timetable's free slots named by aria-label, all rewritten shorter; the recorded Tuesday slot gone, a Thursday
    // slot at the same time in its place.
    const slots = (list: [who: string, label: string][]) => `<main><section aria-label="Free lesson slots"><h2>Ana Souza – guitar</h2><div id="slots">${list.map(([who, label]) => `<button type="button" data-who="${who}" aria-label="${label}">Free</button>`).join('')}</div></section></main>`;
    const tue = await record(slots([['mon', 'Monday 16:00, 30 minutes, free'], ['tue', 'Tuesday 17:30, 30 minutes, free'], ['wed', 'Wednesday 18:00, 45 minutes, free']]), 'button[data-who=tue]');
    assert.equal(await whoActedOn(slots([['mon', 'Mon 16:00 · 30 min · book'], ['thu', 'Thu 17:30 · 30 min · book'], ['wed', 'Wed 18:00 · 45 min · book']]), tue), null,
      'Thursday at the same time is another slot');
    assert.equal(await whoActedOn(slots([['mon', 'Mon 16:00 · 30 min · book'], ['tue', 'Tue 17:30 · 30 min · book'], ['wed', 'Wed 18:00 · 45 min · book']]), tue), 'tue',
      'Tuesday written short is still Tuesday');
    // Course dates as links, one per month: the March intake gone, April's in its place.
    const intakes = (list: [who: string, label: string][]) => `<main><h2>Evening pottery course</h2><ul>${list.map(([who, label]) => `<li><a href="#${who}" data-who="${who}">${label}</a></li>`).join('')}</ul></main>`;
    const march = await record(intakes([['jan', 'Start 12 January'], ['mar', 'Start 9 March'], ['may', 'Start 11 May']]), 'a[data-who=mar]');
    assert.equal(await whoActedOn(intakes([['jan', 'Begins 12 Jan'], ['apr', 'Begins 9 Apr'], ['may', 'Begins 11 May']]), march), null, 'the intake of another month');
    assert.equal(await whoActedOn(intakes([['jan', 'Begins 12 Jan'], ['mar', 'Begins 9 Mar'], ['may', 'Begins 11 May']]), march), 'mar', 'March written short');
    // Market day tabs: the weekday dropped from every one is a copy edit, not another day.
    const days = (list: [who: string, label: string][]) => `<main><div role="tablist" aria-label="Market days">${list.map(([who, label]) => `<button type="button" role="tab" data-who="${who}">${label}</button>`).join('')}</div></main>`;
    const sat14 = await record(days([['7', 'Sat 7 Jun 42 traders'], ['14', 'Sat 14 Jun 39 traders'], ['21', 'Sat 21 Jun 44 traders']]), 'button[data-who="14"]');
    assert.equal(await whoActedOn(days([['7', '7 June 42'], ['14', '14 June 39'], ['21', '21 June 44']]), sat14), '14', '"14 June" is "Sat 14 Jun"');

    // A toolbar's "Log observation" beside its dialog's "Save observation": rewritten "Add observation" and "Save",
    // "add" says either one's action in other words, and the recorded name is gone.
    const toolbar = (open: string, save: string) => `<main><div><button type="button" data-who="open">${open}</button><button type="button">Edit</button></div>`
      + `<dialog open><h2>Observation</h2><button type="button">Cancel</button><button type="submit" data-who="save">${save}</button></dialog></main>`;
    const log = await record(toolbar('Log observation', 'Save observation'), 'button[data-who=open]');
    assert.equal(await whoActedOn(toolbar('Add observation', 'Save'), log), 'open', '"Add observation" is "Log observation" reworded');
    assert.equal(await whoActedOn(toolbar('Save observation', 'Save'), log), null, 'reading the look-alike\'s recorded name, it is that look-alike');
    // Beside "Add note", the recorded "Log gift" renamed "Record a donation" and the note's button "New note": that is
    // the look-alike reworded, keeping nothing of "Log gift" but an action said in other words.
    const actions = (list: [who: string, label: string][]) => `<main><div>${list.map(([who, label]) => `<button type="button" data-who="${who}">${label}</button>`).join('')}<button type="button">Send email</button></div></main>`;
    const gift = await record(actions([['gift', 'Log gift'], ['note', 'Add note']]), 'button[data-who=gift]');
    assert.equal(await whoActedOn(actions([['note', 'New note'], ['gift', 'Record a donation']]), gift), 'gift', 'reordered: the donation, not the note');

    // A photo button ("📷") titled by its piece; the same piece's smaller version put beside it.
    const queue = (rows: [who: string, piece: string][]) => `<main><table><tbody>${rows.map(([who, piece]) =>
      `<tr><td>Leon Achterberg</td><td>${piece}</td><td>Satin white</td><td><button type="button" title="Photo of ${piece}" data-who="${who}">📷</button></td></tr>`).join('')}</tbody></table></main>`;
    const photo = await record(queue([['bowl', 'Serving bowl'], ['planter', 'Hanging planter'], ['vase', 'Bud vase']]), 'button[data-who=planter]');
    assert.equal(await whoActedOn(queue([['bowl', 'Serving bowl'], ['small', 'Hanging planter, small'], ['vase', 'Bud vase']]), photo), null,
      'its photo gone, never the photo of "Hanging planter, small"');

    // The sixty-fifth hold-out's own pages (scripts off, so the identities stay).
    const still = replayer(await (await browser.newContext({ javaScriptEnabled: false })).newPage());
    const zoo = HOLDOUT65_PAGES.find((p) => p.path === '/h65-zoo.html')!;
    const observe = await still.record(zoo.html([]), zoo.steps.find((s) => s.who === 'log-observation')!.selector);
    assert.equal(await still.whoActedOn(zoo.html(['copy']), observe), 'log-observation', '"Add observation"');
    const pottery = HOLDOUT65_PAGES.find((p) => p.path === '/h65-pottery.html')!;
    const mugs = await still.record(pottery.html([]), pottery.steps.find((s) => s.who === 'piece-mugs')!.selector);
    assert.equal(await still.whoActedOn(pottery.html(['lookalike']), mugs), 'piece-mugs', 'the row of "Tenmoku", not the same set in "Celadon"');
    const planter = await still.record(pottery.html([]), pottery.steps.find((s) => s.who === 'photo-planter')!.selector);
    assert.equal(await still.whoActedOn(pottery.html(['lookalike']), planter), 'photo-planter', 'beside the small planter\'s photo');
    assert.equal(await still.whoActedOn(pottery.html(['lookalike', 'removed']), planter), null, 'its photo gone: never the small planter\'s');
    const race = HOLDOUT65_PAGES.find((p) => p.path === '/h65-race.html')!;
    const first = await still.record(race.html([]), race.steps.find((s) => s.who === 'new-first')!.selector);
    assert.ok(first.shared, 'the walk-in form has a field named "first-name" too');
    // Asked by its attribute, an identity is found for any tag the parser makes (a custom element's name may hold a dot).
    const page = await browser.newPage();
    await page.setContent('<form><label>A <my.field data-testid="a" role="textbox" tabindex="0">x</my.field></label></form><form><my.field data-testid="a" role="textbox" tabindex="0">y</my.field></form>');
    const [custom] = await prints(page, 'form:first-of-type [data-testid=a]', true);
    assert.ok(custom!.shared, 'the other form\'s element has the same test id');
    assert.equal(await still.whoActedOn(race.html(['copy']), first), 'new-first', 'the transfer dialog\'s "First name", not the walk-in form\'s');
  } finally {
    await browser.close();
  }
});
