/**
 * A flow's environment variables while it runs: the plain values, and the
 * `kind: "totp"` ones, whose `${KEY}` is substituted with the code current
 * at that moment (lib/totp). The flow's redactor turns every value back into
 * its placeholder: plain values, TOTP secrets, and each code the flow typed,
 * so a page echoing a code shows `${KEY}` in every record.
 */
import { createRedactor, type Redactor } from '../redaction/secret-redaction.js';
import { parseTotp, totpCode } from '../totp/totp';
import { FlowSecretOrigins } from '../origins/secret-origins';
import { OriginPolicy, siteOriginPolicy } from '../origins/origin-patterns';
import type { Storage } from '../../kernel/contracts/storage';
import type { FlowMetadata } from '../../kernel/flows/flow-types';

export class FlowEnv {
  /** Name -> stored value (a TOTP variable's secret). */
  private readonly stored = new Map<string, string>();
  private readonly totp = new Set<string>();
  /** Codes substituted so far, with their variable: redacted like values. */
  private readonly codes = new Map<string, string>();
  private compiled: Redactor = createRedactor([]);
  /** Other secrets of the flow (a browser profile's cookie and storage values), redacted as `****`. */
  private readonly hidden = new Set<string>();

  /** `onCode` hears each new code a TOTP variable gives (the flow's origin checks and picture masking take it as a value of that variable). */
  constructor(private readonly onCode?: (name: string, code: string) => void) {}

  /**
   * Loads the flow's variables from storage (one deleted since the flow was
   * created stays a placeholder) and seals; answers where each value may
   * go: its `allowedOrigins`, else the origin of the flow's targetWebsite.
   */
  async load(flow: Pick<FlowMetadata, 'envVars' | 'targetWebsite'>, storage: Pick<Storage, 'env' | 'envKinds' | 'envOrigins'>): Promise<FlowSecretOrigins> {
    const bound = [];
    for (const name of flow.envVars) {
      const value = await storage.env.get(name);
      if (value === undefined) continue;
      this.set(name, value, (await storage.envKinds.get(name)) ?? 'plain');
      const origins = await storage.envOrigins.get(name);
      bound.push({ name, value, policy: origins ? new OriginPolicy(origins) : siteOriginPolicy(flow.targetWebsite), explicit: Boolean(origins) });
    }
    this.seal();
    return new FlowSecretOrigins(bound);
  }

  /** Adds a variable as loaded from storage. Call `seal()` once all are in. */
  set(name: string, value: string, kind: 'plain' | 'totp'): void {
    this.stored.set(name, value);
    if (kind === 'totp') this.totp.add(name);
  }

  /** Values redacted as `****` (not placeholders: nothing substitutes them). Call `seal()` after. */
  hide(values: Iterable<string>): void {
    for (const v of values) this.hidden.add(v);
  }

  /** Builds the redactor of the values loaded (compiling it is the costly part, so it is done once, and again only for a new code). */
  seal(): void {
    this.compiled = createRedactor(this.pairs());
  }

  /** The values to substitute now: plain values as stored, each TOTP variable's current code. */
  valuesNow(now = Date.now()): ReadonlyMap<string, string> {
    if (!this.totp.size) return this.stored;
    const out = new Map(this.stored);
    let added = false;
    for (const name of this.totp) {
      let code: string;
      try {
        code = totpCode(this.stored.get(name)!, now);
      } catch {
        continue; // checked when stored: a value that no longer parses is left as the placeholder
      }
      out.set(name, code);
      if (!this.codes.has(code)) {
        this.codes.set(code, name);
        this.onCode?.(name, code);
        added = true;
      }
    }
    if (added) this.seal();
    return out;
  }

  /** Whether a variable of that name was loaded. */
  has(name: string): boolean {
    return this.stored.has(name);
  }

  get redactor(): Redactor {
    return this.compiled;
  }

  private pairs(): Array<readonly [string, string]> {
    const pairs: Array<readonly [string, string]> = [...this.stored].map(([name, value]) => [value, '${' + name + '}'] as const);
    for (const name of this.totp) {
      try {
        pairs.push([parseTotp(this.stored.get(name)!).base32, '${' + name + '}']); // the bare secret of a URI
      } catch {
        // not a TOTP value any more: the stored value itself is redacted above
      }
    }
    for (const [code, name] of this.codes) pairs.push([code, '${' + name + '}']);
    for (const value of this.hidden) pairs.push([value, '****']);
    return pairs;
  }
}
