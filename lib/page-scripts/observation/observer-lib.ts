/**
 * The in-page library of the observation and the in-page functions built
 * from it (see lib/page-scripts/page-function.ts for why it is assembled
 * this way).
 */
import { createAria, type Aria } from '../selectors/aria';
import { pageFunction, type PageFactories } from '../page-function';
import type { ObserveOptions } from '../../page-actions/page-actions';
import { HEADER_LIMITS } from './compose-observation';
import { createDescriber, type Describer } from './describe-control';
import { createDomObserver, type DomObserver, type FrameObserveArgs, type FrameSnapshot } from './observe-dom';

/** Everything observation code can use inside the page. */
export interface ObserverLib {
  aria: Aria;
  describer: Describer;
  dom: DomObserver;
}

const OBSERVER_LIB: PageFactories<ObserverLib> = {
  aria: createAria,
  describer: createDescriber,
  dom: createDomObserver,
};

/**
 * The window property (`Symbol.for(OBSERVER_STATE_KEY)`) holding a frame's
 * observer state: `{ ids: WeakMap<Element, number>, refs: Map<number, Element>, ... }`.
 * `ids` gives every element ever observed its stable ref; `refs` holds the
 * refs of the latest observation.
 */
export const OBSERVER_STATE_KEY = 'browserflow.observer';

/** Length limits of one line's parts and of the header's URL and title, in characters. */
export const OBSERVATION_LIMITS = { nameMax: 60, valueMax: 60, textMax: 100, ...HEADER_LIMITS };

/**
 * Characters per token budget one walk may send back, per kind (controls;
 * headings and text). The estimate counts at least a token per 5
 * characters, so the composer can never keep more than 5 per token: 8
 * leaves room, and a page of any size sends at most this much.
 */
export const WALK_CHARS_PER_TOKEN = 8;

/**
 * The walk's arguments for one root: a fresh main document numbers its refs
 * from 1, anything else from `minRef` (above every ref handed out so far).
 */
export function frameObserveArgs(isMain: boolean, minRef: number, options: ObserveOptions): FrameObserveArgs {
  const maxChars = Math.max(2_000, Math.ceil(options.maxTokens * WALK_CHARS_PER_TOKEN));
  return { stateKey: OBSERVER_STATE_KEY, isMain, minRef, ...OBSERVATION_LIMITS, linkTargets: options.linkTargets ?? 'needed', maxChars, ...(options.textRefs ? { textRefs: true } : {}) };
}

/** In page: observes the frame the function runs in; the FrameSnapshot as JSON. */
export const observeFrameInPage = pageFunction<ObserverLib, [FrameObserveArgs], string>(OBSERVER_LIB, (lib, args) => lib.dom.observeJson(args));

/** Parses what observeFrameInPage returned. */
export function parseFrameSnapshot(json: string): FrameSnapshot {
  return JSON.parse(json) as FrameSnapshot;
}

/**
 * In page (self-contained, no library): the connected element of the latest
 * observation with this ref in the frame it runs in, or null.
 */
export function resolveRefInPage(args: { stateKey: string; ref: number }): Element | null {
  const state = (window as unknown as Record<symbol, { refs?: Map<number, Element> } | undefined>)[Symbol.for(args.stateKey)];
  const el = state?.refs?.get(args.ref);
  return el && el.isConnected ? el : null;
}
