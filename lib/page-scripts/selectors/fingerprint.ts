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
/** Agreements are rounded to 3 decimals: a lead of exactly the margin (1.000 over 0.920) is a lead, whatever the floating point says. */
export const MARGIN_SLACK = 1e-6;
/** Elements scored per candidate (a candidate matching more cannot point at one element anyway). */
export const MAX_SCORED = 50;
/** Elements of the recorded tag scored when the fingerprint itself looks for its element on the whole page. */
export const MAX_SCANNED = 300;
/** Names of look-alikes a fingerprint records (more: none are recorded, and the element is never taken as renamed). */
export const MAX_PEERS = 24;
/** Characters of each look-alike's name recorded (and compared). */
export const PEER_CHARS = 40;
/** The selector prefix of a recorded fingerprint among the candidates (`fingerprint={...}`). */
export const FINGERPRINT_PREFIX = 'fingerprint=';

/**
 * Words grouped by the action they name, synonyms together (a copy edit says
 * the same action in other words, never another action: see
 * fingerprintAgreement's otherAction and chooseRenamed's kept words). A word
 * may be in two groups ("order": buying, or sorting as in "Sort by" ->
 * "Order by"; "post": sending, or publishing; "send": sending, or handing
 * work to someone, "Assign to subcontractor…" -> "Send to subcontractor…";
 * "add": making, or giving someone a task, "Assign invigilator" -> "Add
 * invigilator";
 * "release": publishing, or giving back what was booked, "Cancel Desk
 * 2.09" -> "Release Desk 2.09"; "change": editing, or swapping one place
 * for another, "Move pitch" -> "Change pitch"). An item moved in an
 * ordered list goes up or earlier, down or later: "Move up" -> "Move
 * earlier" is a copy edit, "Move later" another item of the menu.
 */
export const ACTION_WORDS = [
  'add create new make generate insert compose save store log', 'delete remove trash discard erase destroy', 'edit change modify update',
  'cancel abort stop end halt terminate close dismiss exit quit hide collapse release', 'open view show see display reveal expand preview',
  'copy duplicate clone', 'move transfer change switch swap relocate', 'send submit post share', 'publish release post', 'download export',
  'upload import attach', 'print', 'archive', 'restore recover undelete', 'approve accept allow grant confirm agree',
  'reject decline deny refuse block ban', 'enable activate', 'disable deactivate', 'start begin launch run resume play',
  'pause suspend', 'sign log login signin', 'logout signout', 'signup register',
  'in into', 'out', 'up earlier', 'down later', 'on', 'off', 'next forward continue proceed', 'previous back prev',
  'reply respond answer', 'follow subscribe watch', 'mute', 'lock', 'pin', 'increase raise',
  'decrease lower reduce', 'select choose pick check', 'clear reset', 'search find filter lookup',
  'refresh reload sync retry', 'undo', 'redo', 'buy purchase order checkout pay', 'like favourite favorite star',
  'sort order arrange', 'rename', 'invite', 'assign allocate send', 'mark', 'merge', 'split', 'join', 'leave', 'connect', 'test',
  'request enquire inquire', 'assign add',
];

/**
 * The words a sentence is built with ("it", "on", "the"): they say nothing of
 * which element it is. A description rephrased gains and loses them ("Only
 * charged on days you use your phone abroad" -> "You only pay on the days you
 * use it"), and any other form's copy holds them ("Add a note" shares only its
 * "a" with a dialog's "Select a person"). Runs in the page beside
 * fingerprintAgreement and chooseRenamed.
 */
export const FUNCTION_WORDS = ['a', 'an', 'the', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'and', 'or', 'but', 'it', 'its', 'is', 'are', 'be', 'you', 'your', 'we', 'our', 'this', 'that', 'as', 'if'];

/**
 * Words written long or short that name one thing, each to the form words
 * are compared in (lower case): a weekday or a month in full or cut ("Tue"
 * of "Tuesday 17:30", "Sept" of "September"; "may" is a word of its own), a
 * unit of time, volume or weight spelt out, cut or plural ("45 minutes" ->
 * "45 mins", "1 litre" -> "1 l"). A copy edit rewrites how such a word is
 * spelt, never what it names: "Tuesday 17:30" and "Tue 17:30" are one slot.
 * Runs in the page beside fingerprintAgreement and chooseRenamed.
 */
export const WORD_FORMS: Record<string, string> = {
  monday: 'mon', tuesday: 'tue', tues: 'tue', wednesday: 'wed', weds: 'wed', thursday: 'thu', thur: 'thu', thurs: 'thu',
  friday: 'fri', saturday: 'sat', sunday: 'sun',
  january: 'jan', february: 'feb', march: 'mar', april: 'apr', june: 'jun', july: 'jul', august: 'aug',
  september: 'sep', sept: 'sep', october: 'oct', november: 'nov', december: 'dec',
  minute: 'min', minutes: 'min', mins: 'min', hour: 'hr', hours: 'hr', hrs: 'hr',
  litre: 'l', litres: 'l', liter: 'l', liters: 'l', ltr: 'l', millilitre: 'ml', millilitres: 'ml', milliliter: 'ml', milliliters: 'ml',
  gram: 'g', grams: 'g', gramme: 'g', grammes: 'g', kilogram: 'kg', kilograms: 'kg', kilo: 'kg', kilos: 'kg', kgs: 'kg',
};

/**
 * A word's key (lower case, letters and digits) in the form it is compared
 * in (WORD_FORMS): one word, or two for a number joined to its unit ("45min"
 * reads "45" and "min", as "45 minutes" does; "500g" as "500 grams").
 * Runs in the page beside fingerprintAgreement and chooseRenamed (its only
 * free name is WORD_FORMS).
 */
export function wordForms(key: string): string[] {
  const joined = /^(\d+)(\p{L}+)$/u.exec(key);
  const unit = joined ? WORD_FORMS[joined[2]] ?? joined[2] : '';
  if (joined && ['min', 'hr', 'l', 'ml', 'g', 'kg'].includes(unit)) return [joined[1], unit];
  return [WORD_FORMS[key] ?? key];
}

/**
 * The actions a word (lower case) names, its inflection aside ("moves",
 * "copied", "sorting"): the indexes of its groups in ACTION_WORDS, none for
 * a word of no action. Runs in the page beside fingerprintAgreement and
 * chooseRenamed (its only free name is ACTION_WORDS).
 */
export function actionsOf(word: string): number[] {
  const forms = [word, ...['s', 'es', 'd', 'ed', 'ing'].map((end) => (word.endsWith(end) ? word.slice(0, -end.length) : '')),
    word.replace(/ing$/, 'e'), word.replace(/(?:ied|ies)$/, 'y'), word.replace(/(\p{L})\1(?:ed|ing)$/u, '$1')];
  return ACTION_WORDS.map((group, i) => (group.split(' ').some((w) => forms.includes(w)) ? i : -1)).filter((i) => i >= 0);
}

/**
 * Whether two words (lower case) name one action: each names some, and they
 * share one ("hide" and "close", "ban" and "block"). Runs in the page beside
 * actionsOf.
 */
export function sameAction(a: string, b: string): boolean {
  return actionsOf(a).some((i) => actionsOf(b).includes(i));
}

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
  /**
   * [index, count] among its look-alikes: the elements of its tag and role in
   * the same form, list, table or landmark (itself included).
   */
  place?: number[];
  /**
   * The names (else texts) of those look-alikes when the step was recorded,
   * at most MAX_PEERS of PEER_CHARS characters each: a renamed element is
   * never one of them (see chooseRenamed). Absent on replays, in
   * fingerprints recorded before renames were accepted, and when the
   * look-alikes had more names than fit and its own row's look-alikes (those
   * its place is counted among) too: no rename is accepted then.
   */
  peers?: string[];
  /**
   * The label of the nearest labelled form, fieldset, list, table, dialog
   * or landmark around it (aria-label, aria-labelledby, a fieldset's
   * legend, a table's caption, the heading a section, article or aside
   * opens with, unless it is that heading; in one of a table's several
   * bodies, the heading row that body opens with, glyphs left out; at most
   * PEER_CHARS characters, lower case),
   * absent when none is labelled: which of several look-alike groups it was
   * in ("search mail" or "bulk actions"), evidence for a rename.
   */
  group?: string;
  /**
   * For text inside a label (a `<span>` beside a checkbox): the `name` of
   * the label's control. Text edits leave the control's name alone, so it
   * says which checkbox's text this is, evidence for a rename.
   */
  control?: string;
  /**
   * The `value` attribute of a checkbox or radio, or of the checkbox or
   * radio whose label the text is in: what the form sends for this option
   * ("sms" of "By SMS" beside "email" of "By email", all named `remind`).
   * Copy edits leave it alone, so it says which option this is where the
   * options of a group share their `name`. Absent for other elements.
   */
  value?: string;
  /**
   * True when a recorded look-alike shared its identity (its label's
   * control's `name`, as radios of one group do, or an identifying attribute
   * with the same value), or an element of its kind elsewhere on the page
   * had that attribute too (a field `name` used in two forms): that
   * identity then tells it from nothing, and when
   * its context was nothing but its own name, a rename must keep a word of
   * the recorded name (see chooseRenamed). Recorded only; absent otherwise.
   */
  shared?: boolean;
  /**
   * Its classes that none of the look-alikes its place is counted among had
   * (`edit`, `publish`, `schedule` on the buttons of one row), recorded only
   * when each of those look-alikes had a class of its own: the page names
   * each kind of button, and a copy edit keeps the name it gave. A state
   * class that one element alone carries (`active`) is not such a naming,
   * and nothing is recorded then. A class a build hashed as CSS modules do
   * ("Button--primary__lhs5gp") adds its name before the hash
   * ("Button--primary") when no look-alike's class has that name: a
   * rebuild keeps it. Absent otherwise.
   */
  marks?: string[];
  /**
   * When the container its context is read from has no siblings of its kind
   * (a card alone in its list item), or none holding an element reading as it
   * does (a comment card's actions form beside the reply box open under it):
   * the words of the nearest repeated item around it (the list item among
   * list items) that the other items lack, those siblings' words aside, at
   * most 120 characters. What tells "another item in its place" there: the
   * context holds every card's labels ("Languages:"), which a copy edit
   * rewrites in every card at once. The words of a form to write in inside a
   * row, list item or card (a textarea's: the reply box) are never its
   * item's or its context's: they are that form's copy. Absent otherwise.
   */
  item?: string;
  /**
   * When its row or list item is one of several inside another repeated
   * item (a fare among a flight's fares, the flight among flights): the
   * words of that outer item that the other outer items lack, at most 120
   * characters (recorded); on replays, every word of it (at most 400). What
   * tells the Standard fare's "Select" of one flight from another flight's,
   * whose own fare reads the same but for its price. Absent otherwise.
   */
  outer?: string;
  /**
   * Whether it holds an element of its own tag reading the same text, or
   * the same words with an icon beside them (a `<span>` a redesign wrapped
   * around the name's `<span>`, "🎬" and all): a wrapper and
   * what it wraps are told apart by it; an element holding more than 8 of
   * its tag is no such wrapper. Recorded (true or false) since round 12;
   * judged only when recorded.
   */
  wraps?: boolean;
  /**
   * Replays only, never recorded: every word of the container its context is
   * read from (at most 400 characters), not only those its siblings lack. A
   * look-alike row arriving beside it shares the recorded row's words and
   * takes them out of its context; the row still shows them.
   */
  whole?: string;
  /**
   * When it is in a body cell of a table with a header row, and a look-alike
   * in its own row read the same when the step was recorded (a "Late"
   * checkbox in each assignment's cell of a student's row): the words of
   * its column's header cell that the other header cells lack, at most 120
   * characters (recorded); on replays, every word of that header cell, for
   * any element in such a cell (at most 400). Its row's words say which row;
   * this says which of the row's look-alikes. Absent otherwise.
   */
  column?: string;
  /**
   * When its row or list item shows no words but its own name and a
   * look-alike of its group reads the same (a "Remove chapter" icon in each
   * chapter's row, the rows differing only in what their fields hold): the
   * values of that row's fields (text fields, text areas, the option a
   * select shows; its own too when it is one, read before the step acts)
   * that the other rows' fields lack, at most 4 of PEER_CHARS characters,
   * as written (the service redacts them like the rest of the fingerprint);
   * on replays, every field value of the row or list item around any
   * element (at most 12). Never a password's, a hidden field's, a
   * checkbox's or a button's. Absent otherwise.
   */
  fields?: string[];
  /**
   * When it is in a labelled box (no form, list, table, fieldset, dialog
   * or landmark: a `role=group` seat stepper labelled "Member seats", a
   * day's column opening with its heading "Tue 15 Apr"; see `box`) holding
   * none of the elements reading as it does while one of those is in a
   * labelled box of its own (another stepper's "Increase", another day's
   * "10:30"): the words of its box's label that its twins' boxes' labels
   * lack ("member", "tue 15"; lower case; the whole label is then its
   * `group`, which tells twins apart). On replays, the whole label of the
   * nearest labelled box around it holding no twin. One in a box whose
   * label keeps none of the recorded words (a plural written singular is
   * the same word: "Members") is another element under its recorded name:
   * the guest seats' "Increase" is never the removed member seats' one.
   * Absent otherwise.
   */
  widget?: string;
  /**
   * Recorded only, when no other element read as it does: the label of the
   * nearest labelled box around it that is no form, list, table, fieldset,
   * dialog or landmark (a `div` or list item opening with a heading, or
   * labelled by aria-label or aria-labelledby: the featured image's row,
   * "Featured image"; lower case, at most PEER_CHARS characters). A
   * look-alike arriving beside it in a box of its own ("Social image", its
   * own "Replace") ties with it on everything else; the one whose box reads
   * this is it (chooseByAgreement). Absent otherwise.
   */
  box?: string;
  /** Per-page number of the element (replays only; never recorded). */
  uid?: number;
}

/**
 * The fingerprints of `elements` (the first `max`). Runs in the page and is
 * self-contained: drivers and the generated helper hand it to the page as
 * it is. Reads attributes and text a person sees, and the values of fields
 * only where a row shows nothing else to tell it by (`fields`: never a
 * password's or a hidden field's). `record`: also the names of each
 * element's look-alikes (`peers`), which only a recording needs.
 * `boxes` (a replay's scan): also the label of the box around each element
 * with no twin (`widget`), which only a recorded fingerprint carrying a
 * `widget` is judged by; a replay of one without passes false and reads no
 * box for such elements (the box of an element with twins is read always:
 * it tells them apart).
 */
