/**
 * Password hashes for accounts a test writes straight to the database, where the cost of the
 * hash is not what is tested: the format `verifyPassword` reads (`scrypt$logN$r$p$salt$hash`)
 * with the smallest parameters it accepts (N = 2^14, r = 1: 2 MiB and about 1/64 of the work of
 * the production parameters, N = 2^17, r = 8, 128 MiB). A sign-in with such an account runs the
 * real verification, on these parameters; every hash the functions make themselves (register,
 * reset, invitation) keeps the production parameters, and tests/api/user.test.ts checks them.
 */
import { randomBytes, scrypt } from 'node:crypto';

const LOG_N = 14;
const R = 1;
const P = 1;

/** A stored password hash of `password` that the functions accept, made cheaply for test accounts. */
export function quickPasswordHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, { N: 2 ** LOG_N, r: R, p: P }, (error, key) =>
      error ? reject(error) : resolve(['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')),
    );
  });
}
