// The server as the benchmark runs it: the built server (apps/server/dist, as `node dist/main.js`
// runs in production: plain Node, no tsx), the application's own buildApp with the configuration of
// the environment (NODE_ENV=development, so the Auth emulator's tokens are accepted and texts go
// to the development SMS provider), then the two production values that matter for speed set by
// hand: no development routes (/api/dev/...) and responses validated in 'log' mode. NODE_ENV=
// production itself refuses FIREBASE_AUTH_EMULATOR_HOST, and the config has no separate switch
// for dev routes, so this entry point is the closest honest setting without changing the server.
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';

const config = { ...loadConfig(), devRoutes: false, responseValidation: 'log' };
const app = await buildApp(config);
const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await app.listen({ host: config.host, port: config.port });
