import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Stores a slow salted hash of what the client sends (its MD5), never the MD5 itself. */
export const hashPassword = (clientDigest: string) => hash(clientDigest, OPTIONS);

/** Hashed once at start: unknown accounts are verified against it so timing reveals nothing. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  clientDigest: string,
): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hash('decoy-password-never-matches', OPTIONS);
    await verify(await decoy, clientDigest).catch(() => false);
    return false;
  }
  return verify(storedHash, clientDigest).catch(() => false);
}
