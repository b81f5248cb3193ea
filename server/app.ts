import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginLimiter } from './auth/login-limiter';
import authPlugin from './auth/plugin';
import tokenPurge from './auth/token-purge';
import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import compression from './plugins/compression';
import databasePlugin from './plugins/database';
import catalogueAnswers from './plugins/catalogue-answers';
import loadShedding from './plugins/load-shedding';
import gracefulStop from './plugins/graceful-stop';
import requestsInFlight from './plugins/requests-in-flight';
import generationPlugin from './generation/plugin';
import notifierPlugin from './notify/plugin';
import openApi from './openapi/plugin';
import errorHandler from './plugins/error-handler';
import paymentsPlugin from './payments/plugin';
import securityHeaders from './plugins/security-headers';
import realtimePlugin from './realtime/plugin';
import authRoutes from './routes/auth';
import broadcastingRoutes from './routes/broadcasting';
import brandRoutes from './routes/brands';
import categoryRoutes from './routes/categories';
import equipmentRoutes from './routes/equipments';
import eventRoutes from './routes/events';
import bulkExclusionRoutes from './routes/bulk-exclusions';
import exclusionChangeRoutes from './routes/exclusion-changes';
import exclusionRoutes from './routes/exclusions';
import exclusionImportRoutes from './routes/exclusion-import';
import healthRoutes from './routes/health';
import historyRoutes from './routes/history';
import overviewRoutes from './routes/overview';
import paymentMethodRoutes from './routes/payment-methods';
import statusRoutes from './routes/statuses';
import stripeWebhookRoutes from './routes/stripe-webhook';
import tokenRoutes from './routes/tokens';
import generationRoutes from './routes/generation';
import preferenceRoutes from './routes/preferences';
import gridSettingRoutes from './routes/grid-settings';
import savedViewRoutes from './routes/saved-views';
import reviewRoutes from './routes/review';
import runRoutes from './routes/runs';
import transactionRoutes from './routes/transactions';
import gridExportRoutes from './routes/grid-exports';
import { registerSpa } from './spa/plugin';

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise the app opens config.database and owns it. */
  database?: DatabaseHandle;
  /** The app closes `database` when it closes, once its requests are done (`startServer` hands its database over). */
  ownsDatabase?: boolean;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** Secrets never reach a log line. */
export const redactedLogPaths = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.secret', '*.client_secret'];

/** The whole API as one Fastify instance; the entry point and the tests build it alike. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: redactedLogPaths },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(config.database));
  await app.register(securityHeaders, { config });
  await app.register(errorHandler);
  await app.register(compression);
  // First, so that its preClose hook (wait for the requests in flight) runs before the other plugins' (docs/operations.md#stopping).
  await app.register(requestsInFlight);
  await app.register(loadShedding, { config: config.loadShedding });
  await app.register(gracefulStop);
  await app.register(databasePlugin, { handle: database, closeWithApp: options.database === undefined || options.ownsDatabase === true });
  // Before auth: a catalogue answer's version read goes out beside the token lookup (catalogue-answers.ts).
  await app.register(catalogueAnswers);
  await app.register(authPlugin);
  await app.register(tokenPurge);
  // Before every plugin that adds routes: it describes the routes registered after it.
  await app.register(openApi, { reference: config.env === 'development' });
  await app.register(realtimePlugin, { config: config.realtime, trustProxy: config.trustProxy });
  await app.register(notifierPlugin);
  await app.register(generationPlugin, { ai: config.ai, generation: config.generation });

  await app.register(authRoutes, {
    limiter: new LoginLimiter(config.auth.maxFailuresPerMinute),
    tokenTtlDays: config.auth.tokenTtlDays,
  });
  // In this order: OpenAPI lists the routes as they are registered; the payment routes need the payments plugin.
  for (const routes of [
    broadcastingRoutes,
    healthRoutes,
    categoryRoutes,
    statusRoutes,
    brandRoutes,
    eventRoutes,
    equipmentRoutes,
    exclusionRoutes,
    exclusionImportRoutes,
    exclusionChangeRoutes,
    bulkExclusionRoutes,
    historyRoutes,
    overviewRoutes,
  ]) {
    await app.register(routes);
  }
  await app.register(paymentsPlugin, { config: config.stripe });
  for (const routes of [
    paymentMethodRoutes,
    tokenRoutes,
    transactionRoutes,
    runRoutes,
    reviewRoutes,
    generationRoutes,
    preferenceRoutes,
    gridSettingRoutes,
    savedViewRoutes,
    gridExportRoutes,
    stripeWebhookRoutes,
  ]) {
    await app.register(routes);
  }

  await registerSpa(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
