/**
 * The name of a browser endpoint that may be shown to users and written to
 * logs: its origin only. A farm's URL often carries credentials
 * (`user:key@`), a token in its query or a session path; none of that is
 * needed to tell which farm a flow waits for.
 */

/** `http://user:key@grid:4444/wd/hub?token=x` -> `http://grid:4444`; a string that is no URL -> `the browser endpoint`. */
export function endpointLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'the browser endpoint';
  }
}
