/** Serves a file with Range support (206, 416) for video, images and downloads; `extraHeaders` go on 200 and 206 answers. */
import { createReadStream, statSync } from 'node:fs';
import type { RouteResult } from '../../../lib/http/route-contract';

export function fileResponse(path: string, contentType: string, rangeHeader: string | undefined, extraHeaders: Record<string, string> = {}): RouteResult {
  const size = statSync(path).size;
  const base = { 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=0', ...extraHeaders };
  if (!rangeHeader) {
    return { status: 200, body: createReadStream(path), contentType, headers: { ...base, 'content-length': String(size) } };
  }
  const m = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim());
  let start: number;
  let end: number;
  if (!m || (m[1] === '' && m[2] === '')) {
    return unsatisfiable(size, `Range "${rangeHeader.slice(0, 50)}" is not a single bytes range`);
  }
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return unsatisfiable(size, `Range ${start}-${end} is outside 0-${size - 1}`);
  return {
    status: 206, body: createReadStream(path, { start, end }), contentType,
    headers: { ...base, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) },
  };
}

function unsatisfiable(size: number, message: string): RouteResult {
  return { status: 416, json: { code: 'RANGE_NOT_SATISFIABLE', message }, headers: { 'content-range': `bytes */${size}` } };
}
