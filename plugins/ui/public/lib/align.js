// Aligns the steps of two runs for the Compare view: a longest common
// subsequence of tool names pairs the steps, gaps are steps only one run
// took, and each pair is checked for what changed (target, other
// parameters, outcome, recorded selectors).

/** @typedef {import('./api-records.js').ToolCall} ToolCall */
/**
 * @typedef {{ a: ToolCall | null, b: ToolCall | null, an: number, bn: number, differences: string[] }} AlignedRow
 * `an` / `bn` are 1-based step numbers, 0 when the run has no such step.
 */

/** @param {unknown} s @returns {string[]} */
const selectorList = (s) => (Array.isArray(s) ? s.map(String) : typeof s === 'string' ? [s] : []);

/** @param {Record<string, unknown>} p */
function withoutSelector(p) {
  const { selector: _s, ...rest } = p || {};
  return JSON.stringify(Object.keys(rest).sort().map((k) => [k, rest[k]]));
}

/**
 * What differs between two paired calls (empty: the same step).
 * @param {ToolCall} a
 * @param {ToolCall} b
 * @returns {string[]}
 */
export function differences(a, b) {
  const out = [];
  if (a.name !== b.name) out.push('tool');
  if (withoutSelector(a.parameters) !== withoutSelector(b.parameters)) out.push('parameters');
  // A rerun lists the recorded candidates where the first run had one selector: the same target if they share one.
  const sa = [...selectorList(a.parameters?.selector), ...recordedSelectors(a)];
  const sb = [...selectorList(b.parameters?.selector), ...recordedSelectors(b)];
  if ((sa.length || sb.length) && !sa.some((s) => sb.includes(s))) out.push('target');
  else if (recordedSelectors(a).join('\n') !== recordedSelectors(b).join('\n')) out.push('selectors');
  if (!!a.outcome?.success !== !!b.outcome?.success) out.push('outcome');
  return out;
}

/**
 * Pairs the steps of two runs.
 * @param {ToolCall[]} a
 * @param {ToolCall[]} b
 * @returns {AlignedRow[]}
 */
export function align(a, b) {
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = length of the LCS of a[i..] and b[j..], flattened.
  const w = m + 1;
  const lcs = new Uint16Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i].name === b[j].name ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  /** @type {AlignedRow[]} */
  const rows = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i].name === b[j].name) {
      rows.push({ a: a[i], b: b[j], an: i + 1, bn: j + 1, differences: differences(a[i], b[j]) });
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) {
      rows.push({ a: a[i], b: null, an: i + 1, bn: 0, differences: ['only in the first run'] });
      i++;
    } else {
      rows.push({ a: null, b: b[j], an: 0, bn: j + 1, differences: ['only in the second run'] });
      j++;
    }
  }
  return rows;
}

/** Index of the first row where the runs did something different (other recorded selectors alone are not that), or -1. @param {AlignedRow[]} rows */
export const firstDivergence = (rows) => rows.findIndex((r) => r.differences.some((d) => d !== 'selectors'));

/**
 * Steps whose recorded selectors changed between the runs, with the candidates only the first
 * run recorded (`removed`) and only the second (`added`); the same candidates in another order
 * are a change of order alone (both empty).
 * @param {AlignedRow[]} rows
 * @returns {Array<{ row: AlignedRow, before: string[], after: string[], removed: string[], added: string[] }>}
 */
export function selectorChanges(rows) {
  const out = [];
  for (const row of rows) {
    const before = row.a ? recordedSelectors(row.a) : [];
    const after = row.b ? recordedSelectors(row.b) : [];
    if (!row.a || !row.b || (!before.length && !after.length)) continue;
    if (before.join('\n') !== after.join('\n')) out.push({ row, before, after, removed: before.filter((s) => !after.includes(s)), added: after.filter((s) => !before.includes(s)) });
  }
  return out;
}

/**
 * The selectors a call recorded, without the element's fingerprint
 * (`fingerprint={...}`, recorded last): it describes the element rather than
 * selecting it, and changes with the page's text around it.
 * @param {ToolCall} call
 * @returns {string[]}
 */
function recordedSelectors(call) {
  return (call.outcome?.selectors ?? []).filter((s) => !s.startsWith('fingerprint='));
}
