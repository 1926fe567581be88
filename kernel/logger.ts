/**
 * The logger contract (token LOGGER): structured lines, secrets redacted at
 * the sink. The kernel builds it with lib/logging.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Registers a secret value (key, password) that must never be printed. */
  addSecret(value: string): void;
  /** Replaces every registered secret in `text` by `****`. */
  redact(text: string): string;
}
