import { exclusionTexts } from '../../api/exclusions';
import { serverMessage } from '../../api/http';

/**
 * The token-era brand exclusion screens report a failure as 'Error: ' plus the server's message (SPEC 8); when the
 * server gave none (a 500, a network failure) they fall back to the screen's own text.
 */
export function exclusionErrorText(error: unknown, fallback: string): string {
  const message = serverMessage(error);
  return message === undefined ? fallback : `${exclusionTexts.errorPrefix}${message}`;
}

export const brandExclusionTexts = {
  fetchFailed: exclusionTexts.fetchFailed,
  removalFailed: 'Failed to remove brand from exclusion.',
} as const;
