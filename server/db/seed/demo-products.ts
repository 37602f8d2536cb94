import { count, isNull } from 'drizzle-orm';
import { products as productsService } from '../../domains/supply';
import type { Db } from '../client';
import { products } from '../schema';

type Row = productsService.ImportRow & { received?: number[]; adjusted?: [number, string][] };

/**
 * The demo store (decision 028): about 30 products a home-services company stocks for its professionals (filters,
 * gas refills, capacitors, boards, cleaning kits, copper pipe...), at GST rates in force (18%, and 5% where the
 * law puts the item), each with an opening stock, some with later deliveries and a count correction, and a few
 * low on stock. MRPs include GST; costs exclude it. HSN codes are the 6-digit sub-headings of the customs tariff
 * (water filters 8421 21, refrigerants 2903 / 3824 78, film capacitors 8532 25, control boards 8537 10, copper
 * tubes 7411 10, cleaning preparations 3402 50, thermostats 9032 10…).
 */
const DEMO_PRODUCTS: Row[] = [
  {
    productName: 'RO membrane 75 GPD',
    hsnCode: '842121',
    mrp: 1450,
    discount: 10,
    gst: 18,
    cost: 820,
    quantity: 40,
    received: [24],
  },
  {
    productName: 'Sediment filter cartridge 10"',
    hsnCode: '842121',
    mrp: 180,
    discount: 0,
    gst: 18,
    cost: 85,
    quantity: 120,
  },
  {
    productName: 'Carbon block filter 10"',
    hsnCode: '842121',
    mrp: 320,
    discount: 5,
    gst: 18,
    cost: 170,
    quantity: 90,
  },
  {
    productName: 'Inline post-carbon filter',
    hsnCode: '842121',
    mrp: 260,
    discount: 0,
    gst: 18,
    cost: 130,
    quantity: 6,
    lowStockAt: 10,
  },
  { productName: 'UV lamp 11 W', hsnCode: '853949', mrp: 650, discount: 8, gst: 18, cost: 360, quantity: 30 },
  {
    productName: 'RO booster pump 24 V',
    hsnCode: '841381',
    mrp: 2600,
    discount: 12,
    gst: 18,
    cost: 1500,
    quantity: 14,
  },
  {
    productName: 'SMPS adapter 24 V 1.5 A',
    hsnCode: '850440',
    mrp: 780,
    discount: 0,
    gst: 18,
    cost: 410,
    quantity: 25,
  },
  {
    productName: 'R32 refrigerant refill (1 kg)',
    hsnCode: '290339',
    mrp: 1200,
    discount: 0,
    gst: 18,
    cost: 700,
    quantity: 35,
    adjusted: [[-2, 'Two cylinders failed the leak test']],
  },
  {
    productName: 'R410A refrigerant refill (1 kg)',
    hsnCode: '382478',
    mrp: 1350,
    discount: 0,
    gst: 18,
    cost: 790,
    quantity: 28,
  },
  {
    productName: 'R22 refrigerant refill (1 kg)',
    hsnCode: '290371',
    mrp: 980,
    discount: 5,
    gst: 18,
    cost: 560,
    quantity: 3,
    lowStockAt: 8,
  },
  {
    productName: 'AC run capacitor 35+5 µF',
    hsnCode: '853225',
    mrp: 420,
    discount: 10,
    gst: 18,
    cost: 210,
    quantity: 60,
  },
  {
    productName: 'AC run capacitor 45+5 µF',
    hsnCode: '853225',
    mrp: 480,
    discount: 10,
    gst: 18,
    cost: 240,
    quantity: 45,
  },
  {
    productName: 'Fan capacitor 2.5 µF',
    hsnCode: '853225',
    mrp: 60,
    discount: 0,
    gst: 18,
    cost: 22,
    quantity: 300,
    received: [200],
  },
  {
    productName: 'Washing machine motor capacitor 10 µF',
    hsnCode: '853225',
    mrp: 190,
    discount: 0,
    gst: 18,
    cost: 90,
    quantity: 40,
  },
  {
    productName: 'Split AC indoor PCB (universal)',
    hsnCode: '853710',
    mrp: 2900,
    discount: 15,
    gst: 18,
    cost: 1650,
    quantity: 9,
  },
  {
    productName: 'Geyser thermostat 75 °C',
    hsnCode: '903210',
    mrp: 350,
    discount: 0,
    gst: 18,
    cost: 170,
    quantity: 55,
  },
  {
    productName: 'Geyser heating element 2 kW',
    hsnCode: '851680',
    mrp: 690,
    discount: 5,
    gst: 18,
    cost: 380,
    quantity: 4,
    lowStockAt: 6,
  },
  {
    productName: 'Refrigerator defrost timer',
    hsnCode: '910700',
    mrp: 540,
    discount: 0,
    gst: 18,
    cost: 290,
    quantity: 22,
  },
  {
    productName: 'Refrigerator door gasket (single door)',
    hsnCode: '841899',
    mrp: 850,
    discount: 50,
    discountType: 'flat',
    gst: 18,
    cost: 420,
    quantity: 18,
  },
  {
    productName: 'Copper pipe 1/4" (per metre)',
    hsnCode: '741110',
    mrp: 210,
    discount: 0,
    gst: 18,
    cost: 120,
    quantity: 400,
    received: [150],
  },
  {
    productName: 'Copper pipe 3/8" (per metre)',
    hsnCode: '741110',
    mrp: 290,
    discount: 0,
    gst: 18,
    cost: 165,
    quantity: 350,
  },
  {
    productName: 'Copper pipe 1/2" (per metre)',
    hsnCode: '741110',
    mrp: 380,
    discount: 0,
    gst: 18,
    cost: 220,
    quantity: 2,
    lowStockAt: 50,
  },
  {
    productName: 'AC drain pipe 16 mm (per metre)',
    hsnCode: '391732',
    mrp: 40,
    discount: 0,
    gst: 18,
    cost: 15,
    quantity: 500,
  },
  {
    productName: 'Insulation tube 1/4" (2 m)',
    hsnCode: '400911',
    mrp: 120,
    discount: 0,
    gst: 18,
    cost: 55,
    quantity: 150,
  },
  {
    productName: 'AC service cleaning kit',
    hsnCode: '340250',
    mrp: 899,
    discount: 100,
    discountType: 'flat',
    gst: 18,
    cost: 430,
    quantity: 70,
  },
  {
    productName: 'Coil cleaner spray 500 ml',
    hsnCode: '340250',
    mrp: 340,
    discount: 0,
    gst: 18,
    cost: 160,
    quantity: 95,
  },
  {
    productName: 'Kitchen deep-clean kit',
    hsnCode: '340250',
    mrp: 1150,
    discount: 10,
    gst: 18,
    cost: 610,
    quantity: 26,
  },
  { productName: 'Bathroom descaler 1 L', hsnCode: '340250', mrp: 260, discount: 0, gst: 18, cost: 120, quantity: 80 },
  {
    productName: 'Microfibre cloths (pack of 10)',
    hsnCode: '630710',
    mrp: 299,
    discount: 0,
    gst: 5,
    cost: 150,
    quantity: 110,
  },
  {
    productName: 'Cotton waste (1 kg)',
    hsnCode: '520299',
    mrp: 95,
    discount: 0,
    gst: 5,
    cost: 45,
    quantity: 7,
    lowStockAt: 20,
  },
  {
    productName: 'PTFE thread tape (pack of 10)',
    hsnCode: '392099',
    mrp: 150,
    discount: 0,
    gst: 18,
    cost: 60,
    quantity: 200,
  },
  {
    productName: 'Teflon-coated tap washer set',
    hsnCode: '401693',
    mrp: 120,
    discount: 0,
    gst: 18,
    cost: 48,
    quantity: 0,
    lowStockAt: 25,
  },
];

