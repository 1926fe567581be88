/**
 * Masking of secret values (GPT keys, service-account keys) for API reads.
 * The shape `abc****wxyz` lets a person recognise which key is stored
 * without the response being usable as the key itself.
 */

/** The mask shown for values too short to reveal any of their characters. */
export const FULL_MASK = '****';

/**
 * Masks a secret: the first 3 and last 4 characters with `****` between.
 * Values shorter than 10 characters (and non-strings) become `****`
 * entirely, because showing 7 of fewer than 10 characters would give most
 * of the secret away.
 */
export function maskSecret(value: unknown): string {
  if (typeof value !== 'string' || value.length < 10) return FULL_MASK;
  return `${value.slice(0, 3)}${FULL_MASK}${value.slice(-4)}`;
}
