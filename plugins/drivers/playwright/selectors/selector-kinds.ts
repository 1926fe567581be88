/**
 * Pure helpers about selector strings and identifiers, for code outside the
 * page: the rerun feature drops id-only candidates when
 * `areElementIdsVolatile=true`.
 */
import { createVolatility } from './in-page/volatility';

const volatility = createVolatility();

/**
 * True for ids that frameworks or counters generate and that change between
 * runs: React `:r0:`/`«r1»`, `mui-123`, `ember45`, `ext-gen12`, `yui_...`,
 * uuids and long hex, ids with 3 or more consecutive digits...
 */
export function isVolatileId(id: string): boolean {
  return volatility.isVolatileId(id);
}

/**
 * True for attribute values that look generated (hashed class names like
 * `css-1x2y3z`, `sc-abc`, `jsx-123`, CSS-module hashes, long random tokens):
 * they are not used in selectors.
 */
export function isVolatileValue(value: string): boolean {
  return volatility.isVolatileValue(value);
}

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
