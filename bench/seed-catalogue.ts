// Bench seed: 10 categories × 5 sub-categories × 20 services = 1,000 services, plus 5 home banners.
import type { Db } from '../server/db/client';
import { banners, categories, services, subCategories } from '../server/db/schema';
import { paise } from '../server/money';

export default async function seedBenchCatalogue(db: Db) {
  const cats = await db
    .insert(categories)
    .values(
      Array.from({ length: 10 }, (_, i) => ({ name: `Bench category ${i + 1}`, details: 'Seeded for the benchmark' })),
    )
    .returning({ id: categories.id });
  const subs = await db
    .insert(subCategories)
    .values(
      cats.flatMap((c, i) =>
        Array.from({ length: 5 }, (_, j) => ({
          categoryId: c.id,
          name: `Bench sub ${i + 1}.${j + 1}`,
          headingField: 'Tagline',
        })),
      ),
    )
    .returning({ id: subCategories.id });
  await db.insert(services).values(
    subs.flatMap((s, i) =>
      Array.from({ length: 20 }, (_, k) => ({
        subCategoryId: s.id,
        heading: `Bench service ${i + 1}.${k + 1}`,
        details: 'A seeded service with a description of ordinary length for the benchmark.',
        pricePaise: paise(19_900 + ((i * 20 + k) % 50) * 10_000),
        discountPercent: (k % 4) * 5,
        gstPercent: 18,
        professionalType: k % 3 === 0 ? 'Engineer' : 'Technician',
      })),
    ),
  );
  await db
    .insert(banners)
    .values(Array.from({ length: 5 }, (_, i) => ({ type: 'Home' as const, path: `/Services?b=${i}` })));
}
