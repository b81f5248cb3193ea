import { Link } from '@tanstack/react-router';
import { useUserTokens } from '../../api/auth';
import { useOverview } from '../../api/overview';
import { formatCount } from '../../ui/data-table';
import { FetchFailure } from '../../ui/fetch-failure';
import { Spinner } from '../../ui/spinner';
import { GenerationQuality } from './generation-quality';
import { LatestRuns } from './latest-runs';
import { StatusSummary } from './status-summary';
import './dashboard-home.css';

export const homeTexts = {
  fetchFailed: 'Failed to load the overview. Please try again.',
} as const;

/**
 * The dashboard home (/dashboard, docs/product.md#dashboard-home): the balance, how the catalogue's generations stand (categories by
 * their events status, subcategories by their brands status), the latest generation runs with their token cost and the
 * generation quality of the last 30 days.
 */
export function DashboardHome() {
  const overview = useOverview();
  const liveTokens = useUserTokens().data?.tokens;

  return (
    <section className="screen home" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">
        Dashboard
      </h1>
      {overview.isPending ? (
        <div className="home__state">
          <Spinner label="Loading the overview" size="lg" />
        </div>
      ) : overview.isError ? (
        <FetchFailure
          className="home__state home__state--error"
          message={homeTexts.fetchFailed}
          retrying={overview.isFetching}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <div className="home__cards">
            <article className="home__card" aria-labelledby="home-balance">
              <h2 id="home-balance" className="home__card-title">
                Token balance
              </h2>
              <p className="home__balance">
                {formatCount(liveTokens ?? overview.data.tokens)} <span className="home__unit">tokens</span>
              </p>
              <p className="home__hint">Buy more from the account menu, under Purchase Tokens.</p>
            </article>
            <StatusSummary
              id="home-events"
              title="Events by category"
              unit={['category', 'categories']}
              tally={overview.data.categories_by_status}
              link={{ to: '/dashboard/events', label: 'Open events' }}
              about="Latest event generation of a category"
            />
            <StatusSummary
              id="home-brands"
              title="Brands by subcategory"
              unit={['subcategory', 'subcategories']}
              tally={overview.data.subcategories_by_status}
              link={{ to: '/dashboard/brands', label: 'Open brands' }}
              about="Latest brand generation of a subcategory"
            />
          </div>
          <LatestRuns runs={overview.data.latest_runs} />
          <GenerationQuality />
          <nav className="home__links" aria-label="Catalogue screens">
            <Link to="/dashboard/equipments">Equipments</Link>
            <Link to="/dashboard/equipments/exclusions">Exclusions</Link>
            <Link to="/dashboard/runs">Runs</Link>
            <Link to="/dashboard/transactions">Transactions</Link>
          </nav>
        </>
      )}
    </section>
  );
}
