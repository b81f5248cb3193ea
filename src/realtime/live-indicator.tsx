import { liveIndicatorText, useLiveStatus } from './live-status';
import './live-indicator.css';

/**
 * The header's live-updates indicator: empty while live updates work; "Live updates unavailable - reconnecting"
 * while they are down. The live region stays in the page so the change is announced.
 */
export function LiveIndicator() {
  const text = useLiveStatus(liveIndicatorText);
  return (
    <span className={text ? 'live-indicator live-indicator--down' : 'live-indicator'} role="status">
      {text ? (
        <>
          <span className="live-indicator__dot" aria-hidden="true" />
          {text}
        </>
      ) : null}
    </span>
  );
}
