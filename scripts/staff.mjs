// Staff accounts made outside the app: `npm run admin:create` and the demo admin of the first
// local `npm start`. Each gets a generated password (shown once, never stored in clear), and sets
// up its authenticator app at its first sign-in. Colleagues are better invited from the app.
// An account made here is an Owner unless told otherwise: it is how the institute's first
// account is made, and how an Owner is made again should the app ever have none.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../functions/_shared/auth/password.ts';

/** The demo admin's sign-in address (demo data, local only). */
export const DEMO_ADMIN_EMAIL = 'admin@demo.local';

/** A generated password: 20 characters, 120 bits. */
export const newPassword = () => randomBytes(15).toString('base64url');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ROLES = ['owner', 'counsellor', 'accountant', 'teacher'];

/**
 * Creates a staff account with `password` (generated when left out) and `role` (Owner when left
 * out) through `pool` (a Neon or pg Pool). Returns what to tell the person; throws with a readable
 * message on a bad or taken address or an unknown role.
 */
export async function createStaff(pool, { name, email, password = newPassword(), role = 'owner' }) {
  const cleanName = String(name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const cleanEmail = String(email ?? '')
    .trim()
    .toLowerCase();
  if (cleanName.length < 2) throw new Error('Please give the staff member\'s name (--name "Asha Verma").');
  if (!EMAIL.test(cleanEmail)) throw new Error('Please give a valid e-mail address (--email asha@example.com).');
  if (!ROLES.includes(role)) throw new Error('Please give one of the roles owner, counsellor, accountant or teacher (--role counsellor).');
  const hash = await hashPassword(password);
  try {
    const { rows } = await pool.query(
      'insert into staff (name, email, password_hash, password_changed_at, role) values ($1, $2, $3, now(), $4) returning id::text',
      [cleanName, cleanEmail, hash, role],
    );
    return { id: rows[0].id, name: cleanName, email: cleanEmail, password, role };
  } catch (error) {
    if (error?.code === '23505') throw new Error(`A staff account with the e-mail ${cleanEmail} already exists.`);
    throw error;
  }
}

/**
 * On a database without any staff account, creates the demo admin and prints its e-mail and
 * password (this once: the password is not kept anywhere).
 */
export async function ensureDemoAdmin(pool, log = console.log) {
  const { rows } = await pool.query('select count(*)::int as n from staff');
  if (rows[0].n > 0) return null;
  // The browser tests choose the password (DEMO_ADMIN_PASSWORD) so they can sign in as this account.
  const chosen = process.env.DEMO_ADMIN_PASSWORD;
  const admin = await createStaff(pool, { name: 'Demo Admin', email: DEMO_ADMIN_EMAIL, ...(chosen ? { password: chosen } : {}) });
  log(
    [
      '',
      '  ┌─ Demo staff account (local only; shown this once) ─────────────',
      `  │ Sign in at /adminLogin with  ${admin.email}`,
      `  │ Password:                    ${admin.password}`,
      '  │ At the first sign-in, scan the QR code with an authenticator app.',
      '  │ Forgot it? Delete .data/ to start afresh, or run npm run admin:create.',
      '  └────────────────────────────────────────────────────────────────',
      '',
    ].join('\n'),
  );
  return admin;
}
