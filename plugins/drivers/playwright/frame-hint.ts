/**
 * A hint for a target that matched nothing on the page: when a candidate
 * matches an element inside one of the page's frames, the failure says so
 * and how to reach it (`<frame selector> >> internal:control=enter-frame >> <candidate>`),
 * the mistake behind most "No element matches" on pages with iframes.
 */
import type { ElementHandle, Page } from 'playwright-core';
import type { Candidate } from './selector-candidates';
import { recordSelectors } from './selectors/record-selectors';

/** Frames looked into at most (a page with hundreds of ad frames must not make a failure slow). */
const MAX_FRAMES = 10;

/** The hint (a sentence starting with "; "), or '' when no candidate matches in a frame either. */
export async function frameHint(page: Page, candidates: Candidate[]): Promise<string> {
  const frames = page.frames().filter((f) => f !== page.mainFrame() && !f.isDetached()).slice(0, MAX_FRAMES);
  if (!frames.length) return '';
  for (const candidate of candidates) {
    if (candidate.kind !== 'selector' || candidate.selector.includes('internal:control=enter-frame')) continue;
    for (const frame of frames) {
      const count = await frame.locator(candidate.selector).count().catch(() => 0);
      if (!count) continue;
      const frameElement = (await frame.frameElement().catch(() => null)) as ElementHandle<Element> | null;
      if (!frameElement) continue;
      try {
        // Nested frames: the recorded selector of the frame element carries its own frames' prefixes.
        const [framePath] = await recordSelectors(page, frameElement);
        if (!framePath) continue;
        return `; ${candidate.raw} matches ${count === 1 ? 'an element' : `${count} elements`} inside the frame ${framePath}, not in the page itself: reach it through the frame with "${framePath} >> internal:control=enter-frame >> ${candidate.raw}"`;
      } finally {
        await frameElement.dispose().catch(() => undefined);
      }
    }
  }
  return '';
}
