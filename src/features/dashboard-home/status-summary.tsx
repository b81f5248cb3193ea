import { Link } from '@tanstack/react-router';
import { formatCount } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { statusBreakdown } from './overview-model';

/** A card: how many categories (or subcategories) stand in each generation status. */
export function StatusSummary({
  id,
  title,
  unit,
  tally,
  link,
  about,
}: {
  id: string;
  title: string;
  unit: [singular: string, plural: string];
  tally: Readonly<Record<string, number>>;
  link: { to: '/dashboard/events' | '/dashboard/brands'; label: string };
  /** What the statuses are of, for the badges' tips ("Latest brand generation of a subcategory"). */
  about: string;
}) {
  const { rows, total } = statusBreakdown(tally);
  return (
    <article className="home__card" aria-labelledby={id}>
      <h2 id={id} className="home__card-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="home__hint">No {unit[1]} yet.</p>
      ) : (
        <>
          <p className="home__total">
            {formatCount(total)} {total === 1 ? unit[0] : unit[1]}
          </p>
          <ul className="home__statuses" aria-label={`${title}: ${unit[1]} in each status`}>
            {rows.map((row) => (
              <li key={row.status} className="home__status">
                <StatusBadge name={row.status} about={about} />
                <span className="home__status-count">{formatCount(row.count)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={link.to} className="home__card-link">
        {link.label} <span aria-hidden="true">→</span>
      </Link>
    </article>
  );
}
