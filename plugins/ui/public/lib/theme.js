// Light, dark or the system's theme. The choice is kept in localStorage; an
// inline script in index.html applies it before the first paint.

import { signal, effect } from '@preact/signals';

const KEY = 'browserflow.theme';

/** @typedef {'system' | 'light' | 'dark'} Theme */

/** @returns {Theme} */
function stored() {
  try {
    const t = localStorage.getItem(KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

/** The chosen theme. */
export const theme = signal(stored());

effect(() => {
  const t = theme.value;
  if (t === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
  try {
    if (t === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, t);
  } catch {
    // Storage may be off (private mode): the choice lasts for this page.
  }
});
