import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, categories, categoryZones, services, subCategories } from '../../server/db/schema';
import { DEMO_ZONES } from '../../server/db/seed/demo';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { tableCounts } from '../support/counts';
import { startTestServer, type TestServer } from '../support/server';

const IMAGES = path.join(import.meta.dirname, '../../server/db/seed/images');
const DAY = 24 * 3600_000;

// The test server's database has the reference and demo seeds (zones, accounts), as on a first `npm start`.
let t: TestServer;
let uploads: string;
beforeAll(async () => {
  t = await startTestServer();
  uploads = path.join(t.dataDir, 'uploads');
  await seedDemoCatalogue(t.db, uploads);
});
afterAll(() => t?.close());

describe('demo catalogue seed', () => {
  it('creates 8 categories, each in every demo zone with 2–4 sub-categories', async () => {
    const cats = await t.db.select().from(categories);
    expect(cats.map((c) => c.name).sort()).toEqual(
      [
        'AC & Appliance Repair',
        'Carpentry',
        'Electrical',
        'Home Cleaning',
        'Painting',
        'Pest Control',
        'Plumbing',
        'Salon at Home',
      ].sort(),
    );
    for (const c of cats) expect(c.details.length).toBeGreaterThan(40);
    const links = await t.db.select().from(categoryZones);
    expect(links).toHaveLength(cats.length * DEMO_ZONES.length);
    const subs = await t.db.select().from(subCategories);
    expect(subs.length).toBeGreaterThanOrEqual(20);
    for (const c of cats) {
      const n = subs.filter((s) => s.categoryId === c.id).length;
      expect(n, c.name).toBeGreaterThanOrEqual(2);
      expect(n, c.name).toBeLessThanOrEqual(4);
    }
    for (const s of subs) expect(s.headingField, s.name).not.toBe('');
  });

  it("gives each category the SAC code of its services (CGST Rule 46), shown by the category's API", async () => {
    const cats = await t.db
      .select({ id: categories.id, name: categories.name, sac: categories.sacCode })
      .from(categories);
    expect(Object.fromEntries(cats.map((c) => [c.name, c.sac]))).toEqual({
      'Home Cleaning': '998533',
      'AC & Appliance Repair': '998715',
      Plumbing: '995462',
      Electrical: '995461',
      Painting: '995473',
      'Pest Control': '998531',
      Carpentry: '995476',
      'Salon at Home': '999721',
    });
    const plumbing = cats.find((c) => c.name === 'Plumbing')!;
    const res = await t.api('GET', `/api/Common/GetCategoryByID/${plumbing.id}`);
    expect(res.body.data.sacCode).toBe('995462');
  });

  it('creates about 60 services with believable prices, discounts and GST slabs', async () => {
    const rows = await t.db.select().from(services);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.length).toBeLessThanOrEqual(70);
    const subs = await t.db.select({ id: subCategories.id, name: subCategories.name }).from(subCategories);
    for (const s of subs)
      expect(
        rows.some((r) => r.subCategoryId === s.id),
        s.name,
      ).toBe(true);
    for (const r of rows) {
      expect(Number.isInteger(r.pricePaise) && r.pricePaise > 0, r.heading).toBe(true);
      expect(r.pricePaise % 100, r.heading).toBe(0);
      expect(r.discountPercent).toBeGreaterThanOrEqual(0);
      expect(r.discountPercent).toBeLessThanOrEqual(25);
      // The rates in force since 22 September 2025 (12 and 28 were withdrawn).
      expect([0, 5, 18, 40]).toContain(r.gstPercent);
      expect(['Technician', 'Engineer']).toContain(r.professionalType);
      expect(r.details.length, r.heading).toBeGreaterThan(80);
      expect(r.details, r.heading).toMatch(/Takes /);
    }
    expect(rows.filter((r) => r.gstPercent === 18).length).toBeGreaterThan(rows.length / 2);
    expect(rows.some((r) => r.professionalType === 'Engineer')).toBe(true);
    const byHeading = new Map(rows.map((r) => [r.heading, r]));
    expect(byHeading.get('AC Foam-Jet Service')?.pricePaise).toBe(59_900);
    expect(byHeading.get('Split AC Gas Refill')).toMatchObject({ pricePaise: 249_900, professionalType: 'Engineer' });
    expect(byHeading.get('Tap Repair')?.pricePaise).toBe(14_900);
  });

  it('has a few new launches in the last 30 days and the rest outside the 60-day window', async () => {
    const rows = await t.db.select({ createdAt: services.createdAt }).from(services);
    const now = Date.now();
    const ages = rows.map((r) => (now - r.createdAt.getTime()) / DAY);
    const fresh = ages.filter((a) => a < 30).length;
    expect(fresh).toBeGreaterThanOrEqual(5);
    expect(fresh).toBeLessThanOrEqual(10);
    expect(ages.filter((a) => a >= 30 && a <= 60)).toEqual([]);
    expect(Math.max(...ages)).toBeLessThanOrEqual(201);
    const res = await t.api('GET', '/api/Common/GetNewServiceForNoti');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(fresh);
  });

  it('adds Home, HomeImprovement and CustomerServices banners that lead to pages of the site', async () => {
    const rows = await t.db.select().from(banners);
    const home = rows.filter((b) => b.type === 'Home');
    expect(home).toHaveLength(3);
    expect(home.filter((b) => b.youtubeLink)).toHaveLength(1);
    expect(home.find((b) => b.youtubeLink)!.youtubeLink).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    expect(rows.filter((b) => b.type === 'HomeImprovement')).toHaveLength(1);
    expect(rows.filter((b) => b.type === 'CustomerServices')).toHaveLength(1);
    const catIds = new Set((await t.db.select({ id: categories.id }).from(categories)).map((c) => c.id));
    for (const b of rows) {
      expect(b.active).toBe(true);
      const m = /^\/SubCategory\?categoryId=(\d+)$/.exec(b.path);
      if (m) expect(catIds.has(Number(m[1])), b.path).toBe(true);
      else expect(b.path).toBe('/Services');
    }
    const res = await t.api('GET', '/api/Common/GetAllBanner?type=Home');
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(3);
  });

  it('points every picture at a shipped SVG copied into the uploads folder and served as image/svg+xml', async () => {
    const urls = [
      ...(await t.db.select({ u: categories.imageUrl }).from(categories)),
      ...(await t.db.select({ u: subCategories.imageUrl }).from(subCategories)),
      ...(await t.db.select({ u: services.imageUrl }).from(services)),
      ...(await t.db.select({ u: banners.imageUrl }).from(banners)),
    ].map((r) => r.u);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/demo\/[a-z-]+\.svg$/);
      expect(fs.existsSync(path.join(uploads, url!.replace(/^\/uploads\//, ''))), url!).toBe(true);
    }
    // Every shipped picture is used by some row.
    const shipped = fs.readdirSync(IMAGES).filter((f) => f.endsWith('.svg'));
    expect(new Set(urls.map((u) => path.basename(u!)))).toEqual(new Set(shipped));
    const res = await fetch(`${t.url}/uploads/demo/category-plumbing.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toBe(fs.readFileSync(path.join(IMAGES, 'category-plumbing.svg'), 'utf8'));
  });

  it('ships small, self-contained SVGs', () => {
    for (const f of fs.readdirSync(IMAGES)) {
      expect(f).toMatch(/^(category|service|banner)-[a-z-]+\.svg$/);
      const text = fs.readFileSync(path.join(IMAGES, f), 'utf8');
      expect(Buffer.byteLength(text), f).toBeLessThan(6 * 1024);
      expect(text, f).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/,
      );
      expect(text.trimEnd().endsWith('</svg>'), f).toBe(true);
      // No scripts, event handlers, links or external resources.
      expect(text, f).not.toMatch(/<script|<foreignObject|<image|<a[\s>]|\son\w+=|href=|url\(|@import/i);
      expect(text.match(/https?:\/\/[^"]*/g), f).toEqual(['http://www.w3.org/2000/svg']);
    }
  });

  it('lists the categories to visitors', async () => {
    const res = await t.api('GET', '/api/Common/GetAllCategory?pageSize=50');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(8);
    for (const c of res.body.data.items) {
      expect(c.zoneCount).toBe(DEMO_ZONES.length);
      expect(c.subCategoryCount).toBeGreaterThanOrEqual(2);
    }
  });

  it('does nothing when run again', async () => {
    const before = await tableCounts(t.db);
    await seedDemoCatalogue(t.db, uploads);
    expect(await tableCounts(t.db)).toEqual(before);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(services);
    expect(n).toBe(before.services);
  });
});
