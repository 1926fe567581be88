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
 * No imports on purpose: the in-page functions reference nothing outside
 * their own bodies (drivers send their source to the page), and the
 * generated Playwright helper inlines this very source (its types stripped
 * for JavaScript projects, plugins/codegen/playwright/strip-types.ts), so the
 * service and the generated tests judge elements with the same code.
 */

/** The least agreement a failover candidate's element needs to be acted on. */
export const MIN_AGREEMENT = 0.75;
/** Of several elements one candidate matches, the best must lead the next by this much to be told apart. */
export const AMBIGUITY_MARGIN = 0.08;
/** Elements scored per candidate (a candidate matching more cannot point at one element anyway). */
export const MAX_SCORED = 50;
/** Elements of the recorded tag scored when the fingerprint itself looks for its element on the whole page. */
export const MAX_SCANNED = 300;
/** The selector prefix of a recorded fingerprint among the candidates (`fingerprint={...}`). */
export const FINGERPRINT_PREFIX = 'fingerprint=';

/** What an element looked like when a flow acted on it. */
export interface Fingerprint {
  /** Lower-case tag name. */
  tag: string;
  /** Explicit or implicit ARIA role ('' when none). */
  role: string;
  /** Accessible name, whitespace-normalised, at most 80 characters. */
  name: string;
  /** Text content when it differs from the name ('' otherwise). */
  text: string;
  /** Key attributes (type, name, placeholder, href, test ids, aria-label...). */
  attributes: Record<string, string>;
  id: string;
  classes: string[];
  /** Tags of the nearest semantic containers (form, main, aside, li...), closest first. */
  ancestry: string[];
  /** Words of the nearest row, list item, card or form around it that its look-alike siblings lack (at most 120 characters). */
  context: string;
  /** [index, count] among the elements of the same tag and type that read the same. */
  position: number[];
  /** Per-page number of the element (replays only; never recorded). */
  uid?: number;
}

/**
 * The fingerprints of `elements` (the first `max`). Runs in the page and is
 * self-contained: drivers and the generated helper hand it to the page as
 * it is. Never reads values typed into fields, only attributes and text a
 * person sees.
 */
