/**
 * TOTP secrets of `kind: "totp"` environment variables (POST /api/env/{key}):
 * a base32 secret (RFC 6238 defaults: SHA-1, 6 digits, 30 s) or an
 * `otpauth://totp/...` URI whose parameters say otherwise. The codes are
 * computed by the `otpauth` package; generated tests use the same package.
 */
import * as OTPAuth from 'otpauth';

/** What a stored TOTP value is: its secret (base32) and the parameters of its codes. */
export interface TotpSecret {
  /** The secret, base32 without padding (registered with the log redactor besides the stored value). */
  base32: string;
  algorithm: string;
  digits: number;
  period: number;
}

/** Base32 alphabet (RFC 4648), padding and spaces allowed, any case. */
const BASE32 = /^[A-Z2-7]+=*$/;

/** Parses a stored TOTP value; throws an Error whose message names what is wrong (for `value: ...`). */
export function parseTotp(value: string): TotpSecret {
  const totp = totpOf(value);
  return { base32: totp.secret.base32, algorithm: totp.algorithm, digits: totp.digits, period: totp.period };
}

/** The code of `value` at `timestamp` (ms; now by default). */
export function totpCode(value: string, timestamp = Date.now()): string {
  return totpOf(value).generate({ timestamp });
}

/** The seconds the code of `value` at `timestamp` stays valid. */
export function totpRemainingMs(value: string, timestamp = Date.now()): number {
  const period = totpOf(value).period * 1000;
  return period - (timestamp % period);
}

function totpOf(value: string): OTPAuth.TOTP {
  const text = value.trim();
  if (/^otpauth:/i.test(text)) {
    let parsed: OTPAuth.HOTP | OTPAuth.TOTP;
    try {
      parsed = OTPAuth.URI.parse(text);
    } catch (err) {
      throw new Error(`not a valid otpauth:// URI (${(err as Error).message})`);
    }
    if (!(parsed instanceof OTPAuth.TOTP)) throw new Error('an otpauth://hotp/ URI is a counter-based code; only otpauth://totp/ is supported');
    if (parsed.secret.bytes.length < 10) throw new Error('the secret of the URI is shorter than 80 bits');
    return parsed;
  }
  const compact = text.replace(/[\s-]+/g, '').toUpperCase();
  if (!compact || !BASE32.test(compact)) throw new Error('expected a base32 secret (letters A-Z and digits 2-7) or an otpauth://totp/ URI');
  let secret: OTPAuth.Secret;
  try {
    secret = OTPAuth.Secret.fromBase32(compact.replace(/=+$/, ''));
  } catch (err) {
    throw new Error(`not a valid base32 secret (${(err as Error).message})`);
  }
  if (secret.bytes.length < 10) throw new Error('the secret is shorter than 80 bits (16 base32 characters)');
  return new OTPAuth.TOTP({ secret });
}
