/**
 * More changes for the service-wide event stream (GET /api/events, served
 * by the flow routes): a plugin with records of its own (the runs plugin's
 * runs and heal proposals) provides a CHANGE_FEEDS item, and every open
 * stream sends its changes beside the flows'. A change names its record by
 * id and says what happened; nothing secret or personal rides on it (a
 * client reads the record through the API).
 */
import { createToken } from '../../kernel/tokens';

/** One change: `type` becomes the SSE event name; the rest is its data. */
export interface FeedChange {
  type: string;
  at: number;
  [field: string]: unknown;
}

export interface ChangeFeed {
  /** Follows the feed's changes; returns the unsubscribe function. */
  subscribe(listener: (change: FeedChange) => void): () => void;
}

/** Feeds of changes GET /api/events sends beside the flows' (one item per providing plugin). */
export const CHANGE_FEEDS = createToken<ChangeFeed>('http.changeFeeds', { multi: true });
