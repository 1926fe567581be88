/**
 * The WebDriver driver's in-page agreement helpers are built from the
 * shared fingerprint functions' source alone (plugins/drivers/webdriver/
 * in-page/agreement.ts): a name those functions take from their module
 * (a constant, a helper) is missing in the page, and the step fails there
 * with "X is not defined" while the Playwright driver and the generated
 * tests, which have the module, pass. Built the same way here (outside the
 * module's scope), every path of the choice must run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAgreement } from '../../../plugins/drivers/webdriver/in-page/agreement';
import type { Fingerprint } from '../../../lib/page-scripts/selectors/fingerprint';

const agreement = createAgreement(null);
const slot: Fingerprint = {
  tag: 'li', role: 'listitem', name: 'Tue 11 Mar 2:00 – 3:00 pm All 5 guests available', text: '', attributes: {}, id: '', classes: ['suggestion'],
  ancestry: ['ul', 'section'], context: 'Suggested times Mon 10 Tue 11 2:00', position: [0, 1], place: [1, 4],
  peers: ['mon 10 mar 3:00 – 4:00 pm all 5 guests a', 'wed 12 mar 9:30 – 10:30 am 4 of 5 availa'], wraps: false,
};

test('built from source alone, the choice runs every rule: the exact name beside a slot sharing most of its words', () => {
  const seen = [
    { ...slot, uid: 1, whole: slot.context },
    // (At the same times: a slot at other times is ruled out, another slot, and never comes close.)
    { ...slot, name: 'Tue 11 Mar 2:00 – 3:00 pm 4 of 5 guests available', place: [2, 5], uid: 2, whole: slot.context },
  ];
  const matches = [agreement.score(slot, seen, seen.length)];
  assert.ok(matches[0]!.agreements[1]! > 0.92 - 0.005, `the look-alike comes within the margin: ${matches[0]!.agreements}`);
  assert.equal(agreement.choose(matches, slot)?.nth, 0);
  // Two reading the recorded name: no choice.
  const twins = [seen[0]!, { ...seen[0]!, uid: 3, position: [1, 2] }];
  assert.equal(agreement.choose([agreement.score(slot, twins, 2)], slot), null);
});

test('built from source alone, renames run too: a count changed, a kept id, a rename among look-alikes', () => {
  const tab: Fingerprint = { tag: 'button', role: 'tab', name: 'Upcoming 3', text: '', attributes: { type: 'button', role: 'tab' }, id: 'tab-upcoming', classes: ['tab'], ancestry: ['section'], context: 'All Upcoming Past', position: [0, 1], place: [1, 3], peers: ['all 6', 'past'], wraps: false };
  const seen = [{ ...tab, name: 'Upcoming 4', uid: 1 }, { ...tab, name: 'Upcoming for my team 11', id: '', uid: 2, place: [2, 4] }];
  assert.equal(agreement.choose([agreement.score(tab, seen, 2)], tab)?.nth, 0);
  const renamed = [{ ...tab, name: 'Coming up', uid: 1 }, { ...tab, name: 'Later', id: '', uid: 2 }];
  const choice = agreement.choose([agreement.score(tab, renamed, 2)], tab) ?? agreement.chooseRenamed([agreement.score(tab, renamed, 2)], tab);
  assert.equal(choice?.renamed?.to, 'Coming up');
});
