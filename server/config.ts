import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { RealtimeConfig } from './realtime/types';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const port = z.coerce.number().int().min(0).max(65_535);
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

/** How the OpenAI-compatible provider asks for its answer's shape (server/generation/structured-output.ts). */
export const structuredOutputModes = ['auto', 'json_schema', 'json_object'] as const;
export type StructuredOutputMode = (typeof structuredOutputModes)[number];

/** Every environment variable the server reads (docs/configuration.md's table is this list). */
export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SEED_DEMO: flag,
  SEED_OPERATOR_EMAIL: z.email().default('demo@example.com'),
  SEED_OPERATOR_PASSWORD: z.string().min(8).default('demo1234'),
  ACCESS_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_MAX_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
  TRUST_PROXY: flag,
  SPA_DIR: z.string().min(1).default('./dist'),
  REALTIME_DRIVER: z.enum(['embedded', 'pusher']).default('embedded'),
  PUSHER_APP_ID: z.string().min(1).default('catalogue'),
  PUSHER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('catalogue-key'),
  PUSHER_SECRET: optionalText,
  PUSHER_CLUSTER: z.string().min(1).default('mt1'),
  PUSHER_HOST: optionalText,
  PUSHER_PORT: port.optional(),
  PUSHER_SCHEME: z.enum(['ws', 'wss']).optional(),
  REALTIME_ALLOWED_ORIGINS: optionalText.pipe(
    z
      .string()
      .optional()
      .transform((v) =>
        v === undefined
          ? []
          : v
              .split(',')
              .map((origin) => origin.trim())
              .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  ),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  AI_PROVIDER: z.enum(['demo', 'openai']).default('demo'),
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  AI_STRUCTURED_OUTPUT: z
    .enum(structuredOutputModes, {
      error: `expected one of ${structuredOutputModes.join(', ')} (how the OpenAI-compatible provider asks for JSON)`,
    })
    .default('auto'),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(256).max(100_000).default(4000),
  AI_DEMO_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  // Production with payments refuses the demo generator unless this is set; its runs then cost nothing.
  ALLOW_DEMO_GENERATOR: flag,
  // Load shedding: past this many requests in flight, or this event-loop lag, new requests get 503 (0: never).
  // The lag check is off by default: the embedded database's queries run on the event loop, so one slow query
  // would look like overload; with PostgreSQL a lagging loop does mean an overloaded process.
  LOAD_SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(200),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  GENERATION_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  GENERATION_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
});
export type Environment = z.infer<typeof environmentSchema>;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Only for tests: the loopback fake of Stripe's REST API (refused when NODE_ENV=production). */
  apiBase: string | undefined;
  /** How often the purchase reconciliation runs (server/payments/reconciler.ts; a test sets its own). */
  reconcileEveryMs?: number;
}

export interface AppConfig {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  logLevel: Environment['LOG_LEVEL'];
  database: { url: string } | { dataDir: string } | { memory: true };
  seed: { demo: boolean; operatorEmail: string; operatorPassword: string };
  auth: { tokenTtlDays: number; maxFailuresPerMinute: number };
  trustProxy: boolean;
  spaDir: string;
  realtime: RealtimeConfig;
  stripe: StripeConfig | undefined;
  ai: AiConfig;
  generation: GenerationConfig;
  loadShedding: LoadSheddingConfig;
}

export interface LoadSheddingConfig {
  /** With this many requests in flight the server answers new ones 503 with Retry-After; 0 never. */
  maxInFlight: number;
  /** While the event loop lags more than this (ms, mean over a second) it does the same; 0 never. */
  maxEventLoopDelayMs: number;
}

export type AiConfig = (
  | {
      provider: 'demo';
      demoDelayMs: number;
      /** Its runs cost nothing: production with payments (docs/decisions/0019-one-charging-rule.md). */
      free?: boolean;
    }
  | {
      provider: 'openai';
      baseUrl: string | undefined;
      apiKey: string;
      model: string;
      timeoutMs: number;
      /** `auto` when left out. */
      structuredOutput?: StructuredOutputMode;
    }
) & { maxOutputTokens: number };

