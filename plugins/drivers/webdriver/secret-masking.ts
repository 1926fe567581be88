/**
 * Keeps a flow's env values out of its pictures on the WebDriver driver
 * (lib/page-scripts/secret-mask.ts does the masking in the page). WebDriver
 * runs scripts in the top document of the active tab; the masker there also
 * covers its same-origin frames (the only frames this driver acts in). The
 * document gets the values allowed on the origin of the tab's URL as the
 * browser reports it, and the script itself refuses them when the document
 * turned out to be of another origin. Every picture (step screenshots and
 * video frames, hence live frames) is taken right after a scan; a field a
 * value was typed into stays masked.
 */
import type { FlowSecrets } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { originOf } from '../../../lib/origins/origin-patterns';
import { installSecretMask, MASK_KEY, maskArgs, stickSecretMask } from '../../../lib/page-scripts/secret-mask';
import type { ElementRef } from './element-finder';
import { scriptBody } from './in-page/page-lib';
import type { WdBrowser } from './wire';

const INSTALL = scriptBody(installSecretMask);
const STICK = scriptBody(stickSecretMask);

export class WebdriverSecretMasking {
  constructor(private readonly secrets: FlowSecrets, private readonly logger: Logger) {}

  /**
   * Installs (or rescans) the masker in the active tab's document. Straight
   * to the browser, not through the Wire: a picture for the video must never
   * answer a dialog (an open dialog makes the script fail; the page cannot
   * change behind a dialog, so its earlier marks hold).
   */
  async refresh(browser: WdBrowser): Promise<void> {
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const origin = originOf(await browser.getUrl());
        const values = this.secrets.maskValuesFor(origin);
        if (!values.length) return;
        // -1: the document changed origin between the two commands; read the URL again.
        if ((await browser.executeScript(INSTALL, [maskArgs(origin, values)])) !== -1) return;
      }
    } catch (err) {
      this.logger.debug('Could not mask the page before a picture', { error: (err as Error).message.split('\n')[0] });
    }
  }

  /** Marks the field a value was typed into, for as long as its document lives. */
  async stick(browser: WdBrowser, element: ElementRef): Promise<void> {
    await this.refresh(browser);
    await browser.executeScript(STICK, [element, MASK_KEY]).catch(() => undefined);
  }
}
