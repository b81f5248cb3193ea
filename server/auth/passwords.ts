import { hash, type Options, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id: a const enum, which isolated modules cannot import.
const options: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Checked against when the email is unknown, so a miss costs what a wrong password costs.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
