import { z } from 'zod';

/**
 * Settings the server writes into index.html as `<meta name="...">` tags when it serves the page
 * (ARCHITECTURE.md "Real-time contract"), so one build runs anywhere. Read once, parsed with zod; every value has a
 * sane default so `vite dev` (no server-side injection) still works.
 */
const port = z.coerce.number().int().min(1).max(65_535);

const metaSchema = z.object({
  /** The card provider's publishable key; empty when payments are not configured. */
  stripeKey: z.string().trim().catch(''),
  pusherKey: z.string().trim().min(1).catch('app-key'),
  /** pusher-js 8 requires a cluster even for a self-hosted server. */
  pusherCluster: z.string().trim().min(1).catch('mt1'),
  pusherHost: z.string().trim().min(1).optional().catch(undefined),
  pusherPort: port.optional().catch(undefined),
  pusherScheme: z.enum(['ws', 'wss']).optional().catch(undefined),
  /** Where generated content comes from: the offline demo generator, or an AI provider. */
  aiProvider: z.enum(['demo', 'openai']).optional().catch(undefined),
});
export type AppMeta = z.infer<typeof metaSchema>;

/** The meta tag names, as the server writes them. */
export const metaNames = {
  stripeKey: 'stripe-key',
  pusherKey: 'pusher-key',
  pusherCluster: 'pusher-cluster',
  pusherHost: 'pusher-host',
  pusherPort: 'pusher-port',
  pusherScheme: 'pusher-scheme',
  aiProvider: 'ai-provider',
} as const satisfies Record<keyof AppMeta, string>;

type MetaSource = (name: string) => string | null | undefined;

const documentSource: MetaSource = (name) => {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
};

/** Parses the meta tags from a source (the document by default); absent or empty values fall back to defaults. */
export function readMeta(source: MetaSource = documentSource): AppMeta {
  const raw: Record<string, string | undefined> = {};
  for (const [key, name] of Object.entries(metaNames)) {
    const value = source(name);
    raw[key] = value == null || value.trim() === '' ? undefined : value;
  }
  return metaSchema.parse(raw);
}

let cached: AppMeta | undefined;
/** The page's settings, read on first use. */
export function appMeta(): AppMeta {
  cached ??= readMeta();
  return cached;
}

/** True when the server has a card provider configured (a publishable key is present). */
export function paymentsConfigured(meta: AppMeta = appMeta()): boolean {
  return meta.stripeKey !== '';
}
