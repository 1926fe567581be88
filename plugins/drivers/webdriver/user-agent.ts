/**
 * The marked User-Agent of WebDriver sessions: every driven browser sends
 * the process's drivenBrowserMarker() after its own User-Agent, and the HTTP
 * server refuses every request that carries it (see
 * lib/service-guard/driven-browser-marker.ts). The marker has to be set when the
 * browser starts, as a switch (`--user-agent=` for Chrome, Chromium and
 * Edge) or a preference (`general.useragent.override` for Firefox), so the
 * browser's own User-Agent must be known before the session exists: it is
 * read once per endpoint and browser set-up from a short-lived probe session
 * (about half a second with a local chromedriver) and kept for the process.
 * Other browsers (Safari...) have no such switch over WebDriver and run
 * unmarked, with a warning.
 */
import { drivenBrowserMarker } from '../../../lib/service-guard/driven-browser-marker';
import type { Logger } from '../../../kernel/logger';
import { isChromeFamily } from './capabilities';

type Caps = Record<string, unknown>;

/** Where a capability set takes its User-Agent. */
export type UserAgentSlot =
  | { kind: 'switch'; optionsKey: 'goog:chromeOptions' | 'ms:edgeOptions' }
  | { kind: 'pref' };

const EDGE_NAMES = new Set(['microsoftedge', 'msedge', 'edge']);

/** Where `browserName` takes a User-Agent, or null when WebDriver cannot set one. */
export function userAgentSlot(browserName: string): UserAgentSlot | null {
  const name = browserName.toLowerCase();
  if (isChromeFamily(name)) return { kind: 'switch', optionsKey: 'goog:chromeOptions' };
  if (EDGE_NAMES.has(name)) return { kind: 'switch', optionsKey: 'ms:edgeOptions' };
  if (name === 'firefox') return { kind: 'pref' };
  return null;
}

/** The User-Agent `caps` already set (a flow may give its own), or null. */
export function givenUserAgent(caps: Caps, slot: UserAgentSlot): string | null {
  if (slot.kind === 'switch') {
    const args = (caps[slot.optionsKey] as { args?: unknown } | undefined)?.args;
    const arg = Array.isArray(args) ? args.find((a): a is string => typeof a === 'string' && a.startsWith('--user-agent=')) : undefined;
    return arg ? arg.slice('--user-agent='.length) : null;
  }
  const prefs = (caps['moz:firefoxOptions'] as { prefs?: Record<string, unknown> } | undefined)?.prefs;
  const pref = prefs?.['general.useragent.override'];
  return typeof pref === 'string' ? pref : null;
}

/** `base` with the process's marker appended (once). */
export function markedUserAgent(base: string): string {
  const marker = drivenBrowserMarker();
  return base.includes(marker) ? base : `${base.trimEnd()} ${marker}`;
}

/** `caps` with `userAgent` set in `slot` (replacing a User-Agent the caps carried). */
export function withUserAgent(caps: Caps, slot: UserAgentSlot, userAgent: string): Caps {
  if (slot.kind === 'switch') {
    const options = { ...((caps[slot.optionsKey] as Caps | undefined) ?? {}) };
    const args = Array.isArray(options.args) ? (options.args as unknown[]).filter((a) => !(typeof a === 'string' && a.startsWith('--user-agent='))) : [];
    options.args = [...args, `--user-agent=${userAgent}`];
    return { ...caps, [slot.optionsKey]: options };
  }
  const options = { ...((caps['moz:firefoxOptions'] as Caps | undefined) ?? {}) };
  options.prefs = { ...((options.prefs as Caps | undefined) ?? {}), 'general.useragent.override': userAgent };
  return { ...caps, 'moz:firefoxOptions': options };
}

/** Reads a browser's own User-Agent from a probe session started with `caps` on `endpoint`. */
export type ProbeUserAgent = (caps: Caps, endpoint: string) => Promise<string>;

/** Marks the capabilities of new sessions, probing each browser set-up once. */
export class UserAgentMarker {
  private readonly probed = new Map<string, Promise<string>>();
  private readonly warned = new Set<string>();

  constructor(private readonly probe: ProbeUserAgent, private readonly logger: Logger) {}

  /**
   * `caps` with the marked User-Agent; unchanged (with a warning, once per
   * browser name) for a browser WebDriver cannot give one. `endpoint` keys
   * the probe cache, with the capabilities: another grid or set-up is
   * another browser.
   */
  async mark(caps: Caps, endpoint: string): Promise<Caps> {
    const browserName = typeof caps.browserName === 'string' ? caps.browserName : '';
    const slot = userAgentSlot(browserName);
    if (!slot) {
      if (!this.warned.has(browserName)) {
        this.warned.add(browserName);
        this.logger.warn('This browser cannot be given a marked User-Agent over WebDriver: the service relies on its address blocking alone for it', { browserName });
      }
      return caps;
    }
    const base = givenUserAgent(caps, slot) ?? (await this.probeOnce(caps, endpoint));
    return withUserAgent(caps, slot, markedUserAgent(base));
  }

  private probeOnce(caps: Caps, endpoint: string): Promise<string> {
    const key = JSON.stringify([endpoint, caps]);
    let agent = this.probed.get(key);
    if (!agent) {
      agent = this.probe(caps, endpoint);
      // A failed probe is asked again by the next session.
      agent.catch(() => this.probed.delete(key));
      this.probed.set(key, agent);
    }
    return agent;
  }
}
