/**
 * Plugin `http-server`: the REST service. Mounts every ROUTES item on a
 * polka app with Host/Origin protection, JSON body limits, validation of
 * params/query/body and one error handler; provides HTTP_SERVER (its
 * address) and a LIFECYCLE (order 100, so it listens after everything it serves).
 */
import { definePlugin } from '../../../kernel/plugin';
import { HTTP_SERVER, LIFECYCLE, LOGGER, SETTINGS, provide, resolve } from '../../../kernel/tokens';
import { HttpServer } from './http-server';

export default definePlugin({
  id: 'http-server',
  apiVersion: 1,
  description: 'HTTP server (polka) serving every contributed route',
  provides: [HTTP_SERVER, LIFECYCLE],
  requires: [SETTINGS, LOGGER],
  register({ container }) {
    provide(container, HTTP_SERVER, (c) => new HttpServer(c, resolve(c, SETTINGS), resolve(c, LOGGER)));
    provide(container, LIFECYCLE, (c) => resolve(c, HTTP_SERVER) as HttpServer);
  },
});
