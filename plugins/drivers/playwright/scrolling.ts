/**
 * Scrolling the page or one element. The page is scrolled with the mouse
 * wheel over the middle of the viewport, as a person would, so apps whose
 * main scroller is an inner element scroll too; an element is scrolled
 * itself when it is a scroll container, else brought into view.
 */
import type { Page } from 'playwright-core';
import type { ActionTarget } from './element-finder';
import { evaluateOn } from './element-finder';
import { sleep } from '../../../lib/async/timing';

export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

/** Share of the viewport (or of the element's box) one scroll moves. */
const STEP = 0.8;

function delta(direction: ScrollDirection, width: number, height: number): { dx: number; dy: number } {
  switch (direction) {
    case 'up': return { dx: 0, dy: -Math.round(height * STEP) };
    case 'down': return { dx: 0, dy: Math.round(height * STEP) };
    case 'left': return { dx: -Math.round(width * STEP), dy: 0 };
    case 'right': return { dx: Math.round(width * STEP), dy: 0 };
  }
}

/** Scrolls the page by most of a viewport and waits for the scroll to settle. */
export async function scrollPage(page: Page, direction: ScrollDirection): Promise<void> {
  const size = page.viewportSize() ?? (await page.evaluate('({ width: innerWidth, height: innerHeight })') as { width: number; height: number });
  const { dx, dy } = delta(direction, size.width, size.height);
  await page.mouse.move(size.width / 2, size.height / 2);
  await page.mouse.wheel(dx, dy);
  await waitForScrollToSettle(page);
}

/**
 * Scrolls inside `target` when it can scroll that way, else scrolls it into
 * view. Runs in the element's own frame, so it works inside iframes and
 * shadow roots alike.
 */
export async function scrollElement(target: ActionTarget, direction: ScrollDirection, timeoutMs: number): Promise<void> {
  const scrolled = await evaluateOn<boolean>(
    target,
    `(el, direction) => {
      const style = getComputedStyle(el);
      const vertical = direction === 'up' || direction === 'down';
      const overflow = vertical ? style.overflowY : style.overflowX;
      const room = vertical ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
      if (room <= 0 || !/(auto|scroll|overlay)/.test(overflow)) return false;
      const step = Math.round((vertical ? el.clientHeight : el.clientWidth) * ${STEP});
      const sign = direction === 'up' || direction === 'left' ? -1 : 1;
      el.scrollBy({ top: vertical ? sign * step : 0, left: vertical ? 0 : sign * step, behavior: 'instant' });
      return true;
    }`,
    direction,
  );
  if (!scrolled) await target.scrollIntoViewIfNeeded({ timeout: timeoutMs });
}

/** Wheel scrolling is asynchronous: waits (bounded) until the position stops changing. */
async function waitForScrollToSettle(page: Page): Promise<void> {
  const position = 'JSON.stringify([scrollX, scrollY, document.activeElement && document.activeElement.scrollTop])';
  let last = await page.evaluate(position).catch(() => null);
  for (let i = 0; i < 10; i++) {
    await sleep(50);
    const now = await page.evaluate(position).catch(() => null);
    if (now === last && i >= 1) return;
    last = now;
  }
}
