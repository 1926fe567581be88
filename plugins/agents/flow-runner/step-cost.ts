/**
 * The price of one model call, from the GPT configuration it ran with
 * (`inputCostPerMillionTokens`, `outputCostPerMillionTokens`). Computed when
 * the call is made and stored with the step, so editing the configuration
 * later never changes a past cost. There is no built-in price table: vendors'
 * prices change and cannot be checked offline, so the configuration says.
 */
import type { GptConfigRecord } from '../../../kernel/contracts/storage';

/** A price field as stored: a finite number >= 0 (the route validated it), else unset. */
function price(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * USD of a call's tokens at the configuration's prices; null unless both
 * prices are set (one price alone would understate the cost).
 */
export function callCostUsd(config: GptConfigRecord, inputTokens: number, outputTokens: number): number | null {
  const input = price(config.inputCostPerMillionTokens);
  const output = price(config.outputCostPerMillionTokens);
  if (input === null || output === null) return null;
  return (inputTokens * input + outputTokens * output) / 1_000_000;
}
