import type { Brand } from '../../../contract/brands';
import { brandInformationFields, notAvailable, websiteHref } from './brand-information';

function FieldValue({ label, value }: { label: string; value: string | null }) {
  if (value === null) return <span className="brand-information__missing">{notAvailable}</span>;
  if (label === 'Website') {
    const href = websiteHref(value);
    if (href)
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      );
  }
  return <>{value}</>;
}

/** What an expanded brand row shows (docs/product.md#brand-exclusions): Website, Country, Address, Phone Number, Email, or 'N/A'. */
export function BrandInformationPanel({ brand }: { brand: Pick<Brand, 'name' | 'brand_informations'> }) {
  return (
    <section className="brand-information" aria-label={`Brand information for ${brand.name}`}>
      <dl className="brand-information__list">
        {brandInformationFields(brand).map((field) => (
          <div key={field.label} className="brand-information__item">
            <dt>{field.label}</dt>
            <dd>
              <FieldValue label={field.label} value={field.value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