export interface GenerationConfig {
  /** Runs one process works on at once. */
  concurrency: number;
  /** How often a process looks for runs queued by another process or left behind by a stopped one. */
  pollMs: number;
  /**
   * How long a run stays held without its process renewing the lease (renewed every third of it while the run is
   * worked on): after that, another process takes the run over.
   */
  leaseMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value throws a ConfigError that names the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  refuseUnsafeCombinations(env, source);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR) },
    seed: {
      demo: env.SEED_DEMO ?? true,
      operatorEmail: env.SEED_OPERATOR_EMAIL,
      operatorPassword: env.SEED_OPERATOR_PASSWORD,
    },
    auth: { tokenTtlDays: env.ACCESS_TOKEN_TTL_DAYS, maxFailuresPerMinute: env.LOGIN_MAX_FAILURES_PER_MINUTE },
    trustProxy: env.TRUST_PROXY ?? false,
    spaDir: path.resolve(env.SPA_DIR),
    realtime: realtimeConfig(env),
    stripe: stripeConfig(env),
    ai: aiConfig(env),
    generation: {
      concurrency: env.GENERATION_CONCURRENCY,
      pollMs: Math.round(env.GENERATION_POLL_SECONDS * 1000),
      leaseMs: Math.round(env.GENERATION_LEASE_SECONDS * 1000),
    },
    loadShedding: { maxInFlight: env.LOAD_SHED_MAX_IN_FLIGHT, maxEventLoopDelayMs: env.LOAD_SHED_EVENT_LOOP_DELAY_MS },
  };
}

/** Made-up items are never paid for with real money (docs/decisions/0019-one-charging-rule.md). */
const demoWithRealMoney = (env: Environment) =>
  env.NODE_ENV === 'production' && env.AI_PROVIDER === 'demo' && env.STRIPE_SECRET_KEY !== undefined;

/** Each value is valid alone; these combinations of them are refused, with a ConfigError that says why. */
function refuseUnsafeCombinations(env: Environment, source: NodeJS.ProcessEnv): void {
  const demoPasswordInProduction =
    env.NODE_ENV === 'production' && (source.SEED_OPERATOR_PASSWORD === undefined || env.SEED_OPERATOR_PASSWORD === 'demo1234');
  if (demoPasswordInProduction) {
    throw new ConfigError('SEED_OPERATOR_PASSWORD: the demo password is refused when NODE_ENV=production; set your own.');
  }
  if (env.REDIS_URL && !env.PUSHER_SECRET) {
    throw new ConfigError('PUSHER_SECRET: required with REDIS_URL, so that every instance signs channels alike.');
  }
  if (env.REALTIME_DRIVER === 'pusher' && !env.PUSHER_SECRET) {
    throw new ConfigError('PUSHER_SECRET: required with REALTIME_DRIVER=pusher.');
  }
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_PUBLISHABLE_KEY === undefined)) {
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both or neither.');
  }
  if (env.NODE_ENV === 'production' && env.STRIPE_API_BASE !== undefined) {
    // A test seam: the SDK would send the secret key to whatever host it names.
    throw new ConfigError('STRIPE_API_BASE: refused when NODE_ENV=production; it is for tests only.');
  }
  if (env.AI_PROVIDER === 'openai' && !env.OPENAI_API_KEY) {
    throw new ConfigError('OPENAI_API_KEY: required with AI_PROVIDER=openai.');
  }
  if (demoWithRealMoney(env) && !env.ALLOW_DEMO_GENERATOR) {
    throw new ConfigError(
      'AI_PROVIDER: the demo generator is refused when NODE_ENV=production and payments are configured (STRIPE_SECRET_KEY): ' +
        'operators would pay real money for made-up items. Set AI_PROVIDER=openai, or ALLOW_DEMO_GENERATOR=true to run it at no cost.',
    );
  }
}

function realtimeConfig(env: Environment): RealtimeConfig {
  return {
    driver: env.REALTIME_DRIVER,
    appId: env.PUSHER_APP_ID,
    key: env.PUSHER_KEY,
    // One process alone may sign with a secret of its own; several share PUSHER_SECRET (refuseUnsafeCombinations).
    secret: env.PUSHER_SECRET ?? randomBytes(32).toString('hex'),
    cluster: env.PUSHER_CLUSTER,
    host: env.PUSHER_HOST,
    port: env.PUSHER_PORT,
    scheme: env.PUSHER_SCHEME,
    redisUrl: env.REDIS_URL,
    allowedOrigins: env.REALTIME_ALLOWED_ORIGINS,
    maxConnectionsPerAddress: env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
  };
}

function stripeConfig(env: Environment): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiBase: env.STRIPE_API_BASE,
  };
}

function aiConfig(env: Environment): AiConfig {
  if (env.AI_PROVIDER === 'openai') {
    return {
      provider: 'openai',
      baseUrl: env.OPENAI_BASE_URL,
      apiKey: env.OPENAI_API_KEY ?? '',
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
      structuredOutput: env.AI_STRUCTURED_OUTPUT,
      maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
    };
  }
  return {
    provider: 'demo',
    demoDelayMs: env.AI_DEMO_DELAY_MS,
    ...(demoWithRealMoney(env) && { free: true }),
    maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
  };
}
