/**
 * Where the env values of a running tool call would go, on the Playwright
 * drivers: the origin of the frame that holds the element acted on (not the
 * top page's), or, for typing without a target, of every frame on the way
 * to the focused element (an embedded frame of another origin that has the
 * focus gets nothing). Origins come from the browser's URLs of the frames
 * (frame-origin.ts), never from the page's own script.
 */
import type { ElementHandle, Frame, JSHandle, Page } from 'playwright-core';
import type { CarriedSecrets } from '../../../kernel/contracts/browser-driver';
import type { FoundElement } from './found-element';
import { frameOrigin } from './frame-origin';

/** How long reading the element's handle may take (it was just found). */
const HANDLE_TIMEOUT_MS = 2_000;

/** The handle of a found element (kept on `found` so selector recording reuses it). */
export async function handleOf(found: FoundElement): Promise<ElementHandle<Element> | null> {
  if (found.handle) return found.handle;
  // A handle already (a ref, or the element a check pinned the action to).
  if (typeof (found.target as ElementHandle<Element>).asElement === 'function') return found.target as ElementHandle<Element>;
  const handle = (await found.locator?.elementHandle({ timeout: HANDLE_TIMEOUT_MS }).catch(() => null)) as ElementHandle<Element> | null | undefined;
  if (!handle) return null;
  found.handle = handle;
  return handle;
}

/** Throws SECRET_NOT_ALLOWED unless the carried values may go to the frame that holds `found`. */
export async function checkElement(carried: CarriedSecrets, found: FoundElement): Promise<void> {
  const handle = await handleOf(found);
  const frame = handle ? await handle.ownerFrame() : null;
  const origin = frame ? frameOrigin(frame) : 'null';
  carried.check(origin, `${found.candidate.raw}, an element of ${origin === 'null' ? 'a document without an origin' : origin}`);
  if (handle && found.locator) {
    // The action goes to this very element: a locator would look again, maybe in the next document of another origin.
    found.target = handle;
    found.handle = null;
  }
}

/**
 * The frames from the top document down to the one whose element has the
 * focus: each frame's active element, while it is a frame element, leads
 * into that frame. A frame's script can only lie about what lies below it,
 * and every frame on the way is checked.
 */
export async function focusPath(page: Page): Promise<Frame[]> {
  const path: Frame[] = [];
  let frame: Frame | null = page.mainFrame();
  while (frame && path.length < 16) {
    path.push(frame);
    const active: JSHandle | null = await frame.evaluateHandle('document.activeElement').catch(() => null);
    const element: ElementHandle | null = active?.asElement() ?? null;
    frame = element ? await element.contentFrame().catch(() => null) : null;
    void active?.dispose().catch(() => undefined);
  }
  return path;
}

/** Throws SECRET_NOT_ALLOWED unless the carried values may go to every frame on the way to the focused element. */
export async function checkFocused(carried: CarriedSecrets, page: Page): Promise<void> {
  for (const frame of await focusPath(page)) {
    const origin = frameOrigin(frame);
    carried.check(origin, `the focused element, in a document of ${origin === 'null' ? 'no origin' : origin}`);
  }
}
