import { z } from 'zod';
import { brandsPageQuery } from './brands';
import { endpoint } from './endpoint';
import { eventsPageQuery } from './events';
import { idField } from './ids';
import { reviewFilter } from './review';
import { catalogueText, clientText, searchQuery, sortDirection } from './text';

/**
 * Export every grid (docs/product.md#export): each grid's exportable columns, id and header, declared once. The server
 * writes these headers in the CSV's first row and the SPA's grid columns take their headers from here, so that a
 * file's columns are named exactly as the grid names them.
 */

/** A grid's exportable columns: column id (the grid's) -> header, in the grid's designed order. */
type ExportColumns = Readonly<Record<string, string>>;

/**
 * The review of a brand, model or event (contract/review.ts `rowReview`), last in its grid's export: no grid column
 * shows them, so "All columns" writes them (docs/decisions/0025-review-of-generated-items.md).
 */
export const reviewExportColumns = {
  review_state: 'Review State',
  review_reason: 'Reject Reason',
  reviewed_by: 'Reviewed By',
  reviewed_at: 'Reviewed At',
  run_id: 'Run',
} as const satisfies ExportColumns;

export const brandExportColumns = {
  name: 'Name',
  category: 'Category',
  subcategory: 'Subcategory',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
  created_at: 'Created At',
  status: 'Status',
  ...reviewExportColumns,
} as const satisfies ExportColumns;

export const eventExportColumns = {
  name: 'Name',
  category: 'Category',
  description: 'Description',
  address: 'Address',
  website: 'Website',
  event_type: 'Event Type',
  start_date: 'Start Date',
  end_date: 'End Date',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
  created_at: 'Created At',
  ...reviewExportColumns,
} as const satisfies ExportColumns;

export const equipmentExportColumns = {
  brand: 'Brand',
  model: 'Model',
  year: 'Year',
  category: 'Category',
  subcategory: 'Subcategory',
  specifications: 'Specifications',
  description: 'Description',
  tags: 'Tags',
  is_manufactured: 'Manufactured',
  is_brand_still_manufactured: 'Brand Active',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
  created_at: 'Created At',
  ...reviewExportColumns,
} as const satisfies ExportColumns;

export const equipmentExclusionExportColumns = {
  category: 'Category',
  subcategory: 'Subcategory',
  brand: 'Brand',
  model: 'Model',
  year: 'Year',
  specifications: 'Specifications',
  description: 'Description',
  tags: 'Tags',
  is_manufactured: 'Manufactured',
  is_brand_still_manufactured: 'Brand Active',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
} as const satisfies ExportColumns;

export const brandExclusionExportColumns = {
  logo: 'Logo',
  category: 'Category',
  subcategory: 'Subcategory',
  name: 'Name',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
  socials: 'Socials',
} as const satisfies ExportColumns;

export const transactionExportColumns = {
  created_at: 'Date',
  description: 'Description',
  type: 'Type',
  tokens: 'Tokens Amount',
  balance_after: 'Balance',
  run_id: 'Run',
  amount_paid: 'Amount Paid (USD)',
  card: 'Card',
} as const satisfies ExportColumns;

/**
 * `columns`: the column ids to write, comma-separated, in order; absent, every column in the grid's order. An
 * unknown or repeated id is refused (422).
 */
export function exportColumnsQuery<C extends ExportColumns>(columns: C) {
  type Id = Extract<keyof C, string>;
  const ids = Object.keys(columns) as Id[];
  return clientText
    .max(2000)
    .optional()
    .transform((text, context): Id[] => {
      if (text === undefined || text.trim() === '') return ids;
      const asked = text.split(',').map((id) => id.trim());
      const unknown = asked.filter((id) => !(ids as string[]).includes(id));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `Unknown column: ${unknown.join(', ')}. The columns are: ${ids.join(', ')}.` });
        return z.NEVER;
      }
      if (new Set(asked).size !== asked.length) {
        context.addIssue({ code: 'custom', message: 'A column may be asked for only once.' });
        return z.NEVER;
      }
      return asked as Id[];
    });
}

