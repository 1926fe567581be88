/**
 * A small structured logger. Secrets are redacted at the sink: every value
 * registered with `addSecret` is replaced by `****` in whatever is written
 * (in every spelling: JSON, URL, HTML-escaped, cut short; lib/redaction/secret-redaction.ts),
 * so a careless message cannot leak a GPT key or an env value.
 */
import type { LogLevel, Logger } from '../../kernel/logger';
import { createRedactor, type Redactor } from '../redaction/secret-redaction';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Creates the logger; `write` defaults to stderr so stdout stays for the CLI's own output. */
export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  const secrets = new Set<string>();
  let redactor: Redactor | null = null;
  // Rebuilt only after a new secret arrives: compiling is the costly part.
  const redact = (text: string): string => {
    redactor ??= createRedactor([...secrets].map((s) => [s, '****'] as const));
    return redactor.redact(text);
  };
  const log = (lvl: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const extra = fields && Object.keys(fields).length ? ' ' + safeJson(fields) : '';
    write(redact(`${new Date().toISOString()} ${lvl.toUpperCase()} ${message}${extra}`));
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    addSecret: (v) => { if (v && !secrets.has(v)) { secrets.add(v); redactor = null; } },
    redact,
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v) => (v instanceof Error ? { name: v.name, message: v.message } : v));
  } catch {
    return '[unserialisable]';
  }
}
