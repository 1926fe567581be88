// A flow's tags as chips, each a link to the flows carrying it (the Flows
// list, the flow view, the suites), and the comma-separated field they are
// edited in.

import { html } from 'htm/preact';

/** `a, b` -> ['a', 'b']. @param {string} text */
export const splitTags = (text) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];

/** @param {{ tags?: string[] }} props */
export const TagChips = ({ tags }) => (tags?.length
  ? html`<span class="tags">${tags.map((t) => html`<a class="chip" href=${`/?tag=${encodeURIComponent(t)}`}>${t}</a>`)}</span>`
  : null);
