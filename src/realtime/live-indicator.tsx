import { Tip } from '../ui/tooltip';
import { liveIndicatorText, useLiveStatus } from './live-status';
import './live-indicator.css';

/**
 * The header's live-updates indicator: empty while live updates work; while they are down, an amber dot whose text,
 * "Live updates unavailable - reconnecting", is read out, shown on hover and focus, and announced (the live region
 * stays in the page). A dot, not a sentence, so the header stays one row at 1280 px whatever else it shows.
 */
export function LiveIndicator() {
  const text = useLiveStatus(liveIndicatorText);
  return (
    <span className={text ? 'live-indicator live-indicator--down' : 'live-indicator'} role="status">
      {text ? (
        <Tip content={text} side="bottom">
          <span className="live-indicator__mark" tabIndex={0}>
            <span className="live-indicator__dot" aria-hidden="true" />
            <span className="sr-only">{text}</span>
          </span>
        </Tip>
      ) : null}
    </span>
  );
}
