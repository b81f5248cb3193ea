import { useState } from 'react';

/** Served from public/ (Vite copies it into the build). */
export const brandLogoPlaceholder = '/brand-logo-placeholder.svg';

/**
 * A brand's logo, or the placeholder image when it has none or it fails to load (docs/product.md#brand-exclusions). Give it `key={logo}` so a
 * new address gets a new try.
 */
export function BrandLogo({ name, logo }: { name: string; logo: string | null }) {
  const [failed, setFailed] = useState(false);
  const missing = logo === null || logo.trim() === '' || failed;
  return (
    <img
      className="brand-logo"
      src={missing ? brandLogoPlaceholder : logo}
      alt={missing ? `No logo for ${name}` : `${name} logo`}
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={missing ? undefined : () => setFailed(true)}
    />
  );
}