/**
 * Seeds the demo store through the products service's import (the opening stock becomes `received` movements), then
 * the later deliveries and corrections through its stock movements, as `actorId` (the inventory manager). Does
 * nothing when the store already has products.
 */
export async function seedDemoProducts(db: Db, actorId: number) {
  const [{ n }] = await db.select({ n: count() }).from(products).where(isNull(products.deletedAt));
  if (n > 0) return;
  await productsService.importProducts(
    db,
    DEMO_PRODUCTS.map(({ received: _r, adjusted: _a, ...row }) => ({ description: null, lowStockAt: 10, ...row })),
    actorId,
  );
  const made = await productsService.listProducts(db, { page: 1, pageSize: 200 });
  const idOf = new Map(made.items.map((p) => [p.productName, p.id]));
  for (const p of DEMO_PRODUCTS) {
    const productId = idOf.get(p.productName);
    if (!productId) continue;
    for (const quantity of p.received ?? []) {
      await productsService.addStockMovement(
        db,
        { productId, kind: 'received', quantity, reason: 'Supplier delivery' },
        actorId,
      );
    }
    for (const [quantity, reason] of p.adjusted ?? []) {
      await productsService.addStockMovement(db, { productId, kind: 'adjusted', quantity, reason }, actorId);
    }
  }
}
