import { describe, expect, it } from 'vitest';
import { brandInformationFields, websiteHref } from './brand-information';

describe('brandInformationFields', () => {
  it('lists the five fields of the first record, in order', () => {
    const fields = brandInformationFields({
      brand_informations: [
        { website: 'https://acme.com', country: 'Japan', address: '1 Main St', phone_number: '+81 3 1234', email: 'info@acme.com' },
        { website: 'https://other.com', country: null, address: null, phone_number: null, email: null },
      ],
    });
    expect(fields).toEqual([
      { label: 'Website', value: 'https://acme.com' },
      { label: 'Country', value: 'Japan' },
      { label: 'Address', value: '1 Main St' },
      { label: 'Phone Number', value: '+81 3 1234' },
      { label: 'Email', value: 'info@acme.com' },
    ]);
  });

  it('marks null, blank and absent fields as missing', () => {
    expect(brandInformationFields({ brand_informations: [] }).map((f) => f.value)).toEqual([null, null, null, null, null]);
    const fields = brandInformationFields({
      brand_informations: [{ website: '  ', country: 'France', address: null, phone_number: '', email: null }],
    });
    expect(fields.map((f) => f.value)).toEqual([null, 'France', null, null, null]);
  });
});

describe('websiteHref', () => {
  it('links http(s) addresses and reads a bare domain as https', () => {
    expect(websiteHref('https://acme.com/about')).toBe('https://acme.com/about');
    expect(websiteHref('http://acme.com')).toBe('http://acme.com/');
    expect(websiteHref('acme.com')).toBe('https://acme.com/');
  });

  it('refuses other schemes and text that is no address', () => {
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('mailto:a@b.c')).toBeNull();
    expect(websiteHref('not an address')).toBeNull();
  });
});
