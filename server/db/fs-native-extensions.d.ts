/** The part of fs-native-extensions (no types of its own) that server/db/data-directory-lock.ts uses. */
declare module 'fs-native-extensions' {
  /** An exclusive lock on the whole file open at `fd`: true when granted, false when another open file holds it. */
  export function tryLock(fd: number): boolean;
}
