/** Serves a file with Range support (206, 416) for video, images and downloads; `extraHeaders` go on 200 and 206 answers. */
import { createReadStream, statSync } from 'node:fs';
import type { RouteResult } from '../../../lib/http/route-contract';
import { apiError } from '../../../kernel/errors';

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
    return unsatisfiable(size, rangeHeader);
  }
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return unsatisfiable(size, rangeHeader);
  return {
    status: 206, body: createReadStream(path, { start, end }), contentType,
    headers: { ...base, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) },
  };
}

function unsatisfiable(size: number, range: string): RouteResult {
  const { code, message } = apiError('RANGE_NOT_SATISFIABLE', { range, size });
  return { status: 416, json: { code, message }, headers: { 'content-range': `bytes */${size}` } };
}
