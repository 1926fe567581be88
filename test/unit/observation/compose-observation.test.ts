import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { composeObservation, cutMark, finishCuts, type ComposeInput } from '../../../lib/page-scripts/observation/compose-observation';
import { estimateTokens } from '../../../lib/token-estimate/token-estimate';
import { ITEM_CONTROL, ITEM_HEADING, ITEM_TEXT, type RawItem } from '../../../lib/page-scripts/observation/observe-dom';

const scroll = { x: 0, y: 0, width: 1280, height: 3000, viewportWidth: 1280, viewportHeight: 720 };

function input(items: RawItem[], maxTokens: number, marksNew = true): ComposeInput {
  return { url: 'http://127.0.0.1/x', title: 'X', scroll, roots: [{ label: null, items }], marksNew, maxTokens };
}

const control = (ref: number, text: string, isNew = 0): RawItem => [ITEM_CONTROL, ref, isNew, text, ''];
const heading = (text: string): RawItem => [ITEM_HEADING, 0, 0, text, ''];
const paragraph = (text: string, isNew = 0): RawItem => [ITEM_TEXT, 0, isNew, text, ''];

describe('composeObservation', () => {
  test('renders the header and one line per item', () => {
    const out = composeObservation(input([heading('# Welcome'), control(1, 'button "Save"'), paragraph('Some text')], 1000));
    assert.equal(out.truncated, false);
    assert.equal(out.refCount, 1);
    assert.deepEqual(out.text.split('\n'), [
      'url: http://127.0.0.1/x',
      'title: X',
      'scroll y=0 of 3000px, viewport 1280x720; more below (2280px)',
      '# Welcome',
      '[1] button "Save"',
      'Some text',
    ]);
  });

  test('a page that fits its viewport gets no scroll line; an untitled one no title line', () => {
    const fits = { ...scroll, height: 722 };
    const out = composeObservation({ ...input([control(1, 'button "Save"')], 1000), title: '', scroll: fits });
    assert.deepEqual(out.text.split('\n'), ['url: http://127.0.0.1/x', '[1] button "Save"']);
    const scrolled = composeObservation({ ...input([control(1, 'button "Save"')], 1000), scroll: { ...fits, y: 2 } });
    assert.match(scrolled.text, /\nscroll y=2 of 722px, viewport 1280x720\n/, 'a scrolled page says where it is');
  });

  test('marks new items with * and explains the mark once', () => {
    const out = composeObservation(input([control(1, 'button "Old"'), control(2, 'button "New"', 1), paragraph('Saved', 1)], 1000));
    assert.match(out.text, /\n\(\* = new since the previous observation\)\n/);
    assert.match(out.text, /\n\[1\] button "Old"\n\*\[2\] button "New"\n\*Saved$/);
  });

  test('a first observation of a document marks nothing', () => {
    const out = composeObservation(input([control(1, 'button "New"', 1)], 1000, false));
    assert.ok(!out.text.includes('*'), out.text);
  });

  test('a heading prefix stays in front of the ref', () => {
    const out = composeObservation(input([[ITEM_CONTROL, 4, 1, 'link "Title" -> /a', '## ']], 1000));
    assert.match(out.text, /\n## \*\[4\] link "Title" -> \/a$/);
  });

  test('over budget: controls are kept before headings and text, and the cut is announced', () => {
    const items: RawItem[] = [];
    for (let i = 1; i <= 40; i++) {
      items.push(paragraph(`Paragraph ${i} `.repeat(8)));
      items.push(control(i, `button "Action ${i}"`));
    }
    const maxTokens = 200;
    const out = composeObservation(input(items, maxTokens));
    assert.equal(out.truncated, true);
    assert.ok(estimateTokens(out.text) <= maxTokens);
    assert.match(out.text, /\[1\] button "Action 1"/);
    assert.ok(!out.text.includes('Paragraph 1 '), 'text blocks go before controls');
    assert.equal(out.refCount, (out.text.match(/\[\d+\]/g) ?? []).length);
    assert.match(out.text, /… \d+ more lines not shown \(observation budget 200 tokens\)$/);
  });

  test('over budget: text before the control cut is kept where it fits', () => {
    const items: RawItem[] = [heading('# Title'), paragraph('Short intro'), control(1, 'button "One"'), paragraph('x'.repeat(2000)), control(2, 'button "Two"')];
    const out = composeObservation(input(items, 150));
    assert.equal(out.truncated, true);
    assert.match(out.text, /# Title\nShort intro\n\[1\] button "One"\n\[2\] button "Two"/);
  });

  test('a budget smaller than the header is still a hard limit', () => {
    const out = composeObservation(input([control(1, 'button "Save"')], 5));
    assert.ok(out.text.length <= 20);
    assert.equal(out.truncated, true);
  });

  test('frames observed on their own get a label line', () => {
    const out = composeObservation({ ...input([control(1, 'button "Main"')], 1000), roots: [{ label: null, items: [control(1, 'button "Main"')] }, { label: 'frame other.test/embed:', items: [control(2, 'button "Inside"')] }] });
    assert.match(out.text, /\[1\] button "Main"\nframe other.test\/embed:\n\[2\] button "Inside"$/);
    assert.equal(out.refCount, 2);
  });

  test('cut marks are redacted, then cut: a secret never leaves a prefix; the header is redacted before its cuts', () => {
    const secret = 'k'.repeat(20) + 'SECRET-TAIL-' + 'z'.repeat(46);
    const redact = (text: string) => text.split(secret).join('${KEY}');
    const mark = (text: string, max: number, quoted = false) => cutMark(text, max, quoted);
    const items: RawItem[] = [
      control(1, `textbox "Notes" value=${mark(`note: ${secret}`, 60, true)}`),
      paragraph(mark(`${'p'.repeat(40)} ${secret}`, 100)),
    ];
    const out = composeObservation({ ...input(items, 1_000), url: `http://x/?q=${'u'.repeat(1_900)}${secret}`, title: `${'t'.repeat(290)}${secret}`, redact });
    assert.ok(!out.text.includes('kkkkkkkk'), out.text.slice(-600));
    assert.match(out.text, /textbox "Notes" value="note: \$\{KEY\}"/);
    assert.match(out.text, /\np{40} \$\{KEY\}$/);
    assert.match(out.text, /title: t{290}\$\{KEY\}\n/);
    assert.match(out.text, /url: http:\/\/x\/\?q=u{1900}\$\{KEY\}\n/);
    const plain = composeObservation(input(items, 1_000));
    assert.match(plain.text, /value="note: k{20}SECRET-TAIL-z{21}…"/, 'without redaction the cut is where it always was');
    assert.equal(finishCuts(`a ${mark('b'.repeat(10), 5)} c`, (t) => t), 'a bbbb… c');
    assert.equal(finishCuts(mark('say "hi"', 60, true), (t) => t), '"say \\"hi\\""');
  });
});
