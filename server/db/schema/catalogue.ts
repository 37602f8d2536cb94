import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { type Paise, paise } from '../../money';
import { createdAt, requiredRef, updatedAt } from './columns';
import { zones } from './geo';

/** Category, then SubCategory, then Service. Names are stored trimmed and unique case-insensitively. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    details: text('details').notNull().default(''),
    imageUrl: text('image_url'),
    /** The GST services accounting code its services are invoiced under (CGST Rule 46). */
    sacCode: varchar('sac_code', { length: 8 }).notNull().default('998729'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_name_uq').on(sql`lower(${t.name})`), index('categories_created_idx').on(t.createdAt)],
);

/** The zones a category is offered in. */
export const categoryZones = pgTable(
  'category_zones',
  {
    id: serial('id').primaryKey(),
    categoryId: requiredRef('category_id', () => categories.id, { onDelete: 'cascade' }),
    zoneId: requiredRef('zone_id', () => zones.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('category_zones_uq').on(t.categoryId, t.zoneId), index('category_zones_zone_idx').on(t.zoneId)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    // No cascade: a category with sub-categories cannot be deleted (docs/decisions/004).
    categoryId: requiredRef('category_id', () => categories.id),
    name: text('name').notNull(),
    headingField: text('heading_field').notNull().default(''),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sub_categories_category_name_uq').on(t.categoryId, sql`lower(${t.name})`),
    index('sub_categories_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** Money is integer paise; discount and gst are whole percentages. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    subCategoryId: requiredRef('sub_category_id', () => subCategories.id),
    heading: text('heading').notNull(),
    details: text('details').notNull().default(''),
    pricePaise: integer('price_paise').$type<Paise>().notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    gstPercent: integer('gst_percent').notNull(),
    visitingChargesPaise: integer('visiting_charges_paise').$type<Paise>().notNull().default(paise(0)),
    professionalType: varchar('professional_type', { length: 16 }).notNull(),
    imageUrl: text('image_url'),
    bannerImageUrl: text('banner_image_url'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('services_sub_category_heading_uq').on(t.subCategoryId, sql`lower(${t.heading})`),
    index('services_heading_idx').on(sql`lower(${t.heading})`),
    index('services_created_idx').on(t.createdAt),
    check('services_price_ck', sql`${t.pricePaise} > 0 and ${t.pricePaise} <= 100000000`),
    check('services_discount_ck', sql`${t.discountPercent} between 0 and 100`),
    // The rate must be one in force (table gst_rates); the catalogue service checks it.
    check('services_gst_ck', sql`${t.gstPercent} between 0 and 100`),
    check('services_visiting_ck', sql`${t.visitingChargesPaise} >= 0`),
    check('services_professional_ck', sql`${t.professionalType} in ('Technician', 'Engineer')`),
  ],
);

/** Pictures, videos and YouTube links of a service. */
export const serviceMedia = pgTable(
  'service_media',
  {
    id: serial('id').primaryKey(),
    serviceId: requiredRef('service_id', () => services.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).$type<'image' | 'video' | 'youtube'>().notNull(),
    url: text('url').notNull(),
    fileName: text('file_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_media_service_idx').on(t.serviceId),
    check('service_media_kind_ck', sql`${t.kind} in ('image', 'video', 'youtube')`),
  ],
);

/** Screen banners; `Service` banners belong to one service (no cascade: delete the banners first). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    // The screens of the contract's BannerType (checked by the banners service).
    type: varchar('type', { length: 24 })
      .$type<
        | 'Home'
        | 'Services'
        | 'SubCategory'
        | 'ServicesDetails'
        | 'NewLaunch'
        | 'HomeImprovement'
        | 'CustomerServices'
        | 'Service'
      >()
      .notNull(),
    path: text('path').notNull().default(''),
    imageUrl: text('image_url'),
    youtubeLink: text('youtube_link'),
    serviceId: integer('service_id').references(() => services.id),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('banners_type_idx').on(t.type), index('banners_service_idx').on(t.serviceId)],
);
