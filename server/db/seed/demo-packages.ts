// Demo marketing content (decision 022): two home-page advertisements and one special package of
// three demo services. Idempotent: each row is looked up by its text first, so a restart adds nothing twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ensureDemoAdvertisement } from '../../domains/commerce';
import { paise } from '../../money';
import type { Db } from '../client';
import { services, specialPackageServices, specialPackages, users } from '../schema';

const IMAGES = path.join(import.meta.dirname, 'images-marketing');
const demoUrl = (file: string) => `/uploads/demo/${file}`;

export const DEMO_ADVERTISEMENTS = [
  {
    description: 'Kitchen and bathroom deep clean on one visit: book the combo package.',
    discountDesc: 'Save over ₹300 with the combo',
    file: 'ad-deep-clean-combo.svg',
  },
  {
    description: 'Beat the heat: get your AC foam-jet serviced before summer.',
    discountDesc: '10% off AC foam-jet service',
    file: 'ad-ac-summer.svg',
  },
];

export const DEMO_PACKAGE = {
  pkgName: 'Kitchen & Bathroom Deep Clean Combo',
  pkgDesc:
    'A degreased kitchen, a descaled bathroom and a clean chimney, done by one team on one visit. The three services cost ₹2,312.25 on their own (before GST).',
  rupees: 1999,
  services: ['Kitchen Deep Cleaning', 'Bathroom Deep Cleaning (1 bathroom)', 'Chimney Cleaning'],
  file: 'package-kitchen-bath.svg',
};

/** After the demo catalogue (the package names its services) and the demo accounts (admin and marketing). */
export async function seedDemoPackages(db: Db, uploadsDir: string): Promise<void> {
  // The pictures ship in ./images-marketing (trusted SVGs: the seed skips the upload checks, as the catalogue's does).
  const target = path.join(uploadsDir, 'demo');
  await fs.mkdir(target, { recursive: true });
  const files = (await fs.readdir(IMAGES)).filter((f) => f.endsWith('.svg'));
  await Promise.all(files.map((f) => fs.copyFile(path.join(IMAGES, f), path.join(target, f))));

  const staff = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.email, ['admin@doorstep.test', 'marketing@doorstep.test']));
  const admin = staff.find((u) => u.role === 'A');
  const marketing = staff.find((u) => u.role === 'MR');
  if (!admin || !marketing) return;

  for (const ad of DEMO_ADVERTISEMENTS) {
    await ensureDemoAdvertisement(db, {
      description: ad.description,
      discountDesc: ad.discountDesc,
      imageUrl: demoUrl(ad.file),
      addedBy: admin.id,
    });
  }

  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: specialPackages.id })
      .from(specialPackages)
      .where(sql`lower(${specialPackages.pkgName}) = lower(${DEMO_PACKAGE.pkgName})`);
    if (found) return;
    const rows = await tx
      .select({ id: services.id, heading: services.heading })
      .from(services)
      .where(and(inArray(services.heading, DEMO_PACKAGE.services), eq(services.active, true)));
    const ids = DEMO_PACKAGE.services.flatMap((h) =>
      rows
        .filter((r) => r.heading === h)
        .map((r) => r.id)
        .slice(0, 1),
    );
    if (ids.length < 2) return;
    const [pkg] = await tx
      .insert(specialPackages)
      .values({
        pkgName: DEMO_PACKAGE.pkgName,
        pkgDesc: DEMO_PACKAGE.pkgDesc,
        pricePaise: paise(DEMO_PACKAGE.rupees * 100),
        pkgImageUrl: demoUrl(DEMO_PACKAGE.file),
        pkgImageName: DEMO_PACKAGE.file,
        createdBy: marketing.id,
      })
      .returning({ id: specialPackages.id });
    await tx.insert(specialPackageServices).values(ids.map((serviceId) => ({ packageId: pkg.id, serviceId })));
  });
}
