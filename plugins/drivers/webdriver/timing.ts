/**
 * The driver's polling rate; its pause and deadline are lib/async's, re-exported
 * so the driver's files keep one import for their timing.
 */
export { sleep, withTimeout } from '../../../lib/async/timing';

/** How often waits poll the page. */
export const POLL_MS = 100;
