import type { ReactNode } from 'react';
import type { SocialLink } from './socials';

const networks: Record<SocialLink['type'], { label: string; colour: string; glyph: ReactNode }> = {
  crunchbase: {
    label: 'Crunchbase',
    colour: '#0a5fa3',
    glyph: (
      <text x="12" y="16" textAnchor="middle" fontSize="10" fontWeight="700" fontFamily="Arial, sans-serif" fill="#fff">
        cb
      </text>
    ),
  },
  facebook: {
    label: 'Facebook',
    colour: '#1463d8',
    glyph: (
      <path d="M13.2 19v-6h2l.3-2.4h-2.3V9.1c0-.7.2-1.2 1.2-1.2h1.2V5.8a16 16 0 0 0-1.8-.1c-1.8 0-3 1.1-3 3.1v1.8h-2V13h2v6z" fill="#fff" />
    ),
  },
  x: {
    label: 'X',
    colour: '#111',
    glyph: <path d="M6.5 6h3.4l2.6 3.6L15.6 6h1.6l-4 4.6L17.7 18h-3.4l-2.8-3.9L8.1 18H6.5l4.3-4.9z" fill="#fff" />,
  },
  linkedin: {
    label: 'LinkedIn',
    colour: '#0a66c2',
    glyph: (
      <>
        <rect x="6" y="10" width="2.6" height="8" fill="#fff" />
        <circle cx="7.3" cy="7.2" r="1.5" fill="#fff" />
        <path
          d="M10.6 10h2.5v1.1c.4-.7 1.3-1.3 2.6-1.3 2.3 0 2.8 1.5 2.8 3.4V18h-2.6v-4.2c0-1-.1-2.1-1.4-2.1s-1.5 1-1.5 2V18h-2.4z"
          fill="#fff"
        />
      </>
    ),
  },
};

function SocialIcon({ type }: { type: SocialLink['type'] }) {
  const network = networks[type];
  return (
    <svg className="social-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="5" fill={network.colour} />
      {network.glyph}
    </svg>
  );
}

/** A brand's socials as icon links (docs/product.md#brand-exclusions): each opens in a new tab without handing it this page. */
export function SocialLinks({ brandName, links }: { brandName: string; links: SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="social-links" aria-label={`${brandName} socials`}>
      {links.map((link, index) => (
        <li key={`${link.type}-${index}`}>
          <a
            className="social-links__link"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${brandName} on ${networks[link.type].label}`}
            title={networks[link.type].label}
          >
            <SocialIcon type={link.type} />
          </a>
        </li>
      ))}
    </ul>
  );
}
