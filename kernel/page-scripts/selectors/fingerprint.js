// @ts-check
/**
 * The fingerprint of an element a flow acted on, and how well another
 * element agrees with it: what keeps selector failover from landing on a
 * different element ("no silent misfire").
 *
 * At record time a driver captures the element's tag, role, accessible
 * name, text, key attributes, id, classes, the semantic containers around
 * it and its position among similar elements (`captureFingerprints`, run in
 * the page). On replay every element a candidate matches is scored against
 * it (`fingerprintAgreement`, pure: 0 = nothing alike, 1 = the
 * same in every respect) and `chooseByAgreement` keeps the candidate whose
 * element agrees best, if it agrees at least MIN_AGREEMENT; otherwise the
 * step fails and says what each candidate matched.
 *
 * This file is plain JavaScript with no imports on purpose: the in-page
 * functions reference nothing outside their own bodies (drivers send their
 * source to the page), and the generated Playwright helper inlines this
 * very source (plugins/codegen/playwright/runtime/fingerprint.ts is its
 * typed twin), so the service and the generated tests judge elements with
 * the same code.
 */

/** The least agreement a failover candidate's element needs to be acted on. */
export const MIN_AGREEMENT = 0.75;
/** Of several elements one candidate matches, the best must lead the next by this much to be told apart. */
export const AMBIGUITY_MARGIN = 0.1;
/** Elements scored per candidate (a candidate matching more cannot point at one element anyway). */
export const MAX_SCORED = 50;
/** The selector prefix of a recorded fingerprint among the candidates (`fingerprint={...}`). */
export const FINGERPRINT_PREFIX = 'fingerprint=';

/**
 * @typedef {{ tag: string; role: string; name: string; text: string; attributes: Record<string, string>; id: string; classes: string[]; ancestry: string[]; position: number[] }} Fingerprint
 */

/**
 * The fingerprints of `elements` (the first `max`). Runs in the page and is
 * self-contained: drivers and the generated helper hand it to the page as
 * it is. Never reads values typed into fields, only attributes and text a
 * person sees.
 * @param {Element[]} elements
 * @param {number} max
 * @returns {Fingerprint[]}
 */
