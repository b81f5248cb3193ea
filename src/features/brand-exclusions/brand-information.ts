import type { Brand } from '../../../contract/brands';

export const notAvailable = 'N/A';

export interface BrandInformationField {
  label: 'Website' | 'Country' | 'Address' | 'Phone Number' | 'Email';
  /** The text, or null when missing (shown as 'N/A'). */
  value: string | null;
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The brand information a row expands to (docs/product.md#brand-exclusions): the first record's fields, each null when missing. */
export function brandInformationFields(brand: Pick<Brand, 'brand_informations'>): BrandInformationField[] {
  const info = brand.brand_informations[0];
  return [
    { label: 'Website', value: present(info?.website) },
    { label: 'Country', value: present(info?.country) },
    { label: 'Address', value: present(info?.address) },
    { label: 'Phone Number', value: present(info?.phone_number) },
    { label: 'Email', value: present(info?.email) },
  ];
}

/** An address the website link may point at: http(s) only; a bare domain is read as https. */
export function websiteHref(website: string): string | null {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(website) ? website : `https://${website}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