/**
 * The grids that sort and filter in the browser (the equipment details, both exclusion lists) are exported with
 * their quick filter (`q`: a case-insensitive "contains" on any column's text) and sort (`sort`, a column id, and
 * `dir`) applied by the server; without a sort, in the list's own order.
 */
const browserGridQuery = <C extends ExportColumns>(columns: C) => {
  const ids = Object.keys(columns) as [Extract<keyof C, string>, ...Extract<keyof C, string>[]];
  return { q: searchQuery, sort: z.enum(ids).optional(), dir: sortDirection, columns: exportColumnsQuery(columns) };
};

/** The brands grid's own query (its filter and sort), without its paging, and the columns to write. */
export const brandsExportQuery = brandsPageQuery
  .omit({ offset: true, limit: true, with_equipments: true })
  .extend({ columns: exportColumnsQuery(brandExportColumns) });
export type BrandsExportQuery = z.output<typeof brandsExportQuery>;

/** The events grid's own query (its filter and sort), without its paging, and the columns to write. */
export const eventsExportQuery = eventsPageQuery
  .omit({ offset: true, limit: true })
  .extend({ columns: exportColumnsQuery(eventExportColumns) });
export type EventsExportQuery = z.output<typeof eventsExportQuery>;

export const equipmentsExportQuery = z
  .object({
    subcategory: catalogueText(255).pipe(z.string().trim().min(1)).optional(),
    subcategory_id: idField.optional(),
    brand_id: idField.optional(),
    review: reviewFilter,
    ...browserGridQuery(equipmentExportColumns),
  })
  .refine((q) => q.subcategory != null || q.subcategory_id != null || q.brand_id != null, {
    message: 'A subcategory is required.',
    path: ['subcategory'],
  });
export type EquipmentsExportQuery = z.output<typeof equipmentsExportQuery>;

export const equipmentExclusionsExportQuery = z.object(browserGridQuery(equipmentExclusionExportColumns));
export type EquipmentExclusionsExportQuery = z.output<typeof equipmentExclusionsExportQuery>;

export const brandExclusionsExportQuery = z.object(browserGridQuery(brandExclusionExportColumns));
export type BrandExclusionsExportQuery = z.output<typeof brandExclusionsExportQuery>;

const csvAnswer = z.string().describe('text/csv');

export const gridExportsApi = {
  brands: endpoint({
    name: 'gridExports.brands',
    method: 'GET',
    path: '/api/brands/export',
    summary: "Every brand of a subcategory the filter matches, in the grid's sort, streamed as CSV (RFC 4180, UTF-8).",
    query: brandsExportQuery,
    answer: csvAnswer,
  }),
  events: endpoint({
    name: 'gridExports.events',
    method: 'GET',
    path: '/api/events/export',
    summary: "Every event of a category the filter matches, in the grid's sort, streamed as CSV (RFC 4180, UTF-8).",
    query: eventsExportQuery,
    answer: csvAnswer,
  }),
  equipments: endpoint({
    name: 'gridExports.equipments',
    method: 'GET',
    path: '/api/equipments/export',
    summary: 'Every model of a subcategory or a brand the filter matches, streamed as CSV (RFC 4180, UTF-8).',
    query: equipmentsExportQuery,
    answer: csvAnswer,
  }),
  equipmentExclusions: endpoint({
    name: 'gridExports.equipmentExclusions',
    method: 'GET',
    path: '/api/equipments/exclusions/export',
    summary: 'Every excluded model the filter matches, streamed as CSV (RFC 4180, UTF-8).',
    query: equipmentExclusionsExportQuery,
    answer: csvAnswer,
  }),
  brandExclusions: endpoint({
    name: 'gridExports.brandExclusions',
    method: 'GET',
    path: '/api/brands/exclusions/export',
    summary: 'Every excluded brand the filter matches, streamed as CSV (RFC 4180, UTF-8).',
    query: brandExclusionsExportQuery,
    answer: csvAnswer,
  }),
} as const;
