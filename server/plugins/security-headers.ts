import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { type BrowserSocket, browserSocket } from '../spa/meta-tags';

/** A year, with the dashboard's own subdomains (it owns no others). */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** What one answer's Content-Security-Policy holds beyond its fixed directives. */
interface AnswerPolicy {
  /** None on the API's JSON answers: no page is made of them (and a nonce costs a read of the system's randomness). */
  styleNonce: string | undefined;
  socketSources: string[];
}

const answerPolicies = new WeakMap<ServerResponse, AnswerPolicy>();

function answerPolicy(res: ServerResponse): AnswerPolicy {
  const policy = answerPolicies.get(res);
  if (!policy) throw new Error('security-headers: the policy of this answer was not prepared before helmet ran');
  return policy;
}

/** The nonce this answer's Content-Security-Policy allows <style> elements with (index.html hands it to the SPA). */
export function styleNonce(reply: FastifyReply): string | undefined {
  return answerPolicies.get(reply.raw)?.styleNonce;
}

const plainHost = /^[A-Za-z0-9.:[\]-]+$/;

/**
 * Where the page's socket goes when it is not the page's own origin, as CSP sources. The page's own origin needs
 * none: CSP 3 lets 'self' match ws: and wss: on the page's host and port, and Chromium does (the e2e suite's live
 * updates run under this policy). Without a configured scheme the browser follows the page's (ws on http, wss on
 * https), so both are listed: behind a proxy the server may not see which one the page has.
 */
export function socketSources(socket: BrowserSocket, page: { hostname: string; host: string }): string[] {
  if (socket.host === undefined && socket.port === undefined && socket.scheme === undefined) return [];
  let address: string;
  if (socket.host !== undefined) address = socket.port === undefined ? socket.host : `${socket.host}:${socket.port}`;
  else address = socket.port === undefined ? page.host : `${page.hostname}:${socket.port}`;
  // The page's host comes from a request header; one that is not a plain host name is left out rather than
  // written into the policy.
  if (!plainHost.test(address)) return [];
  return (socket.scheme ? [socket.scheme] : ['ws', 'wss']).map((scheme) => `${scheme}://${address}`);
}

/**
 * The Content-Security-Policy, X-Content-Type-Options, X-Frame-Options, Referrer-Policy and the rest of helmet's
 * headers on every answer (API, errors, 404s, index.html, assets), and HSTS on those that came over HTTPS.
 *
 * Registered before every other plugin: the hooks run in order, and one that refuses (the bearer check's 401)
 * ends the request before later hooks could add headers.
 */
async function securityHeaders(app: FastifyInstance, options: { config: AppConfig }) {
  const { config } = options;
  const socket = browserSocket(config.realtime);
  // Stripe's origins only where payments are configured: the SPA never loads Stripe.js otherwise.
  const stripe = config.stripe;
  // STRIPE_API_BASE (tests only) stands in for api.stripe.com on both sides: the fake Stripe.js confirms cards there.
  const stripeApi = stripe ? ['https://api.stripe.com', ...(stripe.apiBase ? [new URL(stripe.apiBase).origin] : [])] : [];

  // Helmet's middleware, built once (@fastify/helmet builds it anew for every request, parsing the whole policy).
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The bundle, and Stripe.js on the payment screens (loaded by @stripe/stripe-js from js.stripe.com).
        // No inline script and no eval: nothing the SPA ships needs either (its zod runs jitless, src/zod-jitless.ts).
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        // The bundle's stylesheets, and the <style> element the radix primitives' scroll lock (a Dialog or
        // AlertDialog; a modal menu would too) adds while open: it carries this answer's nonce (react-style-singleton
        // reads it through get-nonce, which the SPA sets from index.html). Styles React sets on elements go through the
        // CSSOM, which the policy does not govern; style attributes in markup (a history message's HTML) stay
        // blocked.
        styleSrc: [
          (_req, res) => {
            const nonce = answerPolicy(res).styleNonce;
            return nonce === undefined ? "'self'" : `'self' 'nonce-${nonce}'`;
          },
        ],
        // The placeholder logo is ours; a brand's logo is a path on this server (the seed's) or a data: URI. A logo
        // on another host is refused and the placeholder shows instead (brand-logo.tsx).
        imgSrc: ["'self'", 'data:'],
        // The API and the embedded socket ('self'), Stripe's API, and a real-time server elsewhere.
        connectSrc: [(_req, res) => ["'self'", ...stripeApi, ...answerPolicy(res).socketSources].join(' ')],
        // Stripe's card element and its 3-D Secure challenge are iframes of Stripe's.
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Per answer, above: only over HTTPS.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Our own requests keep the full referrer (the server's logs); other origins (Stripe, a brand's website) learn
    // nothing, not even the dashboard's host name: its paths and queries name the operator's catalogue.
    referrerPolicy: { policy: 'same-origin' },
  });

  // An API answer's headers depend on its socket sources alone: helmet writes them once per sources, into a
  // recorder, and each answer gets a copy. The page's host can name the sources, so the memo is bounded.
  const apiHeaders = new Map<string, Record<string, string>>();
  const apiHeadersFor = (policy: AnswerPolicy) => {
    const key = policy.socketSources.join(' ');
    let headers = apiHeaders.get(key);
    if (!headers) {
      headers = recordedHeaders(helmetHeaders, policy);
      if (apiHeaders.size >= 64) apiHeaders.clear();
      apiHeaders.set(key, headers);
    }
    return headers;
  };

  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol honours TRUST_PROXY (X-Forwarded-Proto); over plain http the header would be a lie.
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    const isApi = request.routeOptions.config.endpoint !== undefined;
    const policy: AnswerPolicy = {
      styleNonce: isApi ? undefined : randomBytes(16).toString('base64'),
      socketSources: socketSources(socket, request),
    };
    if (isApi) {
      reply.headers(apiHeadersFor(policy));
      done();
      return;
    }
    answerPolicies.set(reply.raw, policy);
    helmetHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/** The headers `middleware` (helmet's, which sets them synchronously) writes on an answer with `policy`. */
function recordedHeaders(middleware: ReturnType<typeof helmet>, policy: AnswerPolicy): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  answerPolicies.set(recorder, policy);
  middleware({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp(securityHeaders, { name: 'security-headers' });