export function captureFingerprints(elements: Element[], max: number): Fingerprint[] {
  const MAX = 80;
  const KEY_ATTRIBUTES = ['type', 'name', 'placeholder', 'href', 'for', 'alt', 'title', 'aria-label', 'role', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const CONTEXT = 'tr, li, article, [role=row], [role=listitem], fieldset, form, dialog, section, aside, header, footer, nav';
  // A per-page number for each element seen, so the same element matched by two candidates counts once.
  const UIDS = Symbol.for('browserflow.fingerprint.uids');
  const LAST_UID = Symbol.for('browserflow.fingerprint.lastUid');
  const store: any = window;
  const uids: WeakMap<Element, number> = store[UIDS] || (store[UIDS] = new WeakMap());
  const uidOf = (el: Element) => {
    let uid = uids.get(el);
    if (uid === undefined) uids.set(el, (uid = store[LAST_UID] = (store[LAST_UID] || 0) + 1));
    return uid;
  };
  const CONTAINERS = ['form', 'main', 'nav', 'header', 'footer', 'aside', 'section', 'article', 'dialog', 'table', 'fieldset', 'ul', 'ol', 'li', 'tr', 'label', 'menu'];
  const INPUT_ROLES: Record<string, string> = { button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox' };
  const TAG_ROLES: Record<string, string> = { button: 'button', textarea: 'textbox', select: 'combobox', option: 'option', li: 'listitem', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', img: 'img', tr: 'row', td: 'cell', th: 'columnheader', dialog: 'dialog', nav: 'navigation', main: 'main', form: 'form', table: 'table', ul: 'list', ol: 'list' };
  const NAMED_BY_TEXT = ['button', 'link', 'tab', 'menuitem', 'checkbox', 'radio', 'option', 'cell', 'columnheader', 'heading', 'switch', 'treeitem', 'listitem'];
  const clean = (text: string | null | undefined) => (text || '').replace(/[\s\u200b]+/g, ' ').trim().slice(0, MAX);
  const roleOf = (el: Element) => {
    const tag = el.localName;
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    if (tag === 'input') return INPUT_ROLES[(el.getAttribute('type') || 'text').toLowerCase()] || 'textbox';
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : '';
    return TAG_ROLES[tag] || '';
  };
  const labelOf = (el: Element) => {
    const id = el.getAttribute('id');
    if (id) {
      for (const label of Array.from(el.ownerDocument.querySelectorAll('label'))) if (label.htmlFor === id) return clean(label.textContent);
    }
    const wrapping = el.closest('label');
    return wrapping ? clean(wrapping.textContent) : '';
  };
  const nameOf = (el: Element, role: string, text: string) => {
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
  /**
   * The words of a container's text, keyed by their letters and digits in
   * lower case, each kept as written: a secret the page shows stays whole,
   * so the service's redaction still recognises it in the recorded fingerprint.
   */
  const wordsOf = (container: Element) => {
    const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node && text.length < 2000; node = walker.nextNode()) text += ` ${node.nodeValue}`;
    const words = new Map<string, string>();
    for (const word of text.split(/\s+/)) {
      const key = word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
      if (key && !words.has(key)) words.set(key, word);
    }
    return words;
  };
  /**
   * The words of the row, list item, card or form around the element that
   * its look-alike siblings (the other rows) lack: "bob" for the Delete
   * button of Bob's row. What tells apart elements that are otherwise the same.
   */
  const contextOf = (el: Element) => {
    const container = el.parentElement ? el.parentElement.closest(CONTEXT) : null;
    if (!container) return '';
    const words = wordsOf(container);
    const siblings = container.parentElement ? Array.from(container.parentElement.children).filter((c) => c !== container && c.localName === container.localName) : [];
    for (const sibling of siblings.slice(0, 50)) for (const key of wordsOf(sibling).keys()) words.delete(key);
    // Whole words only, up to 120 characters: nothing is cut in the middle.
    let context = '';
    for (const word of words.values()) {
      if (context.length + word.length + 1 > 120) break;
      context = context ? `${context} ${word}` : word;
    }
    return context;
  };
  const capture = (el: Element) => {
    const tag = el.localName;
    const role = roleOf(el);
    const text = clean(el.textContent);
    const name = nameOf(el, role, text);
    const attributes: Record<string, string> = {};
    for (const key of KEY_ATTRIBUTES) {
      const value = el.getAttribute(key);
      if (value !== null && value.length <= MAX) attributes[key] = value;
    }
    const ancestry: string[] = [];
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
      context: contextOf(el),
      position: [Math.max(0, similar.indexOf(el)), similar.length],
      uid: uidOf(el),
    };
  };
  return elements.slice(0, max).map(capture);
}

/**
 * How well an element (its fingerprint `seen`) agrees with the recorded
 * `expected`, from 0 (nothing alike) to 1 (alike in every respect). Pure;
 * runs anywhere.
 *
 * What survives page changes weighs most: tag, role, name, the `type` and
 * `name` of a control, test ids, the distinctive words of its row or form.
 * An id is evidence only when it is the same (ids get renumbered), classes
 * and position count little (classes get rehashed, siblings reordered).
 * An element that shares neither most of the name nor an identifying
 * attribute (id, `name`, test id, href) agrees at most 0.7, below
 * MIN_AGREEMENT: "Save draft" is never taken for a vanished "Save settings".
 */
export function fingerprintAgreement(expected: Fingerprint, seen: Fingerprint): number {
  const words = (text: string) => new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  /** Words shared over words in either (1 when equal). */
  const similarity = (a: string, b: string) => {
    if (a.toLowerCase() === b.toLowerCase()) return 1;
    const wa = words(a);
    const wb = words(b);
    let shared = 0;
    for (const w of wa) if (wb.has(w)) shared++;
    const union = wa.size + wb.size - shared;
    return union ? shared / union : 0;
  };
  /** Word keys as the capture makes them (letters and digits of each word, lower case). */
  const keys = (text: string) => new Set(text.split(/\s+/).map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean));
  /** Share of the recorded words still there. */
  const kept = (recorded: string, now: string) => {
    const wr = keys(recorded);
    const wn = keys(now);
    let found = 0;
    for (const w of wr) if (wn.has(w)) found++;
    return wr.size ? found / wr.size : 1;
  };
  const overlap = (a: string[], b: string[]) => {
    if (!a.length && !b.length) return 1;
    const shared = a.filter((x) => b.includes(x)).length;
    return shared / (a.length + b.length - shared || 1);
  };
  const IDENTIFYING = ['name', 'href', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const ATTRIBUTE_WEIGHTS: Record<string, number> = { type: 2, name: 2, 'data-testid': 2, 'data-test-id': 2, 'data-test': 2, 'data-qa': 2, 'data-cy': 2 };
  let total = 0;
  let agreed = 0;
  const add = (weight: number, score: number) => {
    total += weight;
    agreed += weight * score;
  };
  const name = similarity(seen.name || seen.text, expected.name || expected.text);
  add(2, seen.tag === expected.tag ? 1 : 0);
  add(2, seen.role === expected.role ? 1 : 0);
  add(3, name);
  if (expected.text) add(1, similarity(seen.text, expected.text));
  for (const [key, value] of Object.entries(expected.attributes)) add(ATTRIBUTE_WEIGHTS[key] || 1.5, seen.attributes[key] === value ? 1 : 0);
  const sameId = !!expected.id && seen.id === expected.id;
  if (sameId) add(2, 1);
  if (expected.classes.length) add(0.5, overlap(seen.classes, expected.classes));
  add(1, overlap(seen.ancestry, expected.ancestry));
  if (expected.context) add(3, kept(expected.context, seen.context));
  add(0.5, seen.position[0] === expected.position[0] ? 1 : 0);
  const score = Math.round((agreed / total) * 1000) / 1000;
  const anchored = name >= 0.6 || sameId || IDENTIFYING.some((key) => expected.attributes[key] !== undefined && seen.attributes[key] === expected.attributes[key]);
  return anchored ? score : Math.min(score, 0.7);
}

/**
 * What one candidate matched on a replay: how many elements, and for each
 * of the first MAX_SCORED its agreement and its per-page `uid` (the same
 * element seen through two candidates counts once); `error` when it could
 * not be run.
 */
export interface CandidateMatch { count: number; agreements: number[]; uids: number[]; error?: string }

/**
 * The element to act on, chosen by agreement rather than by the order of
 * the candidates: the element, among everything the candidates matched,
 * that agrees best with the recorded fingerprint, if it agrees at least
 * MIN_AGREEMENT and leads every other element seen by AMBIGUITY_MARGIN (a
 * look-alike that agrees as well makes the step fail, not guess). It is
 * reached through the first candidate matching only it, else the first
 * matching it among others (`nth`: its index among that candidate's
 * matches). Null when no element qualifies.
 */
export function chooseByAgreement(matches: (CandidateMatch | null)[]): { index: number; nth: number; agreement: number } | null {
  const seen = new Map<number, number>();
  for (const match of matches) {
    if (match) match.uids.forEach((uid, i) => seen.set(uid, match.agreements[i]));
  }
  let bestUid = -1;
  let best = -1;
  let runnerUp = 0;
  for (const [uid, agreement] of seen) {
    if (agreement > best) {
      runnerUp = Math.max(runnerUp, best);
      best = agreement;
      bestUid = uid;
    } else {
      runnerUp = Math.max(runnerUp, agreement);
    }
  }
  if (best < MIN_AGREEMENT || best - runnerUp < AMBIGUITY_MARGIN) return null;
  let shared: { index: number; nth: number; agreement: number } | null = null;
  for (let index = 0; index < matches.length; index++) {
    const match = matches[index];
    const nth = match ? match.uids.indexOf(bestUid) : -1;
    if (!match || nth < 0) continue;
    if (match.count === 1) return { index, nth, agreement: best };
    if (!shared) shared = { index, nth, agreement: best };
  }
  return shared;
}

/**
 * A recorded element in words: `button "Sign in"`.
 */
export function describeFingerprint(fingerprint: Pick<Fingerprint, 'tag' | 'role' | 'name' | 'text'>): string {
  const label = fingerprint.name || fingerprint.text;
  return `${fingerprint.role || fingerprint.tag}${label ? ` ${JSON.stringify(label)}` : ''}`;
}

/**
 * What one candidate matched, in words, for the message of a step that
 * found no agreeing element: `nothing`, `an error (...)`, `3 elements
 * (best agreement 0.52)`, `one element (agreement 0.41)`.
 */
export function describeMatch(match: CandidateMatch | null): string {
  if (!match) return 'not run';
  if (match.error) return `an error (${match.error})`;
  if (!match.count) return 'nothing';
  const best = Math.max(...match.agreements);
  return match.count === 1 ? `one element (agreement ${best.toFixed(2)})` : `${match.count} elements (best agreement ${best.toFixed(2)})`;
}
