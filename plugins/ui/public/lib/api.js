// The REST client of the UI. Every request carries `X-Browserflow-Client: ui`
// (the service will serve env values and GPT configurations to browsers only
// with it) and every failure becomes an ApiError holding the contract's
// `{code, message}`.

/** Sent on every API request the UI makes. */
export const CLIENT_HEADERS = { 'x-browserflow-client': 'ui' };

/** An error answer of the API, or a network failure (status 0). */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {{ code?: string, message?: string, details?: { issues?: string[] } }} body
   */
  constructor(status, body) {
    super(body.message || `The service answered ${status}.`);
    this.status = status;
    this.code = body.code || 'UNKNOWN';
    /** Every validation issue, `field: message` (the message alone when there is one). */
    this.issues = body.details?.issues?.length ? body.details.issues : [this.message];
  }

  /**
   * The issues that name a field, by field path (`toolCallsOnStart[0].parameters.selector`).
   * @returns {Record<string, string>}
   */
  fieldErrors() {
    /** @type {Record<string, string>} */
    const out = {};
    if (this.code !== 'INVALID_REQUEST' && this.code !== 'GPT_CONFIG_NOT_FOUND' && this.code !== 'ENV_VAR_NOT_FOUND') return out;
    for (const issue of this.issues) {
      const m = /^([A-Za-z_$][\w$]*(?:\[\d+\]|\.[\w$]+)*): (.+)$/.exec(issue);
      if (m && !(m[1] in out)) out[m[1]] = m[2];
    }
    return out;
  }
}

/**
 * One request; a JSON answer is parsed, 204 gives null.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function request(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { ...CLIENT_HEADERS, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', message: 'The service did not answer. Is browserflow still running?' });
  }
  if (res.status === 204) return null;
  const type = res.headers.get('content-type') || '';
  const data = type.includes('json') ? await res.json().catch(() => ({})) : await res.text();
  if (!res.ok) throw new ApiError(res.status, typeof data === 'object' && data ? data : { message: String(data) });
  return data;
}

/** @param {string} path */
export const get = (path) => request('GET', path);
/** @param {string} path @param {unknown} [body] */
export const post = (path, body) => request('POST', path, body);
/** @param {string} path */
export const del = (path) => request('DELETE', path);

/**
 * Builds a query string from the defined, non-empty values.
 * @param {Record<string, string | number | boolean | null | undefined>} params
 */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * Fetches a file (with the client header, so errors can be shown) and saves it.
 * @param {string} path
 * @param {string} fileName
 * @param {{ method?: string, body?: unknown }} [init]
 */
export async function download(path, fileName, init = {}) {
  /** @type {Record<string, string>} */
  const headers = { ...CLIENT_HEADERS };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, { method: init.method || 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', message: 'The service did not answer.' });
  }
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => ({})));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** @type {Promise<any> | undefined} */
let openapi;

/**
 * The service's OpenAPI document, read once: the UI asks it which optional
 * endpoints and parameters this service has (see docs/ui-api-needs.md).
 * @returns {Promise<{ paths: Record<string, Record<string, any>> }>}
 */
export function apiDocument() {
  openapi ??= get('/api/openapi.json').catch(() => ({ paths: {} }));
  return openapi;
}

/**
 * Whether the service serves `method path` (OpenAPI form, `{name}` parameters),
 * optionally with the query parameter `param`.
 * @param {string} method
 * @param {string} path
 * @param {string} [param]
 */
export async function supports(method, path, param) {
  const op = (await apiDocument()).paths?.[path]?.[method.toLowerCase()];
  if (!op) return false;
  return !param || (op.parameters || []).some((/** @type {{ name: string }} */ p) => p.name === param);
}

/** @type {Promise<import('./api-records.js').Tool[]> | undefined} */
let toolList;

/** The built-in tools with their JSON Schemas, read once (they cannot change while the service runs). */
export function loadTools() {
  toolList ??= get('/api/tools').catch((err) => {
    toolList = undefined;
    throw err;
  });
  return /** @type {Promise<import('./api-records.js').Tool[]>} */ (toolList);
}
