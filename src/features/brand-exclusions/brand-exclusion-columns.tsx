import type { BrandExclusion } from '../../../contract/exclusions';
import { brandExclusionExportColumns as headers } from '../../../contract/grid-exports';
import { dataTableColumns, expanderColumn, selectionColumn, TruncatedText } from '../../ui/data-table';
import { rowActionsColumn } from '../../ui/row-menu';
import { exclusionAuthorshipColumns } from '../bulk-exclusions';
import { BrandExclusionActions } from './brand-exclusion-actions';
import { BrandLogo } from './brand-logo';
import { SocialLinks } from './social-links';
import { parseSocials } from './socials';

export type BrandExclusionsVariant = 'equipments' | 'brands';

const col = dataTableColumns<BrandExclusion>();

function Text({ value, clamp = false }: { value: string | null; clamp?: boolean }) {
  if (value === null || value === '') return <span className="brand-exclusions__muted">—</span>;
  return clamp ? <TruncatedText text={value} /> : <>{value}</>;
}

const select = selectionColumn<BrandExclusion>({ label: (row) => `Select ${row.original.name}`, header: 'Select brands' });
const expand = expanderColumn<BrandExclusion>({
  label: (row) => `Brand information for ${row.original.name}`,
  header: 'Brand information',
});

const logo = col.display({
  id: 'logo',
  header: headers.logo,
  cell: ({ row }) => <BrandLogo key={row.original.logo ?? ''} name={row.original.name} logo={row.original.logo} />,
  enableSorting: false,
  meta: { width: '72px', pin: 'left' },
});

const category = col.accessor((brand) => brand.category.name, {
  id: 'category',
  header: headers.category,
  cell: ({ getValue }) => <Text value={getValue()} />,
  meta: { width: '130px', pin: 'left' },
});
const subcategory = col.accessor((brand) => brand.subcategory.name, {
  id: 'subcategory',
  header: headers.subcategory,
  cell: ({ getValue }) => <Text value={getValue()} />,
  meta: { width: '140px', pin: 'left' },
});
const name = col.accessor('name', {
  header: headers.name,
  cell: ({ getValue }) => <strong>{getValue()}</strong>,
  meta: { width: '170px', pin: 'left' },
});
const seoTitle = col.accessor('seo_title', {
  header: headers.seo_title,
  cell: ({ getValue }) => <Text value={getValue()} clamp />,
  meta: { width: '220px' },
});
const seoDescription = col.accessor('seo_description', {
  header: headers.seo_description,
  cell: ({ getValue }) => <Text value={getValue()} clamp />,
  meta: { width: '260px' },
});

const socials = col.display({
  id: 'socials',
  header: headers.socials,
  cell: ({ row }) => <SocialLinks brandName={row.original.name} links={parseSocials(row.original.socials)} />,
  enableSorting: false,
  meta: { width: '140px' },
});

const authorship = exclusionAuthorshipColumns<BrandExclusion>();

const actions = col.display({
  id: 'actions',
  header: 'Actions',
  cell: ({ row }) => <BrandExclusionActions brand={row.original} />,
  ...rowActionsColumn,
});

/**
 * The brand exclusion grids (docs/product.md#brand-exclusions): Category, Subcategory, Name, SEO Title, SEO Description, Actions; the
 * `brands` variant also has Logo and Socials. Every row expands to its brand information. The columns up to the Name
 * (in the spec's order) are pinned at the left and the Actions at the right (docs/product.md#grids); before them, the
 * checkbox that selects rows for a bulk Un-exclude (docs/decisions/0012-bulk-actions-select-the-filter.md); before the
 * Actions, who excluded the brand and when.
 */
export const brandExclusionColumns = {
  equipments: col.columns([select, expand, category, subcategory, name, seoTitle, seoDescription, ...authorship, actions]),
  brands: col.columns([select, expand, logo, category, subcategory, name, seoTitle, seoDescription, socials, ...authorship, actions]),
} satisfies Record<BrandExclusionsVariant, unknown>;

export const sortableBrandExclusionColumns = ['category', 'subcategory', 'name', 'seo_title', 'seo_description'] as const;
