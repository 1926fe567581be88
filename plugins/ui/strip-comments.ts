/**
 * Drops what only developers read from the app's modules before they are
 * served: JSDoc blocks (the UI's types), whole-line `//` comments,
 * indentation and blank lines. The code itself is untouched: no renaming,
 * no bundling, no build step; it roughly halves what the browser downloads.
 *
 * It relies on the UI's own style, which the UI tests check by running the
 * stripped code: no string or template holds `/**`, no line inside a
 * template starts with `//`, and whitespace at the start of a template line
 * does not matter (htm collapses it).
 */
export function stripComments(source: string): string {
  const out: string[] = [];
  for (const line of source.replace(/\/\*\*[\s\S]*?\*\//g, ' ').split('\n')) {
    const t = line.trim();
    if (t && !t.startsWith('//')) out.push(t);
  }
  return `${out.join('\n')}\n`;
}
