import { ConfigError } from '../config';
import { DataDirectoryInUseError } from '../db/data-directory-lock';

/**
 * How a command reports what stopped it and exits 1: a bad setting or a data directory another process holds as
 * their one-line message, anything else whole (its stack tells where).
 */
export function exitWithFailure(error: unknown): never {
  console.error(error instanceof ConfigError || error instanceof DataDirectoryInUseError ? error.message : error);
  process.exit(1);
}
