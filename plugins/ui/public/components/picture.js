// A screenshot that opens large in a dialog (zoom 100 % to 300 %), and
// can mark where an element was on it: the box a step recorded, drawn in
// percentages of the viewport so it follows the picture's size.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { Dialog } from './ui.js';

/** @typedef {{ x: number, y: number, width: number, height: number, viewportWidth: number, viewportHeight: number }} Box */

const ZOOMS = [1, 1.5, 2, 3];

/** @param {number} v @param {number} of */
const pct = (v, of) => `${(v / of) * 100}%`;

/** The mark of a box, or nothing. @param {{ box?: Box | null }} props */
function Mark({ box }) {
  if (!box?.viewportWidth || !box.viewportHeight) return null;
  return html`<span class="box-mark" aria-hidden="true"
    style=${{ left: pct(box.x, box.viewportWidth), top: pct(box.y, box.viewportHeight), width: pct(box.width, box.viewportWidth), height: pct(box.height, box.viewportHeight) }}></span>`;
}

/**
 * @param {{ src: string, alt: string, box?: Box | null, caption?: import('preact').ComponentChildren }} props
 */
export function Picture({ src, alt, box, caption }) {
  const [open, setOpen] = useState(false);
  const [zoom, setZoom] = useState(1);
  return html`<figure class="picture">
    <button type="button" class="picture-open" aria-label=${`Enlarge ${alt}`} onClick=${() => setOpen(true)}>
      <span class="picture-frame"><img class="shot" src=${src} alt=${alt} /><${Mark} box=${box} /></span>
    </button>
    ${caption ? html`<figcaption class="muted small">${caption}</figcaption>` : ''}
    <${Dialog} open=${open} title=${alt} wide onClose=${() => { setOpen(false); setZoom(1); }}>
      <div class="btn-row" role="group" aria-label="Zoom">
        ${ZOOMS.map((z) => html`<button type="button" class="btn btn-small" aria-pressed=${zoom === z ? 'true' : 'false'} onClick=${() => setZoom(z)}>${z * 100} %</button>`)}
      </div>
      <div class="zoom-pane" tabindex="0" role="group" aria-label="Picture, scroll to pan">
        <span class="picture-frame" style=${{ width: `${zoom * 100}%` }}><img src=${src} alt="" /><${Mark} box=${box} /></span>
      </div>
    <//>
  </figure>`;
}