export function captureFingerprints(elements: Element[], max: number, record = false, boxes = true): Fingerprint[] {
  const MAX = 80;
  const MAX_PEER_NAMES = 16;
  // The names of look-alikes recorded (MAX_PEERS: the page's own copy, as this runs in the page).
  const MAX_LOOKALIKE_NAMES = 24;
  const PEER_LENGTH = 40;
  // What look-alikes share: the same form, list, table or landmark.
  const GROUPS = 'form, [role=form], ul, ol, menu, [role=list], [role=listbox], [role=menu], [role=menubar], [role=tablist], [role=radiogroup], table, [role=table], [role=grid], fieldset, dialog, [role=dialog], nav, main, header, footer, aside, section, [role=navigation], [role=main], [role=region], [role=banner], [role=contentinfo], [role=complementary]';
  const KEY_ATTRIBUTES = ['type', 'name', 'placeholder', 'href', 'for', 'alt', 'title', 'aria-label', 'role', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const CONTEXT = 'label, tr, li, article, [role=row], [role=listitem], fieldset, form, dialog, section, aside, header, footer, nav';
  // The repeated items a place is counted within when they hold more than one look-alike (see placeAmong).
  const ITEMS = 'tr, li, [role=row], [role=listitem]';
  // The repeated items whose words tell apart the same label text in each of them (see contextOf).
  const ITEM_OF_LABEL = 'tr, li, article, [role=row], [role=listitem]';
  // Groups the heading they open with names when nothing else does (see groupOf). A form or dialog is named by its
  // attributes when at all: a heading inside it titles a part of it ("People with access"), not the whole.
  const HEADED = ['section', 'article', 'aside'];
  // Boxes the heading they open with labels (see boxOf), and how far up one is looked for.
  const BOXES = ['div', 'article', 'li'];
  const MAX_BOX_DEPTH = 8;
  // Elements of its own tag a wrapper may hold (Fingerprint.wraps).
  const MAX_WRAPPED = 8;
  // Characters of a replayed element's whole context (Fingerprint.whole).
  const WHOLE_CHARS = 400;
  const IDENTIFYING = ['name', 'href', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
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
  // `thead`: a row of column headers is one per table, not an item among items (see fingerprintAgreement).
  const CONTAINERS = ['form', 'main', 'nav', 'header', 'footer', 'aside', 'section', 'article', 'dialog', 'table', 'thead', 'fieldset', 'ul', 'ol', 'li', 'tr', 'label', 'menu'];
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
  // Each document's labels by their `for`, the first of each in document order, read once per capture (not once per field).
  const labelsFor = new Map<Document, Map<string, HTMLLabelElement>>();
  const labelOf = (el: Element) => {
    const id = el.getAttribute('id');
    if (id) {
      let byFor = labelsFor.get(el.ownerDocument);
      if (!byFor) {
        labelsFor.set(el.ownerDocument, (byFor = new Map()));
        for (const label of Array.from(el.ownerDocument.querySelectorAll('label'))) if (!byFor.has(label.htmlFor)) byFor.set(label.htmlFor, label);
      }
      const label = byFor.get(id);
      if (label) return clean(label.textContent);
    }
    const wrapping = el.closest('label');
    return wrapping ? clean(wrapping.textContent) : '';
  };
  /** What aria-labelledby (the texts of the elements it names) or else aria-label says of `el`; '' when neither does. */
  const ariaLabelOf = (el: Element) => {
    const labelledBy = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    const label = labelledBy.length ? clean(labelledBy.map((id) => el.ownerDocument.getElementById(id)?.textContent || '').join(' ')) : '';
    return label || clean(el.getAttribute('aria-label'));
  };
  const nameOf = (el: Element, role: string, text: string) => {
    const tag = el.localName;
    let name = ariaLabelOf(el);
    if (!name && (tag === 'input' || tag === 'select' || tag === 'textarea')) {
      const type = (el.getAttribute('type') || '').toLowerCase();
      name = type === 'submit' || type === 'button' || type === 'reset' ? clean(el.getAttribute('value') || (type === 'submit' ? 'Submit' : '')) : labelOf(el);
      if (!name) name = clean(el.getAttribute('placeholder'));
    }
    if (!name && tag === 'img') name = clean(el.getAttribute('alt'));
    if (!name && NAMED_BY_TEXT.includes(role)) name = text;
    return name || clean(el.getAttribute('title'));
  };
  /** A word's key: its letters and digits in lower case (how words are compared). */
  const keyOf = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  // Each container's words, read once per capture: the items of a list are each other's siblings (see contextOf).
  const wordsRead = new Map<Element, Map<string, string>>();
  /**
   * The words of a container's text, keyed by their letters and digits in
   * lower case, each kept as written: a secret the page shows stays whole,
   * so the service's redaction still recognises it in the recorded fingerprint.
   * The map is shared: a caller that changes it copies it first.
   */
  const wordsOf = (container: Element) => {
    const known = wordsRead.get(container);
    if (known) return known;
    // A row, list item or card holding a form to write in (the reply box open under a comment, a textarea in it): the
    // form's labels and hints are the form's, not which item it is; they are copy, and a copy edit rewrites them. (A
    // form holding the card itself, a car's "Select" form, has nothing to write in.)
    const forms = container.matches(ITEM_OF_LABEL) ? Array.from(container.getElementsByTagName('form')).filter((form) => !!form.querySelector('textarea')) : [];
    const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node && text.length < 2000; node = walker.nextNode()) {
      if (!forms.length || !forms.some((form) => form.contains(node))) text += ` ${node.nodeValue}`;
    }
    // A label's words include its control's `name`: the text beside a checkbox is told from the text beside another by it.
    const control = container instanceof HTMLLabelElement ? container.control : null;
    if (control && control !== container) text += ` ${control.getAttribute('name') || ''}`;
    const words = new Map<string, string>();
    for (const word of text.split(/\s+/)) {
      const key = keyOf(word);
      if (key && !words.has(key)) words.set(key, word);
    }
    wordsRead.set(container, words);
    return words;
  };
  // Each container's distinct words, found once per capture (every element of a row or card asks for the same).
  const distinctRead = new Map<Element, Map<string, string>>();
  /** A container's words that its siblings of the same kind (the other rows, the other labels) lack; a copy. */
  const distinctWords = (container: Element) => {
    let words = distinctRead.get(container);
    if (!words) {
      words = new Map(wordsOf(container));
      const siblings = container.parentElement ? Array.from(container.parentElement.children).filter((c) => c !== container && c.localName === container.localName) : [];
      for (const sibling of siblings.slice(0, 50)) for (const key of wordsOf(sibling).keys()) words.delete(key);
      distinctRead.set(container, words);
    }
    return new Map(words);
  };
  /**
   * The words of the label, row, list item, card or form around the element
   * that its look-alike siblings (the other rows) lack: "bob" for the Delete
   * button of Bob's row, "weekly digest" for the text beside the digest
   * checkbox. What tells apart elements that are otherwise the same.
   */
  const contextOf = (el: Element, container: Element | null, whole = false) => {
    if (!container) return '';
    // The whole words are shared (read once per container); copied only when a label's row is merged in below.
    let words = whole ? wordsOf(container) : distinctWords(container);
    // A field inside its own label: the label is its name, the same in every row ("Quantity" on each cart line);
    // the row, list item or form around the label tells it apart. Likewise text in a label repeated in each item of
    // a list ("Enabled" beside each webhook's switch): the row, list item or card around the label (not a form or
    // fieldset, whose words every option in it shares). The label's words stay first (what such an element's
    // context was before, so its recordings still agree).
    if (container instanceof HTMLLabelElement && container.parentElement) {
      const outer = container.parentElement.closest(CONTEXT);
      if (outer && (container.control === el || outer.matches(ITEM_OF_LABEL))) {
        if (whole) words = new Map(words);
        for (const [key, word] of (whole ? wordsOf(outer) : distinctWords(outer))) if (!words.has(key)) words.set(key, word);
      }
    }
    return joined(words, whole ? WHOLE_CHARS : 120);
  };
  /** Word keys of a text as wordsOf makes them. */
  const keysOf = (text: string) => new Set(text.split(/\s+/).map(keyOf).filter(Boolean));
  /** Words joined, whole words only, up to 120 characters: nothing is cut in the middle. */
  const joined = (words: Map<string, string>, max = 120) => {
    let text = '';
    for (const word of words.values()) {
      if (text.length + word.length + 1 > max) break;
      text = text ? `${text} ${word}` : word;
    }
    return text;
  };
  const hasKin = (el: Element) => !!el.parentElement && Array.from(el.parentElement.children).some((c) => c !== el && c.localName === el.localName);
  /** The nearest repeated item above `container` (a row, list item or card with siblings of its kind), within three such items up. */
  const repeatedAround = (container: Element) => {
    let up = container.parentElement ? container.parentElement.closest(ITEM_OF_LABEL) : null;
    for (let depth = 0; up && depth < 3; depth++, up = up.parentElement ? up.parentElement.closest(ITEM_OF_LABEL) : null) {
      if (hasKin(up)) return up;
    }
    return null;
  };
  // Each context container's item and outer-item words, found once per capture (a scan meets every element of a card).
  const itemsRead = new Map<Element, string>();
  const outersRead = new Map<Element, string>();
  /**
   * See Fingerprint.item: '' unless its context's container has no kin holding one of its `twins` (the elements of
   * its tag and type reading as it does) and a repeated item around it has kin.
   */
  const itemOf = (container: Element | null, twins: Element[]) => {
    if (!container) return '';
    // A form beside another form of its list item (a comment card's actions beside the reply box open under it) is
    // no item among items: no kin of it holds what it holds, and the list item's words say which card it is.
    const kin = hasKin(container) ? (container.matches(ITEM_OF_LABEL) ? null : Array.from(container.parentElement!.children).filter((c) => c !== container && c.localName === container.localName)) : [];
    if (!kin || kin.some((other) => twins.some((twin) => other.contains(twin)))) return '';
    let item = itemsRead.get(container);
    if (item === undefined) {
      const around = repeatedAround(container);
      // Not the words of its kin (the reply box's), which say nothing of which card it is.
      const words = around ? distinctWords(around) : null;
      if (words) for (const other of kin) for (const key of wordsOf(other).keys()) words.delete(key);
      itemsRead.set(container, (item = words ? joined(words) : ''));
    }
    return item;
  };
  /**
   * See Fingerprint.outer: '' unless its context's container is an item among items inside an outer repeated item
   * (recorded: that item's distinct words; replayed: all of them).
   */
  const outerOf = (container: Element | null, whole: boolean) => {
    if (!container || !container.matches(ITEM_OF_LABEL) || !hasKin(container)) return '';
    let outer = outersRead.get(container);
    if (outer === undefined) {
      const around = repeatedAround(container);
      outersRead.set(container, (outer = !around ? '' : whole ? joined(wordsOf(around), WHOLE_CHARS) : joined(distinctWords(around))));
    }
    return outer;
  };
  // The header cell of each table cell's column, found once per capture (every element of a cell asks for the same).
  const headersRead = new Map<Element, Element | null>();
  /**
   * The header cell of the column `el` is in (its table's last head row, else its first row when that row is all
   * header cells), when `el` is in a cell of a row below it (Fingerprint.column); null otherwise.
   */
  const headerOf = (el: Element) => {
    const cell = el.closest('td, th');
    if (!cell) return null;
    let head = headersRead.get(cell);
    if (head !== undefined) return head;
    head = null;
    const row = cell.parentElement;
    const table = row instanceof HTMLTableRowElement ? row.closest('table') : null;
    if (table && row instanceof HTMLTableRowElement && !(table.tHead && table.tHead.contains(row))) {
      const headRows = table.tHead ? Array.from(table.tHead.rows) : [];
      const first = table.rows[0];
      const headRow = headRows.length ? headRows[headRows.length - 1]
        : first && first !== row && Array.from(first.cells).every((c) => c.localName === 'th') ? first : null;
      if (headRow && headRow !== row) {
        // Columns counted with their spans: a cell spanning two columns is in the header cell above its first.
        let at = 0;
        for (const c of Array.from(row.cells)) {
          if (c === cell) break;
          at += c.colSpan || 1;
        }
        let from = 0;
        for (const c of Array.from(headRow.cells)) {
          const span = c.colSpan || 1;
          if (at < from + span) {
            head = c;
            break;
          }
          from += span;
        }
      }
    }
    headersRead.set(cell, head);
    return head;
  };
  // Fields whose values a row shows as its data (not a secret's, a form's hidden state or an option's on/off).
  const NOT_DATA = ['password', 'hidden', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file'];
  // Each item's field values, read once per capture.
  const fieldsRead = new Map<Element, { field: Element; value: string }[]>();
  /** The values of an item's fields (Fingerprint.fields), each cut to PEER_LENGTH; empty ones left out. */
  const fieldValuesOf = (item: Element) => {
    let values = fieldsRead.get(item);
    if (!values) {
      values = [];
      for (const field of Array.from(item.querySelectorAll('input, textarea, select')).slice(0, 24)) {
        if (field.localName === 'input' && NOT_DATA.includes((field.getAttribute('type') || 'text').toLowerCase())) continue;
        const value = field instanceof HTMLSelectElement ? Array.from(field.selectedOptions).map((o) => o.text).join(' ')
          : (field as HTMLInputElement | HTMLTextAreaElement).value;
        const read = clean(value).slice(0, PEER_LENGTH);
        if (read) values.push({ field, value: read });
      }
      fieldsRead.set(item, values);
    }
    return values;
  };
  // Look-alikes per group and tag/role, found once per capture.
  const lookalikeLists = new Map<Element | Document, Map<string, Element[]>>();
  const lookalikesOf = (el: Element, role: string, near: Element | null) => {
    const group: Element | Document = near || el.ownerDocument;
    let byKind = lookalikeLists.get(group);
    if (!byKind) lookalikeLists.set(group, (byKind = new Map()));
    const kind = `${el.localName} ${role}`;
    let list = byKind.get(kind);
    if (!list) byKind.set(kind, (list = Array.from(group.querySelectorAll(el.localName)).filter((other) => roleOf(other) === role)));
    return list;
  };
  /**
   * The look-alikes its place is counted among: those of the nearest row or
   * list item around it when that holds more than itself (the sort buttons
   * of a header row, the Edit and Refund buttons of one row), else those of
   * its group. Counted across a whole table, an added row or column would
   * shift every header button's place by the buttons of the rows.
   */
  const placeAmong = (el: Element, lookalikes: Element[]) => {
    const item = el.parentElement ? el.parentElement.closest(ITEMS) : null;
    if (!item) return lookalikes;
    const inItem = lookalikes.filter((other) => item.contains(other));
    return inItem.length > 1 ? inItem : lookalikes;
  };
  /**
   * Whether a look-alike shares its identity: the `name` of its label's
   * control (radios of one group) or an identifying attribute with the same
   * value. Such an identity tells it from nothing, so it vouches for no rename.
   */
  const sharesIdentity = (el: Element, lookalikes: Element[]) => {
    // The options of a group share their `name` and differ by their `value` (see Fingerprint.value): both say which.
    const controlName = (other: Element) => {
      const wrapping = other.closest('label');
      const control = wrapping instanceof HTMLLabelElement ? wrapping.control : null;
      return control && control !== other ? `${control.getAttribute('name') || ''}\n${optionValueOf(other)}` : '';
    };
    // Its own identifying values (one ending in `=` counts as none), then each look-alike read for those keys only.
    const own = IDENTIFYING.map((key) => [key, el.getAttribute(key) || ''] as const).filter(([key, value]) => !`${key}=${value}`.endsWith('='));
    const control = controlName(el);
    // Its label's control has a `name` (the key is that name and the option's value).
    const labelled = !!control && !control.startsWith('\n');
    if (!own.length && !labelled) return false;
    const value = optionValueOf(el);
    return lookalikes.some((other) => other !== el && (own.some(([key, v]) => other.getAttribute(key) === v && (key !== 'name' || optionValueOf(other) === value))
      || (labelled && controlName(other) === control)));
  };
  /**
   * Whether another element of its kind anywhere in its document or shadow root has one of its identifying values (a
   * field `name` used in two forms; for a `name`, with the same option value), or, text in a label, is text in another
   * label of a control with the same `name` and value (sharesIdentity's keys). Asked by the attribute, not by walking
   * every element of its kind: a link's `href` on a page of 3,000 links is one selector query.
   */
  const sharedOnPage = (el: Element, role: string) => {
    const root = el.getRootNode() as Document | ShadowRoot;
    const value = optionValueOf(el);
    // Text in a label: the `name` and value of the label's control, shared by another label's control holding an
    // element of its kind.
    const wrapping = el.closest('label');
    const control = wrapping instanceof HTMLLabelElement ? wrapping.control : null;
    const controlName = control && control !== el ? control.getAttribute('name') || '' : '';
    if (controlName && Array.from(root.querySelectorAll(`[name="${CSS.escape(controlName)}"]`)).some((other) => other !== control && optionValueOf(other) === value
      && Array.from(other.closest('label')?.querySelectorAll(el.localName) ?? []).some((mate) => mate !== el && roleOf(mate) === role))) return true;
    return IDENTIFYING.some((key) => {
      const own = el.getAttribute(key);
      return !!own && Array.from(root.querySelectorAll(`${CSS.escape(el.localName)}[${CSS.escape(key)}="${CSS.escape(own)}"]`))
        .some((other) => other !== el && roleOf(other) === role && (key !== 'name' || optionValueOf(other) === value));
    });
  };
  /** The `value` attribute of a checkbox or radio, or of the one whose label `el` is text in (Fingerprint.value); '' otherwise. */
  const optionValueOf = (el: Element) => {
    const wrapping = el.closest('label');
    const control = el.localName === 'input' ? el : wrapping instanceof HTMLLabelElement ? wrapping.control : null;
    const type = control ? (control.getAttribute('type') || '').toLowerCase() : '';
    return control && (type === 'checkbox' || type === 'radio') ? clean(control.getAttribute('value')) : '';
  };
  /**
   * Its classes that none of `placed` (the look-alikes its place is counted among) has, when each of them has a
   * class of its own (see Fingerprint.marks); null otherwise, or when they are more than MAX_PEER_NAMES.
   */
  const marksOf = (el: Element, placed: Element[]) => {
    if (placed.length < 2 || placed.length > MAX_PEER_NAMES) return null;
    const own = (x: Element) => Array.from(x.classList).filter((c) => !placed.some((other) => other !== x && other.classList.contains(c)));
    if (placed.some((x) => !own(x).length)) return null;
    // A class written as CSS modules write it, a name and a build's hash after underscores ("Button--primary__lhs5gp":
    // a hash has digits, a word has none), gives its name as a mark too when no look-alike's class has that name: the
    // next build rehashes it and keeps the name ("butt__uys8d" beside "butt__lf2hd" names no kind).
    const hashedName = (c: string) => (c.match(/^(.*\p{L}\p{L})_{1,3}(?=[\p{L}\p{N}]*\p{N})[\p{L}\p{N}]{5,}$/u) || [])[1] || '';
    const names = own(el).map(hashedName).filter((n) => n && !placed.some((other) => other !== el && Array.from(other.classList).some((c) => hashedName(c) === n)));
    // (Four marks at most, as a fingerprint holds: the name takes the fourth class's place.)
    return [...own(el).slice(0, names.length ? 3 : 4), ...names.slice(0, 1)].map((c) => c.slice(0, MAX));
  };
  /** Look-alikes' names (else texts), lower case and cut as compared; null when more than fit. */
  const peersOf = (el: Element, own: string, lookalikes: Element[]) => {
    const names: string[] = [];
    for (const other of lookalikes) {
      if (other === el) continue;
      const text = clean(other.textContent);
      const label = (nameOf(other, roleOf(other), text) || text).toLowerCase().slice(0, PEER_LENGTH);
      if (!label || label === own || names.includes(label)) continue;
      if (names.length === MAX_LOOKALIKE_NAMES) return null;
      names.push(label);
    }
    return names;
  };
  // The label of the nearest labelled group above each nearest group, found once per capture (every element of a group has the same).
  const groupLabels = new Map<Element, { label: string; heading: Element | null }>();
  /**
   * The label of the nearest labelled group from `near` (an element's nearest group) up (see Fingerprint.group), ''
   * when none is; and the heading it was read from, when a heading named the group (that heading is in no group of
   * its own naming: a copy edit of it would move it to another group).
   */
  const groupOf = (near: Element | null) => {
    if (!near) return { label: '', heading: null };
    let found = groupLabels.get(near);
    if (found !== undefined) return found;
    found = { label: '', heading: null };
    for (let up: Element | null = near; up; up = up.parentElement ? up.parentElement.closest(GROUPS) : null) {
      let label = ariaLabelOf(up);
      if (!label && up.localName === 'fieldset') label = clean(up.querySelector(':scope > legend')?.textContent);
      if (!label && up.localName === 'table') label = clean(up.querySelector(':scope > caption')?.textContent);
      // A section, article or aside is named by the heading it opens with ("Popular", "Mains": the same dish listed in each).
      const heading = !label && HEADED.includes(up.localName) ? up.querySelector(':scope > :is(h1, h2, h3, h4, h5, h6):first-child, :scope > header:first-child :is(h1, h2, h3, h4, h5, h6)') : null;
      if (heading) label = clean(heading.textContent);
      if (label) {
        found = { label: label.toLowerCase().slice(0, PEER_LENGTH), heading };
        break;
      }
    }
    groupLabels.set(near, found);
    return found;
  };
  // The nearest labelled box at or above each element (and how many steps up), found once per capture: every element
  // of a scan shares its ancestors with the others.
  const boxesAbove = new Map<Element, { element: Element; label: string; steps: number } | null>();
  /**
   * The nearest element at or above `node` labelled as a box is (its aria-labelledby or aria-label, else, for a `div`,
   * `article` or list item, the heading it opens with; lower case, at most PEER_LENGTH) that is no form, list, table,
   * fieldset, dialog or landmark (those are its group, labelled there: see groupOf), and how many steps up it is.
   */
  const boxAbove = (node: Element): { element: Element; label: string; steps: number } | null => {
    let found = boxesAbove.get(node);
    if (found !== undefined) return found;
    // Its label read first (attributes, a first child), and only a label found checked against GROUPS: most ancestors
    // have none, and need no selector list matched.
    let label = ariaLabelOf(node);
    if (!label && BOXES.includes(node.localName)) {
      const first = node.firstElementChild;
      if (first && /^h[1-6]$/.test(first.localName)) label = clean(first.textContent);
    }
    if (label && node.matches(GROUPS)) label = '';
    if (label) found = { element: node, label: label.toLowerCase().slice(0, PEER_LENGTH), steps: 0 };
    else {
      const above = node.parentElement ? boxAbove(node.parentElement) : null;
      found = above ? { ...above, steps: above.steps + 1 } : null;
    }
    boxesAbove.set(node, found);
    return found;
  };
  /** The nearest labelled box around `el`, within MAX_BOX_DEPTH ancestors, whatever it holds. */
  const nearestBox = (el: Element) => {
    const above = el.parentElement ? boxAbove(el.parentElement) : null;
    return above && above.steps < MAX_BOX_DEPTH ? above : null;
  };
  /**
   * The nearest labelled box around `el` (a stepper labelled "Member seats", a day's column opening with its heading
   * "Tue 15 Apr") when it holds none of `twins` (a box above one holding a twin holds it too), and its label; null
   * otherwise.
   */
  const boxOf = (el: Element, twins: Element[]) => {
    const box = nearestBox(el);
    return box && !twins.some((twin) => box.element.contains(twin)) ? box : null;
  };
  // Each table body's heading row label, found once per capture (every element of the body asks for the same).
  const rowGroupsRead = new Map<Element, { label: string; heading: Element | null }>();
  /**
   * When `el` is in one of several bodies of `table` (a `tbody`; the caller counts them) and that body opens with a heading row (a
   * `th scope=rowgroup`, or a row of one cell), that row's words: the body's label, as a section's heading is its
   * label (the "Everyday" group's rows of a budget, each group closing with an "Add category" of its own). Glyphs
   * (a collapse arrow) are no words of it. Empty otherwise.
   */
  const rowGroupOf = (el: Element, table: Element) => {
    const body = el.closest('tbody');
    if (!body || body.parentElement !== table) return { label: '', heading: null };
    let found = rowGroupsRead.get(body);
    if (found) return found;
    const first = (body as HTMLTableSectionElement).rows[0];
    const heading = !first ? null : first.querySelector(':scope > th[scope=rowgroup]') || (first.cells.length === 1 ? first.cells[0] : null);
    const label = heading ? (heading.textContent || '').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).join(' ') : '';
    found = { label: clean(label).toLowerCase().slice(0, PEER_LENGTH), heading: label ? first : null };
    rowGroupsRead.set(body, found);
    return found;
  };
  // The elements of each tag and type in each root, by their text, read once per capture (a scan of 300 elements read
  // each element of its tag 300 times): the elements of the same tag and type that read the same, in document order.
  const readings = new Map<Document | ShadowRoot, Map<string, Map<string | null, Map<string, Element[]>>>>();
  const readingTheSame = (scope: Document | ShadowRoot, tag: string, type: string | null) => {
    let byTag = readings.get(scope);
    if (!byTag) readings.set(scope, (byTag = new Map()));
    let byType = byTag.get(tag);
    if (!byType) byTag.set(tag, (byType = new Map()));
    let byText = byType.get(type);
    if (!byText) {
      byType.set(type, (byText = new Map()));
      for (const other of Array.from(scope.querySelectorAll(tag))) {
        if (other.getAttribute('type') !== type) continue;
        const read = clean(other.textContent);
        const same = byText.get(read);
        if (same) same.push(other);
        else byText.set(read, [other]);
      }
    }
    return byText;
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
    const similar = readingTheSame(scope, tag, type).get(text) || [];
    // Its nearest form, list, table or landmark: where its look-alikes are, and the first group whose label is looked for.
    const near = el.parentElement ? el.parentElement.closest(GROUPS) : null;
    // The row, list item, label or form its context is read from (and its item's and outer item's, see below).
    const container = el.parentElement ? el.parentElement.closest(CONTEXT) : null;
    const lookalikes = lookalikesOf(el, role, near);
    const placed = placeAmong(el, lookalikes);
    // Too many in its group (every row's buttons of a long table): those of its own row, when its place is counted there.
    const own = label.toLowerCase().slice(0, PEER_LENGTH);
    // Its group inside a row, list item or card (a card's footer): the item's other elements of its kind are its
    // look-alikes' names too ("About Power Yoga" above the footer's "Join waitlist for Power Yoga"), never its rename.
    const itemAround = record && near && el.parentElement ? el.parentElement.closest(ITEM_OF_LABEL) : null;
    const named = itemAround && itemAround !== near && itemAround.contains(near)
      ? [...lookalikes, ...Array.from(itemAround.querySelectorAll(el.localName)).filter((other) => !near!.contains(other) && roleOf(other) === role)] : lookalikes;
    const peers = record ? peersOf(el, own, named) ?? (placed !== lookalikes ? peersOf(el, own, placed) : null) : null;
    const print: Fingerprint = {
      tag,
      role,
      name,
      // An element without a name (a span of label text, a list item's text) is known by its text.
      text: text === name ? '' : text,
      attributes,
      id: clean(el.getAttribute('id')),
      classes: Array.from(el.classList).slice(0, 8).map((c) => c.slice(0, MAX)),
      ancestry,
      context: contextOf(el, container),
      position: [Math.max(0, similar.indexOf(el)), similar.length],
      place: [Math.max(0, placed.indexOf(el)), placed.length],
      uid: uidOf(el),
    };
    if (peers) print.peers = peers;
    // An identity another element of its kind has anywhere on the page (the walk-in form's "First name" beside the
    // transfer dialog's, both `name="first-name"`) tells it from that one by nothing either: its words must.
    if (record && (sharesIdentity(el, lookalikes) || (!!near && sharedOnPage(el, role)))) print.shared = true;
    const marks = record ? marksOf(el, placed) : null;
    if (marks) print.marks = marks;
    const item = itemOf(container, similar.length > 1 ? similar.filter((other) => other !== el) : []);
    if (item) print.item = item;
    const outer = outerOf(container, !record);
    if (outer) print.outer = outer;
    // In one of a table's headed bodies, that body is its group (its table's label is every body's).
    // (Read only in a table of several bodies: most tables have one, and their elements need no body looked up.)
    const rowGroup = near && near.localName === 'table' && (near as HTMLTableElement).tBodies.length > 1 ? rowGroupOf(el, near) : { label: '', heading: null };
    const group = rowGroup.label && !rowGroup.heading!.contains(el) ? rowGroup : groupOf(near);
    if (group.label && !(group.heading && group.heading.contains(el))) print.group = group.label;
    // A labelled box holding it and none of the elements reading as it does, when such an element is in a labelled
    // box of its own (a seat stepper's "Member seats" around its "Increase", beside the "Guest seats" stepper's; a
    // day's column "Tue 15 Apr" around its "10:30", beside Monday's): which of the twins it is. Its label is then its
    // group (only twins are told apart by it under their name). (On replays, any such box's label: Fingerprint.widget.)
    const twins = similar.length > 1 ? similar.filter((other) => other !== el).slice(0, MAX_PEER_NAMES) : [];
    const box = twins.length || (!record && boxes) ? boxOf(el, twins) : null;
    const twinBoxes = box && twins.length ? twins.map((other) => boxOf(other, [el])).filter((b) => !!b) : [];
    if (box && twinBoxes.length) {
      // The words of its box's label that its twins' boxes' labels lack ("member" of "Member seats" beside "Guest
      // seats"; recorded): a word both share says nothing of which one it is, and boxes labelled alike (the same dish's
      // card under two headings) tell nothing.
      const shared = new Set<string>();
      for (const other of twinBoxes) for (const key of keysOf(other!.label)) shared.add(key);
      const own = box.label.split(/\s+/).filter((w) => keyOf(w) && !shared.has(keyOf(w))).join(' ');
      if (own) print.group = box.label;
      if (record && own) print.widget = own;
    }
    if (box && !record) print.widget = box.label;
    // Recorded alone of its kind, the label of its box all the same (Fingerprint.box): twins arriving beside it are
    // told apart by theirs.
    if (record && !twins.length) {
      const own = boxOf(el, []);
      if (own) print.box = own.label;
    }
    const wrapping = el.closest('label');
    const control = wrapping instanceof HTMLLabelElement ? wrapping.control : null;
    if (control && control !== el && control.getAttribute('name')) print.control = clean(control.getAttribute('name'));
    const value = optionValueOf(el);
    if (value) print.value = value;
    if (!record) print.whole = contextOf(el, container, true);
    // Which of its row's look-alikes reading the same it is (Fingerprint.column), and which of its group's rows showing
    // nothing but their fields it is in (Fingerprint.fields): recorded only when they alone tell it from a twin.
    // A look-alike reading the same but for its numbers ("Option 4" beside "Option 3": named by its position) is a twin.
    const readOf = (other: Element) => nameOf(other, roleOf(other), clean(other.textContent)) || clean(other.textContent);
    const digitless = (read: string) => read.replace(/\p{N}+/gu, '#').toLowerCase();
    const readsAsIt = (other: Element) => other !== el && digitless(readOf(other)) === digitless(label);
    // A column's twins read the same to the letter: numbered ones (a calendar's days) are told by their numbers.
    const readsTheSame = (other: Element) => other !== el && readOf(other) === label;
    const head = headerOf(el);
    if (head && (!record || (placed !== lookalikes && placed.some(readsTheSame)))) {
      const column = record ? joined(distinctWords(head)) : joined(wordsOf(head), WHOLE_CHARS);
      if (column) print.column = column;
    }
    const row = el.parentElement ? el.parentElement.closest(ITEM_OF_LABEL) : null;
    const ownKeys = record ? keysOf(label) : new Set<string>();
    if (row && !record) {
      const values = fieldValuesOf(row).slice(0, 12).map((f) => f.value);
      if (values.length) print.fields = values;
    } else if (row && hasKin(row) && [...keysOf(print.context)].every((w) => ownKeys.has(w)) && lookalikes.some(readsAsIt)) {
      // Its own value too, when it is a field: read before the step acts, as a replay reads it.
      const others = new Set<string>();
      for (const sibling of Array.from(row.parentElement!.children).filter((c) => c !== row && c.localName === row.localName).slice(0, 50)) {
        for (const f of fieldValuesOf(sibling)) others.add(f.value.toLowerCase());
      }
      const values = fieldValuesOf(row).filter((f) => !others.has(f.value.toLowerCase())).slice(0, 4).map((f) => f.value);
      if (values.length) print.fields = values;
    }
    // A wrapper holds few elements of its tag; a container of many is no wrapper of one (and reading each would cost
    // a replay's scan of 300 nested divs their whole subtrees' text).
    const inner = text ? el.getElementsByTagName(tag) : null;
    // An icon beside the name inside the wrapper ("🎬" + "Movie night") does not make it read otherwise: its words do.
    const wordsOnly = (read: string) => read.replace(/[^\p{L}\p{N}]+/gu, ' ').trim().toLowerCase();
    const textWords = inner && inner.length ? wordsOnly(text) : '';
    print.wraps = !!inner && inner.length > 0 && inner.length <= MAX_WRAPPED
      && Array.from(inner).some((held) => { const read = clean(held.textContent); return read === text || (!!textWords && wordsOnly(read) === textWords); });
    return print;
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
 * An id is evidence only when it is the same (ids get renumbered; the
 * recorded id kept whole with a numbered part added or dropped around it,
 * a framework's container prefix or counter, "send-reply" ->
 * "hd10-send-reply", is the same), classes and position count little
 * (classes get rehashed, siblings reordered).
 * An element that shares neither most of the name nor an identifying
 * attribute (id, `name`, test id, href) agrees at most 0.7, below
 * MIN_AGREEMENT: "Save draft" is never taken for a vanished "Save settings".
 * Nor does one that keeps none of the distinctive words of its row or form:
 * the Delete button of Alice's row is never taken for the one of Bob's
 * removed row (words other than the element's own name: a row or form
 * whose distinctive words were only its name, a link alone in its list
 * item, vouches for nothing, and is not held to this). Nor, when the recorded element was in a row, list item or
 * card (an item among others, its container by the recorded ancestry), one
 * whose item has distinctive words more than a quarter of which are new:
 * that is another item in the recorded one's place, the Remove button of a
 * "Desk lamp bulb" row where the "Desk lamp" row was (its words kept, one
 * gained), never taken for the removed row's. Numbers and words holding
 * digits (prices, quantities, dates and times: "3d", "2h") and the words of
 * either name do not count; a form, label or section whose
 * copy was edited is still the same one, and is not held to this, nor is
 * one keeping a link target, field name or test id that no recorded
 * look-alike shared (the same card with its copy edited), nor one keeping
 * an identifier its item alone showed (a URL, an email address, a path,
 * a file's name with its extension: the same webhook with its description
 * edited; it counts as its whole
 * context kept), nor the row of a table's column headers (one per table,
 * no item among items). A card alone in
 * its list item is judged by the list item's own words (`item`), not by
 * the labels every card has. Nor one
 * reading other than the recorded name whose identity changed too (another
 * `href`, `name` or test id: "View account in Salesforce" for a removed
 * "View in Salesforce"), or whose name lost an identifier it had (a number
 * of three or more digits, an account or order number: "Northside Property
 * Group ••9902" for "Northside Property Management ••4410"; or the numbers
 * that alone told it from its look-alikes, a time slot's "2:30" beside
 * "2:00 pm"), or that lost the class naming its kind among its look-alikes
 * (`marks`: "Send for review" where "Publish" was). A word of the context
 * abbreviating a word of the name ("Wed" of "Wednesday") is the name's.
 * Nor one whose aria-label or title lost the words its row showed apart
 * from its own text (the row's data: "Remove Ana Lopes" for a removed
 * "Remove Ana Lima"), nor one whose own text lost its item's data while
 * naming another item's ("Renew Bewilderment" for a returned "Renew The
 * Overstory"), nor one whose name reads other clock times than it read
 * ("at 19:15" for "at 19:00"), nor one in another column of its row than
 * the one whose header it recorded (`column`: the "Late" checkbox of another
 * assignment), nor one in a row missing any of the field values its
 * recorded row alone held (`fields`: the "Remove chapter" of another
 * chapter, the "Delete task" of another task starting the same day; with
 * all of them kept, a name differing only in its numbers is the same row
 * renumbered, "Option 3" -> "Option 4"), nor a wrapper around the recorded
 * element reading the same (or what a recorded wrapper held: `wraps`), nor
 * one whose name holds a word that alone told the recorded name from its
 * look-alikes' only as part of a compound with a new word ("Remove tag
 * shipping-damage" for "Remove tag shipping": another datum), nor one in a
 * row whose words the recorded row alone showed were replaced by as many
 * new ones, under the recorded name ("Grey marl" where "Charcoal" was: the
 * same product in another colour), whatever identity of its own it keeps
 * (a row that showed nothing but the element's own name is held to
 * neither item rule), nor, renamed, one whose item shows none of the
 * amounts its recorded item alone showed but another ("£13.99" where
 * "£9.99" was: a new product in a retired one's place; "£9.99/month" is
 * the same amount), nor one whose item shows none of the bare numbers of
 * three digits or more its recorded item alone showed but others of its
 * own (a card's last four: "Mastercard ending in 4444" where "5100" was;
 * a price is no such number), nor one whose item gained a qualifier in
 * brackets of new words ("Cherry Wine (Live)" where "Cherry Wine" was:
 * another version), nor, renamed, one whose new name is qualified in
 * brackets by new words where a recorded look-alike's name was qualified
 * so ("Refund issued (store credit)" beside "Refund issued (partial)"),
 * nor, under its recorded name, one in a labelled box whose label keeps
 * none of the words its recorded box's label alone had (`widget`: another
 * stepper's "Increase", another day's "10:30"). Words a sentence is built with ("it", "on", "the")
 * are no new words of an item, and a possessive's ending is no part of a
 * word ("Tom Ferris’s"). A card whose form's words were rewritten in every
 * card is vouched for by its item's words kept, and a label naming its
 * card's data written as a name ("More actions for Calum Reid’s comment")
 * by that data. A name differing only in its numbers ("Upcoming 3"
 * -> "Upcoming 4") reads as the name. The
 * recorded words of its row are looked for among all the words its row
 * shows now (`whole`, on replays), not only those its siblings lack: a
 * look-alike row arriving beside it shares them. An identity of its own
 * kept (a field's `name` no look-alike had) vouches for its form or row as
 * an identifier the row showed does.
 *
 * `ignoreName`: agreement on everything but the name (its text and the
 * attributes that spell it or are copy beside it: aria-label, title, alt,
 * placeholder; and the words of the
 * recorded name among the distinctive words of its row or form, whenever
 * that row or form has others), with its place among its look-alikes
 * counted instead, and its own text when a label names it (a glyph); the evidence a rename needs (chooseRenamed). A copy edit
 * changes what an element says, not what it is: an element of another tag,
 * role or `type`, one without an id where the recorded element had one, one
 * with another `href` (an anchor's renumbered with the ids is the same),
 * `name` or test id than it had, text of another
 * label's control than it was (or of another option of it: another
 * `value`), or one keeping none of the other distinctive
 * words of its row or form agrees at most 0.7. The label of its labelled
 * group (`group`) counts in too, a plural written singular ("Member
 * seats" -> "Members") the same word there. A time on a twelve-hour clock
 * is the time it names on a twenty-four-hour one ("6pm" is "18:00") when
 * only one of the two fingerprints reads such times.
 *
 * `verdict.another` is set when the rules hold `seen` to be another element
 * (the 0.7 cap applied): such an element is no rival of the one chosen.
 * `verdict.rival`, on everything but the name, is set (to the agreement it
 * would have had) when the only rule holding it to be another element is
 * that it names another action: it is never chosen, but it still stands in
 * the way of another rename ("Stop run #1483" beside "Options for run
 * #1483", both new, for a recorded "Cancel run #1483"). `verdict.slot`,
 * likewise, when the only rule is that it says a look-alike's value in the
 * recorded one's place (`otherSlot`): it stands in the way only of a
 * rename keeping none of the words that told the recorded name apart,
 * nor its action in other words.
 */
export function fingerprintAgreement(expected: Fingerprint, seen: Fingerprint, ignoreName = false, verdict?: { another?: boolean; rival?: number; slot?: number }): number {
  // A time of day written on a twelve-hour clock is the time it names on a twenty-four-hour one ("6pm" -> "18:00",
  // "9.30 am" -> "09:30"): a copy edit or a locale setting changes how a time reads, never which time it is. (Only a
  // pair whose one fingerprint reads such times and the other not is copied and rewritten: most never are.)
  const clock = (text: string) => (!/\d\s*[ap]\.?m/i.test(text) ? text : text.replace(/(?<![\p{L}\p{N}:.])(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?m\.?(?![\p{L}\p{N}])/giu,
    (all: string, hour: string, minutes: string | undefined, half: string) => {
      const h = Number(hour);
      if (h < 1 || h > 12 || Number(minutes || 0) > 59) return all;
      return `${String((h % 12) + (half.toLowerCase() === 'p' ? 12 : 0)).padStart(2, '0')}:${minutes || '00'}`;
    }));
  // Read so in its name and its look-alikes' ("Court 3, 6pm – available" for "Book Court 3 at 18:00") and in the
  // words around it (the row's "6pm" where it read "18:00", a form's "Court 3, Thursday at 6pm"), when one of the two
  // fingerprints reads such times and the other does not: every rule below then reads both one way (a time already
  // on a twenty-four-hour clock stays as it is). Two reading them alike are compared as written ("2:30 pm" -> "2:30
  // PM"). Which one reads them is told by what both carry (name, text, distinctive words, group, look-alikes' names):
  // a row's whole text, read on replays only, may show "6:40 PM" where the recorded distinctive words kept "6:40"
  // alone, the "PM" every row had left out.
  const fields = ['name', 'text', 'context', 'item', 'outer', 'whole', 'group'] as const;
  const TWELVE = /\d\s*[ap]\.?m/i;
  const twelve = (print: Fingerprint) => (['name', 'text', 'context', 'group'] as const).some((field) => TWELVE.test(print[field] || ''))
    || (print.peers || []).some((peer) => TWELVE.test(peer));
  const timed = (print: Fingerprint): Fingerprint => {
    const copy = { ...print };
    for (const field of fields) if (copy[field]) copy[field] = clock(copy[field]!);
    if (copy.peers) copy.peers = copy.peers.map(clock);
    return copy;
  };
  // Both are then rewritten: the other's whole text may show the times its distinctive words left out ("Arrives 2:30
  // pm today" in the whole row of a part whose recorded row read "Today 2:30 pm").
  if (twelve(expected) !== twelve(seen)) [expected, seen] = [timed(expected), timed(seen)];
  // (A possessive's ending is no word: "Today’s visits" reads "today" and "visits", as keys read it, not a word "s".)
  const words = (text: string) => new Set(text.toLowerCase().replace(/(?<=\p{L})['’]s(?![\p{L}\p{N}])/gu, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean).flatMap(wordForms));
  // Words joined or put apart are the same words ("Check out" -> "Checkout", "E-mail" -> "Email", "Log in" -> "Login").
  const squashed = (text: string) => text.toLowerCase().replace(/[\s\-‐]+/gu, '');
  // A date written another way is the same date ("14 Feb 2023" -> "14/02/2023", "Feb 14, 2023" -> "2023-02-14"): a
  // copy edit or a locale setting changes how a date reads, never which day it is. Each date of a text, a weekday
  // before it included, is read as the days it can be: one for a month named or a year first, the day and month
  // either way round for "03/04/2023" (two when both are at most 12).
  const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
  // Built on the first text pair that needs it (both with digits, not already equal): most comparisons never do.
  let dateRegExp: RegExp | undefined;
  const DATE = () => dateRegExp ??= new RegExp(`(?<![\\p{L}\\p{N}])(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})`
    + `|${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})|(\\d{4})-(\\d{1,2})-(\\d{1,2})|(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4}|\\d{2}))(?![\\p{L}\\p{N}])`, 'gu');
  /** A text's dates, each as the days it can be ("2023-2-14"), and the text with each date replaced by a mark. */
  const datesIn = (text: string) => {
    const months = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');
    const day = (y: string, m: number, d: number) => {
      const year = y.length === 2 ? 2000 + Number(y) : Number(y);
      return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${year}-${m}-${d}` : '';
    };
    const dates: string[][] = [];
    const rest = text.toLowerCase().replace(DATE(), (...g: string[]) => {
      const read = g[1] ? [day(g[3], months.indexOf(g[2].slice(0, 3)) + 1, Number(g[1]))]
        : g[4] ? [day(g[6], months.indexOf(g[4].slice(0, 3)) + 1, Number(g[5]))]
        : g[7] ? [day(g[7], Number(g[8]), Number(g[9]))]
        : [day(g[12], Number(g[11]), Number(g[10])), day(g[12], Number(g[10]), Number(g[11]))];
      dates.push([...new Set(read.filter(Boolean))]);
      return '\u0000';
    }).replace(/\s+/g, ' ').trim();
    return { dates, rest };
  };
  /**
   * Whether two texts read the same but for their dates, written other ways and the same days: each pair one day, or
   * one of them read only one way and that day one the other can be ("14/02/2023" is only the 14th of February;
   * "03/04/2023" beside "04/03/2023" is either, so not the same).
   */
  const sameDates = (a: string, b: string) => {
    if (!/\d/.test(a) || !/\d/.test(b)) return false;
    const [x, y] = [datesIn(a), datesIn(b)];
    return x.dates.length > 0 && x.rest === y.rest && x.dates.length === y.dates.length && x.dates.every((days, i) => {
      const other = y.dates[i];
      return (days.length === 1 || other.length === 1) && days.some((d) => other.includes(d));
    });
  };
  /** Words shared over words in either (1 when equal, or equal but for spaces and hyphens, or for how dates are written). */
  const similarity = (a: string, b: string) => {
    if (squashed(a) === squashed(b) || sameDates(a, b)) return 1;
    const wa = words(a);
    const wb = words(b);
    let shared = 0;
    for (const w of wa) if (wb.has(w)) shared++;
    const union = wa.size + wb.size - shared;
    return union ? shared / union : 0;
  };
  /**
   * Word keys as the capture makes them (letters and digits of each word, lower case), a possessive's ending aside:
   * "Tom Ferris’s comment" names the "Tom Ferris" its card shows.
   */
  /** The key of one word as written: lower case, a possessive "’s" and every mark dropped ("Calum’s" -> "calum"). */
  const keyOf = (word: string) => word.toLowerCase().replace(/(?<=\p{L})['’]s$/u, '').replace(/[^\p{L}\p{N}]+/gu, '');
  const keys = (text: string) => new Set(text.split(/\s+/).map(keyOf).filter(Boolean).flatMap(wordForms));
  /** Whether a word as written starts with a capital, marks before it aside ("(Live)", "“Sand”"). */
  const capitalised = (raw: string) => /^\P{L}*\p{Lu}/u.test(raw);
  /** A word as written without the marks around it (quotes, brackets, punctuation), its case kept. */
  const trimMarks = (raw: string) => raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  /**
   * The keys of a name's words written as a name is, past its first word (capitalised or with digits: "The
   * Overstory", "Calum Reid’s"): its data, not its copy.
   */
  const writtenAsName = (text: string) => keys(text.split(/\s+/).slice(1).filter((raw) => /^\P{L}*(?:\p{Lu}|\p{N})/u.test(raw)).join(' '));
  /**
   * Numbers written joined by a slash or a dash ("9/40" places taken, ages "5–15"), each such word's key with its
   * numbers: a key joins them into one word ("940"), and a copy edit writing them apart ("9 of 40", "5 to 15") or
   * together again keeps them all the same.
   */
  const joinedNumbers = (text: string) => {
    const out = new Map<string, string[]>();
    if (!/\p{N}[/‐‑–—-]\p{N}/u.test(text)) return out;
    for (const raw of text.split(/\s+/)) {
      const word = trimMarks(raw);
      if (/^\p{N}+(?:[/‐‑–—-]\p{N}+)+$/u.test(word)) out.set(keyOf(word), word.split(/[^\p{N}]+/u));
    }
    return out;
  };
  /**
   * Whether the word key `w` of a recorded text (keys `recordedKeys`) is a word of the text now (keys `nowKeys`), its
   * numbers written joined or apart. Numbers joined now count only when each was a recorded word: the "14" of
   * "14 Cotham Road" is not kept by another card's photo counter "1/14".
   */
  const keptWord = (w: string, recordedKeys: Set<string>, nowKeys: Set<string>, recordedJoined: Map<string, string[]>, nowJoined: Map<string, string[]>) => {
    if (nowKeys.has(w)) return true;
    const numberKept = (n: string) => nowKeys.has(n) || [...nowJoined.values()].some((parts) => parts.includes(n) && parts.every((p) => recordedKeys.has(p)));
    return (/^\p{N}+$/u.test(w) && numberKept(w)) || (recordedJoined.get(w)?.every((n) => nowKeys.has(n)) ?? false);
  };
  /** Share of the recorded words still there. */
  const kept = (recorded: string, now: string) => {
    const wr = keys(recorded);
    const wn = keys(now);
    const [recordedJoined, nowJoined] = [joinedNumbers(recorded), joinedNumbers(now)];
    let found = 0;
    for (const w of wr) if (keptWord(w, wr, wn, recordedJoined, nowJoined)) found++;
    return wr.size ? found / wr.size : 1;
  };
  const overlap = (a: string[], b: string[]) => {
    if (!a.length && !b.length) return 1;
    const shared = a.filter((x) => b.includes(x)).length;
    return shared / (a.length + b.length - shared || 1);
  };
  // The containers of repeated items (their words say which item), as the capture's ancestry names them; a label, form or section is not one.
  const ITEM_CONTAINERS = ['tr', 'li', 'article'];
  const CONTEXT_TAGS = ['label', 'tr', 'li', 'article', 'fieldset', 'form', 'dialog', 'section', 'aside', 'header', 'footer', 'nav'];
  const NEW_WORDS_SHARE = 0.25;
  const IDENTIFYING = ['name', 'href', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  // Attributes that are copy: they spell the name or hint at it, and a copy edit rewrites them with it.
  const NAMING = ['aria-label', 'title', 'alt', 'placeholder'];
  const ATTRIBUTE_WEIGHTS: Record<string, number> = { type: 2, name: 2, 'data-testid': 2, 'data-test-id': 2, 'data-test': 2, 'data-qa': 2, 'data-cy': 2 };
  let total = 0;
  let agreed = 0;
  const add = (weight: number, score: number) => {
    total += weight;
    agreed += weight * score;
  };
  const sameKind = seen.tag === expected.tag && seen.role === expected.role;
  // The same id, or the recorded id whole with a numbered part added or dropped around it: a framework's container
  // prefix or counter ("send-reply" -> "hd10-send-reply", "ctl00_main_send"; "email" -> "f_email_5"). Words added
  // without a number are not numbering: "save-draft" is another id than "save".
  const segments = (id: string) => id.toLowerCase().split(/[-_:.\s]+/).filter(Boolean);
  const numbered = (shorter: string, longer: string) => {
    const a = segments(shorter);
    const b = segments(longer);
    if (!a.length || b.length <= a.length || !/\p{L}/u.test(shorter)) return false;
    for (let at = 0; at + a.length <= b.length; at++) {
      if (a.some((part, i) => b[at + i] !== part)) continue;
      // A word after it is a word added to the id, numbered or not ("hedgehogs" -> "hedgehogs-pm-35": another room's
      // tab, its ids renumbered too); a container's prefix comes before it.
      if (b.slice(at + a.length).some((part) => !/\p{N}/u.test(part))) continue;
      if ([...b.slice(0, at), ...b.slice(at + a.length)].some((part) => /\p{N}/u.test(part))) return true;
    }
    return false;
  };
  // A label's `for` names its control's id: renumbered with the ids, it still names the same control.
  const sameRef = (recorded: string, now: string | undefined) => now === recorded || (!!now && (numbered(recorded, now) || numbered(now, recorded)));
  // A link to a place on the page names that place's id ("#faulted"): renumbered with the ids ("#faulted-91"), it
  // still leads to the same place, as a label's `for` still names its control. Another address is another link, and
  // so is one numbered by a number its own name shows ("#archive-2023" of "Archive 2023": its data, no counter). A
  // number in a range its name shows is no such datum ("#hedgehogs-2" of the room "Hedgehogs · 2–3": ages 2 to 3).
  // (So does one whose ids dropped the app's prefix for a counter, "#km-sourcing" -> "#sourcing-29" of "Sourcing" ->
  // "Product sourcing": the words kept are the end of the recorded id and in its name now, the words dropped before
  // them none of its name's, a namespace. "#save-draft" -> "#draft-12" drops a word of the name: another place.)
  const prefixDropped = (recorded: string, now: string) => {
    const [a, b] = [segments(recorded), segments(now)];
    const kept = b.filter((part) => !/\p{N}/u.test(part));
    const prefix = a.slice(0, a.length - kept.length);
    const recordedName = words(expected.name || expected.text);
    return kept.length > 0 && prefix.length > 0 && b.length > kept.length && b.every((part) => kept.includes(part) || /^\p{N}+$/u.test(part))
      && kept.every((part, i) => a[prefix.length + i] === part && words(seen.name || seen.text).has(part))
      && prefix.every((part) => /\p{L}/u.test(part) && !recordedName.has(part));
  };
  const sameTarget = (recorded: string, now: string | undefined) => now === recorded
    || (recorded.startsWith('#') && !!now && now.startsWith('#') && (sameRef(recorded.slice(1), now.slice(1)) || prefixDropped(recorded.slice(1), now.slice(1)))
      && !segments(now).some((part) => !segments(recorded).includes(part) && (part.match(/\p{N}+/gu) || []).some((n) => (seen.name || seen.text).split(/\s+/).map(trimMarks).includes(n))));
  // What the element is, for a rename: its kind and type the same, and an id still there if it had one (ids may be renumbered, not dropped).
  // Nor does a copy edit change where a link leads, what a field is called in the form's data or which checkbox a
  // text belongs to: an identifying attribute (href, `name`, test id) or a label's control recorded must be kept.
  const keptIdentity = IDENTIFYING.every((key) => expected.attributes[key] === undefined || (key === 'href' ? sameTarget(expected.attributes[key], seen.attributes[key]) : seen.attributes[key] === expected.attributes[key]))
    && (expected.control === undefined || seen.control === expected.control) && (expected.value === undefined || seen.value === expected.value);
  const sameElement = sameKind && (seen.attributes.type || '') === (expected.attributes.type || '') && (!expected.id || !!seen.id) && keptIdentity;
  const name = similarity(seen.name || seen.text, expected.name || expected.text);
  // A name differing only in its numbers ("Upcoming 3" -> "Upcoming 4"): a count changed with the data. It reads as
  // the name (a slot's time or an identifier told by its numbers is still held to them: see numbersKept).
  const digitless = (text: string) => text.replace(/\p{N}+/gu, '#').replace(/\s+/g, ' ').trim().toLowerCase();
  const countOnly = name < 1 && digitless(seen.name || seen.text) === digitless(expected.name || expected.text);
  add(2, seen.tag === expected.tag ? 1 : 0);
  add(2, seen.role === expected.role ? 1 : 0);
  if (!ignoreName) add(3, countOnly ? 1 : name);
  // Its own text, when an aria-label or title names it (a "🔗" or "🗑" glyph): a copy edit of the label leaves it.
  // Words of its own ("CC" on "Captions", "HD"), not a glyph its look-alikes may share, weigh twice as a rename's
  // evidence: with the labels rewritten and the controls reordered ("Subtitles", still "CC"), they are what says which.
  const textApart = !!expected.name && (expected.attributes['aria-label'] === expected.name || expected.attributes.title === expected.name);
  if (expected.text && (!ignoreName || textApart)) add(ignoreName && /[\p{L}\p{N}]/u.test(expected.text) ? 2 : 1, similarity(seen.text, expected.text));
  for (const [key, value] of Object.entries(expected.attributes)) {
    if (!ignoreName || !NAMING.includes(key)) add(ATTRIBUTE_WEIGHTS[key] || 1.5, (key === 'for' ? sameRef(value, seen.attributes[key]) : key === 'href' ? sameTarget(value, seen.attributes[key]) : seen.attributes[key] === value) ? 1 : 0);
  }
  const sameId = !!expected.id && !!seen.id && (seen.id === expected.id || numbered(expected.id, seen.id) || numbered(seen.id, expected.id));
  if (sameId) add(2, 1);
  // Renamed, the text of a label says which control it is by that control's `name` and the value it sends (the
  // checkbox "handling" = "centrifuged" of the text "Centrifuged", now "Spun down"): what the form's data calls it, as
  // a field's own `name` is an identifying attribute (weighed as one). Every other option sends its own value.
  if (ignoreName && expected.control !== undefined) add(2, seen.control === expected.control ? 1 : 0);
  if (ignoreName && expected.value !== undefined) add(2, seen.value === expected.value ? 1 : 0);
  if (expected.classes.length) add(0.5, overlap(seen.classes, expected.classes));
  add(1, overlap(seen.ancestry, expected.ancestry));
  // The words of its own name in the context say nothing the name does not (and nothing at all when the name is
  // ignored): the rest of its row or form must vouch for it, when there is a rest.
  const nameWords = keys(expected.name || expected.text);
  // A word of the context that abbreviates a word of the name ("Wed" of "Wednesday 15 January") is the name's too.
  const ofName = (w: string) => nameWords.has(w) || (w.length >= 3 && [...nameWords].some((n) => n.length > w.length && n.startsWith(w)));
  // A context of nothing but its look-alikes' names ("Update card" beside "Re-run claim", a footer of two buttons)
  // says nothing either: those are copy as its own name is, renamed with it ("Edit insurance", "Resubmit claim").
  // Words with digits are data, whatever element shows them (the "$12" cell beside "Pro plan").
  const lookalikeKeys = new Set((expected.peers || []).flatMap((peer) => [...keys(peer)]));
  // Nor do the words a sentence is built with, when they are all it has left: a form labelled "Add a note" around its
  // "Add note" has nothing else to vouch for it, and another form's "a" is no word of it kept.
  const contextAll = [...keys(expected.context)].filter((w) => !ofName(w));
  const contextWords = contextAll.every((w) => FUNCTION_WORDS.includes(w)) ? [] : contextAll;
  // (A table cell's look-alikes are the other cells of its row: their words are the row's data, not copy, and they
  // say which row it is: "Tenmoku" beside the recorded "Set of 4 mugs", where the same maker's set in "Celadon" came.)
  const cell = expected.role === 'cell' || expected.role === 'gridcell';
  const peersOnly = !cell && contextWords.length > 0 && contextWords.every((w) => lookalikeKeys.has(w) && !/\p{N}/u.test(w));
  const otherWords = (peersOnly ? [] : contextWords).join(' ');
  // A context of nothing but its own name (a link alone in its list item, a button alone in its form) says nothing
  // the name does not: it is no evidence either way (a look-alike arriving beside it, or its own rename, empties it).
  // An identifier its row, list item or card showed that no other one had (a URL, an email address, a path, a file: the
  // recorded context holds only the words the other items lacked), kept, says it is the same one, whatever copy
  // around it was edited: it counts as the whole context kept, and it is never another item in its place.
  // A number written as one ("#1479": a run, an order, an issue) is such an identifier too, and so is a bare number
  // of six digits or more (a prescription's "6039417": no price, count or date is written so), and a slug written in
  // capitals, its words joined by dashes (a newsroom's story "FERRY-FARES": no copy is written so).
  const shownIdentifiers = [...(expected.item || expected.context).split(/\s+/)]
    .filter((raw) => /^#\p{N}{3,}$/u.test(raw) || /^\p{N}{6,}$/u.test(raw) || /^\p{Lu}{2,}(?:-\p{Lu}{2,})+$/u.test(raw) || (() => {
      const w = raw.replace(/^[^\p{L}\p{N}/]+|[^\p{L}\p{N}]+$/gu, '');
      // A code of capitals and digits, three digits or more and no small letter, is one too: a load's "L-40817", an
      // order's "DS-60477", a part's "ACT1089" (its kit "ACT1089A" is another part). Not in brackets: there it
      // qualifies another name ("Checkout redesign (WEB-180)", an epic among a filter's options).
      if (/^(?=[\p{Lu}\p{N}-]*\p{Lu})(?=(?:[^\p{N}]*\p{N}){3})[\p{Lu}\p{N}][\p{Lu}\p{N}-]{3,}$/u.test(raw.replace(/[,.;:!?]+$/u, ''))) return true;
      // A file's name with its extension ("Intraoral_UL_2025-02-11.jpg", "price-list.pdf", a print's "part2.3mf") is one too. A time window
      // ("06:00–10:00": digits, colons and a dash only) is none: every load picked up that morning shows it.
      return (w.length >= 10 && (w.match(/[./@:][\p{L}\p{N}]/gu) || []).length >= 2 && !/^[\p{N}:\u2013-]+$/u.test(w)) || /^[\p{L}\p{N}][\p{L}\p{N}_-]{2,}\.(?=[\p{N}]?\p{L})[\p{L}\p{N}]{2,5}$/u.test(w);
    })())
    .map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));
  const seenItemKeys = shownIdentifiers.length ? keys(expected.item ? seen.item ?? seen.context : seen.context) : new Set<string>();
  // Kept by an element in no item of the recorded kind, it vouches for nothing: a dialog about that order ("Check in
  // Marta Oliveira · Order DS-60477") names it around its "Cancel", which is no button of the order's card.
  const recordedItemTag = expected.ancestry.find((tag) => ITEM_CONTAINERS.includes(tag));
  const identifierKept = shownIdentifiers.some((w) => seenItemKeys.has(w)) && (!recordedItemTag || seen.ancestry.includes(recordedItemTag));
  // Gone from every word of its row (a look-alike row may share it and take it out of the row's own words), the
  // identifier says the row is another one: run #1478 of the same commit beside the recorded #1479.
  const seenWholeKeys = shownIdentifiers.length && seen.whole ? keys(seen.whole) : new Set<string>();
  const identifierGone = shownIdentifiers.length > 0 && !identifierKept && !shownIdentifiers.some((w) => seenWholeKeys.has(w));
  const recordedContextKeys = keys(expected.context);
  const keptIdentifiers = IDENTIFYING.filter((key) => expected.attributes[key] !== undefined && seen.attributes[key] === expected.attributes[key]);
  // An identity of its own kept (a field's `name` no recorded look-alike had: the form's key for it) vouches for its
  // form or row as much as an identifier the row showed.
  const ownIdentity = !!expected.peers && !expected.shared && (keptIdentifiers.some((key) => !!expected.attributes[key]) || (!!expected.value && seen.value === expected.value));
  // A card alone in its list item: its form's words are every card's labels, rewritten in every card at once by a
  // copy edit ("Approve Reject Reply" -> "Publish Hide Respond"); the words its list item alone showed, kept, vouch
  // for it as much (the author and the comment, still there).
  const itemKept = expected.item && otherWords ? kept([...keys(expected.item)].filter((w) => !ofName(w) && !/\p{N}/u.test(w)).join(' '), seen.item ?? seen.context) : 0;
  const context = otherWords ? (identifierKept || ownIdentity ? 1 : Math.max(kept(otherWords, seen.whole ?? seen.context), itemKept)) : 1;
  if (otherWords) add(3, context);
  // Renames: the group it was in (a form's, list's, landmark's or headed section's label) vouches for it among
  // look-alikes of other groups. Under its name it tells only twins apart (chooseByAgreement): a group's label is copy.
  // A plural written singular or the other way is the same word there ("Member seats" -> "Members").
  const singular = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((w) => (w.length >= 4 ? w.replace(/s$/u, '') : w)).join(' ');
  // A group recorded from the box that told it from its twins (Fingerprint.widget) is read on replays from that box's
  // label: a twin's box arriving with the same words ("Premium Plus" beside "Premium") takes them out of its group.
  const boxLabel = ignoreName && expected.widget && seen.widget ? similarity(singular(seen.widget), singular(expected.group || '')) : 0;
  if (ignoreName && expected.group) add(2, Math.max(similarity(singular(seen.group || ''), singular(expected.group)), boxLabel));
  // The outer item it was in (the flight whose fare it selects): the words that outer item alone showed, kept. Fewer
  // than half of them kept is another outer item (another flight's fare reading the same but for its price).
  const outerKept = expected.outer ? kept(expected.outer, seen.outer || '') : 1;
  if (expected.outer) add(2, outerKept);
  // A number the outer item alone showed, written as one (a flight's "1363": three digits or more, not a price or a
  // time), gone from it says it is another outer item too, however many of its times it shares (a codeshare's
  // "BA 7063" at the same 07:05 as the recorded "TP 1363").
  const outerNumbers = expected.outer ? expected.outer.split(/\s+/).filter((raw) => /^\p{N}{3,}$/u.test(raw)) : [];
  const seenOuterKeys = outerNumbers.length ? [...keys(seen.outer || '')] : [];
  const anotherOuter = outerKept < 0.5 || !outerNumbers.every((n) => seenOuterKeys.some((k) => k === n || (k.endsWith(n) && !/\p{N}/u.test(k.slice(0, -n.length)))));
  // Reading the name a look-alike had when the step was recorded, it is that look-alike (seat "14D" beside the
  // recorded "14C", taken since), whatever it shares with the recorded name.
  // Nor is one whose name carries a look-alike's whole name and not the recorded one's ("Flagged as blocked" where the
  // quick filters were "Only my issues" and "Blocked", "Guest reviews (1,942)" for the tab "Reviews (1,942)"): a copy
  // edit of that look-alike. A name keeping every word of the recorded one stays a candidate ("Show more details" for
  // "Show details" beside "More"), and so does a look-alike's name whose words the recorded name holds too.
  const nowKeys = keys(seen.name || seen.text);
  /** Whether two words are one with an inflection changed ("interview", "interviewing"; "filter", "filters"). */
  const inflectionOf = (a: string, b: string) => {
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    return short.length >= 4 && long !== short && long.startsWith(short) && /^(?:s|es|d|ed|ing|\p{L}(?:ed|ing))$/u.test(long.slice(short.length));
  };
  /** Whether `set` holds `word`, as it is or with an inflection changed. */
  const holdsWord = (set: Set<string>, word: string) => set.has(word) || [...set].some((w) => inflectionOf(w, word));
  /** The words of a look-alike's recorded name (cut at PEER_CHARS, it may end in part of a word: that part is none). */
  const peerKeysOf = (peer: string) => keys(peer.length >= PEER_CHARS ? peer.replace(/\s*\S*$/, '') : peer);
  // Nor is one reading a look-alike's name with its action word said in other words ("Delete line" where the recorded
  // "Split line"'s look-alike was "Remove line"): that look-alike, copy-edited as the recorded element may be.
  // (Split once: a name doing two things, "Record and close", is read against each look-alike below.)
  const [before, after, ...more] = (seen.name || seen.text).toLowerCase().split(/\s+(?:and|&|\+)\s+/);
  const carriesPeer = (peers: string[]) => [...nameWords].some((w) => !nowKeys.has(w)) && peers.some((peer) => {
    const peerKeys = [...peerKeysOf(peer)];
    // (A look-alike named by a month alone, "March" beside "This week" and "Next week", is not carried by a date in that
    // month: "10–16 March" is a week's tab, the tabs renamed by their dates. "March 2025" still carries it. The name is
    // read with its words in the forms compared, WORD_FORMS: the look-alike's "March" is "mar" there.)
    if (peerKeys.length === 1 && new RegExp(`^${MONTH}$`, 'u').test(peerKeys[0])
      && new RegExp(`(?<![\\p{L}\\p{N}])\\d{1,2}(?:\\s*[-‐–—]\\s*\\d{1,2})?\\s+${peerKeys[0]}(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])${peerKeys[0]}\\s+\\d{1,2}(?![\\p{L}\\p{N}])`, 'u')
        .test((seen.name || seen.text).toLowerCase().replace(/\p{L}+/gu, (w) => wordForms(w)[0]!))) return false;
    // (A name doing an action of its own and then the look-alike's, "Record and close" where the look-alike was
    // "Close", for a dialog's "Save shoeing", names both: a form's submit closing it, not that look-alike.)
    if (after !== undefined && !more.length && peerKeys.length > 0 && keys(after).size === peerKeys.length && peerKeys.every((w) => keys(after).has(w))
      && [...keys(before)].some((w) => /\p{L}/u.test(w) && !FUNCTION_WORDS.includes(w) && !peerKeys.some((p) => p === w || sameAction(p, w)))) return false;
    // (A word of it with its ending changed is kept: "Drum kit 6" for the tab "Drums 6".)
    if (peerKeys.length > 0 && peerKeys.every((w) => holdsWord(nowKeys, w)) && peerKeys.some((w) => !nameWords.has(w))) return true;
    // Its words, its numbers aside, all in the name: a step of a numbered stepper reordered ("2 Deductions and
    // benefits" where the look-alike was "3 Deductions"), a number naming the place it has now.
    const peerLetters = peerKeys.filter((w) => !/^\p{N}+$/u.test(w));
    if (peerLetters.length > 0 && peerLetters.length < peerKeys.length && peerLetters.every((w) => nowKeys.has(w)) && peerLetters.some((w) => !nameWords.has(w))) return true;
    // Nor one showing a number of three digits or more that a look-alike's name showed and the recorded name did not
    // ("Oil change due, last done at 79,080 mi" where the look-alike was "Due for oil change (last one at 79,080
    // mi)"): a number is that look-alike's data, whatever its copy became.
    if (peerKeys.some((w) => /^\p{N}{3,}$/u.test(w) && nowKeys.has(w) && !nameWords.has(w))) return true;
    // Nor one reading a look-alike's name with its endings changed ("Interviewing" where the stages were "Screening"
    // and "Interview"), keeping no word of the recorded name.
    if (peerKeys.length > 0 && nowKeys.size === peerKeys.length && [...nowKeys].every((w) => !nameWords.has(w) && peerKeys.some((p) => inflectionOf(p, w)))) return true;
    // Nor is one reading only words of a look-alike's name, one of them none of the recorded name's ("Morning" where
    // the look-alike was "Good morning", "Discount" where it was "Add discount"): that look-alike, its copy cut. A
    // word saying the recorded name's action in other words is the recorded name's ("Next" for "Continue", beside the
    // look-alike "Next days"): either may have been cut to it.
    if (nowKeys.size > 0 && [...nowKeys].every((w) => peerKeys.includes(w)) && [...nowKeys].some((w) => !nameWords.has(w) && ![...nameWords].some((n) => sameAction(n, w)))) return true;
    // (Unless it says the recorded name as wholly, its action word reworded the same way: "Add observation" for the
    // recorded "Log observation" beside the dialog's "Save observation" is either of them reworded, and no evidence
    // that it is the look-alike. "New note" beside the look-alike "Add note" keeps nothing of the recorded "Log gift"
    // but an action in other words: that look-alike still.)
    const gone = peerKeys.filter((w) => !nowKeys.has(w));
    const added = [...nowKeys].filter((w) => !peerKeys.includes(w));
    const saysRecorded = (word: string) => [...nameWords].some((w) => !nowKeys.has(w) && sameAction(w, word)) && [...nameWords].every((w) => nowKeys.has(w) || sameAction(w, word));
    return peerKeys.length >= 2 && gone.length === 1 && added.length === 1 && sameAction(gone[0], added[0]) && !saysRecorded(added[0]);
  });
  // A look-alike's recorded name that differs from the recorded one only in its numbers names a position ("Option 4"
  // where "Option 3" was, one inserted before it): with every value the recorded row alone held kept, it is the same
  // row renumbered (see anotherRow, below).
  const seenValues = (seen.fields || []).map((v) => v.toLowerCase());
  const recordedValues = (expected.fields || []).filter((v) => !/\$\{|\*\*\*\*/.test(v)).map((v) => v.toLowerCase());
  const rowKept = recordedValues.length > 0 && recordedValues.every((v) => seenValues.includes(v));
  const peerName = name < 1 && !!expected.peers && !(countOnly && rowKept)
    && (expected.peers.includes((seen.name || seen.text).toLowerCase().slice(0, PEER_CHARS)) || carriesPeer(expected.peers));
  // Another item in the recorded one's place: a row, list item or card whose distinctive words are more than
  // NEW_WORDS_SHARE new ("Desk lamp bulb" where the "Desk lamp" row was). Its own name's words and numbers
  // (prices, quantities, counts) do not count: names get edited, numbers change.
  // A field inside its own label, or text in a label, belongs to the row around the label (the capture reads that
  // row's words after the label's), once its recorded context holds more than the label's words and its control's
  // `name`: recordings made before the row was read hold only those, and say nothing about the row.
  const contextTags = expected.ancestry.filter((tag) => CONTEXT_TAGS.includes(tag));
  const recordedWords = keys(expected.context);
  // The `name` of the field, or of the control whose label the text is in: the label's words carry it in every row.
  const fieldName = keys(expected.attributes.name || expected.control || '');
  const labelOnly = [...recordedWords].every((w) => nameWords.has(w) || fieldName.has(w));
  const ownLabel = contextTags[0] === 'label';
  // A card alone in its list item: the list item's own words say which item it is (Fingerprint.item).
  const itemTag = (ownLabel ? (labelOnly ? '' : contextTags[1]) : contextTags[0]) || '';
  // The row of a table's column headers is one of its kind: no other row takes its place, and a copy edit of the
  // headers ("Author" -> "Written by") leaves it the same row.
  const headerRow = itemTag === 'tr' && expected.ancestry.includes('thead');
  const item = !!expected.item || (ITEM_CONTAINERS.includes(itemTag) && !headerRow);
  const itemWords = expected.item ? keys(expected.item) : recordedWords;
  const ownWords = nowKeys;
  // Nor does the field's own `name`, which its label's words carry in every row.
  // Nor do the words a sentence is built with (FUNCTION_WORDS, above).
  const rowWords = [...keys(expected.item ? seen.item ?? seen.context : seen.context)].filter((w) => !/\p{N}/u.test(w) && !ownWords.has(w) && !nameWords.has(w) && !(ownLabel && fieldName.has(w)) && !FUNCTION_WORDS.includes(w));
  // A row that showed nothing but its own name ("+ Add category" closing a table body) said nothing of which item it
  // was: words arriving in it (a "+ Add group" put beside it) make it no other item.
  const nameOnlyItem = itemWords.size > 0 && [...itemWords].every((w) => ofName(w));
  // A word its row showed cut short is no new word ("Kennel cough (intranasal)" -> "Kennel cough, nasal"): a copy edit
  // shortens words, and the part kept (four letters or more) says the word, not another item.
  const partOfItemWord = (w: string) => w.length >= 4 && [...itemWords].some((iw) => iw.length > w.length && (iw.endsWith(w) || iw.startsWith(w)));
  // Nor is a compound of a word its row showed ("One pan" -> "One-tray"): the row's words reworded.
  const compoundOfItem = new Set(nameOnlyItem || rowWords.every((w) => itemWords.has(w)) ? [] : (expected.item ? seen.item ?? seen.context : seen.context).split(/\s+/)
    .filter((raw) => /[\p{L}\p{N}]-[\p{L}\p{N}]/u.test(raw) && raw.split('-').some((part) => keyOf(part).length >= 3 && itemWords.has(keyOf(part)))).map(keyOf));
  const newWords = nameOnlyItem ? 0 : rowWords.filter((w) => !itemWords.has(w) && !partOfItemWord(w) && !compoundOfItem.has(w)).length;
  // Unless it keeps an identity no recorded look-alike shared (its own link target, field name or test id): the
  // same item with its copy edited ("Special interests" -> "Areas of interest" on a practitioner's card).
  // Nor when it reads exactly the recorded name, which no other element of its tag read when the step was recorded
  // and none reads now: its own words say which item it is (a dish's name, a commit's message), and the words
  // around it were copy-edited ("Slow-cooked lamb shoulder" -> "Lamb shoulder cooked slowly").
  const uniqueName = name === 1 && !!(expected.name || expected.text) && expected.position[1] === 1 && seen.position[1] === 1;
  // Nor when the outer item it was in is kept whole (the flight) and most of its own row's words are too (the fare
  // renamed "Standard" -> "Classic", its note rewritten): among the few items of one outer item, that is it.
  const outerVouches = !!expected.outer && outerKept === 1 && context >= 0.75;
  // Nor when a label naming it carries its item's data ("Delete saved search Clifton flats" on a "🗑"), the words its
  // item alone showed: kept in its new label and still shown by its item ("Remove Clifton flats"), they say which
  // item it is, whatever else of the item's copy was edited ("Instant" -> "As they happen").
  // In a card alone in its list item, its context is the card's form (every card's labels): the data is among the
  // words its list item alone showed (`item`), those written as a name is ("More actions for Calum Reid’s comment").
  const ownText = keys(expected.text);
  const itemData = item && textApart && expected.item ? keys(expected.item) : new Set<string>();
  const writtenInName = itemData.size ? writtenAsName(expected.name) : new Set<string>();
  // (Not the words a sentence is built with: the "a" of "Log a visit for Juniper" is no data of its row because its
  // note read "Lost a front shoe".)
  const dataWords = item && textApart ? [...keys(expected.name)].filter((w) => (recordedContextKeys.has(w) || (itemData.has(w) && writtenInName.has(w))) && !ownText.has(w) && !FUNCTION_WORDS.includes(w)) : [];
  const seenItemWords = dataWords.length ? keys(`${seen.whole ?? seen.context} ${expected.item ? seen.item || '' : ''}`) : new Set<string>();
  const dataVouches = dataWords.length > 0 && dataWords.every((w) => ownWords.has(w) && seenItemWords.has(w));
  // Nor when its item still shows every number it showed (a day, an amount: at least two): the item's data kept, the
  // copy of its item and of its own name edited ("Mercado Central" -> "Mercado Central Lisboa").
  const itemNumbers = [...itemWords].filter((w) => /\p{N}/u.test(w) && !nameWords.has(w));
  const seenRowText = seen.whole ?? (expected.item ? seen.item ?? seen.context : seen.context);
  const seenRowKeys = itemNumbers.length >= 1 ? keys(seenRowText) : new Set<string>();
  // Renamed too ("Outdoor Ed camp, Pine Ridge (May 21–23)" -> "Pine Ridge outdoor camp, May 21–23", its note
  // rewritten, its "Sign" now "Allow"): the numbers are the item's data, its copy and its element's name are copy.
  // One number is enough with the label of its card kept word for word (the heading of the box that told it from its
  // twins, Fingerprint.widget, which only its item showed: the trim "Premium" at "£43,495", its features' copy
  // rewritten, "Power tailgate" -> "Electric tailgate"): a trim put beside it ("Premium Plus") has a label of its own.
  const headingKept = item && !!expected.widget && !!expected.group && [...keys(expected.group)].every((w) => itemWords.has(w))
    && (seen.widget || '').toLowerCase() === expected.group.toLowerCase();
  // So is one with a row that showed nothing but words of the element's own name and numbers ("Birth 1924" around "Edit
  // Birth"), when its new name still says those words ("Edit birth details"): the row's words are the name's, copy as
  // it is ("Born 1924"), and its numbers are its data.
  const itemLetters = [...itemWords].filter((w) => !/\p{N}/u.test(w));
  const rowOfName = item && itemLetters.length > 0 && itemLetters.every((w) => nameWords.has(w) && ownWords.has(w));
  // A number written as a range holding it is kept ("About 65 bin bags" -> "60–70 bags"): a copy edit rounds a
  // number it said roughly.
  const seenRanges = itemNumbers.length >= 1 ? [...seenRowText.matchAll(/(?<![\p{N}.,:])(\p{N}+)\s*[–-]\s*(\p{N}+)(?![\p{N}.,:])/gu)].map((m) => [Number(m[1]), Number(m[2])]) : [];
  const heldByRange = (w: string) => /^\p{N}+$/u.test(w) && seenRanges.some(([lo, hi]) => lo < hi && Number(w) >= lo && Number(w) <= hi);
  const numbersOfItemKept = itemNumbers.length >= (headingKept || rowOfName ? 1 : 2) && itemNumbers.every((w) => seenRowKeys.has(w) || heldByRange(w));
  // Words its item alone showed gone from every word of its row, as many new ones in their place ("Grey marl" where the
  // recorded row's "Charcoal" was, the rest of the item the same): another item, however few words it changed.
  const rowShows = newWords > 0 ? keys(seen.whole ?? seen.context) : new Set<string>();
  // The words its item alone showed that are its own data: no number, no word of its name or of its field's name.
  const wordsOfItem = [...itemWords].filter((w) => !/\p{N}/u.test(w) && !ofName(w) && !fieldName.has(w));
  const replaced = newWords > 0 ? wordsOfItem.filter((w) => !rowShows.has(w)).length : 0;
  // Under its recorded name, not even an identity of its own kept vouches for such a row (the field's `name` came with
  // the new item: the grey pair's quantity select, the one item ordered twice gone), nor a name no other element reads
  // when a label around it gives it (its label is the same in every item; its own text would be the item's words).
  // But a row still showing every number it showed (two or more) and every capitalised word it alone showed (a
  // party's "Tanaka": its names) is the same row under its recorded name, its note rewritten ("Birthday, one child" ->
  // "Birthday; a kid in group"): a row put in its place shows names of its own ("Grey marl" where "Charcoal" was).
  const namesOfItem = name === 1 && numbersOfItemKept ? [...new Set((expected.item || expected.context).split(/\s+/).filter(capitalised).map((raw) => raw.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')).filter((w) => w && !/\p{N}/u.test(w) && !ofName(w)))] : [];
  const namesOfItemKept = namesOfItem.length > 0 && namesOfItem.every((w) => seenRowKeys.has(w));
  // (Unless the words replaced stood before it in its row, where a row's label stands, and new words stand there now:
  // "Kwame Osei" where "Amara Osei" was before her need "Coeliac", the recorded guest gone. The name is then a value of
  // its column, read the same in another row, not the row's own words.)
  const wordsBefore = (text: string) => {
    const at = text.toLowerCase().indexOf((expected.name || expected.text).toLowerCase());
    return at > 0 ? keys(text.slice(0, at)) : new Set<string>();
  };
  const labelReplaced = uniqueName && replaced > 0 && wordsOfItem.some((w) => wordsBefore(expected.item || expected.context).has(w) && !rowShows.has(w))
    && [...wordsBefore(seen.whole ?? seen.context)].some((w) => /\p{L}/u.test(w) && !itemWords.has(w));
  const replacedRow = replaced > 0 && newWords >= replaced && ((name === 1 && !namesOfItemKept) || (!ownIdentity && !numbersOfItemKept)) && (!uniqueName || ownLabel || labelReplaced);
  // Renamed, an element whose item no longer shows any amount its recorded item alone showed (a price, written with
  // decimals: "£9.99"), while showing another ("£13.99"), is another item's: a copy edit rewrites how a price reads
  // ("£9.99 a month" -> "£9.99/month"), not the price; a new product put where a retired one was has its own.
  const amounts = (text: string) => new Set(text.match(/\p{N}+(?:[.,]\p{N}+)+/gu) || []);
  const recordedAmounts = item && name < 1 ? amounts(expected.item || expected.context) : new Set<string>();
  const seenAmounts = recordedAmounts.size ? amounts(`${seen.whole ?? seen.context} ${seen.item || ''}`) : new Set<string>();
  const otherAmount = seenAmounts.size > 0 && ![...recordedAmounts].some((a) => seenAmounts.has(a));
  // Numbers of three digits or more its item alone showed (a card's last four, "Mastercard ending in 5100"), every one
  // gone from every word of its row while it shows others of its own ("4444"): another item of the same kind (a
  // second Mastercard where the removed one was), as an identifier gone is. A copy edit writes numbers otherwise
  // ("Expires 11/26" -> "Exp. 11/2026"), not other numbers in place of every one. Bare numbers only: a price ("€536",
  // "1,144") is the item's data of the day (another rate shown first), not which item it is.
  const longNumbers = (text: string) => text.split(/\s+/).map((raw) => raw.replace(/^[(\[]+|[)\],.;:!?]+$/gu, ''))
    .filter((w) => /^\p{N}{3,}$/u.test(w) && !nameWords.has(w));
  const recordedNumbers = item ? longNumbers(expected.item || expected.context) : [];
  const seenNumbers = recordedNumbers.length ? new Set(longNumbers(`${seen.whole ?? seen.context} ${seen.item || ''}`)) : new Set<string>();
  const otherNumbers = recordedNumbers.length > 0 && !recordedNumbers.some((n) => seenNumbers.has(n))
    && longNumbers(seen.item ?? seen.context).some((n) => !recordedNumbers.includes(n));
  // A time of day its item alone showed ("Thu 4 Sep 2025, 14:05": an appointment, a departure, a slot), gone from
  // every word of its row while the row shows another time in its place ("14:20"), is another item: the appointment
  // booked a quarter of an hour later at the same centre on the same day, its own one called off. A copy edit writes
  // a time otherwise ("2:05 pm", "2.05pm": read on a twelve-hour clock, so the same time), never another time.
  // (Unless an identifier its row showed is kept, or an identity of its own: the same order updated at "14:20".)
  const timesIn = (text: string) => new Set([...text.matchAll(/(?<![\p{N}.,:£$€¥])(\p{N}{1,2})(?::(\p{N}{2})(?![\p{N}]|[.,]\p{N})|\.(\p{N}{2})\s?(?=[ap]\.?m(?![\p{L}])))/giu)]
    .filter((m) => Number(m[1]) <= 23 && Number(m[2] ?? m[3]) <= 59).map((m) => `${Number(m[1]) % 12}:${m[2] ?? m[3]}`));
  const recordedTimes = item ? [...timesIn(expected.item || expected.context)] : [];
  const seenTimes = recordedTimes.length ? timesIn(`${seen.whole ?? seen.context} ${seen.item || ''}`) : new Set<string>();
  const otherTime = recordedTimes.length > 0 && !identifierKept && !recordedTimes.some((t) => seenTimes.has(t))
    && [...timesIn(seen.item ?? seen.context)].some((t) => !recordedTimes.includes(t));
  // A measure its item showed, a number joined to its unit ("UHT milk 1L", "Rice 2kg", "14.2hh"), its number gone from
  // every word of its row while the row shows a measure of its own ("UHT milk 500ml", new where the litre carton's row
  // was removed): another size of the product, another item, whatever its button reads. A copy edit may write the
  // measure apart ("1 litre"), keeping its number. (Times and ordinals are no measures: "3pm", "2nd".)
  const measuresIn = (text: string) => text.toLowerCase().split(/\s+/).map((raw) => raw.replace(/^[(\[]+|[)\],.;:!?]+$/gu, ''))
    .filter((w) => /^\p{N}+(?:[.,]\p{N}+)?[-‐‑]?\p{L}{1,5}$/u.test(w) && !/^\p{N}+[-‐‑]?(?:am|pm|st|nd|rd|th|s|x)$/u.test(w));
  const numberOfMeasure = (measure: string) => (measure.match(/^\p{N}+(?:[.,]\p{N}+)?/u) || [''])[0];
  const recordedMeasuresOfItem = item ? measuresIn(expected.item || expected.context) : [];
  const seenRowWords = recordedMeasuresOfItem.length ? `${seen.whole ?? seen.context} ${seen.item || ''}`.toLowerCase().split(/\s+/) : [];
  const otherItemMeasure = recordedMeasuresOfItem.length > 0 && measuresIn(seen.item ?? seen.context).some((m) => !recordedMeasuresOfItem.includes(m))
    && recordedMeasuresOfItem.every((m) => !seenRowWords.some((w) => w === numberOfMeasure(m) || (w.startsWith(numberOfMeasure(m)) && !/^[\p{N}.,]/u.test(w.slice(numberOfMeasure(m).length)))));
  // A qualifier in brackets its item gained, of words its item did not show ("Cherry Wine (Live)" where "Cherry Wine"
  // was, "Desk lamp (2 pack)"): another version of the item beside where it was, not its copy edited. (Unless every
  // identifier its row showed is kept: the print "drone-frame-v3.3mf" is the same job, its "PETG" now "PETG (tough)";
  // "Stripe dashboard (test mode)" keeps the site's address, not the account's email: another vault item.)
  const everyIdentifierKept = identifierKept && shownIdentifiers.every((w) => seenItemKeys.has(w));
  const bracketed = (text: string) => (text.match(/\([^()]*\)/gu) || []).flatMap((group) => [...keys(group)]).filter((w) => /\p{L}/u.test(w));
  // (A word its row showed cut short is none: "Tide-dependent: clear until 11:30" -> "is clear until 11:30 (tide)".)
  const qualified = item && !nameOnlyItem && bracketed(seen.item ?? seen.context).some((w) => !itemWords.has(w) && !ofName(w) && !partOfItemWord(w) && !keys(expected.item || expected.context).has(w));
  // (Unless its row still shows every number it showed, two or more, and a word of letters it alone showed: "Bar fridge
  // 2 (under counter)" at "8.4°C", "11:40", its status and button rewritten, is the same unit qualified. A dialog
  // repeating a row's numbers in a sentence of its own, "47 890 (day)", shows none of the row's words.)
  const qualifiedKept = numbersOfItemKept && wordsOfItem.some((w) => seenRowKeys.has(w));
  // A row showing no word of its own but numbers ("2nd", "11": a second dose of a vaccine another row names, put
  // where the recorded "Kennel cough (intranasal)" row was), while most of the words the recorded row alone showed
  // (two or more) are gone from all of it, is another row: nothing it shows is the recorded one's. Rows recorded
  // with an `item` are left out: that item's words are what no other item showed, and a look-alike takes them. A row
  // showing nothing of its own at all is no exception ("Oboe | Cor anglais | Unfilled", new beside the recorded "2nd
  // (doubling cor anglais)" row, sharing every word with it).
  const rowLetterWords = item && !expected.item ? wordsOfItem.filter((w) => !FUNCTION_WORDS.includes(w)) : [];
  // (A word kept inside a compound, "One" of "One-tray", is kept.)
  const wholeText = `${seen.whole ?? seen.context} ${seen.item || ''}`;
  const wholeNow = rowLetterWords.length >= 2 ? keys(`${wholeText} ${wholeText.replace(/-/g, ' ')}`) : new Set<string>();
  const rowWordsGone = newWords === 0 && rowLetterWords.length >= 2 && rowLetterWords.filter((w) => !wholeNow.has(w)).length * 2 > rowLetterWords.length;
  // A name its row showed lengthened by a capitalised word ("The Wild Robot" -> "The Wild Robot Escapes": a word
  // written as a name right after a kept one), while a number its row alone showed is gone from all of it ("2 of 3
  // used" -> "0 of 3 used"), is another item: a sequel or another edition borrowed beside it, put where it was. A
  // title lengthened with its row's numbers kept is its copy edited ("The Wild Robot: A Novel"); a number kept with
  // a unit after it is kept ("23" -> "23m").
  /** Whether the word at `i` is a capitalised word its item did not show, right after a capitalised word it did. */
  const newNameAfterKept = (raws: string[], i: number) => i > 0 && capitalised(raws[i]) && !itemWords.has(keyOf(raws[i]))
    && capitalised(raws[i - 1]) && itemWords.has(keyOf(raws[i - 1]));
  const nameLengthened = newWords > 0 && itemNumbers.length > 0 && (() => {
    const raws = (expected.item ? seen.item ?? seen.context : seen.context).split(/\s+/);
    return raws.some((raw, i) => newNameAfterKept(raws, i) && !partOfItemWord(keyOf(raw)));
  })();
  const rowNow = nameLengthened ? [...keys(`${seen.whole ?? seen.context} ${seen.item || ''}`)] : [];
  const lengthenedOther = nameLengthened && itemNumbers.some((n) => !rowNow.some((w) => w === n || (w.startsWith(n) && /^\p{L}+$/u.test(w.slice(n.length)))));
  // Renamed, an element whose item still shows every name it alone showed (its capitalised words, two or more: the
  // wine "Sancerre", its maker "Millet", its region "Loire") and every number (its price), its prose rewritten
  // ("Gooseberry, flint, bright acidity" -> "Crisp and flinty with gooseberry") and every card's "Swap" now "Change
  // wine": the item's names and data say which item it is, its description is copy. A card put in its place shows a
  // name of its own, and one lengthening a kept name ("Sancerre Rosé": a capitalised word right after a kept one, no
  // mark between) is another wine of the same maker.
  /** The names its item alone showed: its capitalised words of letters, none of its own name's. */
  const namesItemShowed = () => [...new Set((expected.item || expected.context).split(/\s+/).filter(capitalised).map(keyOf)
    .filter((w) => w && /\p{L}/u.test(w) && !/\p{N}/u.test(w) && itemWords.has(w) && !ofName(w)))];
  const rowNames = item && name < 1 && itemNumbers.length > 0 ? namesItemShowed() : [];
  const rowNamesKept = rowNames.length >= 2 && rowNames.every((w) => seenRowKeys.has(w)) && itemNumbers.every((w) => seenRowKeys.has(w)) && (() => {
    const raws = (seen.whole ?? (expected.item ? seen.item ?? seen.context : seen.context)).split(/\s+/);
    return !raws.some((_, i) => newNameAfterKept(raws, i) && /[\p{L}\p{N}]$/u.test(raws[i - 1]));
  })();
  // Not even an identity of its own kept vouches for a row whose data is all another's: every number of three digits or
  // more it showed (two or more) gone and others in their place (otherNumbers), and every name it alone showed (its
  // capitalised words, two or more) gone from all of it. Rows numbered by their place (a round's pairings, "board 5"
  // and its result select `name="result-5"`) keep the field's `name` when a game is taken out or put in before it,
  // and the game in its place is another: "Novak, Tereza 1795" where "Yusuf, Amira 1822" was. A copy edit rewrites a
  // row's copy, not its names and numbers at once.
  const rowDataNames = otherNumbers && recordedNumbers.length >= 2 ? namesItemShowed().filter((w) => !FUNCTION_WORDS.includes(w)) : [];
  const seenRowData = rowDataNames.length >= 2 ? keys(`${seen.whole ?? seen.context} ${seen.item || ''}`) : new Set<string>();
  const rowDataReplaced = rowDataNames.length >= 2 && rowDataNames.every((w) => !seenRowData.has(w));
  const anotherItem = item && (rowDataReplaced || (lengthenedOther && !identifierKept && !ownIdentity && !outerVouches && !dataVouches) || (rowWordsGone && !numbersOfItemKept && !identifierKept && !ownIdentity && !outerVouches && !dataVouches) || (identifierGone && !ownIdentity) || (otherNumbers && !ownIdentity) || (otherTime && !ownIdentity) || (otherItemMeasure && !ownIdentity) || otherAmount || (qualified && !everyIdentifierKept && !qualifiedKept) || (!identifierKept && !outerVouches && !dataVouches && newWords > 0
    && ((!ownIdentity && !uniqueName && !numbersOfItemKept && !rowNamesKept && newWords > NEW_WORDS_SHARE * rowWords.length) || replacedRow)));
  add(0.5, seen.position[0] === expected.position[0] ? 1 : 0);
  if (ignoreName && expected.place && seen.place) {
    // The same place counted from either end: a look-alike inserted before or after it moves only one count. In a
    // group that lost members since, the place is no evidence for a name keeping no word of the recorded one: the
    // recorded one gone, the next moved into its place ("Request photo", now "Ask for a photo", where the removed
    // "Request receipt" was). A name keeping one that no recorded look-alike had, an ending or a plural aside, still
    // has it when one member went ("Roam in Europe" -> "Europe roaming" beside a removed add-on, "roam" shared with
    // "Roam further"); not one keeping only a word they all shared ("Leave a maximum bid", in the place of the gone
    // "Telephone bid" whose "bids" the look-alikes' "bid" was), nor in a group of another size altogether ("Create
    // playlist", alone in a submenu, is not in the place of "Add to playlist", first of nine).
    const [i, n] = expected.place;
    const [j, m] = seen.place;
    const sameWord = (a: string, b: string) => a === b || inflectionOf(a, b) || a === `${b}s` || b === `${a}s`;
    const keepsWord = () => [...nameWords].some((w) => !FUNCTION_WORDS.includes(w) && ![...lookalikeKeys].some((k) => sameWord(k, w)) && [...nowKeys].some((k) => sameWord(k, w)));
    add(1, (i === j || n - i === m - j) && (m >= n || (m === n - 1 && keepsWord())) ? 1 : 0);
  }
  const score = Math.round((agreed / total) * 1000) / 1000;
  // Identifiers in a name (an account, order or ticket number: digits only, three or more) are not copy: a name whose
  // words changed and whose identifier changed too ("Northside Property Management ••4410" -> "Northside Property
  // Group ••9902") names another element. Shorter numbers ("tier 2", "3 items") may go with a copy edit.
  const identifiers = (text: string) => [...words(text)].filter((w) => /^\p{N}{3,}$/u.test(w));
  const seenName = words(seen.name || seen.text);
  // A name told from its look-alikes' names only by numbers (a time slot "2:30 pm" beside "2:00 pm", a date) is
  // known by those numbers: another time is another slot, whatever else it shares.
  const peerWords = new Set((expected.peers || []).flatMap((peer) => [...words(peer)]));
  const distinctName = [...words(expected.name || expected.text)].filter((w) => !peerWords.has(w));
  // (Unless every value its row alone held is kept: numbers naming a position then, "Option 3" -> "Option 4".)
  const byNumbers = !rowKept && !!expected.peers && distinctName.length > 0 && distinctName.every((w) => /^\p{N}+$/u.test(w)) ? distinctName : [];
  // In a row, list item or card: the words of an aria-label or title naming the element ("Remove Ana Lima" on a "×")
  // that the item shows and the element's own text does not are the item's data ("Ana Lima", "draft.png"): a copy
  // edit of the label keeps them; a name without them ("Remove Ana Lopes") is another item's element (dataWords, above).
  // Its own text naming its item's data too ("Renew The Overstory": words its row, list item or card alone showed, no
  // look-alike's name had and no action names), every one of them gone from both its name and its item, while its new
  // name names what its item alone shows now ("Renew Bewilderment" in the row of "Bewilderment"): another item's
  // element. A copy edit keeps the data in its name, or drops it with the item still showing it, or names nothing new
  // of its item ("Move to…" -> "Move").
  // Data, not copy: written as a name is (capitalised past its first word: "The Overstory", "Power Yoga"; not
  // "auto-refill" of "Pause auto-refill", which a menu alone in its row shows too) or with digits.
  const shownByItem = !textApart && item && name < 1 ? keys(expected.item || expected.context) : new Set<string>();
  const written = shownByItem.size ? writtenAsName(expected.name || expected.text) : new Set<string>();
  const namedData = [...written].filter((w) => nameWords.has(w) && shownByItem.has(w) && !peerWords.has(w) && actionsOf(w).length === 0);
  const seenItemNow = namedData.length ? keys(`${seen.whole ?? seen.context} ${seen.item || ''}`) : new Set<string>();
  const seenItemAlone = namedData.length ? keys(seen.item || seen.context) : new Set<string>();
  const namedDataGone = namedData.length > 0 && namedData.every((w) => !ownWords.has(w) && !seenItemNow.has(w))
    && [...ownWords].some((w) => !nameWords.has(w) && seenItemAlone.has(w) && actionsOf(w).length === 0);
  // A time in a name ("Join waitlist for Power Yoga at 19:00", written with a colon: "34.63" is a price) is the data of
  // what it names, as a number is: a name reading other times instead ("at 19:15") names another class, slot or
  // departure. (Written otherwise, "7–8pm" for "19:00–20:00", or dropped, it may be a copy edit.)
  const times = (text: string): string[] => text.match(/(?<![\p{N}:.])\p{N}{1,2}:\p{N}{2}(?![\p{N}:])/gu) || [];
  const timesKept = () => {
    const [recorded, now] = [times(expected.name || expected.text), times(seen.name || seen.text)];
    return !recorded.length || !now.length || recorded.some((t) => now.includes(t));
  };
  // Renamed, an element outside any item whose context showed numbers (two or more of three digits or more, not of
  // its name: a one-time code's "482 913" beside "Copy one-time code"), none of them shown around it any more, is
  // gone with the data it acted on ("Copy next backup code" beside "8 of 10 left", the code gone with a passkey): a
  // copy edit keeps the data ("Copy verification code" beside "482 913"). Shorter numbers are often copy ("Address
  // line 1", "line 2" -> "Street address", "Apartment, suite").
  const contextNumbers = name < 1 && !item ? [...new Set(expected.context.replace(expected.name || expected.text, ' ').match(/\p{N}{3,}/gu) || [])] : [];
  const seenNumberRuns = contextNumbers.length >= 2 ? new Set(`${seen.whole ?? seen.context} ${seen.item || ''}`.match(/\p{N}+/gu) || []) : new Set<string>();
  const contextNumbersGone = contextNumbers.length >= 2 && contextNumbers.every((n) => !seenNumberRuns.has(n));
  // A word written as a name (past its first word: the colour "Sand" of "Vegan leather – Sand"), naming no action, that
  // alone told the recorded name from its look-alikes' names ("Vegan leather – Slate"), gone from a name showing a
  // capitalised word of its own instead ("Stone vegan leather", new beside it): another element of its kind, another
  // colour. A copy edit keeps the datum however it words the rest ("Sand vegan leather"); a word of copy told it apart
  // ("settings" of "Save settings" beside "Save draft") is written small, and a rename may drop it.
  // (Only in a name written in sentence case, a word of it besides those a sentence is built with written small: in
  // "Save Settings" beside "Save Draft" capitals are how the page writes its copy, and "Save Preferences" may be it.)
  const sentenceCase = (text: string) => text.split(/\s+/).some((raw) => /^\P{L}*\p{Ll}/u.test(raw) && !FUNCTION_WORDS.includes(keyOf(raw)));
  const namedDistinct = name < 1 && sentenceCase(expected.name || expected.text) ? [...writtenAsName(expected.name || expected.text)].filter((w) => distinctName.includes(w) && /\p{L}/u.test(w) && actionsOf(w).length === 0) : [];
  const recordedNameKeys = namedDistinct.length ? keys(expected.name || expected.text) : new Set<string>();
  // (Unless a number of three digits or more told it from its look-alikes and every such number is kept: the boot
  // "B-2741 … Very good" -> "B-2741 … Like new" is that boot, its condition's copy rewritten.)
  const distinctIds = distinctName.filter((w) => /^\p{N}{3,}$/u.test(w));
  const idKeptInName = distinctIds.length > 0 && distinctIds.every((w) => seenName.has(w));
  const otherNamed = namedDistinct.length > 0 && !idKeptInName && distinctName.every((w) => !/\p{L}/u.test(w) || !seenName.has(w))
    // (The words it shared with its look-alikes, the kind's, "vegan leather", kept around the new one: a label rewritten
    // whole, "2 Time off" -> "2 Leave", is a copy edit or nothing this says.)
    && [...recordedNameKeys].some((w) => /\p{L}/u.test(w) && !distinctName.includes(w) && !FUNCTION_WORDS.includes(w) && seenName.has(w))
    // (Written out or cut short, "Uni" -> "University", it is the same word.)
    && (seen.name || seen.text).split(/\s+/).map((raw) => (capitalised(raw) ? keyOf(raw) : ''))
      .some((k) => !!k && !recordedNameKeys.has(k) && !namedDistinct.some((d) => k.startsWith(d) || d.startsWith(k)));
  // A code in the name (capitals only, two to five letters, in a name written with small letters too: a test's "MG" of
  // "Magnesium MG") that no look-alike's name had, gone from a name showing a longer code holding it ("Magnesium,
  // ionized IMG", new beside it): another element, a variant of it, as a part's kit "ACT1089A" is another part. A
  // copy edit keeps a code, or drops it; another code in its place may be its copy ("Tax ID" -> "VAT / tax number").
  const codesOf = (text: string) => text.split(/\s+/).map(trimMarks).filter((w) => /^\p{Lu}{2,5}$/u.test(w)).map((w) => w.toLowerCase());
  const recordedCodes = name < 1 && /\p{Ll}/u.test(expected.name || expected.text) ? codesOf(expected.name || expected.text).filter((w) => !peerWords.has(w)) : [];
  const otherCode = recordedCodes.length > 0 && recordedCodes.every((c) => !seenName.has(c))
    && codesOf(seen.name || seen.text).some((c) => recordedCodes.some((r) => c.length > r.length && c.includes(r)));
  // A year a field's label named (the tax year of "Months lived with you in 2025"), dropped by a rewrite of the label
  // with no other number in its place ("How many months did Maya live with you?"), is copy: the form is that year's.
  // Another year in its place is another field.
  const yearDropped = (n: string) => ['input', 'select', 'textarea'].includes(expected.tag) && /^(?:19|20)\p{N}{2}$/u.test(n) && identifiers(seen.name || seen.text).length === 0;
  // Numbers its control's value spells ("8x10" of the print size "8 × 10 in £32"), that value kept: the form's data
  // says which option it is, and a copy edit may write them in other units ("20 × 25 cm £32").
  const valueNumbers: string[] = expected.value !== undefined && seen.value === expected.value ? expected.value.match(/\p{N}+/gu) || [] : [];
  // A number its name spelled out ("Division One": the league's first division) is its data as a number written in
  // digits is: renamed, a name saying another number ("Div 3", every tab cut short and the tabs reordered) is another
  // element; one saying the same ("Div 1") or none may be it.
  const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
  /** The number a word says, in digits or spelled out ("one" -> "1", "01" -> "1"); '' for any other word. */
  const numberOf = (w: string) => (/^\p{N}+$/u.test(w) ? String(Number(w)) : NUMBER_WORDS.includes(w) ? String(NUMBER_WORDS.indexOf(w)) : '');
  const spelledNumbers = name < 1 ? [...words(expected.name || expected.text)].filter((w) => NUMBER_WORDS.includes(w)).map(numberOf) : [];
  const numbersSaid = spelledNumbers.length ? [...seenName].map(numberOf).filter(Boolean) : [];
  const otherNumber = numbersSaid.length > 0 && !spelledNumbers.some((n) => numbersSaid.includes(n));
  // A word of its data is kept written the other way, in digits or spelled out ("Scaffolding (2 elevations)" ->
  // "Scaffolding, two elevations").
  const otherWay = (w: string) => (/^\p{N}+$/u.test(w) ? NUMBER_WORDS[Number(w)] || '' : NUMBER_WORDS.includes(w) ? numberOf(w) : '');
  // (Numbers written joined or apart are the same numbers: "Child (5–15)" -> "Child, 5 to 15"; see joinedNumbers.)
  const [nameJoined, seenNameJoined] = dataWords.length ? [joinedNumbers(expected.name), joinedNumbers(seen.name || seen.text)] : [new Map<string, string[]>(), new Map<string, string[]>()];
  /** Whether its name now keeps the data word `w`, as it was or written the other way. */
  const dataKept = (w: string) => ownWords.has(w) || ownWords.has(otherWay(w)) || keptWord(w, nameWords, ownWords, nameJoined, seenNameJoined);
  // Its row's item renamed with it, the row's numbers kept ("Full head colour 90 min £85" -> "All-over colour 90 min
  // £85", its select "Stylist for Full head colour" now "All-over colour: stylist"): a word of the item's data gone
  // from its name is gone from its row too, and its name says a word its row shows now that the recorded row did not.
  // The numbers say which row it is; the name follows its row's copy. (A row put in its place shows other numbers.)
  // (Or by every number its row showed, two or more, those its name said among them: "Child 15–30 6" -> "Kids 15–30 6",
  // a life jacket size's row and its "Add a Child 15–30 kg jacket" -> "Add one Kids 15–30 kg jacket".)
  const rowNumbers = dataWords.length ? [...itemWords].filter((w) => /\p{N}/u.test(w)) : [];
  const rowNumbersKept = rowNumbers.length >= 2 && rowNumbers.every((w) => keys(seenRowText).has(w));
  const dataGone = numbersOfItemKept || everyIdentifierKept || rowNumbersKept ? dataWords.filter((w) => !dataKept(w)) : [];
  const rowNowKeys = dataGone.length ? keys(`${seen.whole ?? seen.context} ${seen.item || ''}`) : new Set<string>();
  // (Words only: a number of its data is its data, "2 days" is not "three days".)
  // Its row's identifier kept (an application's "A-88134"), the identifier says which row it is: a word its name
  // dropped that its row dropped too is the row's copy edited with it, when its name keeps another word of its data
  // its row still shows ("Allocate a room to Chidi Okafor" -> "Allocate Chidi Okafor", the row's badge "Accessible
  // room" now "Accessible").
  // (Not when none of its data is kept and another word its row alone showed is gone too: "Message Kit Alvarez" of
  // "Kit Alvarez Cello 15:00 £180.00" where "Message Noor Haddad" of "Noor Haddad Viola 15:00 £180.00" is now, the
  // cellist removed and a violist booked for the same call and fee. The numbers agree by chance; the row is another.)
  const rowReplaced = dataGone.length > 0 && !dataWords.some(dataKept) && wordsOfItem.some((w) => !rowNowKeys.has(w));
  const renamedWithRow = dataGone.length > 0 && !rowReplaced && dataGone.every((w) => !rowNowKeys.has(w) && !numberOf(w))
    && ([...ownWords].some((w) => /\p{L}/u.test(w) && !numberOf(w) && rowNowKeys.has(w) && !recordedContextKeys.has(w) && !itemWords.has(w))
      || (everyIdentifierKept && dataWords.some((w) => dataKept(w) && rowNowKeys.has(w))));
  // Every word of its name kept (a plural written singular or the other way the same word), a phrase added (two words
  // or more, not those a sentence is built with) with a number new to it: a variant of it, new where it was ("Thursday
  // 13 March, early drop before 8am, 2 slots left" for a gone "Thursday 13 March, 4 slots left"; "Triaged: high
  // severity, fix in 30 days" for a gone "Triaged: high severity"), not it. A copy edit keeps its numbers or rewrites
  // the words around them; a count changing with the data may gain the word of its unit ("Logins 31" -> "Login items
  // 30", a login deleted meanwhile).
  const namedNumbers = name < 1 ? [...words(expected.name || expected.text)].filter((w) => /^\p{N}+$/u.test(w)) : [];
  const newNumbers = name < 1 ? [...words(seen.name || seen.text)].filter((w) => /^\p{N}+$/u.test(w) && !namedNumbers.includes(w)) : [];
  const recordedSingular = newNumbers.length ? singular(expected.name || expected.text).split(' ') : [];
  const nowSingular = new Set(recordedSingular.length ? singular(seen.name || seen.text).split(' ') : []);
  const variantOf = recordedSingular.some((w) => /\p{L}/u.test(w)) && recordedSingular.every((w) => nowSingular.has(w) || namedNumbers.includes(w))
    && [...nowSingular].filter((w) => !recordedSingular.includes(w) && /\p{L}/u.test(w) && !FUNCTION_WORDS.includes(w)).length >= 2;
  // Renamed, its own text an amount (a price, written with decimals: "£112.00" on "Select Flexi fare for the 14:10
  // sailing") that it no longer shows, showing another ("£139.00" on "Select Flexi Plus fare …"): another fare, another
  // product. A copy edit of its label keeps the price it shows.
  const ownAmounts = name < 1 && expected.text ? amounts(expected.text) : new Set<string>();
  const seenOwnAmounts = ownAmounts.size ? amounts(seen.text || '') : new Set<string>();
  const otherOwnAmount = seenOwnAmounts.size > 0 && ![...ownAmounts].some((a) => seenOwnAmounts.has(a));
  // A radio's value kept, a word ("exhibitor", not "on"), is the key its form sends for that choice: a copy edit
  // rewriting the choice's label ("Exhibitor All three show days" -> "Exhibitor pass Valid 10–12 June") keeps it,
  // and another choice has its own. Neither the datum nor the number its label said is then what tells it apart.
  const choiceKept = expected.attributes.type === 'radio' && !!expected.value && /\p{L}{3,}/u.test(expected.value)
    && seen.value === expected.value && seen.attributes.name === expected.attributes.name;
  // A form's submit showing an amount shows the form's total ("Submit order · £904.80"): a line added to the order
  // changes it ("£957.60"). Its one amount changed, every word of its name kept and no look-alike's name sharing
  // them, it is the form's submit still; the amount is the data the form sums, not which button it is.
  const letterWords = (text: string) => [...words(text)].filter((w) => /\p{L}/u.test(w)).sort().join(' ');
  const totalWords = name < 1 && expected.tag === 'button' && expected.attributes.type === 'submit' && seen.attributes.type === 'submit'
    && amounts(expected.name).size === 1 && amounts(seen.name).size === 1 ? letterWords(expected.name) : '';
  const formTotal = totalWords !== '' && letterWords(seen.name) === totalWords
    && !(expected.peers || []).some((peer) => totalWords.split(' ').every((w) => words(peer).has(w)));
  // A measure in the name, a number joined to its unit ("16-inch Dobsonian", "2-person tent"), is its data: renamed, a
  // name showing another number in that unit and not the recorded one ("10-inch Dobsonian (loan)", new in the row of
  // a removed "16-inch" one) names another thing. A count is written apart from its word ("3 left").
  const measuresOf = (text: string) => text.toLowerCase().split(/\s+/).map(trimMarks).filter((w) => /^\p{N}+(?:[.,]\p{N}+)?[-‐‑]\p{L}+$/u.test(w));
  const recordedMeasures = name < 1 ? measuresOf(expected.name || expected.text) : [];
  const seenMeasures = recordedMeasures.length ? measuresOf(seen.name || seen.text) : [];
  const unitOf = (measure: string) => measure.replace(/^[\p{N}.,]+[-‐‑]/u, '');
  const otherMeasure = recordedMeasures.some((m) => !seenMeasures.includes(m) && seenMeasures.some((w) => unitOf(w) === unitOf(m)));
  // A name of numbers alone (a time slot "10:45", a seat "14", a date "12/05") says its numbers: renamed, it still says
  // every one of them ("10.45am", "10:45, 2 places left"). One saying none of them in words of its own ("Join the
  // waiting list", new in its form where the gone slot was) is another element, whatever it agrees on besides: the
  // form around every slot is the same.
  const numbersOnly = name < 1 && /\p{N}/u.test(expected.name || expected.text) && !/\p{L}/u.test(expected.name || expected.text);
  // (A leading zero aside, "09:15" -> "9:15"; a unit or the half of the day joined to it kept, "10:45am".)
  const unpadded = (w: string) => w.replace(/^0+(?=\p{N})/u, '');
  const seenUnpadded = numbersOnly ? [...seenName].map(unpadded) : [];
  // (A time written on a twelve-hour clock keeps it too: "19:00–20:00" -> "7–8pm", its hours said, its minutes none.)
  const seenNumbers12 = seenUnpadded.map((w) => unpadded(w.replace(/\p{L}+$/u, '')));
  const numbersOnlyKept = !numbersOnly || [...words(expected.name || expected.text)].map(unpadded)
    .every((n) => seenUnpadded.some((w) => w === n || (w.startsWith(n) && /^\p{L}+$/u.test(w.slice(n.length)))))
    || (() => {
      const times = [...(expected.name || expected.text).matchAll(/(\p{N}{1,2}):(\p{N}{2})/gu)];
      return times.length > 0 && times.every((m) => (seenNumbers12.includes(String(Number(m[1]) % 12 || 12)) || seenNumbers12.includes(String(Number(m[1]))))
        && (m[2] === '00' || seenNumbers12.includes(unpadded(m[2]))));
    })();
  const numbersKept = name === 1 || (numbersOnlyKept && (!otherNamed || choiceKept) && !variantOf && !otherMeasure && !otherOwnAmount && !otherCode && (!otherNumber || choiceKept) && (formTotal || [...identifiers(expected.name || expected.text).filter((n) => !yearDropped(n)), ...byNumbers].every((n) => seenName.has(n) || valueNumbers.includes(n)))
    && (renamedWithRow || dataWords.every(dataKept)) && !namedDataGone && timesKept() && !contextNumbersGone);
  // The class that named its kind among its look-alikes (`publish` beside `edit` and `schedule`) is kept by a copy
  // edit; an element reading another name without it is another kind ("Send for review" where "Publish" was). A
  // name differing only in its numbers ("Inbox (12)" -> "(13)") changed with the data, not the copy, and is not held
  // to it; a build that rehashes every class while the copy changes fails safe, unless a class kept the name before
  // its hash that named its kind (recorded as a mark of its own: see marksOf): "Button--primary__coswqi" for a
  // recorded "Button--primary__lhs5gp".
  const marks = expected.marks || [];
  const marked = name === 1 || !marks.length || seen.classes.some((c) => marks.includes(c) || marks.some((m) => c.startsWith(m) && /^_{1,3}[\p{L}\p{N}]{5,}$/u.test(c.slice(m.length)))) || countOnly;
  // A wrapper around the recorded element, or the element a recorded wrapper held, reads the same and is another one.
  const wrapping = expected.wraps !== undefined && !!seen.wraps !== expected.wraps;
  // A copy edit says the same action in other words; it never changes the action. A name keeping every word of the
  // recorded one but one, that one an action word swapped for a word naming another action ("Copy to another
  // calendar" -> "Move to another calendar", "Sign in" -> "Sign out", "Pin message" -> "Unpin message"), names
  // another control, however much else agrees. Words are grouped by the action they name (synonyms together: "View
  // in Salesforce" -> "Open in Salesforce" is a copy edit, and so is "Add to playlist" -> "Save to playlist": saving
  // something, to a collection or as a new record, is adding it); a word of no group, or a rewrite changing more than the
  // one word, says nothing: "Confirm transfer" -> "Send payment" rephrases the whole name.
  const otherAction = (() => {
    if (name === 1 || countOnly) return false;
    // A field taking text names what it holds, not an action: "New entry" -> "Log entry" (a harbour log's) is the
    // same field, whatever "log" means on a button.
    if (['input', 'textarea', 'select'].includes(expected.tag) && !['checkbox', 'radio', 'submit', 'button', 'reset', 'image'].includes(expected.attributes.type || '')) return false;
    // (The words a sentence is built with aside, when more than one word went or came and two words or more of its
    // own are kept: "Upload Statement on origin" -> "Delete Origin statement" swapped "upload" for "delete", its "on"
    // dropped with the reordering. With one word kept, "Confirm change" -> "Confirm and pay", which word is the
    // action is not said: "change" is the plan's.)
    const allGone = [...nameWords].filter((w) => !ownWords.has(w));
    const allAdded = [...ownWords].filter((w) => !nameWords.has(w));
    const swapped = allGone.length === 1 && allAdded.length === 1;
    const keptOwn = [...nameWords].filter((w) => ownWords.has(w) && !FUNCTION_WORDS.includes(w));
    const gone = swapped || keptOwn.length < 2 ? allGone : allGone.filter((w) => !FUNCTION_WORDS.includes(w));
    const added = swapped || keptOwn.length < 2 ? allAdded : allAdded.filter((w) => !FUNCTION_WORDS.includes(w));
    // A form's submit button says what submitting the form does, and a copy edit may say it with another verb of
    // committing the form ("Save tariff" -> "Publish tariff", "Update profile" -> "Save profile"; a form that adds a
    // record commits by adding or posting it: "Add note" -> "Post note"): still the form's one
    // submit, when no look-alike of it named such a verb when the step was recorded ("Save draft" beside "Publish":
    // then the verb is what told them apart).
    const COMMITS = ['save', 'update', 'apply', 'submit', 'publish', 'confirm', 'add', 'post'];
    const commits = (w: string) => COMMITS.includes(w);
    const committing = (was: string[], now: string[]) => expected.tag === 'button' && expected.attributes.type === 'submit'
      && was.every(commits) && now.every(commits) && !(expected.peers || []).some((peer) => [...words(peer)].some(commits));
    // Rewritten further, a name keeping a word of its own while every word naming its action went, one naming another
    // action come instead, names another control when a recorded look-alike naming the recorded action by that very
    // word still reads as it did beside it: the copy kept the word ("Assign to subcontractor…" -> "Request a quote
    // from subcontractor…", new in a menu the recorded item left, "Assign to site team…" still in it). A rewrite
    // renaming the look-alikes too says nothing ("Choose last day" -> "Open calendar for the last day", with "Choose
    // first day" -> "Open calendar for the first day"). (The particles of a phrasal verb, "in", "out", "up", say no
    // action of their own.)
    const PARTICLES = ['in', 'into', 'out', 'up', 'down', 'on', 'off', 'earlier', 'later'];
    const verbs = (list: string[]) => list.filter((w) => !PARTICLES.includes(w) && actionsOf(w).length > 0);
    const [goneVerbs, addedVerbs] = [verbs(allGone), verbs(allAdded)];
    if (keptOwn.length > 0 && goneVerbs.length > 0 && addedVerbs.length > 0 && !verbs(keptOwn).length
      && !goneVerbs.some((g) => addedVerbs.some((a) => sameAction(g, a))) && !committing(goneVerbs, addedVerbs)) {
      const around = (seen.whole ?? seen.context).toLowerCase();
      if ((expected.peers || []).some((peer) => goneVerbs.some((v) => words(peer).has(v)) && around.includes(peer))) return true;
    }
    if (gone.length !== 1 || added.length !== 1 || nameWords.size < 2) return false;
    const [was, now] = [gone[0], added[0]];
    if (committing([was], [now])) return false;
    // Opposites by prefix: "pin" / "unpin", "connect" / "disconnect", "select" / "deselect", "read" / "unread".
    const negates = (a: string, b: string) => a.length >= 3 && ['un', 'dis', 'de', 'non'].some((prefix) => b === prefix + a);
    if (negates(was, now) || negates(now, was)) return true;
    return actionsOf(was).length > 0 && actionsOf(now).length > 0 && !sameAction(was, now);
  })();
  // Nor does a copy edit change a value its look-alikes' names vary in: a name keeping every word of the recorded one
  // but one, that word swapped for another that a recorded look-alike's name had instead of it, while the recorded
  // word was a look-alike's too ("Wed 4 Jun, afternoon", new where the date "Wed 4 Jun, morning" was removed, beside
  // "Mon 2 Jun, afternoon" and "Mon 9 Jun, morning"), names another element: the word is their data.
  const otherValue = (() => {
    if (name === 1 || countOnly || !expected.peers) return false;
    const gone = [...nameWords].filter((w) => !ownWords.has(w));
    const added = [...ownWords].filter((w) => !nameWords.has(w));
    if (gone.length !== 1 || added.length !== 1 || !/\p{L}/u.test(added[0]) || actionsOf(added[0]).length > 0) return false;
    return peerWords.has(gone[0]) && expected.peers.some((peer) => { const theirs = keys(peer); return theirs.has(added[0]) && !theirs.has(gone[0]); });
  })();
  // Nor does a copy edit move an element to another day: a name naming a weekday (or a month) that names another
  // weekday (another month) now, in any of their forms (WORD_FORMS: "Tuesday" and "Tue" are one), names another day's
  // element ("Thu 17:30" in the place of the removed "Tuesday 17:30", the time the same). Days are data, written
  // otherwise by a copy edit ("Sat 14 Jun" -> "14 June", the weekday dropped; "14 June" -> "Sat 14 June", added),
  // never changed. ("May" is a word of its own.)
  const DAY_WORDS = [['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], ['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']];
  const otherDay = name < 1 && DAY_WORDS.some((kind) => {
    const recordedDays = [...nameWords].filter((w) => kind.includes(w));
    const seenDays = recordedDays.length ? [...ownWords].filter((w) => kind.includes(w)) : [];
    return seenDays.some((d) => !recordedDays.includes(d));
  });
  // Nor one rewritten further that says the value a look-alike's name had where the recorded name had its own, that
  // look-alike's name one word apart from the recorded one ("More adults" beside the recorded "More children"), and
  // not the recorded word ("Add one to adults", the household steppers' labels rewritten and reordered): the word is
  // their data, and it names the look-alike.
  const otherSlot = name < 1 && !countOnly && !!expected.peers && expected.peers.some((peer) => {
    const theirs = peerKeysOf(peer);
    const mine = [...nameWords].filter((w) => !theirs.has(w));
    const their = [...theirs].filter((w) => !nameWords.has(w));
    // (The recorded word a look-alike's too, "Fewer children": a value the look-alikes' names vary in, as in otherValue.
    // "Issue selected" beside "Issue transmittal" vary in no value.)
    if (mine.length !== 1 || their.length !== 1 || !/\p{L}/u.test(their[0]) || !/\p{L}/u.test(mine[0]) || !peerWords.has(mine[0])) return false;
    return holdsWord(ownWords, their[0]) && !holdsWord(ownWords, mine[0]);
  });
  // Nor does a copy edit change the kind of file a control makes or takes: a name naming other file formats than the
  // recorded one ("Download receipts (single PDF)" or "Export lines (.csv)" where "Download receipts (ZIP)" was)
  // names another control. A name naming none ("Download all receipts") says nothing either way.
  const FORMATS = ['pdf', 'csv', 'tsv', 'zip', 'xlsx', 'xls', 'excel', 'xml', 'json', 'txt', 'docx', 'odt', 'ods', 'pptx', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'mp3', 'mp4', 'wav', 'ics', 'vcf', 'html', 'markdown', 'rtf', 'epub'];
  const formatsOf = (wordKeys: Set<string>) => [...wordKeys].filter((w) => FORMATS.includes(w));
  const recordedFormats = formatsOf(nameWords);
  const seenFormats = recordedFormats.length && name < 1 ? formatsOf(ownWords) : [];
  const otherFormat = seenFormats.length > 0 && (seenFormats.some((f) => !recordedFormats.includes(f)) || recordedFormats.some((f) => !seenFormats.includes(f)));
  // Nor one in whose name a word that alone told the recorded name from its look-alikes' names (its datum: the tag
  // "shipping" of "Remove tag shipping" beside "Remove tag billing") is no longer a word of its own but part of a
  // compound with a new word ("Remove tag shipping-damage"): another datum, another element. A copy edit keeps a
  // datum whole.
  const tokensOf = (text: string) => text.toLowerCase().split(/\s+/).map(trimMarks);
  const tokens = name < 1 && distinctName.length ? tokensOf(seen.name || seen.text) : [];
  const recordedTokens = tokens.length ? tokensOf(expected.name || expected.text) : [];
  // (A compound of the recorded name's own words, "price and performance" -> "price-performance", is a copy edit, their
  // endings changed too: "Dry cleaning (3)" -> "Dry-clean items 3 items".)
  const recordedKeys = tokens.length ? words(expected.name || expected.text) : new Set<string>();
  const compounded = new Set(tokens.filter((t) => /[\p{L}\p{N}][-_./:+][\p{L}\p{N}]/u.test(t))
    .map((t) => t.split(/[-_./:+]+/)).filter((parts) => !parts.every((part) => holdsWord(recordedKeys, part))).flat());
  // A word a sentence is built with is no datum: "in" of "Register and check in" is in "Register walk-in" only as
  // part of "walk-in", and that is a copy edit.
  // (Nor is a word last in its compound, qualified by the new word before it, while other words that alone told it
  // apart stay words of their own: "Braised short rib" -> "Slow-braised beef short rib" is still the short rib.)
  const qualifiedHead = (w: string) => tokens.some((t) => { const parts = t.split(/[-_./:+]+/); return parts.length > 1 && parts[parts.length - 1] === w; })
    && distinctName.some((other) => other !== w && /\p{L}/u.test(other) && !FUNCTION_WORDS.includes(other) && tokens.includes(other));
  const otherDatum = distinctName.some((w) => /\p{L}/u.test(w) && !FUNCTION_WORDS.includes(w) && recordedTokens.includes(w) && compounded.has(w) && !tokens.includes(w) && !qualifiedHead(w));
  // In a table, its column: one keeping fewer than half the words its recorded column's header alone showed is in
  // another column (the "Late" checkbox of another assignment in the same student's row). Not in such a table, it
  // says nothing either way.
  // A header word written out or shortened ("Mo" -> "Mon", "Qty" of "Qty." is the same) is kept.
  const columnKept = () => {
    const recorded = [...keys(expected.column || '')];
    const now = [...keys(seen.column || '')];
    const found = recorded.filter((w) => now.some((n) => n === w || (Math.min(n.length, w.length) >= 2 && (n.startsWith(w) || w.startsWith(n)))));
    return recorded.length ? found.length / recorded.length : 1;
  };
  const anotherColumn = !!expected.column && seen.column !== undefined && columnKept() < 0.5;
  // In a row showing nothing but its fields, those fields' values: a row missing any of the values the recorded row
  // alone held is another row (the "Remove chapter" of another chapter; the "Delete task" of another task starting the
  // same day as the deleted one: field values do not change with copy edits). A value the service redacted (a secret
  // typed there: `${NAME}` or a mask) is no evidence either way.
  const anotherRow = recordedValues.length > 0 && !!seen.fields && !recordedValues.every((v) => seenValues.includes(v));
  // Renamed into a name qualified in brackets by new words ("Refund issued (store credit)") where a recorded
  // look-alike's name was qualified so ("Refund issued (partial)" beside "Refund issued"): the page names its variants
  // in brackets, and that is another variant, not the recorded one's copy edited.
  // (Unless the value its control sends is kept, the form's own key for the choice: "Dive computer" -> "Computer
  // (wrist)", its checkbox still `value="computer"` beside "Nitrox fill (EAN32)"; a variant put beside it sends its own.)
  const qualifiedName = name < 1 && !!expected.peers && expected.peers.some((peer) => /\([^()]*\p{L}/u.test(peer))
    && bracketed(seen.name || seen.text).some((w) => !nameWords.has(w) && !peerWords.has(w)) && !(!!expected.value && seen.value === expected.value);
  // A glyph ("📷") says nothing of which element it is; its title does. One whose title keeps every word of the
  // recorded title and adds a word of its own ("Photo of Hanging planter, small" where the recorded "Photo of Hanging
  // planter" was, that piece's photo removed) is a variant's, named so by the page, not the recorded one's title
  // edited: a copy edit rewrites a title, and a word it adds building the sentence ("the") or naming an action
  // ("View") is no variant's.
  const titleLengthened = !/[\p{L}\p{N}]/u.test(expected.name || expected.text) && !!expected.attributes.title && !!seen.attributes.title
    && seen.attributes.title !== expected.attributes.title && (() => {
      const was = keys(expected.attributes.title);
      const now = keys(seen.attributes.title);
      return [...was].every((w) => now.has(w)) && [...now].some((w) => !was.has(w) && /\p{L}/u.test(w) && !FUNCTION_WORDS.includes(w) && actionsOf(w).length === 0);
    })();
  // In another labelled box than the one it was in (Fingerprint.widget): another stepper's "Increase", another day's
  // "10:30".
  const widgetWords = expected.widget ? new Set(singular(expected.widget).split(' ')) : null;
  const anotherWidget = !!widgetWords && seen.widget !== undefined && !singular(seen.widget).split(' ').some((w) => widgetWords.has(w));
  // Renamed, in an item labelled by a box whose label keeps none of the words of letters its recorded label alone had
  // (written out or cut short, "Tue" -> "Tuesday", a word is kept), words of its own in their place: another item
  // ("Pouilly-Fumé 2022" where the card "Sancerre 2022" was, its vintage and price the same). Its numbers alone (a
  // vintage, a day) say nothing of which card it is; a copy edit keeps the name of a card. (An item's label is its
  // data; a panel's is copy: a thermostat's "Target temperature" box may be rewritten "Set temperature".)
  const widgetLetters = ignoreName && item && widgetWords ? [...widgetWords].filter((w) => /\p{L}/u.test(w)) : [];
  const seenBoxWords = widgetLetters.length && seen.widget !== undefined ? singular(seen.widget).split(' ').filter((w) => /\p{L}/u.test(w)) : [];
  const anotherBox = seenBoxWords.length > 0 && !seenBoxWords.some((w) => widgetLetters.some((r) => r === w || (Math.min(r.length, w.length) >= 3 && (r.startsWith(w) || w.startsWith(r)))));
  const judged = (same: boolean) => {
    if (!same && verdict) verdict.another = true;
    return same ? score : Math.min(score, 0.7);
  };
  // Renamed, an element a label names keeps its own text, a glyph ("■" of "Cancel run #1483"): with its label and its
  // glyph both changed ("⋯" of "Options for run #1483"), nothing of its own is left to say it is the same one.
  const glyphChanged = textApart && !!expected.text.trim() && !/[\p{L}\p{N}]/u.test(expected.text) && name < 1 && seen.text.trim() !== expected.text.trim();
  // Renamed, one of twins (the elements reading as it did, told apart only by their boxes' labels: Fingerprint.widget)
  // in a box keeping no word of its recorded box: nothing of its own says which twin it is but its place among them
  // (a thermostat's "Target temperature" box rewritten "Set temperature", its "+" the first still). When it had an
  // id, a twin in its place with another id is another twin: "Source verified" on five rows of vital signs, "SDV
  // done" now, heart rate's row renamed "Pulse"; with the rows reversed, or three of them no longer verified, the
  // second checkbox is another row's, and its id says so.
  const twinElsewhere = anotherWidget && expected.position[1] > 1 && !!expected.id && seen.id !== expected.id;
  // Renamed, an element of a list item, row or card now in none of that kind is no item's: its context reads the
  // items around it ("Add a customer" below the search results, for a result's "Select" renamed "Use this customer"),
  // but a copy edit does not take a button out of its item.
  const outOfItem = item && !!recordedItemTag && !seen.ancestry.includes(recordedItemTag);
  if (ignoreName) {
    const same = sameElement && context > 0 && !outOfItem && !anotherItem && !anotherOuter && !anotherColumn && !anotherRow && !anotherBox && !qualifiedName && !peerName && numbersKept && marked && !wrapping && !glyphChanged && !otherFormat && !otherDatum && !otherValue && !otherDay && !titleLengthened && !twinElsewhere;
    if (same && otherAction && verdict) verdict.rival = score;
    else if (same && otherSlot && verdict) verdict.slot = score;
    return judged(same && !otherAction && !otherSlot);
  }
  const anchored = name >= 0.6 || countOnly || sameId || keptIdentifiers.length > 0;
  // Under its name too, what it is does not change: text of another label's control (or of none: a chip reading
  // "Bug" beside the label text "Bug" of a checkbox), or an element without an id where it had one (ids get
  // renumbered, not dropped), is another element, whatever it reads. Nor is one reading only part of the recorded
  // name with another link target, field name or test id ("View account in Salesforce", another href, for "View in
  // Salesforce"): its name and its identity both changed, and nothing says it is the same.
  const ownControl = (expected.control === undefined || seen.control === expected.control) && (expected.value === undefined || seen.value === expected.value);
  const idKept = !expected.id || !!seen.id;
  const identityKept = name === 1 || keptIdentity;
  return judged(anchored && ownControl && idKept && identityKept && numbersKept && marked && context > 0 && !anotherItem && !anotherOuter && !anotherColumn && !anotherRow && !anotherWidget && !peerName && !wrapping && !otherAction && !otherFormat && !otherDatum && !otherValue && !otherDay && !titleLengthened && !otherSlot);
}

/**
 * What one candidate matched on a replay: how many elements, and for each
 * of the first MAX_SCORED its agreement and its per-page `uid` (the same
 * element seen through two candidates counts once); `error` when it could
 * not be run.
 */
export interface CandidateMatch {
  /** How many elements it matched. */
  count: number;
  /** Agreement of each scored element (at most MAX_SCORED, or MAX_SCANNED for the fingerprint's own scan). */
  agreements: number[];
  /** Per-page number of each scored element. */
  uids: number[];
  /** Agreement of each scored element on everything but its name (the evidence of a rename). */
  others?: number[];
  /** Each scored element's name (else its text). */
  labels?: string[];
  /** Each scored element in words, for the message of a step that fails (`button "Delete" in "Alice"`). */
  described?: string[];
  /**
   * Whether each scored element is another element by the rules (`fingerprintAgreement` held it at 0.7: another
   * label's control, another item in the recorded one's place, ...): it is no rival either, under the recorded
   * name (`ruledOut`) or as a rename (`othersRuledOut`). Without them every element counts as a rival.
   */
  ruledOut?: boolean[];
  othersRuledOut?: boolean[];
  /** Whether each scored element has the recorded id, exactly, an id without numbers (not copy: a rename keeping it is no guess). */
  idKept?: boolean[];
  /** Each scored element's group label (Fingerprint.group, '' when none): which of two twins is in the recorded group. */
  groups?: string[];
  /**
   * For each scored element ruled out on everything but the name only because it names another action: the
   * agreement it would have had (-1 for the others). It is never chosen as a rename, and it is a rival of any other.
   */
  rivals?: number[];
  /**
   * For each scored element ruled out on everything but the name only because it says a look-alike's value where the
   * recorded name said its own (fingerprintAgreement's `verdict.slot`): the agreement it would have had (-1 for the
   * others). It is never chosen, and it stands in the way of a rename keeping none of the words that told the recorded
   * name apart, nor its action in other words.
   */
  slots?: number[];
  /** Why it could not be run. */
  error?: string;
}

/** The match of a candidate whose first `seen.length` of `count` elements were fingerprinted as `seen`. */
export function scoreMatch(expected: Fingerprint, seen: Fingerprint[], count: number): CandidateMatch {
  const match: CandidateMatch = { count, agreements: [], uids: [], others: [], labels: [], described: [], ruledOut: [], othersRuledOut: [], idKept: [], groups: [], rivals: [], slots: [] };
  for (const s of seen) {
    const verdict: { another?: boolean } = {};
    const otherVerdict: { another?: boolean; rival?: number; slot?: number } = {};
    match.agreements.push(fingerprintAgreement(expected, s, false, verdict));
    match.uids.push(s.uid === undefined ? -1 : s.uid);
    match.others!.push(fingerprintAgreement(expected, s, true, otherVerdict));
    match.labels!.push(s.name || s.text);
    match.described!.push(describeElement(s));
    match.ruledOut!.push(!!verdict.another);
    match.othersRuledOut!.push(!!otherVerdict.another);
    // Only an id without numbers: a numbered one ("row-2") moves to the next row when rows are renumbered.
    match.idKept!.push(!!expected.id && s.id === expected.id && !/\p{N}/u.test(expected.id));
    match.groups!.push(s.group || '');
    match.rivals!.push(otherVerdict.rival === undefined ? -1 : otherVerdict.rival);
    match.slots!.push(otherVerdict.slot === undefined ? -1 : otherVerdict.slot);
  }
  return match;
}

/** The element chosen, and how: `renamed` when it was accepted under a new name (chooseRenamed). */
export interface Choice {
  /** The candidate it was reached through. */
  index: number;
  /** Its index among that candidate's matches. */
  nth: number;
  /** Its agreement with the recorded fingerprint (on everything but the name, for a rename). */
  agreement: number;
  /** The recorded name and the name it has now. */
  renamed?: { from: string; to: string };
}

/** The per-page number of the element scoring best in `score` over every candidate's matches, the runner-up's score, and the best's. */
export function bestOf(matches: (CandidateMatch | null)[], score: (match: CandidateMatch, i: number) => number): { uid: number; best: number; runnerUp: number } {
  const seen = new Map<number, number>();
  for (const match of matches) {
    if (match) match.uids.forEach((uid, i) => seen.set(uid, score(match, i)));
  }
  let uid = -1;
  let best = -1;
  let runnerUp = 0;
  for (const [id, value] of seen) {
    if (value > best) {
      runnerUp = Math.max(runnerUp, best);
      best = value;
      uid = id;
    } else {
      runnerUp = Math.max(runnerUp, value);
    }
  }
  return { uid, best, runnerUp };
}

/** How element `uid` is reached: through the first candidate matching only it, else the first matching it among others. */
export function reach(matches: (CandidateMatch | null)[], uid: number, agreement: number): Choice | null {
  let shared: Choice | null = null;
  for (let index = 0; index < matches.length; index++) {
    const match = matches[index];
    const nth = match ? match.uids.indexOf(uid) : -1;
    if (!match || nth < 0) continue;
    if (match.count === 1) return { index, nth, agreement };
    if (!shared) shared = { index, nth, agreement };
  }
  return shared;
}

/**
 * Whether element `uid`, chosen by agreement, reads other than the recorded
 * name while another element that could be the renamed one agrees with the
 * recorded element on everything but the name within AMBIGUITY_MARGIN of it.
 * Chosen under another name it is a rename, and the rename's rivals count:
 * "Move to top", new beside "Move to…" renamed "Move", agrees well under the
 * name by the words they share, and nothing else tells them apart. Rivals
 * are as in chooseRenamed: not called by the recorded name, nor by a
 * recorded look-alike's name. A name differing only in its numbers is no
 * rename, and an element keeping the recorded id (one without numbers,
 * which renumbering cannot move to another element) has no rivals.
 */
export function renamedRival(matches: (CandidateMatch | null)[], expected: Fingerprint, uid: number): boolean {
  const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  const key = (label: string) => norm(label).slice(0, PEER_CHARS);
  const from = norm(expected.name || expected.text);
  const peers = expected.peers || [];
  const others = new Map<number, { other: number; label: string; out: boolean; idKept: boolean }>();
  for (const match of matches) {
    if (!match || !match.others || !match.labels) continue;
    match.uids.forEach((id, i) => {
      // Naming another action, it is never the one chosen, and a rival at the agreement it would have had.
      const rival = match.rivals && match.rivals[i] >= 0 ? match.rivals[i] : -1;
      others.set(id, {
        other: rival >= 0 ? rival : match.others ? match.others[i] : 0, label: match.labels ? match.labels[i] : '',
        out: rival < 0 && !!(match.othersRuledOut && match.othersRuledOut[i]), idKept: !!(match.idKept && match.idKept[i]),
      });
    });
  }
  const chosen = others.get(uid);
  // It kept the recorded id itself: renamed or not, it is the recorded element, whatever else reads alike.
  if (chosen && chosen.idKept) return false;
  // Its name differing only in numbers is no rename ("Upcoming 3" -> "Upcoming 4": a count changed).
  const digitless = (text: string) => norm(text).replace(/\p{N}+/gu, '#');
  if (!chosen || digitless(chosen.label) === digitless(from)) return false;
  // Chosen keeping every word of the recorded name ("Download all receipts (.zip)" for "Download receipts (ZIP)"),
  // it is only challenged by an element keeping some: one keeping none ("Change approver", in its place since the
  // menu was reordered) is no rename of it. ("Move to top", new, keeps every word of "Move to…" as well; the renamed
  // "Move" keeps one, and stays its rival.)
  const wordsOf = (label: string) => norm(label).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const recordedWords = wordsOf(from);
  const keepsAll = recordedWords.length > 0 && recordedWords.every((w) => wordsOf(chosen.label).includes(w));
  for (const [id, c] of others) {
    // Another element by the rules is no rival.
    if (id === uid || c.out || !c.label || norm(c.label) === from || peers.includes(key(c.label))) continue;
    if (keepsAll && !wordsOf(c.label).some((w) => recordedWords.includes(w))) continue;
    // Nor one that replaced a word of the recorded name naming no action (the colour "Midnight" of "Midnight Blue") by
    // words of its own the chosen one's name lacks ("Deep Ocean Blue metallic", new beside "Midnight Blue metallic"):
    // it names something else that shares a word. A cut ("Move" of "Move to…") adds no word and stays a rival.
    if (keepsAll) {
      const rivalWords = wordsOf(c.label);
      const dropped = recordedWords.filter((w) => !rivalWords.includes(w));
      const added = rivalWords.filter((w) => !recordedWords.includes(w) && !wordsOf(chosen.label).includes(w));
      if (dropped.length > 0 && added.length > 0 && dropped.every((w) => /\p{L}/u.test(w) && actionsOf(w).length === 0)) continue;
    }
    if (chosen.other - c.other < AMBIGUITY_MARGIN - MARGIN_SLACK) return true;
  }
  return false;
}

/**
 * The element to act on, chosen by agreement rather than by the order of
 * the candidates: the element, among everything the candidates matched,
 * that agrees best with the recorded fingerprint, if it agrees at least
 * MIN_AGREEMENT and leads every other element seen by AMBIGUITY_MARGIN (a
 * look-alike that agrees as well makes the step fail, not guess). It is
 * reached through the first candidate matching only it, else the first
 * matching it among others (`nth`: its index among that candidate's
 * matches). An element the rules hold to be another element (`ruledOut`)
 * is no rival. An element the same in every recorded respect (agreement
 * 1) needs no margin over elements reading other names: a new slot "3:30 –
 * 4:30 pm" shares most words of the recorded "2:00 – 3:00 pm", not its
 * name; nor does the one reading the recorded name, moved, when each
 * element coming close reads it with one word replaced ("Move to another
 * centre" beside "Move to another bay"). Twins (every element within the margin reading the recorded name)
 * are told apart by the recorded `group` when one alone is in it: the same
 * dish's "Add" under "Popular" and again under "Mains" (when none is in a
 * group of the very label, the numbers of the labels aside: "3. Build · 4
 * tasks" is "7 tasks" with tasks added). Chosen reading other than the recorded name, the choice
 * carries `renamed` (a copy edit the element's identity vouched for). Null
 * when no element qualifies.
 */
export function chooseByAgreement(matches: (CandidateMatch | null)[], expected?: Fingerprint): Choice | null {
  // An element the rules hold to be another element is no rival (it is not the recorded one, whatever it scores).
  // Agreement of an element the same in every recorded respect (rounded to 3 decimals). Defined here, not in the
  // module: the WebDriver driver sends this function's source to the page alone (in-page/agreement.ts).
  const EXACT = 0.999;
  const { uid, best, runnerUp } = bestOf(matches, (m, i) => (m.ruledOut && m.ruledOut[i] ? 0 : m.agreements[i]));
  /** Whether no element but `uid` within AMBIGUITY_MARGIN of `best` reads the recorded name (case and spacing aside). */
  /** A name as compared here: case and spacing aside. */
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  /** A name or label as compared with its numbers aside: a count or a time in it changes with the data. */
  const norm = (text: string) => plain(text.replace(/\p{N}+/gu, '#'));
  const onlyOneNamed = (recorded: Fingerprint) => {
    const from = plain(recorded.name || recorded.text);
    for (const match of matches) {
      if (!match || !match.labels) return false;
      for (let i = 0; i < match.uids.length; i++) {
        if (match.uids[i] === uid || (match.ruledOut && match.ruledOut[i])) continue;
        if (best - match.agreements[i] < AMBIGUITY_MARGIN - MARGIN_SLACK && plain(match.labels[i] || '') === from) return false;
      }
    }
    return true;
  };
  /**
   * Twins: the elements within AMBIGUITY_MARGIN of `best`, all reading the recorded name, alike in every recorded
   * respect but the group they are in (the same dish's "Add" listed under "Popular" and again under "Mains"): the
   * one alone in the recorded group (or, recorded alone of its kind, in the recorded box: Fingerprint.box), by its
   * per-page number and agreement; null when not exactly one is.
   */
  const twinInGroup = (recorded: Fingerprint) => {
    const from = plain(recorded.name || recorded.text);
    // A group's label may count its items ("3. Build · 4 tasks" -> "7 tasks"): the numbers aside (`norm`), when no twin
    // is in a group of the very label.
    const inGroup = new Map<number, number>();
    const inCounted = new Map<number, number>();
    // (Or in the box it was in, read as its group once a twin arrived beside it: Fingerprint.box.)
    const labels = [recorded.group || '', ...(recorded.box ? [recorded.box] : [])];
    const exact = labels.filter(Boolean);
    for (const match of matches) {
      if (!match) continue;
      for (let i = 0; i < match.uids.length; i++) {
        if ((match.ruledOut && match.ruledOut[i]) || best - match.agreements[i] >= AMBIGUITY_MARGIN - MARGIN_SLACK) continue;
        if (!match.labels || !match.groups || plain(match.labels[i] || '') !== from) return null;
        if (exact.includes(match.groups[i] || '')) inGroup.set(match.uids[i], match.agreements[i]);
        if (labels.some((label) => norm(label) === norm(match.groups![i] || ''))) inCounted.set(match.uids[i], match.agreements[i]);
      }
    }
    const found = inGroup.size ? inGroup : inCounted;
    return found.size === 1 ? Array.from(found)[0] : null;
  };
  if (best < MIN_AGREEMENT) return null;
  let chosen = uid;
  let agreement = best;
  // An element the same in every recorded respect, its name included, is the recorded one when every element coming
  // close reads another name: a new "3:30 – 4:30 pm" slot beside the recorded "2:00 – 3:00 pm" shares most of its
  // words, not the name. Elements reading the recorded name too keep the margin (two the same: no choice), unless
  // one alone is in the recorded group.
  // So is one reading the recorded name and keeping its id (one written without digits: the team's, not a framework's
  // count, CandidateMatch.idKept) when only its place changed: the list reordered, a new look-alike beside it reading
  // another name ("Quantity of Bar stool, black" beside the recorded "Quantity of Bar stool, white").
  const namedKeepingId = (recorded: Fingerprint) => matches.some((match) => {
    const i = match ? match.uids.indexOf(uid) : -1;
    return !!match && i >= 0 && !!match.idKept && !!match.idKept[i] && !!match.labels && plain(match.labels[i] || '') === plain(recorded.name || recorded.text);
  });
  // So is one reading the recorded name, moved by a reorder, when each element coming close reads another name that
  // is the recorded one with a word of it replaced ("Move to another centre", new beside the recorded "Move to
  // another bay"): that word is what tells them apart, and it is still the recorded one's.
  const namedBesideVariants = (recorded: Fingerprint) => {
    const recordedName = plain(recorded.name || recorded.text);
    const from = recordedName.split(' ');
    let named = false;
    let variants = true;
    for (const match of matches) {
      if (!match || !match.labels) return false;
      match.uids.forEach((id, i) => {
        const label = plain(match.labels![i] || '');
        if (id === uid) named = label === recordedName;
        else if (!(match.ruledOut && match.ruledOut[i]) && best - match.agreements[i] < AMBIGUITY_MARGIN - MARGIN_SLACK) {
          const now = label.split(' ');
          variants = variants && now.length === from.length && now.filter((w, k) => w !== from[k]).length === 1;
        }
      });
    }
    return named && variants;
  };
  if (best - runnerUp < AMBIGUITY_MARGIN - MARGIN_SLACK && !(expected && (best >= EXACT || namedKeepingId(expected) || namedBesideVariants(expected)) && onlyOneNamed(expected))) {
    const twin = expected && (expected.group || expected.box) ? twinInGroup(expected) : null;
    if (!twin || twin[1] < MIN_AGREEMENT) return null;
    [chosen, agreement] = twin;
  }
  if (expected && expected.peers && renamedRival(matches, expected, chosen)) return null;
  // Chosen for its name while the rules hold it another element once the name is set aside (another form's button,
  // another row's), and another element, not so held, agrees enough on everything but the name: the name moved to
  // another control ("Assign crew", a dialog's submit, now "Confirm assignment", while the row's "Assign" that opened
  // the dialog became "Assign crew"). Which one the step meant is no choice to make by the name.
  const nameMoved = () => {
    let ruledOut = false;
    let other = false;
    for (const match of matches) {
      if (!match || !match.others || !match.othersRuledOut) continue;
      match.uids.forEach((id, i) => {
        if (id === chosen) ruledOut = ruledOut || !!match.othersRuledOut![i];
        else if (!match.othersRuledOut![i] && match.others![i] >= MIN_AGREEMENT) other = true;
      });
    }
    return ruledOut && other;
  };
  if (expected && agreement < EXACT && nameMoved()) return null;
  const choice = reach(matches, chosen, agreement);
  // Chosen reading other than the recorded name (its identity kept: the same link target, id or field): a copy edit,
  // reported as the rename it is. Numbers aside: a count or a time in a name ("Inbox (12)") changes with the data.
  const from = expected ? expected.name || expected.text : '';
  let to = '';
  for (const match of matches) {
    const i = match && match.labels ? match.uids.indexOf(chosen) : -1;
    if (match && match.labels && i >= 0) to = match.labels[i] || '';
  }
  return choice && from && to && norm(to) !== norm(from) ? { ...choice, renamed: { from, to } } : choice;
}

/**
 * When no element agrees under its recorded name: the element renamed, if
 * the evidence says it is the same element and no other.
 *
 * Only elements that can be the renamed one compete: not an element called
 * by the recorded name (it would agree under it), nor one called by a name
 * a look-alike had when the step was recorded (`expected.peers`: that is
 * the look-alike, still there, or something named after it; "Save draft" is
 * never taken for a vanished "Save settings" when "Save draft" was there at
 * record time, nor one whose name carries a look-alike's whole name and
 * not the recorded one's: "Flagged as blocked" is the recorded "Blocked").
 * Of those, the one agreeing best on everything but the name
 * (`others`, at least MIN_AGREEMENT, of the recorded tag, role and type)
 * is chosen when every other competitor trails it by AMBIGUITY_MARGIN. When
 * some come that close, the name itself decides, and only one way: a copy
 * edit keeps words of the recorded name ("Dark" -> "Dark mode", "Gift
 * message" -> "Add a gift message"; a word with an inflection changed,
 * "Filters" -> "Filter", counts as kept, not one built on it, "Find" ->
 * "finder", and so does a word of three letters or more spelled out to
 * twice its length or more, "Pro" -> "Professional", not the other way:
 * "Pay" does not keep "PayPal"; only the words no recorded
 * look-alike's name had count, when there are such: "delivery" of "Express
 * delivery" beside "Standard delivery" does not), so the competitor whose
 * name keeps any of them is chosen when it is the only one keeping any
 * ("Dim", inserted beside "Dark mode", keeps none); two keeping some
 * ("Add a gift message" and "Gift receipt": which keeps more is a guess,
 * wrong for "Move to top" beside "Move" renamed from "Move to…"; so does one
 * keeping words within the margin of the one keeping them, though further
 * from the best: "Save to playlist" behind "Create playlist"), or none
 * keeping any, and there is no choice (a word said in other words naming
 * the same action, ACTION_WORDS, "Ban" -> "Block", counts only when no
 * competitor keeps one as it was), unless the recorded name's own
 * words hold numbers and one alone keeps them all ("Wednesday 15 January,
 * 6 openings" beside a new "Wednesday 22 January, 8 openings"). Nor is
 * one leading alone chosen when another of its group agreeing enough keeps
 * as many of the words ("Add from your items", new after "Add line item",
 * beside "Add a line": its place made the lead), nor any rename in a group
 * whose icons changed (a recorded icon-only look-alike gone while a new
 * icon appears: an item replaced, not renamed), nor one whose new name is
 * another new name with words added ("+ New record from a template" beside
 * "+ New record": a variant of that one's action), nor one keeping no
 * word of the recorded name whose action word is a recorded look-alike's
 * ("Cancel booking" where "Check in" was, beside the recorded "Cancel
 * appointment": that look-alike renamed). Several reading one new name
 * are told apart by their groups, as twins are ("Approve" in "Front page
 * v3" for "Approve proof" in "Front v3"). The caller must still check in the page that
 * the recorded name names no element of the recorded tag any more
 * (`labelNamesElement`). An element held to name another action (`rivals`)
 * is never chosen, and no rename is accepted within the margin of it, but
 * one keeping the recorded name's action word as it was ("Clear" of "Clear
 * queue", beside the panel's "Close" renamed "Hide queue"). Null when the fingerprint recorded no look-alikes'
 * names (older recordings) or the evidence falls short.
 */
export function chooseRenamed(matches: (CandidateMatch | null)[], expected: Fingerprint): Choice | null {
  const from = expected.name || expected.text;
  const peers = expected.peers;
  if (!from || !peers) return null;
  const key = (label: string) => label.toLowerCase().slice(0, PEER_CHARS);
  // A hyphenated compound is words ("auto-refill" keeps "auto" and "refill": "Turn off automatic refills" keeps both).
  // A time on a twelve-hour clock is the word of the time it names on a twenty-four-hour one ("7.30pm" is "19:30", as
  // fingerprintAgreement reads it: "Book Bouldering social at 19:30" -> "Reserve a spot: Bouldering social, 7.30pm").
  // (A morning's "07:30" and "7.30am" both read "730".)
  const clockWord = (w: string) => w.replace(/^(\d{1,2})(\d{2})?([ap])m$/, (all, h: string, m: string | undefined, half: string) => (Number(h) >= 1 && Number(h) <= 12 && Number(m || 0) < 60
    ? `${(Number(h) % 12) + (half === 'p' ? 12 : 0)}${m || '00'}` : all)).replace(/^0(\d[0-5]\d)$/, '$1');
  const wordsOf = (label: string) => label.split(/[\s\-‐–—/]+/).map((w) => clockWord(w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))).filter(Boolean).flatMap(wordForms);
  // The words that told its name from its look-alikes' names ("express" of "Express delivery" beside "Standard
  // delivery"): a word they shared says nothing about which of them a new name belongs to.
  const peerWords = peers.flatMap(wordsOf);
  const distinctive = wordsOf(from).filter((w) => !peerWords.includes(w));
  const recordedWords = distinctive.length ? distinctive : wordsOf(from);
  // Each element seen (by its per-page number, so one seen twice counts once): its agreement without the name, and its name now.
  const competitors = new Map<number, { agreement: number; label: string; group: string }>();
  // Elements naming another action: never chosen, but each stands in the way of a rename it comes close to.
  const blockers: number[] = [];
  // Elements saying a look-alike's value in the recorded one's place: each stands in the way of a rename keeping no
  // telling word.
  const slotBlockers: number[] = [];
  for (const match of matches) {
    if (!match || !match.others || !match.labels) continue;
    match.uids.forEach((uid, i) => {
      const label = match.labels ? match.labels[i] : '';
      if (!label || key(label) === key(from) || peers.includes(key(label))) return;
      if (match.rivals && match.rivals[i] >= 0) blockers.push(match.rivals[i]);
      if (match.slots && match.slots[i] >= 0) slotBlockers.push(match.slots[i]);
      // Another element by the rules (another label's control, another item) competes with nothing.
      if (match.othersRuledOut && match.othersRuledOut[i]) return;
      competitors.set(uid, { agreement: match.others ? match.others[i] : 0, label, group: match.groups ? match.groups[i] || '' : '' });
    });
  }
  // Copy edits change words, not icons: a recorded look-alike that was an icon alone ("🎬" beside "Movie night")
  // that no element reads now, while an element reads an icon no recorded look-alike read ("🍿" beside a new "Movie
  // marathon"), says an item of the group was replaced, not renamed; no rename in it is taken by its place.
  const iconOnly = (label: string) => !!label.trim() && !/[\p{L}\p{N}]/u.test(label);
  const icons = peers.filter(iconOnly);
  if (icons.length) {
    const readNow = new Set<string>();
    for (const match of matches) if (match && match.labels) match.labels.forEach((label) => readNow.add(key(label || '')));
    if (icons.some((icon) => !readNow.has(icon)) && [...readNow].some((label) => iconOnly(label) && !peers.includes(label))) return null;
  }
  let best = -1;
  for (const c of competitors.values()) best = Math.max(best, c.agreement);
  // Below MIN_AGREEMENT by less than the margin, a rename leading every other element by the margin is taken when
  // its new name keeps more than half the recorded name's words ("Go to payment" for "Continue to payment", its form
  // renamed and given more buttons): the words it kept say what the rest of it no longer says quite enough. A word
  // saying the same action in other words counts as kept there ("Send" -> "Share", the dialog's copy rewritten).
  if (best < MIN_AGREEMENT - AMBIGUITY_MARGIN) return null;
  const close = Array.from(competitors).filter(([, c]) => best - c.agreement < AMBIGUITY_MARGIN - MARGIN_SLACK);
  // A word is kept when it is there as it was, with an ending changed ("Filters" -> "Filter", "Archive" -> "Archived"),
  // or spelled out ("Pro" -> "Professional"; not the other way: "Pay" of a new "Apple Pay" keeps nothing of "PayPal").
  const STEM = 4;
  const ABBREVIATION = 3;
  // An ending is an inflection ("s", "ed", "ing", a doubled consonant before them, or "al" making a word an adjective:
  // "Seasonal" -> "This season"), not another word built on it: "Find" is not kept by "Room finder". Spelled out, a
  // word at least doubles ("Pro" -> "Professional", "Info" -> "Information"), which "finder" does not.
  const INFLECTION = /^(?:s|es|d|ed|ing|al|\p{L}(?:ed|ing))$/u;
  const inflected = (a: string, b: string) => {
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    return long.startsWith(short) && (long === short || INFLECTION.test(long.slice(short.length)));
  };
  // With `synonyms`, also said in other words naming the same action ("Ban user" -> "Block from commenting";
  // ACTION_WORDS): the evidence of a rename only when no competitor keeps a word as it was (see onlyKeeper).
  const kept = (now: string, recorded: string, synonyms = false) => now === recorded
    || (Math.min(now.length, recorded.length) >= STEM && inflected(now, recorded))
    || (recorded.length >= ABBREVIATION && now.startsWith(recorded) && now.length >= 2 * recorded.length)
    || (synonyms && sameAction(now, recorded));
  const share = (label: string, synonyms = false) => {
    const now = wordsOf(label);
    return recordedWords.length ? recordedWords.filter((w) => now.some((n) => kept(n, w, synonyms))).length / recordedWords.length : 0;
  };
  /** Whether `label` keeps an action word of the recorded name as it was ("Publish" of "Publish translations"). */
  const keepsActionWord = (label: string) => {
    const now = wordsOf(label);
    return recordedWords.some((w) => actionsOf(w).length > 0 && now.some((n) => kept(n, w)));
  };
  // Its row or form said nothing but its own name, and a recorded look-alike shared its identity (radios of one
  // group): nothing but its kind and place vouch for it, and another option put in a removed one's place ("Starter"
  // where "Pro" was) has those too. Only a new name keeping words of the recorded one is then taken for it.
  const ownOnly = ![...new Set(wordsOf(expected.context))].some((w) => !wordsOf(from).includes(w));
  if (expected.shared && ownOnly && !close.some(([, c]) => share(c.label) > 0)) return null;
  // Of several keeping words, the numbers of the recorded name's own words decide when one alone keeps them all: a
  // day "15" or a room "204" is which one it is ("Wednesday 22 January" beside "Wednesday 15 January" renamed).
  const numbers = recordedWords.filter((w) => /^\p{N}+$/u.test(w));
  // Every number of the recorded name (two or more: "17" and "3" of "Sat 17 Aug · Sorting & packing · 3 hours"), its
  // data, whatever its look-alikes shared.
  const numbersOf = (label: string) => wordsOf(label).filter((w) => /^\p{N}+$/u.test(w));
  const nameNumbers = numbersOf(from);
  type Competitor = [number, { agreement: number; label: string; group: string }];
  /** The only one of `among` keeping words of the recorded name (the numbers deciding between several), else null. */
  const onlyKeeper = (among: Competitor[]): Competitor | null => {
    // A word kept as it was says more than a word said in other words: synonyms count when no one keeps a word.
    const literal = among.filter(([, c]) => share(c.label) > 0);
    const keeping = literal.length ? literal : among.filter(([, c]) => share(c.label, true) > 0);
    if (keeping.length === 1) return keeping[0];
    // Several keeping words: the one alone reading the recorded name itself, a word inflected at most ("Season ticket"
    // -> "Season tickets", beside a new "Flexi Season (8 days in 28)"), nothing added or dropped.
    const fromWords = wordsOf(from);
    const same = keeping.filter(([, c]) => {
      const now = wordsOf(c.label);
      return now.length === fromWords.length && fromWords.every((w) => now.some((n) => kept(n, w)));
    });
    if (same.length === 1) return same[0];
    // Several keeping words, one new name the others' with words added that the recorded name did not say ("Plan a
    // reset", beside a new "Plan a reset of the wall", for a route menu's "Schedule reset"): the longer ones name
    // variants of its action (as chooseRenamed's variantOf holds), the one alone without them is the recorded one. Not
    // when it is qualified in brackets itself: "Day passes (peak)" beside "Day passes (off-peak)" are both variants.
    const plain = keeping.filter(([, c]) => {
      const own = wordsOf(c.label);
      return !/\(/.test(c.label) && keeping.every(([, other]) => {
        if (other === c) return true;
        const theirs = wordsOf(other.label);
        return theirs.length > own.length && own.every((w) => theirs.includes(w)) && theirs.filter((w) => !own.includes(w)).every((w) => !fromWords.some((r) => kept(w, r)));
      });
    });
    if (plain.length === 1) return plain[0];
    // Several reading one new name (twins renamed together: "Approve proof" -> "Approve" on the front and the back
    // page's proof cards, reordered): the one alone in a group whose label keeps every word of the recorded group's
    // ("Front v3" -> "Front page v3"), as twins under their name are told apart (chooseByAgreement's twinInGroup).
    const groupWords = wordsOf(expected.group || '');
    if (groupWords.length && keeping.every(([, c]) => key(c.label) === key(keeping[0][1].label))) {
      const inGroup = keeping.filter(([, c]) => groupWords.every((w) => wordsOf(c.group).some((n) => kept(n, w))));
      if (inGroup.length === 1) return inGroup[0];
    }
    const allNumbers = numbers.length ? keeping.filter(([, c]) => numbers.every((n) => wordsOf(c.label).includes(n))) : [];
    if (allNumbers.length === 1) return allNumbers[0];
    // Still several ("Sat 17 Aug · Sort and pack · 3 h" beside the new "Sat 17 Aug · Pack school snack bags · 2 h"):
    // the one alone keeping every number of the recorded name.
    const allData = nameNumbers.length >= 2 ? keeping.filter(([, c]) => nameNumbers.every((n) => wordsOf(c.label).includes(n))) : [];
    if (allData.length === 1) return allData[0];
    // Still several, reading one name but for a word or two (a list of the same thing in other colours, sizes or
    // dates, renamed together: "Add Clubline HF5154 in Black / gold to comparison", for "Compare Clubline HF5154 in
    // Black / gold", beside a new "…in Havana / gold…"): the one whose words there are the recorded name's, where each
    // other one reads a word the recorded name did not. Names told apart by other words ("Add a gift message" and
    // "Gift receipt", for "Gift message") still leave no choice.
    const recordedAll = wordsOf(from);
    const slotted = keeping.filter(([, c]) => {
      const own = wordsOf(c.label);
      return keeping.every(([, other]) => {
        if (other === c) return true;
        const theirs = wordsOf(other.label);
        if (theirs.length !== own.length) return false;
        const apart = own.map((_, i) => i).filter((i) => own[i] !== theirs[i]);
        return apart.length > 0 && apart.length <= 2 && apart.every((i) => recordedAll.some((w) => kept(own[i]!, w)) && !recordedAll.some((w) => kept(theirs[i]!, w)));
      });
    });
    return slotted.length === 1 ? slotted[0] : null;
  };
  const found = onlyKeeper(close);
  const keeper = found && found[1].agreement >= MIN_AGREEMENT ? found : null;
  // Chosen for its words, it is the only one keeping any within the margin of itself too, not only of the best: an
  // element trailing the best by the margin while keeping words as well ("Save to playlist", for "Add to playlist",
  // beside a "Create playlist" of another menu ahead of it) leaves no choice.
  const nearKeeper = keeper ? Array.from(competitors).filter(([, c]) => keeper[1].agreement - c.agreement < AMBIGUITY_MARGIN - MARGIN_SLACK) : [];
  const chosen = close.length === 1 ? close[0] : keeper && onlyKeeper(nearKeeper)?.[0] === keeper[0] ? keeper : null;
  // Below MIN_AGREEMENT (see `best` above), it must lead alone, keep more than half of the words (or half, the action
  // word among them: "Publish 18 strings" for "Publish translations", its dialog's copy rewritten), and read a name no
  // other element reads: a twin trailing it, the same dish under another heading, says the words kept are no
  // evidence of which one it is.
  const twinned = (c: Competitor) => matches.some((match) => !!match && !!match.labels && match.uids.some((uid, i) => uid !== c[0] && key(match.labels![i] || '') === key(c[1].label)));
  const reached = chosen && (chosen[1].agreement >= MIN_AGREEMENT || (close.length === 1 && (share(chosen[1].label, true) > 0.5 || (share(chosen[1].label) >= 0.5 && keepsActionWord(chosen[1].label))) && !twinned(chosen))) ? chosen : null;
  // Chosen keeping at most half the recorded name's words while another element agreeing enough keeps more than half
  // ("No receipt for Mercado Central on 3 Sep", for "Receipt missing: Mercado Central, 3 Sep", behind a finding
  // that took its place when the list was reordered): where it is and what it says disagree, and neither is a guess.
  // Nor is one chosen for leading alone when another of its own group agreeing enough keeps as many of the words,
  // some ("Add from your items", new after the recorded "Add line item" and so in its place counted from the end,
  // beside "Add a line"): among look-alikes of one group the words say nothing between them, and the place that
  // made the lead is a guess, unless it keeps the action word and that one does not ("Publish…" for "Publish
  // translations", beside a "Suggest a translation" keeping only the object). (Another group's "Filter by role"
  // keeping as much of "Role" as the form's renamed "Access level" select does is not of its kind.)
  const outworded = (c: Competitor) => share(c[1].label) <= 0.5
    && Array.from(competitors).some(([uid, other]) => uid !== c[0] && other.agreement >= MIN_AGREEMENT
      && (share(other.label) > 0.5
        || (close.length === 1 && other.group === c[1].group && share(other.label) > 0 && share(other.label) >= share(c[1].label)
          && !(keepsActionWord(c[1].label) && !keepsActionWord(other.label)))));
  // Nor is one chosen whose new name is another new name agreeing enough with words added ("+ New record from a
  // template" beside "+ New record", both new where "+ Add record" was): it names a variant of that one's action, and
  // which of the two the recorded one became is a guess (its place, with the look-alikes reordered, decided the lead).
  const variantOf = (c: Competitor) => {
    const own = wordsOf(c[1].label);
    return Array.from(competitors).some(([uid, other]) => {
      if (uid === c[0] || other.agreement < MIN_AGREEMENT) return false;
      const base = wordsOf(other.label);
      return base.length > 0 && own.length > base.length && base.every((w) => own.includes(w));
    });
  };
  // Nor one that lost a number of the recorded name (two numbers or more: "3" of "Sat 17 Aug · Sorting & packing · 3
  // hours", now "Sat 17 Aug · Pack school snack bags · 2 h", new in its place) while another element keeps every one
  // ("Sat 17 Aug · Sort and pack · 3 h", moved by a reorder): the numbers are its data, and they point elsewhere than
  // its place does.
  /** Whether an element other than `c` agrees enough (when `enough`) and meets `test`. */
  const anotherThat = (c: Competitor, test: (label: string) => boolean, enough = true) => Array.from(competitors)
    .some(([uid, other]) => uid !== c[0] && (!enough || other.agreement >= MIN_AGREEMENT) && test(other.label));
  const keepsNameNumbers = (label: string) => nameNumbers.every((n) => wordsOf(label).includes(n));
  const numbersElsewhere = (c: Competitor) => nameNumbers.length >= 2 && !keepsNameNumbers(c[1].label) && anotherThat(c, keepsNameNumbers, false);
  // Nor one whose new name says only part of the recorded name while another element agreeing enough says all of it,
  // each word kept or its action said in other words ("Add tasting", new in the place of "Log reading", beside "Add
  // reading": "log" is adding, and "reading" is the word the look-alikes shared, so neither told them apart alone).
  const fromWords = wordsOf(from);
  const saysAll = (label: string) => fromWords.every((w) => wordsOf(label).some((n) => kept(n, w, true)));
  // (Saying the action only in other words, it says less than one keeping the action word as it was: "Add part to job
  // card", a dialog's submit, beside "Save changes" for the form's "Save job card".)
  const saidElsewhere = (c: Competitor) => !saysAll(c[1].label) && anotherThat(c, (label) => saysAll(label) && !(keepsActionWord(c[1].label) && !keepsActionWord(label)));
  // Nor one keeping no word of the recorded name at all, nor its action in other words, while another element agreeing
  // enough keeps one ("Record payment", the menu's renamed "Mark as paid", reordered into the place of "Edit claim",
  // beside "Correct claim"): a word every look-alike shared says little, but more than none.
  const keepsNone = (label: string) => !fromWords.some((w) => wordsOf(label).some((n) => kept(n, w, true)));
  const wordsElsewhere = (c: Competitor) => keepsNone(c[1].label) && anotherThat(c, (label) => !keepsNone(label));
  // Nor one keeping no word of the recorded name, nor its action in other words, whose action word is a recorded
  // look-alike's ("Cancel booking", a card menu's "Cancel appointment" renamed and reordered into the first place,
  // where "Check in" was): it is that look-alike, copy-edited, unless an element of its group held to be another
  // element reads that look-alike's words ("No-show", for "Mark as no-show": then a "Mark as arrived" in the recorded
  // place is no copy of it). (The particles of a phrasal verb, "in", "out", say no action of their own.)
  const lookalikeAction = (c: Competitor) => {
    if (!keepsNone(c[1].label)) return false;
    // (Of a name doing two things, its first is its own: "Record and close", a dialog's submit, is no "Close".)
    const own = wordsOf(c[1].label.split(/\s+(?:and|&|\+)\s+/i)[0] || '');
    return peers.some((peer) => {
      const theirs = wordsOf(peer);
      if (!theirs.some((w) => !['in', 'into', 'out', 'up', 'down', 'on', 'off', 'earlier', 'later'].includes(w) && actionsOf(w).length > 0 && own.some((n) => kept(n, w)))) return false;
      // (Its words of three letters or more: "as" of "Mark as no-show" is read by many a name.)
      const rest = theirs.filter((w) => w.length >= 3 && !own.some((n) => kept(n, w)));
      return !matches.some((match) => !!match && !!match.labels && match.uids.some((uid, i) => uid !== c[0]
        && !!match.othersRuledOut && match.othersRuledOut[i] && (match.groups ? match.groups[i] || '' : '') === c[1].group
        && wordsOf(match.labels![i] || '').some((w) => rest.includes(w))));
    });
  };
  // Nor one keeping no word of the recorded name, nor its action in other words, whose numbers are a look-alike's and
  // no other element's ("Singing 8" where the tabs were "Guitar 11" and "Voice 8", every tab renamed and the guitar
  // pupils' count now 10): that look-alike, its words rewritten. (Two showing them, "Not sent 2" and "Awaiting payment
  // 2" where "Drafts (2)" was, say nothing of which one it is.)
  const lookalikeNumbers = (c: Competitor) => {
    const own = numbersOf(c[1].label);
    if (!own.length || !keepsNone(c[1].label) || own.some((n) => nameNumbers.includes(n))) return false;
    const shownElsewhere = matches.some((match) => !!match && !!match.labels && match.uids.some((uid, i) => uid !== c[0] && own.every((n) => numbersOf(match.labels![i] || '').includes(n))));
    return !shownElsewhere && peers.some((peer) => own.every((n) => numbersOf(peer).includes(n)));
  };
  // Where the words kept decide nothing, every look-alike found again under a word of its own decides: each recorded
  // look-alike's name read by another element now by a word the recorded name did not have ("Edit piece" for "Edit
  // details", "Add practice tracks" for "Upload learning tracks", "Ready to perform" for "Mark as concert ready"; "Past
  // visits 41" for "Completed 41"), the one element close to the best that reads none of theirs and keeps a word of
  // the recorded name's own, not its action's ("concert" of "Add to concert programme", now "Put in a concert"; "2" of
  // "Awaiting payment 2", now "Unpaid 2"), is the recorded one, renamed with its look-alikes. A look-alike found
  // nowhere, or two elements left keeping such a word, leave no choice. (A look-alike's word saying the recorded
  // name's action is none of its own: "Save to playlist", for "Add to playlist" beside "Save to your liked songs".)
  const eliminated = (): Competitor | null => {
    const saying = (w: string) => !FUNCTION_WORDS.includes(w) && (/^\p{N}+$/u.test(w) || /\p{L}/u.test(w));
    const theirOwn = peers.map((peer) => wordsOf(peer.length >= PEER_CHARS ? peer.replace(/\s*\S*$/, '') : peer)
      .filter((w) => saying(w) && !fromWords.some((r) => kept(w, r) || kept(r, w) || sameAction(w, r))));
    if (!theirOwn.length || theirOwn.some((own) => !own.length)) return null;
    const reads = (label: string, own: string[]) => wordsOf(label).some((n) => own.some((w) => kept(n, w)));
    const objectWords = fromWords.filter((w) => saying(w) && actionsOf(w).length === 0);
    const left = close.filter(([, c]) => theirOwn.every((own) => !reads(c.label, own)) && reads(c.label, objectWords));
    if (left.length !== 1 || twinned(left[0])) return null;
    const labels = new Map<number, string>();
    for (const match of matches) if (match && match.labels) match.uids.forEach((uid, i) => labels.set(uid, match.labels![i] || ''));
    const others = [...labels].filter(([uid]) => uid !== left[0][0]).map(([, label]) => label);
    return theirOwn.every((own) => others.some((label) => reads(label, own))) ? left[0] : null;
  };
  const picked = reached || eliminated();
  const winner = picked && !outworded(picked) && !variantOf(picked) && !numbersElsewhere(picked) && !saidElsewhere(picked) && !wordsElsewhere(picked) && !lookalikeAction(picked) && !lookalikeNumbers(picked) ? picked : null;
  // One keeping the recorded name's action word as it was ("Clear" of "Clear queue") is not stood in the way of by
  // an element naming another action ("Hide queue", the panel's renamed "Close"): that one keeps only the object.
  const keepsAction = !!winner && keepsActionWord(winner[1].label);
  if (!winner || (!keepsAction && blockers.some((agreement) => winner[1].agreement - agreement < AMBIGUITY_MARGIN - MARGIN_SLACK))) return null;
  // One keeping none of the words that told the recorded name from its look-alikes' names, nor its action in other
  // words, is stood in the way of by an element saying a look-alike's value where the recorded name said its own
  // ("Validate item", new where "Request receipt" was removed, beside "Ask for a photo" for "Request photo"; "User’s
  // comment history" where "Ban user" vanished, beside "Mute for 24 hours" for "Mute user": the menu was rewritten,
  // and its place alone says nothing). One keeping such a word is not ("Note a stain" for "Add stain note", beside
  // "Note a repair"; "Block from commenting" for "Ban user", beside "Mute for 24 hours").
  if (share(winner[1].label, true) === 0 && slotBlockers.some((agreement) => winner[1].agreement - agreement < AMBIGUITY_MARGIN - MARGIN_SLACK)) return null;
  const choice = reach(matches, winner[0], winner[1].agreement);
  return choice && { ...choice, renamed: { from, to: winner[1].label } };
}

/**
 * Whether `label` is still the name or the whole text of an element of the
 * page of tag `tag` (any tag when none is given; runs in the page,
 * self-contained): a text node holding part of it inside an element of that
 * tag, or a label of one, that reads exactly it, or an aria-label, title,
 * alt or placeholder of such an element that is it, or the value of such an
 * input (a `<button>`'s value is form data, not shown). Case and spacing
 * do not count. Open shadow roots and same-origin frames are searched too.
 * An element of another tag reading it (an `<option>` "Archive" beside a
 * renamed link "Archive") is not the recorded element: a rename needs its
 * recorded name gone from its own kind of element only. With `role` (the
 * role attribute the recorded element had), only elements given that role
 * count: a toolbar's `<button>` "Stop" is not a menu's `<button
 * role="menuitem">` "Stop".
 */
export function labelNamesElement(named: { label: string; tag?: string; control?: boolean; role?: string }): boolean {
  const clean = (text: string | null | undefined) => (text || '').replace(/[\s\u200b]+/g, ' ').trim().slice(0, 80).toLowerCase();
  const wanted = clean(named.label);
  const tag = named.tag || '';
  if (!wanted) return false;
  // An element of the recorded tag, or a label (for=, wrapping, aria-labelledby) of one: an option or a heading
  // reading "Archive" does not keep a link "Archive" on the page.
  // Text of a label's control was recorded: only such text keeps its name on the page (a chip reading "Bug" is not
  // the label text "Bug" of a checkbox).
  const ofControl = (el: Element) => {
    const label = el.closest('label');
    return !!label && !!(label as HTMLLabelElement).control;
  };
  // The role the recorded element was given (a `<button role="menuitem">`): a toolbar's button "Stop" does not keep
  // a menu's item "Stop" on the page.
  const kind = (el: Element) => (!tag || el.localName === tag) && (named.role === undefined || el.getAttribute('role') === named.role);
  const counts = (el: Element) => {
    if (named.control && !ofControl(el)) return false;
    if (kind(el)) return true;
    const control = el.localName === 'label' ? (el as HTMLLabelElement).control : null;
    if (control && kind(control)) return true;
    const root = el.getRootNode() as Document | ShadowRoot;
    return !!el.id && Array.from(root.querySelectorAll(`${tag || '*'}[aria-labelledby]`)).some((other) => kind(other) && (other.getAttribute('aria-labelledby') || '').split(/\s+/).includes(el.id));
  };
  const roots: (Document | ShadowRoot)[] = [document];
  for (let r = 0; r < roots.length && r < 200; r++) {
    const root = roots[r];
    // nodeType, not instanceof: a frame's document belongs to another realm.
    const doc = root.nodeType === 9 ? (root as Document) : (root.ownerDocument as Document);
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const part = clean(node.nodeValue);
      if (!part || !wanted.includes(part)) continue;
      let up = node.parentElement;
      for (let depth = 0; up && depth < 4; depth++, up = up.parentElement) {
        const text = clean(up.textContent);
        if (text.length > wanted.length) break;
        if (text === wanted && counts(up)) return true;
      }
    }
    for (const el of Array.from(root.querySelectorAll('*'))) {
      // A value names only an input (a submit button's label): a `<button value="reject">` reads what its text says.
      for (const key of ['aria-label', 'title', 'alt', 'placeholder', 'value']) if ((key !== 'value' || el.localName === 'input') && clean(el.getAttribute(key)) === wanted && kind(el)) return true;
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (el.localName === 'iframe') {
        try {
          const inner = (el as HTMLIFrameElement).contentDocument;
          if (inner) roots.push(inner);
        } catch {
          // A frame of another origin: out of reach.
        }
      }
    }
  }
  return false;
}

/**
 * A recorded element in words: `button "Sign in"`.
 */
export function describeFingerprint(fingerprint: Pick<Fingerprint, 'tag' | 'role' | 'name' | 'text'>): string {
  const label = fingerprint.name || fingerprint.text;
  return `${fingerprint.role || fingerprint.tag}${label ? ` ${JSON.stringify(label)}` : ''}`;
}

/** An element in words with what sets it apart from its look-alikes: `button "Delete" in "Bob bob@acme.test"`. */
export function describeElement(fingerprint: Pick<Fingerprint, 'tag' | 'role' | 'name' | 'text' | 'context'>): string {
  const context = fingerprint.context ? fingerprint.context.split(' ').slice(0, 6).join(' ') : '';
  return `${describeFingerprint(fingerprint)}${context ? ` in ${JSON.stringify(context)}` : ''}`;
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

/**
 * The recorded element and the elements now closest to it, in words, for
 * the message of a step that found none agreeing enough: `the recorded
 * button "Delete" in "Bob"; closest now: button "Delete" in "Alice"
 * (agreement 0.70)`. Elements tied for closest are named together (at most
 * three, each once): a step refused because no candidate is the recorded
 * element says which ones it would not take.
 */
export function describeClosest(expected: Fingerprint, matches: (CandidateMatch | null)[]): string {
  const TIED = 3;
  let closest: string[] = [];
  let best = -1;
  for (const match of matches) {
    if (!match || !match.described) continue;
    match.agreements.forEach((agreement, i) => {
      const described = match.described ? match.described[i] : '';
      if (agreement > best) {
        best = agreement;
        closest = [described];
      } else if (agreement === best && !closest.includes(described) && closest.length < TIED) {
        closest.push(described);
      }
    });
  }
  const recorded = `the recorded ${describeElement(expected)}`;
  return closest.length ? `${recorded}; closest now: ${closest.join(' or ')} (agreement ${best.toFixed(2)})` : `${recorded}; nothing like it now`;
}
