import { Link } from '@tanstack/react-router';
import { useGeneratingCount } from '../../api/statuses';

/**
 * The generating flag of docs/product.md#statuses, in the header: "Generating (n)" while any generation (events, brands or a brand's
 * models, anyone's) is In Progress; empty otherwise. The live region stays in the page so the change is announced. It links to the runs centre's
 * runs under way.
 */
export function GeneratingIndicator() {
  const count = useGeneratingCount();
  return (
    <span className="generating-indicator" role="status">
      {count > 0 ? (
        <Link to="/dashboard/runs" search={{ status: 'active' }} className="generating-indicator__link" title="Open the runs centre">
          <span className="spinner spinner--sm" aria-hidden="true" />
          {`Generating (${new Intl.NumberFormat('en-US').format(count)})`}
        </Link>
      ) : null}
    </span>
  );
}
