import type { AppConfig } from '../config';
import { escapeHtml } from '../html';

/**
 * The browser's settings, written into index.html when it is served, so one build runs anywhere
 * (ARCHITECTURE.md). Only public values: the Stripe publishable key and the Pusher app key.
 * An empty pusher-host means "the host that served this page" (the embedded server).
 */
export function metaTags(config: AppConfig): string {
  const { realtime } = config;
  // Hosted Pusher without an explicit host: its cluster's own endpoint.
  const hosted = realtime.driver === 'pusher' && realtime.host === undefined;
  const tags: Record<string, string> = {
    'stripe-key': config.stripe?.publishableKey ?? '',
    'pusher-key': realtime.key,
    'pusher-cluster': realtime.cluster,
    'pusher-host': hosted ? `ws-${realtime.cluster}.pusher.com` : (realtime.host ?? ''),
    'pusher-port': hosted ? '443' : realtime.port === undefined ? '' : String(realtime.port),
    'pusher-scheme': hosted ? 'wss' : (realtime.scheme ?? ''),
    'ai-provider': config.ai.provider,
  };
  return Object.entries(tags)
    .map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}">`)
    .join('\n    ');
}

export function injectMetaTags(html: string, config: AppConfig): string {
  return html.replace(/<head([^>]*)>/i, (head) => `${head}\n    ${metaTags(config)}`);
}
