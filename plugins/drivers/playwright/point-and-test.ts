/**
 * "Point and act" for the Instruct console: the element at a point of the
 * live page (entering frames, cross-origin ones too, the way Playwright's
 * frame handles allow), with the selectors an action on it would record;
 * and a selector tested against the live page (how many elements match,
 * each described).
 */
import type { ElementHandle, Frame, Page } from 'playwright-core';
import { SelectorSyntaxError, type ElementDescription, type PointedElement, type SelectorTest } from '../../../lib/page-actions/page-actions';
import { describeElement, describeElements, elementAtPoint, frameContentOffset } from '../../../lib/page-scripts/point/describe-element';
import type { PageObserver } from './observation/observe-page';
import { recordSelectors } from './selectors/record-selectors';
import { parseCandidates } from './selector-candidates';
import { firstLine, isSelectorSyntaxError } from './readable-errors';

/** Frames entered at most, from the page down. */
const MAX_FRAME_DEPTH = 8;
/** Matches described by a selector test. */
export const MAX_DESCRIBED = 10;

/** The element's box from Playwright (the main frame's viewport, frames of any origin included), else what the page computed. */
async function withBox(page: Page, element: ElementHandle<Element>, description: ElementDescription): Promise<ElementDescription> {
  const box = await element.boundingBox().catch(() => null);
  const viewport = page.viewportSize() ?? (description.box ? { width: description.box.viewportWidth, height: description.box.viewportHeight } : null);
  if (!box || !viewport) return description;
  return { ...description, box: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height), viewportWidth: viewport.width, viewportHeight: viewport.height } };
}

/** The element at (x, y) of the page's viewport, or null. */
export async function elementAt(page: Page, x: number, y: number): Promise<PointedElement | null> {
  let frame: Frame = page.mainFrame();
  let px = x;
  let py = y;
  let element: ElementHandle<Element> | null = null;
  for (let depth = 0; depth < MAX_FRAME_DEPTH; depth++) {
    const handle = await frame.evaluateHandle(elementAtPoint, { x: px, y: py });
    const found = handle.asElement() as ElementHandle<Element> | null;
    if (!found) {
      await handle.dispose();
      break;
    }
    const child = await found.contentFrame().catch(() => null);
    if (!child) {
      element = found;
      break;
    }
    const offset = await found.evaluate(frameContentOffset);
    await found.dispose();
    px -= offset.x;
    py -= offset.y;
    frame = child;
  }
  if (!element) return null;
  try {
    const description = await withBox(page, element, await element.evaluate(describeElement));
    const selectors = (await recordSelectors(page, element)).filter((s) => !s.startsWith('ref='));
    return { ...description, selectors, inFrame: frame !== page.mainFrame() };
  } finally {
    await element.dispose().catch(() => undefined);
  }
}

/** How many elements one selector candidate matches on the page now, the first few described. */
export async function testSelector(page: Page, observer: PageObserver, selector: string): Promise<SelectorTest> {
  const [candidate] = parseCandidates(selector);
  if (!candidate) throw new SelectorSyntaxError('it is empty');
  if (candidate.kind === 'fingerprint') throw new SelectorSyntaxError('a fingerprint= candidate is matched by agreement with a recorded element, not counted; test the selectors recorded with it');
  if (candidate.kind === 'ref') {
    const handle = await observer.resolveRef(page, candidate.ref);
    if (!handle) return { count: 0, elements: [] };
    try {
      return { count: 1, elements: [await withBox(page, handle, await handle.evaluate(describeElement))] };
    } finally {
      await handle.dispose().catch(() => undefined);
    }
  }
  const locator = page.locator(candidate.selector);
  let count: number;
  try {
    count = await locator.count();
  } catch (err) {
    if (isSelectorSyntaxError(err)) throw new SelectorSyntaxError(firstLine(err));
    throw err;
  }
  const elements = count ? await locator.evaluateAll(describeElements, MAX_DESCRIBED) : [];
  return { count, elements };
}
