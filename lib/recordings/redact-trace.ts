/**
 * The files of a Playwright trace made safe to hand out. A trace zip holds
 * JSON-lines files (`*.trace`: actions with their parameters, DOM snapshots
 * with input values; `*.network`: HAR entries with headers, cookies and
 * bodies; `*.stacks`) and `resources/` (response bodies, screencast frames,
 * by sha1). Every JSON line is redacted as a HAR is (credential headers and
 * cookies replaced, every string through the flow's redaction); a resource
 * that is text is redacted as text, under the same name (the events refer
 * to it by name); binary resources (images) are kept as they are.
 */
import { redactHar } from './redact-har';

/** Whether `bytes` reads as UTF-8 text (no NUL, decodes cleanly). */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** One file of the trace zip, redacted: JSON lines by structure, other text as text, binary unchanged. */
export function redactTraceFile(name: string, bytes: Buffer, redact: (text: string) => string): Buffer {
  if (!isText(bytes)) return bytes;
  const text = bytes.toString('utf8');
  if (/\.(trace|network|stacks)$/.test(name)) {
    const lines = text.split('\n').map((line) => {
      if (!line.trim()) return line;
      try {
        return JSON.stringify(redactHar(JSON.parse(line), redact));
      } catch {
        return redact(line);
      }
    });
    return Buffer.from(lines.join('\n'), 'utf8');
  }
  const redacted = redact(text);
  return redacted === text ? bytes : Buffer.from(redacted, 'utf8');
}
