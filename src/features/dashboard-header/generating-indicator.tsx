import { Link } from '@tanstack/react-router';
import { useGeneratingCount } from '../../api/statuses';
import { Tip } from '../../ui/tooltip';

/**
 * The generating flag of docs/product.md#statuses, in the header: "Generating (n)" while any generation (events, brands or a brand's
 * models, anyone's) is In Progress; empty otherwise. The live region stays in the page so the change is announced. It links to the runs centre's
 * runs under way. Below 1600 px it is a spinner and a count badge (dashboard-header.css): "Generating (n)" stays its accessible name and its tip.
 */
export function GeneratingIndicator() {
  const count = useGeneratingCount();
  const formatted = new Intl.NumberFormat('en-US').format(count);
  const text = `Generating (${formatted})`;
  return (
    <span className="generating-indicator" role="status">
      {count > 0 ? (
        <Tip content={`${text}: open the runs centre`} side="bottom">
          <Link to="/dashboard/runs" search={{ status: 'active' }} className="generating-indicator__link">
            <span className="spinner spinner--sm" aria-hidden="true" />
            <span className="generating-indicator__text">{text}</span>
            <span className="generating-indicator__count count-badge" aria-hidden="true">
              {formatted}
            </span>
          </Link>
        </Tip>
      ) : null}
    </span>
  );
}
