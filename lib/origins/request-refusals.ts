/**
 * What every driver's request guard shares (the Playwright drivers' routes
 * and DevTools interception, the WebDriver driver's own DevTools
 * connection): the one decision per request (`requestRefusal`), the
 * refusals kept until the tool call that caused them reports them, and the
 * answer to a request paused at the DevTools `Fetch` domain: continued, or
 * refused, a navigation with `204 No Content` (the tab stays where it was),
 * any other request with `net::ERR_BLOCKED_BY_CLIENT`. How a guard sees the
 * requests stays the driver's.
 */
import { requestRefusal } from './secret-origins';

/** A refused request: why, and whether it was the navigation of a tab's top document. */
export interface Refusal {
  error: Error;
  topLevel: boolean;
}

/** Refusals kept between two `take`s at most (the oldest go first): a page that retries a refused request forever costs nothing. */
export const KEPT_REFUSALS = 50;

/** A request paused at the DevTools `Fetch` domain (`Fetch.requestPaused`), as far as the guard reads it. */
export interface PausedRequest {
  requestId: string;
  request: { url: string };
  resourceType: string;
  frameId: string;
}

/** Sends one DevTools command of the paused request's session. */
export type FetchCommand = (method: 'Fetch.continueRequest' | 'Fetch.fulfillRequest' | 'Fetch.failRequest', params: object) => Promise<unknown>;

export class RequestRefusals {
  private refusals: Refusal[] = [];

  /** `secrets`: the flow's FlowSecrets; `policy`: its NavigationPolicy; `onRefused` hears each refusal (the driver logs it). */
  constructor(
    private readonly secrets: { refuseRequest(url: string): Error | null } | undefined,
    private readonly policy: { allows(origin: string): boolean; describe(): string } | null,
    private readonly onRefused: (error: Error) => void,
  ) {}

  /** Whether there is anything to enforce. */
  get active(): boolean {
    return Boolean(this.secrets || this.policy);
  }

  /** Why a request to `url` may not go (null: it may). `navigation`: it loads a document (a tab's or a frame's). */
  refusal(url: string, navigation: boolean): Error | null {
    return requestRefusal(url, navigation, this.secrets, this.policy);
  }

  /** The refusals since the last call (a tool call reports the top-level ones). */
  take(): Refusal[] {
    const out = this.refusals;
    this.refusals = [];
    return out;
  }

  /** Keeps a refusal for `take` and tells `onRefused`. */
  protected note(error: Error, topLevel: boolean): void {
    this.refusals.push({ error, topLevel });
    if (this.refusals.length > KEPT_REFUSALS) this.refusals.shift();
    this.onRefused(error);
  }

  /**
   * Answers a paused request: continued when it may go, else refused and
   * noted (`topFrame`: the frame id of the tab's top document in that
   * session, null when the session is an embedded frame's). A request or
   * tab gone meanwhile is no error.
   */
  protected async answerPaused(send: FetchCommand, event: PausedRequest, topFrame: string | null): Promise<void> {
    const navigation = event.resourceType === 'Document';
    const error = this.refusal(event.request.url, navigation);
    try {
      if (!error) {
        await send('Fetch.continueRequest', { requestId: event.requestId });
        return;
      }
      this.note(error, navigation && topFrame !== null && event.frameId === topFrame);
      if (navigation) await send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 204, body: '' });
      else await send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
    } catch {
      // The tab or the request went away meanwhile.
    }
  }
}
