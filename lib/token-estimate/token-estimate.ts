/**
 * A tokenizer-free token estimate that errs high, for hard budgets (the
 * observation, the step history). Models' tokenizers are not at hand (and
 * differ by provider), and four characters a token undercounts what LLMs
 * read from web pages: numbers, punctuation, refs and non-Latin scripts cost
 * far more than English prose. Measured against o200k_base on the
 * observations and aria snapshots of the 29 benchmark pages (news, Wikipedia,
 * Chinese, the test site), this estimate is 1.01–1.6 times the real count
 * per page (four characters a token was 0.5–0.97).
 *
 * Rules, per run of characters: ASCII letters 1 token per 4, digits 1 per 3
 * (BPE vocabularies split numbers into groups of up to 3), a single space
 * or tab 0 (it joins the next word's token), a longer run of them 1, and
 * every other UTF-16 unit 1 (punctuation, newlines, non-ASCII: a CJK
 * character is about one token, an emoji two units and two or more tokens).
 * Rare scripts that tokenize byte by byte (3–4 tokens a character) are the
 * known undercount; a page is never made of them alone.
 */

const NONE = 0;
const LETTERS = 1;
const DIGITS = 2;
const BLANKS = 3;

function runCost(kind: number, length: number): number {
  if (kind === LETTERS) return Math.ceil(length / 4);
  if (kind === DIGITS) return Math.ceil(length / 3);
  if (kind === BLANKS) return length > 1 ? 1 : 0;
  return 0;
}

/** Estimated LLM tokens of `text`, erring high (see the module comment). */
export function estimateTokens(text: string): number {
  let tokens = 0;
  let kind = NONE;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const k = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? LETTERS : c >= 48 && c <= 57 ? DIGITS : c === 32 || c === 9 ? BLANKS : NONE;
    if (k !== kind) {
      tokens += runCost(kind, run);
      kind = k;
      run = 0;
    }
    if (k === NONE) tokens++;
    else run++;
  }
  return tokens + runCost(kind, run);
}

/**
 * The longest prefix of `text` whose estimate is at most `maxTokens`
 * (binary search: the estimate of a prefix only grows with its length).
 */
export function cutToTokens(text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (estimateTokens(text.slice(0, mid)) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo);
}
