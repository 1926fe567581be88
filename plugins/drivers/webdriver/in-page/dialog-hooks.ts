/**
 * Classic WebDriver tells that a user prompt is open and its text, not
 * whether it is an alert, a confirm or a prompt. These hooks wrap the
 * page's `alert`/`confirm`/`prompt` so each call logs its kind before the
 * native dialog opens; the driver reads the log after answering. Installed
 * by every element lookup and after navigations (a dialog a page shows
 * before the hooks are in place is still answered, with a guessed kind).
 * Self-contained: runs in the page.
 */

/** The hooks. */
export interface DialogHooks {
  /** Wraps the dialog functions of this window once (idempotent). */
  install(key: string): void;
  /** The kinds logged since the last call, oldest first. */
  take(key: string): string[];
}

/** Page-safe factory of the hooks. */
export function createDialogHooks(): DialogHooks {
  const KEPT = 50;
  return {
    install(key: string): void {
      const holder = window as unknown as Record<symbol, string[] | undefined> & Record<string, unknown>;
      const sym = Symbol.for(key);
      if (holder[sym]) return;
      const log: string[] = [];
      Object.defineProperty(window, sym, { value: log, configurable: true });
      for (const kind of ['alert', 'confirm', 'prompt']) {
        const original = holder[kind] as ((...args: unknown[]) => unknown) | undefined;
        if (typeof original !== 'function') continue;
        const wrapped = function (...args: unknown[]): unknown {
          log.push(kind);
          if (log.length > KEPT) log.shift();
          return original.apply(window, args);
        };
        try {
          Object.defineProperty(window, kind, { value: wrapped, writable: true, configurable: true });
        } catch {
          // A page that froze its globals keeps its own: its dialogs get a guessed kind.
        }
      }
    },
    take(key: string): string[] {
      const log = (window as unknown as Record<symbol, string[] | undefined>)[Symbol.for(key)];
      return log ? log.splice(0) : [];
    },
  };
}
