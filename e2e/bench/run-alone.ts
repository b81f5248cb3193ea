import { pathToFileURL } from 'node:url';

/** Whether the module at `moduleUrl` is the script node was started with (`npx tsx e2e/bench/<file>.ts`). */
export function isMainModule(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;
}

/** Runs one bench alone: prints its figures as JSON and exits 0, or prints the failure and exits 1. */
export function printFigures(bench: () => Promise<unknown>): void {
  bench().then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
