/**
 * Env values bound to origins: where each of a flow's variables may go, the
 * variables one tool call carries, and the refusal (`SECRET_NOT_ALLOWED`)
 * when one would go elsewhere. The kernel builds a FlowSecretOrigins per
 * flow; drivers receive it (as the FlowSecrets and CarriedSecrets contracts
 * of kernel/contracts/browser-driver.ts) and check the origin of the frame
 * an element is in, every request's URL, and which values a document's
 * pictures mask.
 */
import { createRedactor, MIN_SECRET_LENGTH, type Redactor } from '../redaction/secret-redaction.js';
import { OriginPolicy, originOf } from './origin-patterns';

/** The failure code of a call refused because a value would go where it is not allowed. */
export const SECRET_NOT_ALLOWED = 'SECRET_NOT_ALLOWED';

/** A value refused on an origin: its message names the variable, where it may be used and where it was going. */
export class SecretNotAllowedError extends Error {
  readonly code = SECRET_NOT_ALLOWED;
  constructor(readonly variable: string, readonly allowed: string, readonly where: string) {
    super(`${SECRET_NOT_ALLOWED}: \${${variable}} may be used only on ${allowed}, not ${where}; nothing was typed or sent`);
    this.name = 'SecretNotAllowedError';
  }
}

/** Whether `err` is a SECRET_NOT_ALLOWED refusal (from any copy of this module: drivers and the kernel load it separately in tests). */
export function isSecretNotAllowed(err: unknown): err is Error & { code: typeof SECRET_NOT_ALLOWED } {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === SECRET_NOT_ALLOWED;
}

/** One variable of a flow. */
export interface BoundSecret {
  name: string;
  value: string;
  /** Where it may go: its `allowedOrigins`, or the origin of the flow's `targetWebsite`. */
  policy: OriginPolicy;
  /** True when the variable has its own `allowedOrigins` (false: the flow's site). */
  explicit: boolean;
}

/** How a policy reads in a refusal. */
function allowedText(secret: BoundSecret): string {
  return secret.explicit ? secret.policy.describe() : `the flow's site (${secret.policy.describe()})`;
}

/** The variables one tool call carries (the CarriedSecrets contract). */
export class CarriedSecretOrigins {
  readonly names: readonly string[];

  constructor(private readonly secrets: readonly BoundSecret[]) {
    this.names = secrets.map((s) => s.name);
  }

  /** Whether every carried variable may go to the origin of `urlOrOrigin`. */
  allows(urlOrOrigin: string): boolean {
    const origin = originOf(urlOrOrigin);
    return this.secrets.every((s) => s.policy.allows(origin));
  }

  /** Throws SecretNotAllowedError for the first carried variable `origin` is not allowed for. */
  check(origin: string, where: string): void {
    const refused = this.secrets.find((s) => !s.policy.allows(origin));
    if (refused) throw new SecretNotAllowedError(refused.name, allowedText(refused), where);
  }

  /** `check` on the origin of a URL (or an origin). */
  checkUrl(urlOrOrigin: string, where: string): void {
    this.check(originOf(urlOrOrigin), where);
  }
}

/** Every variable of a flow with its origins (the FlowSecrets contract). */
export class FlowSecretOrigins {
  private readonly byName: ReadonlyMap<string, BoundSecret>;
  /** Finds any spelling of any value (URL-encoded included): each replaced by a marker naming its index. */
  private finder: Redactor;
  private readonly list: BoundSecret[];

  constructor(secrets: readonly BoundSecret[]) {
    this.list = [...secrets];
    this.byName = new Map(secrets.map((s) => [s.name, s]));
    this.finder = this.compile();
  }

  /**
   * Another value of a variable the flow holds, bound where the variable is:
   * a TOTP variable's code, made while the flow runs. Requests carrying it
   * elsewhere are refused and pictures mask it from now on.
   */
  addValue(name: string, value: string): void {
    const secret = this.byName.get(name);
    if (!secret || this.list.some((s) => s.name === name && s.value === value)) return;
    this.list.push({ ...secret, value });
    this.finder = this.compile();
  }

  private compile(): Redactor {
    return createRedactor(this.list.map((s, i) => [s.value, `\u0000${i}\u0000`] as const));
  }

  /** Whether the flow holds any value. */
  get size(): number {
    return this.list.length;
  }

  /** The variables among `names` (placeholders of a call) the flow holds; null when none. */
  carried(names: Iterable<string>): CarriedSecretOrigins | null {
    const secrets = [...new Set(names)].map((n) => this.byName.get(n)).filter((s): s is BoundSecret => Boolean(s));
    return secrets.length ? new CarriedSecretOrigins(secrets) : null;
  }

  /** The values (of MIN_SECRET_LENGTH characters or more) allowed on `origin`: what pictures of its documents mask. */
  maskValuesFor(origin: string): string[] {
    return this.list.filter((s) => s.value.length >= MIN_SECRET_LENGTH && s.policy.allows(origin)).map((s) => s.value);
  }

  /**
   * The refusal of a request to `url` whose URL carries a value (in any
   * spelling, URL-encoded included) not allowed on the URL's origin; null
   * when it carries none, or only allowed ones. Values shorter than
   * MIN_SECRET_LENGTH cannot be told from other text and are not looked for.
   */
  refuseRequest(url: string): SecretNotAllowedError | null {
    if (!this.list.length) return null;
    const marked = this.finder.redact(url);
    if (marked === url) return null;
    const origin = originOf(url);
    for (const m of marked.matchAll(/\u0000(\d+)\u0000/g)) {
      const secret = this.list[Number(m[1])];
      if (secret && !secret.policy.allows(origin)) return new SecretNotAllowedError(secret.name, allowedText(secret), `a request to ${origin}`);
    }
    return null;
  }
}

/** Schemes that load nothing from the network (a navigation policy is about origins on the network). */
const LOCAL_SCHEMES = /^(about|data|blob|javascript|chrome-error|chrome|devtools|file):/i;

/**
 * Why a request of a flow's browser may not go, or null: the URL carries an
 * env value not allowed on its origin, or (`navigation`: it loads a
 * document, a tab's or a frame's) it leaves the flow's `allowedOrigins`.
 * The one decision every driver's request guard makes.
 */
export function requestRefusal(
  url: string,
  navigation: boolean,
  secrets: { refuseRequest(url: string): Error | null } | undefined,
  policy: { allows(origin: string): boolean; describe(): string } | null,
): Error | null {
  const secret = secrets?.refuseRequest(url);
  if (secret) return secret;
  if (navigation && policy && !LOCAL_SCHEMES.test(url) && !policy.allows(originOf(url))) {
    return new Error(`The navigation to ${originOf(url)} was blocked: the flow's allowedOrigins (${policy.describe()}) do not include it`);
  }
  return null;
}
