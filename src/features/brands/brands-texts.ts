import { exclusionMessages } from '../../api/exclusions';

/** The Brands screen's texts (docs/product.md#brands-screen, #statuses and #messages-and-errors; the fetch failures were added). */
export const brandsTexts = {
  selectSubcategory: 'Please select a subcategory from the header to view brands.',
  noBrands: (subcategory: string) => `No brands available for ${subcategory}.`,
  /** The empty grid's button, and its spinner while the brands are generated. */
  generateButton: { generate: 'Generate Brands', regenerate: 'Regenerate Brands', generating: 'Generating brands' },
  generateEquipments: (count: number) => `Generate Equipments (${count.toLocaleString('en-US')})`,
  /** The cost confirmation's line for Generate Equipments. */
  generateWhat: (count: number, subcategory: string) =>
    `Generate the models of ${count === 1 ? '1 brand' : `${count.toLocaleString('en-US')} brands`} of ${subcategory}.`,
  generateAllMatchingWhat: (count: number, subcategory: string, q: string | undefined) =>
    `Generate the models of all ${count === 1 ? '1 brand' : `${count.toLocaleString('en-US')} brands`} of ${subcategory}${q ? ` matching “${q}”` : ''}.`,
  noEquipment: 'No equipment found for this brand.',
  fetchFailed: 'Failed to fetch brands. Please try again.',
  equipmentFetchFailed: 'Failed to fetch models. Please try again.',
  excluded: 'Excluded',
  addToExclusion: 'Add to Exclusion',
  removeFromExclusion: 'Remove from Exclusion',
  brandExcluded: exclusionMessages.brandAdded,
  brandUnexcluded: exclusionMessages.itemRemoved,
  exclusionAddFailed: 'Failed to add brand to exclusion.',
  exclusionRemoveFailed: 'Failed to remove brand from exclusion.',
} as const;
