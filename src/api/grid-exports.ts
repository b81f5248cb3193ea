import { gridExportsApi } from '../../contract/grid-exports';
import { transactionsApi, type TransactionsFilter } from '../../contract/transactions';
import type { EndpointQuery } from '../../contract/endpoint';
import { downloadFile } from './http';

/**
 * Export every grid (docs/product.md#export): each grid's CSV download (GET .../export with the grid's filter and sort).
 * `columns` are the column ids to write, in order. The browser saves the answer as a
 * file (downloadFile: the authorised request's body as a blob, then a link click).
 */

type Columns = readonly string[];
const withColumns = <Q extends object>(query: Q, columns: Columns) => ({ ...query, columns: columns.join(',') });

export const exportBrands = (query: Omit<EndpointQuery<typeof gridExportsApi.brands>, 'columns'>, columns: Columns) =>
  downloadFile(gridExportsApi.brands, { query: withColumns(query, columns) }, 'brands.csv');

export const exportEvents = (query: Omit<EndpointQuery<typeof gridExportsApi.events>, 'columns'>, columns: Columns) =>
  downloadFile(gridExportsApi.events, { query: withColumns(query, columns) }, 'events.csv');

/**
 * The URL state of a grid that sorts and filters in the browser (useUrlTableState: `sort` is one of the grid's
 * sortable column ids, each an exportable column), which the server applies alike.
 */
interface BrowserGridParams {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
}
type WithBrowserGridParams<Q> = Omit<Q, 'columns' | 'q' | 'sort' | 'dir'> & BrowserGridParams;

export const exportEquipments = (query: WithBrowserGridParams<EndpointQuery<typeof gridExportsApi.equipments>>, columns: Columns) =>
  downloadFile(
    gridExportsApi.equipments,
    { query: withColumns(query, columns) as EndpointQuery<typeof gridExportsApi.equipments> },
    'equipment.csv',
  );

export const exportEquipmentExclusions = (query: BrowserGridParams, columns: Columns) =>
  downloadFile(
    gridExportsApi.equipmentExclusions,
    { query: withColumns(query, columns) as EndpointQuery<typeof gridExportsApi.equipmentExclusions> },
    'equipment-exclusions.csv',
  );

export const exportBrandExclusions = (query: BrowserGridParams, columns: Columns) =>
  downloadFile(
    gridExportsApi.brandExclusions,
    { query: withColumns(query, columns) as EndpointQuery<typeof gridExportsApi.brandExclusions> },
    'brand-exclusions.csv',
  );

/** GET /api/transactions/export: every row the statement's filters match. */
export const exportTransactions = (filter: Partial<TransactionsFilter>, columns: Columns) =>
  downloadFile(transactionsApi.export, { query: withColumns(filter, columns) }, 'transactions.csv');
