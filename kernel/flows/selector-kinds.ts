/**
 * Selector classification used by reruns: which candidates select by element
 * id only (`#id`, `[id="x"]`, `//*[@id="x"]`...), dropped when a caller says
 * ids are volatile.
 */
const ID_ONLY = [
  /^(?:css=)?#(?:[A-Za-z0-9_-]|\\.)+$/,
  /^(?:css=)?(?:\*|[a-z][a-z0-9]*)?\[id(?:=|\s*=\s*)(?:"[^"]*"|'[^']*'|[^\]]+)\s*(?:s|i)?\]$/i,
  /^(?:xpath=)?\/\/\*?(?:[a-z][a-z0-9]*)?\[@id\s*=\s*(?:"[^"]*"|'[^']*')\]$/i,
  /^(?:xpath=)?id\((?:"[^"]*"|'[^']*')\)$/i,
];

/** True when the selector picks its element by id alone. */
export function selectsByIdOnly(selector: string): boolean {
  const s = selector.trim();
  return ID_ONLY.some((re) => re.test(s));
}
