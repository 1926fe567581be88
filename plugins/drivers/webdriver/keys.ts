/**
 * Key names as flows write them (Playwright's: `Enter`, `Control+A`,
 * `Shift+ArrowDown`, `ControlOrMeta+V`, `a`) turned into WebDriver key
 * actions: the chord's keys go down in order and come up in reverse.
 */

/** WebDriver's code points for named keys (W3C WebDriver, "Keyboard actions"). */
const NAMED_KEYS: Record<string, string> = {
  Cancel: '\uE001', Help: '\uE002', Backspace: '\uE003', Tab: '\uE004', Clear: '\uE005',
  Return: '\uE006', Enter: '\uE007', Shift: '\uE008', Control: '\uE009', Alt: '\uE00A',
  Pause: '\uE00B', Escape: '\uE00C', Space: '\uE00D', ' ': '\uE00D', PageUp: '\uE00E', PageDown: '\uE00F',
  End: '\uE010', Home: '\uE011', ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014',
  ArrowDown: '\uE015', Insert: '\uE016', Delete: '\uE017', Meta: '\uE03D',
  F1: '\uE031', F2: '\uE032', F3: '\uE033', F4: '\uE034', F5: '\uE035', F6: '\uE036',
  F7: '\uE037', F8: '\uE038', F9: '\uE039', F10: '\uE03A', F11: '\uE03B', F12: '\uE03C',
};

/** Other spellings people and models use. */
const ALIASES: Record<string, string> = {
  esc: 'Escape', escape: 'Escape', enter: 'Enter', return: 'Enter', tab: 'Tab', backspace: 'Backspace',
  delete: 'Delete', del: 'Delete', space: 'Space', spacebar: 'Space', up: 'ArrowUp', down: 'ArrowDown',
  left: 'ArrowLeft', right: 'ArrowRight', arrowup: 'ArrowUp', arrowdown: 'ArrowDown', arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight', home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown', insert: 'Insert',
  ctrl: 'Control', control: 'Control', controlormeta: 'Control', shift: 'Shift', alt: 'Alt', option: 'Alt',
  meta: 'Meta', cmd: 'Meta', command: 'Meta',
};

/** One WebDriver key action. */
export interface KeyAction {
  type: 'keyDown' | 'keyUp';
  value: string;
}

/** The WebDriver value of one key name; throws for names it does not know. */
export function keyValue(name: string): string {
  if ([...name].length === 1) return name;
  const canonical = NAMED_KEYS[name] !== undefined ? name : ALIASES[name.toLowerCase()];
  const value = canonical === undefined ? undefined : NAMED_KEYS[canonical];
  if (value === undefined) {
    if (/^Key[A-Z]$/.test(name)) return name.slice(3).toLowerCase();
    if (/^Digit[0-9]$/.test(name)) return name.slice(5);
    throw new Error(`Unknown key "${name}"; use names such as Enter, Escape, Tab, ArrowDown, Control+A or a single character`);
  }
  return value;
}

/** Key actions pressing the chord `Control+Shift+K` (a lone `+` is the plus key). */
export function chordActions(chord: string): KeyAction[] {
  const parts = chord === '+' ? ['+'] : chord.split(/\+(?!$)/).map((p) => (p === '' ? '+' : p));
  if (!parts.length || parts.some((p) => !p)) throw new Error(`Unknown key "${chord}"`);
  const values = parts.map(keyValue);
  return [
    ...values.map((value) => ({ type: 'keyDown' as const, value })),
    ...[...values].reverse().map((value) => ({ type: 'keyUp' as const, value })),
  ];
}

/** Key actions typing `text` character by character. */
export function typingActions(text: string): KeyAction[] {
  const out: KeyAction[] = [];
  for (const ch of text) out.push({ type: 'keyDown', value: ch }, { type: 'keyUp', value: ch });
  return out;
}

/** The W3C `performActions` payload of a key sequence. */
export function keyboardInput(actions: KeyAction[]): object[] {
  return [{ type: 'key', id: 'keyboard', actions }];
}
