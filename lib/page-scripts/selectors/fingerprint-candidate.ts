/**
 * The recorded fingerprint of an element as it travels among its selector
 * candidates: `fingerprint={"tag":"button",...}`, recorded last, after the
 * real selectors. Riding in the candidate list, it is stored with the tool
 * call's `outcome.selectors`, redacted like them, and replayed by reruns and
 * generated tests without any other change to a flow's shape. A driver that
 * finds it among a target's candidates accepts only an element agreeing
 * with it (lib/page-scripts/selectors/fingerprint.ts), and uses it as a
 * last candidate of its own: the element of the page agreeing best.
 */
import * as v from 'valibot';
import { FINGERPRINT_PREFIX, MAX_PEERS, PEER_CHARS, type Fingerprint } from './fingerprint';

export { FINGERPRINT_PREFIX };
export type { Fingerprint };

const Text = v.pipe(v.string(), v.maxLength(200));
const FingerprintSchema = v.object({
  tag: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case tag name'), v.maxLength(64)),
  role: Text,
  name: Text,
  text: Text,
  attributes: v.pipe(v.record(v.pipe(v.string(), v.maxLength(64)), Text), v.check((a) => Object.keys(a).length <= 20, 'at most 20 attributes')),
  id: Text,
  classes: v.pipe(v.array(Text), v.maxLength(8)),
  ancestry: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(8)),
  context: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  position: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.length(2)),
  place: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.length(2))),
  peers: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(PEER_CHARS))), v.maxLength(MAX_PEERS))),
  group: v.optional(v.pipe(v.string(), v.maxLength(PEER_CHARS))),
  control: v.optional(Text),
  value: v.optional(Text),
  wraps: v.optional(v.boolean()),
  shared: v.optional(v.boolean()),
  marks: v.optional(v.pipe(v.array(Text), v.maxLength(4))),
  item: v.optional(v.pipe(v.string(), v.maxLength(200))),
  outer: v.optional(v.pipe(v.string(), v.maxLength(200))),
  column: v.optional(v.pipe(v.string(), v.maxLength(200))),
  fields: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(4))),
  widget: v.optional(v.pipe(v.string(), v.maxLength(PEER_CHARS))),
  box: v.optional(v.pipe(v.string(), v.maxLength(PEER_CHARS))),
});

/** What a selector candidate may hold (plugins/tools/browser/params.ts). */
const MAX_CANDIDATE = 2000;

/** Whether `candidate` is a recorded fingerprint rather than a selector. */
export function isFingerprintCandidate(candidate: string): boolean {
  return candidate.trimStart().startsWith(FINGERPRINT_PREFIX);
}

/**
 * The candidate string of a fingerprint (compact JSON, so it fits the
 * 2000-character selector limit; when the look-alikes' names would not fit,
 * they are left out, and no rename is ever accepted for that element).
 */
export function fingerprintCandidate(fingerprint: Fingerprint): string {
  const { uid: _uid, whole: _whole, ...recorded } = fingerprint;
  const full = FINGERPRINT_PREFIX + JSON.stringify(recorded);
  if (full.length <= MAX_CANDIDATE || !recorded.peers) return full;
  const { peers: _peers, ...smaller } = recorded;
  return FINGERPRINT_PREFIX + JSON.stringify(smaller);
}

/**
 * The fingerprint of a `fingerprint=` candidate; throws an Error naming
 * what is wrong (bad JSON, a missing or mistyped field) otherwise.
 */
export function parseFingerprintCandidate(candidate: string): Fingerprint {
  const body = candidate.trim().slice(FINGERPRINT_PREFIX.length);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('fingerprint= must be followed by the JSON of a recorded element fingerprint');
  }
  const parsed = v.safeParse(FingerprintSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue) ?? '(root)';
    throw new Error(`fingerprint= has an invalid ${path}: ${issue.message}`);
  }
  return parsed.output;
}
