/**
 * The UI's routes: the page for every client-side path, and the static
 * files under /ui/. They go through the HTTP server like any route, so the
 * Host/Origin guard applies; /api/** is left alone (an unknown API path
 * still answers 404 JSON).
 */
import * as v from 'valibot';
import type { RouteDefinition, RouteRequest, RouteResult } from '../../lib/http/route-contract';
import { apiError } from '../../kernel/errors';
import { loadAssets, type Asset, type AssetSet } from './asset-store';

/** Client-side paths that answer the page (the app's router takes over from there). */
export const PAGE_PATHS = ['/', '/flows', '/flows/new', '/flows/:flowId', '/compare', '/settings', '/runs', '/runs/:runId', '/heals'] as const;

const FileParams = v.object({ file: v.string() });
const DirFileParams = v.object({ dir: v.string(), file: v.string() });

/** Whether an If-None-Match header names `etag`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Answers an asset: 304 when the client has it, gzip when the client takes it. */
export function serveAsset(req: Pick<RouteRequest, 'headers' | 'res'>, asset: Asset): RouteResult {
  const headers: Record<string, string> = { etag: asset.etag, vary: 'accept-encoding', ...asset.headers };
  if (matches(req.headers['if-none-match'], asset.etag)) {
    req.res.writeHead(304, headers);
    req.res.end();
    return { handled: true };
  }
  const accept = req.headers['accept-encoding'];
  if (typeof accept === 'string' && /\bgzip\b/.test(accept)) {
    return { status: 200, body: asset.gzip, contentType: asset.contentType, headers: { ...headers, 'content-encoding': 'gzip' } };
  }
  return { status: 200, body: asset.body, contentType: asset.contentType, headers };
}

/** The routes; files are read on the first request, and again after a failed read. */
export function uiRoutes(publicDir: string, pluginDir: string): RouteDefinition[] {
  let loading: Promise<AssetSet> | undefined;
  const assets = (): Promise<AssetSet> => {
    loading ??= loadAssets(publicDir, pluginDir).catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  const file = async (req: RouteRequest, path: string): Promise<RouteResult> => {
    const found = (await assets()).files.get(path);
    if (!found) throw apiError('NOT_FOUND', { what: 'UI file', id: path });
    return serveAsset(req, found);
  };
  const page = (path: string): RouteDefinition => ({
    method: 'GET', path, summary: `Web UI page (${path})`, tags: ['ui'], openapi: false,
    responses: {
      200: { description: 'The UI page (HTML); the app routes on the client', contentType: 'text/html' },
      304: { description: 'Not modified (If-None-Match)' },
    },
    handler: async (req) => serveAsset(req, (await assets()).page),
  });
  const files = { description: 'A UI file (JavaScript, CSS or SVG)', contentType: 'text/javascript' };
  return [
    ...PAGE_PATHS.map(page),
    {
      method: 'GET', path: '/ui/:file', summary: 'Web UI file', tags: ['ui'], openapi: false, params: FileParams, paramsErrorCode: 'NOT_FOUND',
      responses: { 200: files, 304: { description: 'Not modified' }, 404: { description: 'NOT_FOUND: no such file' } },
      handler: (req) => file(req, `/ui/${req.params.file}`),
    },
    {
      method: 'GET', path: '/ui/:dir/:file', summary: 'Web UI file in a folder (vendor/ holds the versioned libraries)', tags: ['ui'], openapi: false,
      params: DirFileParams, paramsErrorCode: 'NOT_FOUND',
      responses: { 200: files, 304: { description: 'Not modified' }, 404: { description: 'NOT_FOUND: no such file' } },
      handler: (req) => file(req, `/ui/${req.params.dir}/${req.params.file}`),
    },
  ];
}
