/**
 * Pure helpers about selector strings and identifiers, for code outside the
 * page: the rerun feature drops id-only candidates when
 * `areElementIdsVolatile=true`.
 */
import { createVolatility } from '../../../../lib/page-scripts/selectors/volatility';

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

/** Id-only selectors are a kernel concern (reruns drop them); re-exported for the driver's callers. */
export { selectsByIdOnly } from '../../../../lib/export/selector-kinds';
