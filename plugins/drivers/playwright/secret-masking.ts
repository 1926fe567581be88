/**
 * Keeps a flow's env values out of its pictures on the Playwright drivers
 * (lib/page-scripts/secret-mask.ts does the masking in the page). Each
 * document gets the masker with the values allowed on its origin as soon as
 * it is committed, and only those: a document of another origin never
 * receives a value. Before each picture the service takes (step
 * screenshots, observation and video pictures) every masked document is
 * scanned once more; a screencast video is masked by the page itself, which
 * marks new text before it is painted. A field a value was typed into stays
 * masked (`stick`).
 */
import type { ElementHandle, Frame, Page } from 'playwright-core';
import type { FlowSecrets } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { installSecretMask, MASK_KEY, maskArgs, stickSecretMask } from '../../../lib/page-scripts/secret-mask';
import { frameOrigin } from './frame-origin';
import { withTimeout } from '../../../lib/async/timing';

/** How long a scan before a picture may take (a page that hangs keeps its earlier marks). */
const SCAN_TIMEOUT_MS = 1_000;

export class SecretMasking {
  /** Frames known to hold a masker (a new document replaces it: the frame is asked again). */
  private readonly masked = new WeakSet<Frame>();

  constructor(private readonly secrets: FlowSecrets, private readonly logger: Logger) {}

  /** Masks every document `page` commits from now on (and the ones it has). */
  attach(page: Page): void {
    page.on('framenavigated', (frame) => { this.masked.delete(frame); void this.install(frame); });
    page.on('domcontentloaded', () => { for (const frame of page.frames()) void this.install(frame); });
    for (const frame of page.frames()) void this.install(frame);
  }

  /** Scans every document of `page` that holds values, before a picture of it is taken. */
  async beforePicture(page: Page): Promise<void> {
    await Promise.all(page.frames().map((frame) => this.install(frame)));
  }

  /** Marks the element a value was typed into, for as long as its document lives. */
  async stick(handle: ElementHandle<Element>): Promise<void> {
    const frame = await handle.ownerFrame();
    if (frame) await this.install(frame);
    await handle.evaluate(stickSecretMask as (el: Element, key: string) => boolean, MASK_KEY).catch((err) => this.logger.debug('Could not keep a field masked', { error: err }));
  }

  /** Installs (or rescans) the masker in `frame` with the values allowed on its origin; nothing when there are none. */
  private async install(frame: Frame): Promise<void> {
    const origin = frameOrigin(frame);
    const values = this.secrets.maskValuesFor(origin);
    if (!values.length) return;
    try {
      await withTimeout(frame.evaluate(installSecretMask, maskArgs(origin, values)), SCAN_TIMEOUT_MS);
      this.masked.add(frame);
    } catch {
      // A document being replaced or detached: the next commit installs it again.
    }
  }
}