export function captureFingerprints(elements, max) {
  const MAX = 80;
  const KEY_ATTRIBUTES = ['type', 'name', 'placeholder', 'href', 'for', 'alt', 'title', 'aria-label', 'role', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const CONTAINERS = ['form', 'main', 'nav', 'header', 'footer', 'aside', 'section', 'article', 'dialog', 'table', 'fieldset', 'ul', 'ol', 'li', 'tr', 'label', 'menu'];
  /** @type {Record<string, string>} */
  const INPUT_ROLES = { button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox' };
  /** @type {Record<string, string>} */
  const TAG_ROLES = { button: 'button', textarea: 'textbox', select: 'combobox', option: 'option', li: 'listitem', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', img: 'img', tr: 'row', td: 'cell', th: 'columnheader', dialog: 'dialog', nav: 'navigation', main: 'main', form: 'form', table: 'table', ul: 'list', ol: 'list' };
  const NAMED_BY_TEXT = ['button', 'link', 'tab', 'menuitem', 'checkbox', 'radio', 'option', 'cell', 'columnheader', 'heading', 'switch', 'treeitem', 'listitem'];
  /** @param {string | null | undefined} text */
  const clean = (text) => (text || '').replace(/[\s\u200b]+/g, ' ').trim().slice(0, MAX);
  /** @param {Element} el */
  const roleOf = (el) => {
    const tag = el.localName;
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    if (tag === 'input') return INPUT_ROLES[(el.getAttribute('type') || 'text').toLowerCase()] || 'textbox';
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : '';
    return TAG_ROLES[tag] || '';
  };
  /** @param {Element} el */
  const labelOf = (el) => {
    const id = el.getAttribute('id');
    if (id) {
      for (const label of Array.from(el.ownerDocument.querySelectorAll('label'))) if (label.htmlFor === id) return clean(label.textContent);
    }
    const wrapping = el.closest('label');
    return wrapping ? clean(wrapping.textContent) : '';
  };
  /** @param {Element} el @param {string} role @param {string} text */
  const nameOf = (el, role, text) => {
    const tag = el.localName;
    const labelledBy = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    let name = labelledBy.length ? clean(labelledBy.map((id) => el.ownerDocument.getElementById(id)?.textContent || '').join(' ')) : '';
    if (!name) name = clean(el.getAttribute('aria-label'));
    if (!name && (tag === 'input' || tag === 'select' || tag === 'textarea')) {
      const type = (el.getAttribute('type') || '').toLowerCase();
      name = type === 'submit' || type === 'button' || type === 'reset' ? clean(el.getAttribute('value') || (type === 'submit' ? 'Submit' : '')) : labelOf(el);
      if (!name) name = clean(el.getAttribute('placeholder'));
    }
    if (!name && tag === 'img') name = clean(el.getAttribute('alt'));
    if (!name && NAMED_BY_TEXT.includes(role)) name = text;
    return name || clean(el.getAttribute('title'));
  };
  /** @param {Element} el */
  const capture = (el) => {
    const tag = el.localName;
    const role = roleOf(el);
    const text = clean(el.textContent);
    const name = nameOf(el, role, text);
    /** @type {Record<string, string>} */
    const attributes = {};
    for (const key of KEY_ATTRIBUTES) {
      const value = el.getAttribute(key);
      if (value !== null && value.length <= MAX) attributes[key] = value;
    }
    /** @type {string[]} */
    const ancestry = [];
    for (let up = el.parentElement; up && ancestry.length < 4; up = up.parentElement) {
      if (CONTAINERS.includes(up.localName)) ancestry.push(up.localName);
    }
    // Position among the elements of the same tag and type that read the same (a repeated "Delete" button).
    const root = el.getRootNode();
    const scope = root instanceof ShadowRoot ? root : el.ownerDocument;
    const label = name || text;
    const type = el.getAttribute('type');
    const similar = Array.from(scope.querySelectorAll(tag)).filter((other) => other === el || (other.getAttribute('type') === type && clean(other.textContent) === text));
    return {
      tag,
      role,
      name,
      text: text === label ? '' : text,
      attributes,
      id: clean(el.getAttribute('id')),
      classes: Array.from(el.classList).slice(0, 8).map((c) => c.slice(0, MAX)),
      ancestry,
      position: [Math.max(0, similar.indexOf(el)), similar.length],
    };
  };
  return elements.slice(0, max).map(capture);
}

/**
 * How well an element (its fingerprint `seen`) agrees with the recorded
 * `expected`, from 0 (nothing alike) to 1 (alike in every respect). Pure;
 * runs anywhere. Weighs what survives
 * page changes (tag, role, name, key attributes) above what does not (ids,
 * generated classes, position), so a renumbered id or rehashed class costs
 * little and a different control with the same text costs a lot.
 * @param {Fingerprint} expected
 * @param {Fingerprint} seen
 * @returns {number}
 */
export function fingerprintAgreement(expected, seen) {
  /** @param {string} a @param {string} b */
  const similarity = (a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    if (x === y) return 1;
    if (!x || !y) return 0;
    const wx = new Set(x.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
    const wy = new Set(y.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
    let shared = 0;
    for (const w of wx) if (wy.has(w)) shared++;
    const union = wx.size + wy.size - shared;
    return union ? shared / union : 0;
  };
  /** @param {string[]} a @param {string[]} b */
  const overlap = (a, b) => {
    if (!a.length && !b.length) return 1;
    const shared = a.filter((x) => b.includes(x)).length;
    return shared / (a.length + b.length - shared || 1);
  };
  let total = 0;
  let agreed = 0;
  /** @param {number} weight @param {number} score */
  const add = (weight, score) => {
    total += weight;
    agreed += weight * score;
  };
  add(2, seen.tag === expected.tag ? 1 : 0);
  add(2, seen.role === expected.role ? 1 : 0);
  add(3, similarity(seen.name || seen.text, expected.name || expected.text));
  if (expected.text) add(1, similarity(seen.text, expected.text));
  for (const [key, value] of Object.entries(expected.attributes)) add(1, seen.attributes[key] === value ? 1 : 0);
  if (expected.id) add(0.5, seen.id === expected.id ? 1 : 0);
  if (expected.classes.length) add(0.5, overlap(seen.classes, expected.classes));
  add(1, overlap(seen.ancestry, expected.ancestry));
  add(0.5, seen.position[0] === expected.position[0] ? 1 : 0);
  return Math.round((agreed / total) * 1000) / 1000;
}

/**
 * What one candidate matched on a replay: the agreement of each element it
 * matched (at most MAX_SCORED), and how many it matched in all; `error`
 * when it could not be run.
 * @typedef {{ count: number; agreements: number[]; error?: string }} CandidateMatch
 */

/**
 * The candidate to act on, chosen by agreement rather than order: of the
 * candidates whose best element agrees at least MIN_AGREEMENT (and, when
 * they match several elements, leads the next by AMBIGUITY_MARGIN), the one
 * agreeing best; the earlier one on a tie. `nth` is the element's index
 * among the candidate's matches. Null when no candidate qualifies.
 * @param {(CandidateMatch | null)[]} matches one per candidate; null for candidates not run
 * @returns {{ index: number; nth: number; agreement: number } | null}
 */
export function chooseByAgreement(matches) {
  /** @type {{ index: number; nth: number; agreement: number } | null} */
  let chosen = null;
  matches.forEach((match, index) => {
    if (!match || !match.agreements.length) return;
    const sorted = [...match.agreements].sort((a, b) => b - a);
    const best = sorted[0];
    if (best < MIN_AGREEMENT) return;
    if (match.count > 1 && (sorted.length < 2 ? match.count > match.agreements.length : best - sorted[1] < AMBIGUITY_MARGIN)) return;
    if (!chosen || best > chosen.agreement) chosen = { index, nth: match.agreements.indexOf(best), agreement: best };
  });
  return chosen;
}

/**
 * A recorded element in words: `button "Sign in"`.
 * @param {{ tag: string; role: string; name: string; text: string }} fingerprint
 */
export function describeFingerprint(fingerprint) {
  const label = fingerprint.name || fingerprint.text;
  return `${fingerprint.role || fingerprint.tag}${label ? ` ${JSON.stringify(label)}` : ''}`;
}

/**
 * What one candidate matched, in words, for the message of a step that
 * found no agreeing element: `nothing`, `an error (...)`, `3 elements
 * (best agreement 0.52)`, `one element (agreement 0.41)`.
 * @param {CandidateMatch | null} match
 */
export function describeMatch(match) {
  if (!match) return 'not run';
  if (match.error) return `an error (${match.error})`;
  if (!match.count) return 'nothing';
  const best = Math.max(...match.agreements);
  return match.count === 1 ? `one element (agreement ${best.toFixed(2)})` : `${match.count} elements (best agreement ${best.toFixed(2)})`;
}
