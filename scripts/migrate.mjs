// `npm run db:migrate`: applies migrations/ to the database in DATABASE_URL (Neon in production).
import { Pool } from '@neondatabase/serverless';
import { migrate } from './db.mjs';

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set. (npm start creates and migrates the embedded database by itself.)');
  process.exit(1);
}
const pool = new Pool({ connectionString: process.env.DATABASE_URL });
try {
  const applied = await migrate(pool);
  console.log(applied.length ? `${applied.length} migration(s) applied.` : 'The database is up to date.');
} finally {
  await pool.end();
}
