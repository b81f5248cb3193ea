import { authApi } from './auth';
import { brandsApi } from './brands';
import { broadcastingApi } from './broadcasting';
import { bulkExclusionsApi } from './bulk-exclusions';
import { categoriesApi } from './categories';
import type { EndpointDeclaration } from './endpoint';
import { equipmentsApi } from './equipments';
import { eventsApi } from './events';
import { exclusionImportApi } from './exclusion-import';
import { exclusionChangesApi } from './exclusion-changes';
import { exclusionsApi } from './exclusions';
import { estimateApi } from './estimate';
import { gridExportsApi } from './grid-exports';
import { gridSettingsApi } from './grid-settings';
import { healthApi } from './health';
import { openApiApi } from './openapi';
import { historyApi } from './history';
import { overviewApi } from './overview';
import { paymentMethodsApi } from './payment-methods';
import { preferencesApi } from './preferences';
import { pusherApi } from './pusher-api';
import { reviewApi } from './review';
import { runsApi } from './runs';
import { savedViewsApi } from './saved-views';
import { statusesApi } from './statuses';
import { stripeWebhookApi } from './stripe-webhook';
import { tokensApi } from './tokens';
import { transactionsApi } from './transactions';

/** Every endpoint of the API, by resource: the one table the server registers and the SPA calls. */
export const api = {
  auth: authApi,
  brands: brandsApi,
  broadcasting: broadcastingApi,
  bulkExclusions: bulkExclusionsApi,
  categories: categoriesApi,
  equipments: equipmentsApi,
  events: eventsApi,
  exclusions: exclusionsApi,
  exclusionImport: exclusionImportApi,
  exclusionChanges: exclusionChangesApi,
  generation: estimateApi,
  gridExports: gridExportsApi,
  gridSettings: gridSettingsApi,
  health: healthApi,
  openapi: openApiApi,
  history: historyApi,
  overview: overviewApi,
  paymentMethods: paymentMethodsApi,
  preferences: preferencesApi,
  pusher: pusherApi,
  review: reviewApi,
  runs: runsApi,
  savedViews: savedViewsApi,
  statuses: statusesApi,
  stripeWebhook: stripeWebhookApi,
  tokens: tokensApi,
  transactions: transactionsApi,
} as const;

export const allEndpoints: readonly EndpointDeclaration[] = Object.values(api).flatMap((table) => Object.values(table));
