/**
 * Why each candidate of a target carrying a recorded fingerprint was not the
 * one used, in the short words of `outcome.selectorsTried`
 * (lib/selector-trials). Runs in Node on what the in-page pass by agreement
 * measured, so both browser drivers give the same reasons.
 */
import { MIN_AGREEMENT, type CandidateMatch } from './fingerprint';
import { matchedReason } from '../../selector-trials/selector-trials';

/**
 * One reason per candidate (null: the candidate used, or one after it that
 * the choice did not need). `notRun[i]` says why candidate i was not run
 * (bad syntax, a ref); `chosen` is the pick of `chooseByAgreement`, null
 * when none agreed well enough (then every candidate gets its reason).
 */
export function agreementReasons(
  matches: readonly (CandidateMatch | null)[],
  chosen: { index: number; nth: number } | null,
  notRun: readonly (string | null)[],
): (string | null)[] {
  const chosenUid = chosen ? matches[chosen.index]?.uids[chosen.nth] : undefined;
  return matches.map((match, i) => {
    if (chosen && i >= chosen.index) return null;
    if (!match) return notRun[i] ?? 'not run';
    if (match.error) return match.error;
    if (!match.count) return matchedReason(0);
    if (chosenUid !== undefined && match.uids.includes(chosenUid)) return matchedReason(match.count);
    if (!match.agreements.length) return matchedReason(match.count);
    const best = Math.max(...match.agreements);
    if (best < MIN_AGREEMENT) return `disagrees with the recorded element (agreement ${best.toFixed(2)})`;
    return chosen
      ? `matched another element (agreement ${best.toFixed(2)})`
      : `ambiguous: another element agrees about as well (agreement ${best.toFixed(2)})`;
  });
}
