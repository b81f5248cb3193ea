/** A list that could not be loaded: the spec's text and a retry (shown inside the grid, which makes it an alert). */
export function FetchFailure({ text, retrying, onRetry }: { text: string; retrying: boolean; onRetry: () => void }) {
  return (
    <span className="exclusions-failure">
      <span>{text}</span>
      <button type="button" className="btn btn--secondary btn--compact" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Try again'}
      </button>
    </span>
  );
}
