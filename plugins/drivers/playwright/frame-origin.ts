/**
 * The origin of a frame's document, as the browser reports its URL (never
 * what the page's own script says): an `about:blank` or `about:srcdoc`
 * document has its parent's origin, a `blob:` URL its creator's, and
 * `data:` or a top-level `about:blank` an opaque one (`null`, allowed
 * nowhere but `*`). Used to decide where an env value may go and which
 * values a document's pictures mask.
 */
import type { Frame } from 'playwright-core';
import { originOf } from '../../../lib/origins/origin-patterns';

export function frameOrigin(frame: Frame): string {
  for (let f: Frame | null = frame; f; f = f.parentFrame()) {
    const url = f.url();
    if (url && !/^about:(blank|srcdoc)\b/i.test(url)) return originOf(url);
  }
  return 'null';
}
