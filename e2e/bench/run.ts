import { buildSpa, spaNeedsBuild } from '../../server/cli/spa-build';
import { startTestServer } from '../fixtures';
import { availableEngines } from '../../server/test/databases';
import { benchApi } from './api';
import { benchBrowserScale } from './browser-scale';
import { benchBundles } from './bundle';
import { benchBulkExclusion } from './bulk-exclusion';
import { benchEquipmentExport } from './equipment-export';
import { benchLiveEventCost } from './live-event-cost';
import { benchRealtime } from './realtime';
import { benchRestart } from './restart';
import { benchStartup } from './startup';
import { benchTransactionsExport } from './transactions-export';

/**
 * `npm run bench`: every speed and memory figure of the issues, printed as one JSON object. Figures, never
 * assertions: each section says whether its budget is met.
 */
async function main() {
  if (await spaNeedsBuild(process.cwd(), 'dist')) await buildSpa(process.cwd(), 'dist');
  const figures: Record<string, unknown> = {};

  const server = await startTestServer();
  try {
    figures.bundles = await benchBundles(server);
  } finally {
    await server.close();
  }
  figures.startup = await benchStartup();
  figures.api = await benchApi('pglite');
  figures.api_postgres = (await availableEngines()).includes('postgres')
    ? await benchApi('postgres')
    : { skipped: 'PostgreSQL is not reachable' };
  figures.browser_at_scale = await benchBrowserScale();
  figures.live_event_cost = await benchLiveEventCost();
  figures.realtime = await benchRealtime();
  figures.restart = await benchRestart();
  figures.transactions_export = await benchTransactionsExport();
  figures.equipment_export = await benchEquipmentExport();
  figures.bulk_exclusion = await benchBulkExclusion();
  console.log(JSON.stringify(figures, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
