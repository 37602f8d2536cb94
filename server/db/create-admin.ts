// `npm run admin:create -- --name "Full Name" --email a@b.in --mobile 98xxxxxxxx`
// Creates the first admin of a production database. The password comes from ADMIN_PASSWORD, or a random one is
// generated and printed once; the admin is asked to change it at first sign-in.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { hashPassword } from '../domains/platform';
import { openDatabase } from './client';
import { users } from './schema';
import { seedReference } from './seed/reference';

const { values } = parseArgs({
  options: { name: { type: 'string' }, email: { type: 'string' }, mobile: { type: 'string' } },
});
if (!values.name || !values.email || !values.mobile || !/^[6-9]\d{9}$/.test(values.mobile)) {
  console.error('Usage: npm run admin:create -- --name "Full Name" --email admin@example.in --mobile 9876543210');
  process.exit(1);
}
const generated = !process.env.ADMIN_PASSWORD;
const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedReference(database.db);
const taken = await database.db
  .select({ id: users.id })
  .from(users)
  .where(sql`${users.mobileNo} = ${values.mobile} or lower(${users.email}) = ${values.email.toLowerCase()}`);
if (taken.length) {
  console.error('An account with this mobile number or e-mail already exists.');
  process.exit(1);
}
await database.db.insert(users).values({
  fullName: values.name,
  email: values.email,
  mobileNo: values.mobile,
  phone: values.mobile,
  role: 'A',
  passwordHash: await hashPassword(password),
  mustChangePassword: generated,
});
await database.close();
console.log(`Admin ${values.email} created.`);
if (generated) console.log(`One-time password (shown once; change it after signing in at /Admin): ${password}`);
