/**
 * Builds functions that browser drivers run inside the page from TypeScript
 * code split over several modules. Shared by every driver: Playwright passes
 * the function to `evaluate`, WebDriver sends its source to `executeScript`.
 *
 * A driver sends `fn.toString()` to the browser, so an in-page function can
 * reference nothing outside its own body. Two things stand in the way of
 * writing that code as ordinary, split TypeScript: tsx/esbuild wraps nested
 * functions in a `__name(...)` helper that exists only in Node, and helpers
 * shared between scripts (accessible names, quoting) would have to be pasted
 * into every script. So each in-page module exports a *factory*: a
 * self-contained function that receives the library object and returns its
 * part of it. `pageFunction` concatenates the factories' sources with a
 * `__name` shim into one `Function` whose source a driver can send.
 */

/** A self-contained function that builds one part of the in-page library. */
export type PageFactory<L, K extends keyof L> = (lib: L) => L[K];

/** The factories of a library, one per key, in the order they are built. */
export type PageFactories<L> = { [K in keyof L]: PageFactory<L, K> };

/**
 * Returns a function whose source embeds `factories` and `main`; Playwright
 * can pass it to `evaluate`/`evaluateHandle`, WebDriver can send its source.
 * When run, it builds the library and calls `main(lib, ...args)`.
 *
 * Factories and `main` must reference only their parameters and browser
 * globals: their source is all that reaches the page.
 */
export function pageFunction<L, A extends unknown[], R>(
  factories: PageFactories<L>,
  main: (lib: L, ...args: A) => R,
): (...args: A) => R {
  const parts = ['"use strict";', 'const __name = (f) => f;', 'const lib = {};'];
  for (const [key, factory] of Object.entries(factories) as [string, (lib: L) => unknown][]) {
    parts.push(`lib[${JSON.stringify(key)}] = (${factory.toString()})(lib);`);
  }
  parts.push(`return (${main.toString()})(lib, ...arguments);`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: a function a driver can serialise.
  return new Function(parts.join('\n')) as (...args: A) => R;
}
