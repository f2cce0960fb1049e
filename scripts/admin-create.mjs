// `npm run admin:create -- --name "Asha Verma" --email asha@example.com [--role counsellor]`:
// creates a staff account (an Owner unless --role says otherwise) and prints its generated
// password once. With DATABASE_URL (Neon) it writes there; without it,
// into the embedded database of `npm start` (stop the server first: the embedded database is
// opened by one program at a time). The account sets up its authenticator at its first sign-in.
import { parseArgs } from 'node:util';
import { prepareDatabase } from './database.mjs';
import { createStaff } from './staff.mjs';

const { values } = parseArgs({ options: { name: { type: 'string' }, email: { type: 'string' }, role: { type: 'string', default: 'owner' } } });
const database = await prepareDatabase({ log: () => {} });
const { Pool } = await import('@neondatabase/serverless');
const pool = new Pool({ connectionString: process.env.DATABASE_URL });
try {
  const staff = await createStaff(pool, { name: values.name, email: values.email, role: values.role });
  console.log(
    `\n  Staff account created for ${staff.name}, as ${staff.role[0].toUpperCase()}${staff.role.slice(1)}.\n  Sign in at /adminLogin with ${staff.email}\n  Password: ${staff.password}\n  (shown this once; at the first sign-in, scan the QR code with an authenticator app)\n`,
  );
} catch (error) {
  console.error(`\n  Could not create the account: ${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  await pool.end();
  await database.close();
}
