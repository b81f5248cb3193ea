import { Button } from './button';

/**
 * Something could not be loaded: what failed, and a way to ask again (disabled while the new request runs).
 * `inline`: one line, the retry a link (inside a grid's row, a header, a sentence); otherwise a block with a button.
 * `announce` makes it an alert; leave it off where the container already is one (DataTable's error slot).
 */
export function FetchFailure({
  message,
  onRetry,
  retrying = false,
  retryLabel = 'Retry',
  inline = false,
  announce = true,
  className,
}: {
  message: string;
  onRetry: () => unknown;
  retrying?: boolean;
  retryLabel?: string;
  inline?: boolean;
  announce?: boolean;
  className?: string;
}) {
  const Container = inline ? 'span' : 'div';
  return (
    <Container
      className={['fetch-failure', inline && 'fetch-failure--inline', className].filter(Boolean).join(' ')}
      role={announce ? 'alert' : undefined}
    >
      <span>{message}</span>{' '}
      <Button variant={inline ? 'link' : 'secondary'} size={inline ? 'default' : 'compact'} disabled={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </Container>
  );
}
