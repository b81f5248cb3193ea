import type { AppConfig } from '../config';
import { escapeHtml } from '../html';
import type { RealtimeConfig } from '../realtime/types';

/**
 * Where browsers open the real-time socket. An absent field means the page's own: no host at all is the embedded
 * server, on the host, port and scheme that served the page.
 */
export interface BrowserSocket {
  host?: string;
  port?: number;
  scheme?: 'ws' | 'wss';
}

export function browserSocket(realtime: RealtimeConfig): BrowserSocket {
  // Hosted Pusher without an explicit host: its cluster's own endpoint.
  if (realtime.driver === 'pusher' && realtime.host === undefined) {
    return { host: `ws-${realtime.cluster}.pusher.com`, port: 443, scheme: 'wss' };
  }
  return { host: realtime.host, port: realtime.port, scheme: realtime.scheme };
}

/**
 * The browser's settings, written into index.html when it is served, so one build runs anywhere
 * (ARCHITECTURE.md). Only public values: the Stripe publishable key and the Pusher app key.
 * An empty pusher-host means "the host that served this page" (the embedded server).
 */
export function metaTags(config: AppConfig): string {
  const socket = browserSocket(config.realtime);
  const tags: Record<string, string> = {
    'stripe-key': config.stripe?.publishableKey ?? '',
    'pusher-key': config.realtime.key,
    'pusher-cluster': config.realtime.cluster,
    'pusher-host': socket.host ?? '',
    'pusher-port': socket.port === undefined ? '' : String(socket.port),
    'pusher-scheme': socket.scheme ?? '',
    'ai-provider': config.ai.provider,
  };
  return Object.entries(tags)
    .map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}">`)
    .join('\n    ');
}

const headTag = /<head([^>]*)>/i;

export function injectMetaTags(html: string, config: AppConfig): string {
  return html.replace(headTag, (head) => `${head}\n    ${metaTags(config)}`);
}

/**
 * The nonce this answer's Content-Security-Policy allows <style> elements with, as Vite's convention has it: the
 * SPA hands it to the radix primitives' scroll lock, and Vite's preload helper to the stylesheets it adds. The
 * `nonce` attribute, unlike `content`, is hidden from the DOM once the page is parsed.
 */
export function injectStyleNonce(html: string, nonce: string): string {
  return html.replace(headTag, (head) => `${head}\n    <meta property="csp-nonce" nonce="${escapeHtml(nonce)}">`);
}
