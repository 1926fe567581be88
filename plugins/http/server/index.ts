/**
 * Plugin `http-server`: the REST service. Mounts every ROUTES item on a
 * polka app with Host/Origin protection, JSON body limits, validation of
 * params/query/body and one error handler; provides HTTP_SERVER (its
 * address) and a LIFECYCLE (order 100, so it listens after everything it serves).
 */
import { definePlugin } from '../../../kernel/plugin';
import { LIFECYCLE, LOGGER } from '../../../kernel/tokens';
import { HttpServer } from './http-server';
import { HTTP_SERVER, ROUTES } from '../../../lib/http/route-contract';

export default definePlugin({
  id: 'http-server',
  apiVersion: 2,
  description: 'HTTP server (polka) serving every contributed route',
  provides: [HTTP_SERVER, LIFECYCLE],
  deps: { logger: LOGGER },
  // Every plugin's routes, mounted at start (none: the server answers 404 to everything).
  optionalDeps: { routes: ROUTES },
  register({ settings, deps, provide }) {
    let server: HttpServer | undefined;
    const get = () => (server ??= new HttpServer(() => deps.routes, settings, deps.logger));
    provide(HTTP_SERVER, get);
    provide(LIFECYCLE, get);
  },
});
