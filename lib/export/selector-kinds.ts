/**
 * Selector classification used by reruns: which candidates select by element
 * id only (`#id`, `[id="x"]`, `//*[@id="x"]`...), dropped when a caller says
 * ids are volatile.
 */
// A CSS id token: escapes allowed, no spaces/combinators/other selectors after it.
const CSS_ID = String.raw`#(?:\\.|[\w\u00a0-\uffff-])+`;
const QUOTED = String.raw`(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')`;
const CSS_ID_ONLY = new RegExp(String.raw`^(?:css=)?(?:[a-zA-Z][\w-]*|\*)?(?:${CSS_ID}|\[\s*id\s*(?:=|\*=|\^=|\$=)\s*(?:${QUOTED}|[\w-]+)\s*\])$`);
const XPATH_ID_ONLY = new RegExp(String.raw`^(?:xpath=)?\(?\s*//?(?:\*|[a-zA-Z][\w-]*)\[\s*@id\s*=\s*${QUOTED}\s*\]\s*\)?(?:\[1\])?$`);
const XPATH_ID_FUNCTION = new RegExp(String.raw`^(?:xpath=)?id\(\s*${QUOTED}\s*\)$`);
const ENGINE_ID_ONLY = /^id=.+$/;

/**
 * True when the selector picks its element by id and nothing else: `#id`,
 * `css=#id`, `button#id`, `[id="..."]`, `id=x`, `//*[@id="..."]`,
 * `xpath=//div[@id='...']`, `id("...")`. Such candidates break when ids are regenerated.
 */
export function selectsByIdOnly(selector: string): boolean {
  const s = selector.trim();
  return CSS_ID_ONLY.test(s) || XPATH_ID_ONLY.test(s) || XPATH_ID_FUNCTION.test(s) || ENGINE_ID_ONLY.test(s);
}
