import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { BannerType } from '../../domains/catalogue';
import { paise } from '../../money';
import type { Db } from '../client';
import { banners, categories, categoryZones, services, subCategories, zones } from '../schema';
import { DEMO_ZONES } from './demo';

/** The GST rates in force since 22 September 2025 (the gst_rates table). */
type Gst = 0 | 5 | 18 | 40;
type ProfessionalType = 'Technician' | 'Engineer';

interface DemoService {
  heading: string;
  /** Whole rupees; stored as paise. */
  rupees: number;
  discount: number;
  gst: Gst;
  pro: ProfessionalType;
  /** Days since launch; only the "new launches" set it, the rest are spread over 65–200 days. */
  days?: number;
  details: string;
}

interface DemoCategory {
  name: string;
  /** Names the pictures in ./images: category-<slug>.svg and service-<slug>.svg. */
  slug: string;
  /** The SAC code its services are invoiced under (CGST Rule 46). */
  sac: string;
  details: string;
  subs: { name: string; headingField: string; services: DemoService[] }[];
}

const svc = (
  heading: string,
  rupees: number,
  discount: number,
  details: string,
  opts: { gst?: Gst; pro?: ProfessionalType; days?: number } = {},
): DemoService => ({
  heading,
  rupees,
  discount,
  gst: opts.gst ?? 18,
  pro: opts.pro ?? 'Technician',
  days: opts.days,
  details,
});

// Salon and barber services are in the 5% GST slab; the rest, works contracts (repainting, waterproofing) included
// since the 12% slab was withdrawn on 22 September 2025, are at 18%.
const SALON = { gst: 5 } as const;
const ENGINEER = { pro: 'Engineer' } as const;

export const DEMO_CATALOGUE: DemoCategory[] = [
  {
    name: 'Home Cleaning',
    slug: 'home-cleaning',
    sac: '998533', // General cleaning services
    details:
      'Trained cleaners with professional machines and eco-safe chemicals for kitchens, bathrooms, sofas and whole homes. We bring everything; you only need to show us around.',
    subs: [
      {
        name: 'Full Home Deep Cleaning',
        headingField: 'Move-in ready, top to bottom',
        services: [
          svc(
            '1 RK Deep Cleaning',
            2999,
            10,
            'Two cleaners deep-clean one room, a kitchenette and one bathroom: floors scrubbed with a single-disc machine, tiles, windows, grills, switchboards, fans and the inside of empty cabinets. Takes about 4–5 hours. Sofa or carpet shampooing, wall washing and pest control are not included.',
          ),
          svc(
            '1 BHK Deep Cleaning',
            3499,
            15,
            'A team of two or three cleans the bedroom, hall, kitchen and one bathroom: machine scrubbing of floors, kitchen degreasing, bathroom descaling, windows, grills, fans, lights and the inside of empty wardrobes. Takes 5–6 hours. Sofa shampooing, wall washing and moving heavy furniture are not included.',
          ),
          svc(
            '2 BHK Deep Cleaning',
            4999,
            20,
            'A team of three cleans two bedrooms, the hall, kitchen, balconies and two bathrooms: machine scrubbing of floors, kitchen degreasing, bathroom descaling, windows, grills, fans, lights and the inside of empty cabinets. Takes 6–8 hours. Sofa shampooing, wall washing and moving heavy furniture are not included.',
          ),
          svc(
            '3 BHK Deep Cleaning',
            6499,
            10,
            'A team of four cleans three bedrooms, the hall, kitchen, balconies and three bathrooms with the same checklist as our 2 BHK clean. Takes 8–9 hours. Terrace or garden cleaning, sofa shampooing and wall washing are not included.',
          ),
        ],
      },
      {
        name: 'Bathroom Cleaning',
        headingField: 'Hard-water stains gone, tiles that shine',
        services: [
          svc(
            'Bathroom Deep Cleaning (1 bathroom)',
            499,
            0,
            'Removes hard-water stains and scale from tiles, taps, shower, mirror, washbasin and toilet with machine scrubbing and an acid-free descaler. Takes about 1 hour 15 minutes. Grout refilling, exhaust fan repair and drain unblocking are not included.',
          ),
          svc(
            'Bathroom Deep Cleaning (2 bathrooms)',
            899,
            10,
            'The same deep clean for two bathrooms: tiles, taps, shower, mirror, washbasin and toilet descaled and scrubbed by machine. Takes about 2 hours 30 minutes. Grout refilling, exhaust fan repair and drain unblocking are not included.',
          ),
        ],
      },
      {
        name: 'Kitchen Cleaning',
        headingField: 'Grease-free kitchen, inside and out',
        services: [
          svc(
            'Kitchen Deep Cleaning',
            1499,
            15,
            'Degreases the slab, wall tiles, sink, stove top, chimney exterior and the inside and outside of empty cabinets and drawers; appliances are wiped on the outside. Takes 3–4 hours. Chimney filter cleaning, the inside of the fridge and oven, and washing utensils are not included.',
          ),
          svc(
            'Chimney Cleaning',
            599,
            10,
            'The chimney hood is cleaned inside and out, and its filters and motor housing are soaked and degreased. Takes about 1 hour 30 minutes. Motor repair, duct replacement and new filters are not included.',
            { days: 4 },
          ),
        ],
      },
      {
        name: 'Sofa & Carpet Cleaning',
        headingField: 'Fresh fabric, without stains or dust mites',
        services: [
          svc(
            'Sofa Shampooing (5 seats)',
            899,
            10,
            'Vacuuming, then shampooing and wet extraction of fabric sofas up to 5 seats to lift everyday stains and odour. Takes about 1 hour 30 minutes; allow 4–6 hours to dry. Leather cleaning, old set-in stains and cushion re-stuffing are not included.',
          ),
          svc(
            'Carpet Shampooing (up to 50 sq ft)',
            549,
            0,
            'Dry vacuuming, a shampoo scrub and extraction of one carpet up to 50 sq ft, done at your home. Takes about 45 minutes; dries in 4–6 hours. Silk and antique hand-knotted carpets, and burn or dye marks, are not included.',
          ),
        ],
      },
    ],
  },
  {
    name: 'AC & Appliance Repair',
    slug: 'ac-appliance-repair',
    sac: '998715', // Maintenance and repair services of electrical household appliances
    details:
      'Service, repair and installation of air conditioners, washing machines, refrigerators and water purifiers, with genuine spare parts at listed rates.',
    subs: [
      {
        name: 'AC Service & Repair',
        headingField: 'Cooler air, lower electricity bills',
        services: [
          svc(
            'AC Foam-Jet Service',
            599,
            10,
            "Foam-jet and water-jet cleaning of the indoor unit's coil, filters and drain tray, a wash of the outdoor unit, and a cooling and gas-pressure check, for one split or window AC. Takes about 1 hour. Gas refill, spare parts and stand or bracket work are charged separately.",
          ),
          svc(
            'AC Check-up & Repair Visit',
            299,
            0,
            'A technician finds the cause of cooling, noise, water-leak or power problems and quotes the repair from the published rate card before starting; the visit charge is adjusted in the repair bill if you go ahead. Takes 30–45 minutes. Spare parts and gas refill are extra.',
          ),
          svc(
            'Split AC Gas Refill',
            2499,
            10,
            "Nitrogen leak test, brazing of small leaks at the flare joints, vacuuming and a full R32 or R410A refill to the maker's pressure, for one split AC up to 2 tons. Takes 1 hour 30 minutes to 2 hours. Compressor or coil replacement and leaks inside the coil are quoted separately.",
            ENGINEER,
          ),
          svc(
            'Split AC Installation',
            1499,
            0,
            'Mounting the indoor and outdoor units, up to 3 metres of copper piping, the drain pipe and wiring from an existing point, then vacuuming and a cooling test. Takes 2–3 hours. Extra copper pipe, an outdoor stand, core cutting and new electrical points are charged per the rate card.',
            ENGINEER,
          ),
          svc(
            'Window AC Installation',
            799,
            0,
            'Fitting a window AC in a ready opening or frame, sealing the gaps, connecting it to a nearby 16 A socket and a cooling test. Takes about 1 hour. Making a wall opening, wooden frame work and a new electrical point are not included.',
            { days: 2 },
          ),
        ],
      },
      {
        name: 'Washing Machine Repair',
        headingField: 'Back to spinning, usually in one visit',
        services: [
          svc(
            'Washing Machine Check-up',
            249,
            0,
            'Diagnosis of semi- and fully-automatic, top- and front-load machines for drum, drain, spin, noise or power problems, with a quote from the rate card before any repair. Takes 30–45 minutes. Spare parts and circuit-board repair are extra.',
          ),
          svc(
            'Washing Machine Drum Cleaning',
            599,
            15,
            'Descaling and anti-bacterial cleaning of the drum, tub, detergent drawer, filter and door gasket to remove odour and grime. Takes about 1 hour. Dismantling the tub (quoted separately) and repairs are not included.',
          ),
        ],
      },
      {
        name: 'Refrigerator Repair',
        headingField: 'Food stays cold and fresh',
        services: [
          svc(
            'Refrigerator Check-up',
            249,
            0,
            'Diagnosis of single-door, double-door and side-by-side refrigerators for cooling, noise, ice build-up or power problems, with a quote before any work. Takes 30–45 minutes. Spare parts and gas refill are extra.',
          ),
          svc(
            'Refrigerator Gas Refill',
            1999,
            10,
            'Leak detection and repair at accessible joints, vacuuming and a refill of R600a or R134a gas, followed by a 30-minute cooling test. Takes 2–3 hours. Compressor replacement and leaks inside the cabinet walls are not included.',
            ENGINEER,
          ),
        ],
      },
      {
        name: 'Water Purifier',
        headingField: 'Safe drinking water, every day',
        services: [
          svc(
            'RO Water Purifier Service',
            449,
            10,
            'Cleaning of the storage tank and filter housings, a TDS and flow check, and flushing of the membrane for one RO or RO+UV purifier. Takes about 45 minutes. Filters, membrane and UV lamp are replaced only if you approve, at listed prices.',
          ),
          svc(
            'RO Water Purifier Installation',
            499,
            0,
            'Wall mounting, connection to an existing water line with the supplied valve, the drain connection and a TDS check of the first water. Takes about 1 hour. Drilling in granite, pipe beyond 3 metres and a new plug point are not included.',
            { days: 9 },
          ),
        ],
      },
    ],
  },
  {
    name: 'Plumbing',
    slug: 'plumbing',
    sac: '995462', // Water plumbing and drain laying services
    details:
      'Leaking taps, blocked drains, toilets and water tanks fixed by experienced plumbers who carry their own tools and standard spares.',
    subs: [
      {
        name: 'Taps & Fittings',
        headingField: 'No more dripping taps',
        services: [
          svc(
            'Tap Repair',
            149,
            0,
            'Fixing one leaking or stiff tap by replacing its washer, spindle or cartridge (standard parts included). Takes about 30 minutes. A new tap or a designer cartridge is charged at the price on the pack.',
          ),
          svc(
            'Mixer Tap Installation',
            349,
            10,
            'Removing the old fitting and installing a wall or basin mixer you have bought, with thread sealing and a leak test. Takes about 45 minutes. Concealed-body work, tile cutting and the mixer itself are not included.',
          ),
        ],
      },
      {
        name: 'Leakage & Blockage',
        headingField: 'Clear drains and dry walls',
        services: [
          svc(
            'Drain Blockage Removal',
            349,
            0,
            'Clearing a blocked kitchen sink, washbasin or bathroom floor drain with a spring machine and pressure pump, then a flow test. Takes 30–60 minutes. Main sewer lines, chamber cleaning and breaking tiles are not included.',
          ),
          svc(
            'Pipe Leakage Repair',
            299,
            0,
            'Finding and fixing a leak in an exposed PVC, CPVC or GI pipe or joint, including small fittings and sealant. Takes about 1 hour. Leaks inside walls and concealed pipe replacement are quoted after inspection.',
          ),
        ],
      },
      {
        name: 'Toilet & Water Tank',
        headingField: 'Flush, cistern and tank fixes',
        services: [
          svc(
            'Flush Tank Repair',
            249,
            0,
            'Repairing a running or weak flush in a ceramic or concealed cistern: the fill valve, flapper or push-button mechanism is adjusted, or its standard part replaced. Takes 30–45 minutes. A new cistern or branded mechanisms are extra.',
          ),
          svc(
            'Western Toilet Installation',
            1299,
            10,
            'Removing the old seat and fixing a floor- or wall-mounted western toilet you have bought, with a new connector, seal and silicone finish. Takes 2–3 hours. Breaking the floor, carrying away more than one bag of debris and the toilet itself are not included.',
          ),
          svc(
            'Water Tank Cleaning (up to 1,000 L)',
            699,
            15,
            'Draining, sludge removal, scrubbing of the walls, anti-bacterial treatment and a rinse of one overhead or underground plastic tank up to 1,000 litres. Takes about 1 hour 30 minutes. Concrete sumps and tank repairs are quoted separately.',
          ),
        ],
      },
    ],
  },
  {
    name: 'Electrical',
    slug: 'electrical',
    sac: '995461', // Electrical installation services
    details:
      'Fans, lights, switches, wiring and inverters installed and repaired safely by trained electricians, with standard parts at listed prices.',
    subs: [
      {
        name: 'Fans & Lights',
        headingField: 'Installed and fixed safely',
        services: [
          svc(
            'Ceiling Fan Installation',
            249,
            0,
            'Fixing the fan on an existing hook, assembling the blades and canopy, connecting it to the regulator and a run test. Takes about 45 minutes. A new hook or down-rod, false-ceiling work and the regulator are not included.',
          ),
          svc(
            'Fan Repair',
            199,
            0,
            'Repair of a ceiling, wall or exhaust fan that is slow, noisy or not running: the capacitor, bearings and regulator are checked and standard parts replaced at the listed price. Takes 30–45 minutes. Motor rewinding is done at the workshop and quoted separately.',
          ),
          svc(
            'Tube Light / LED Batten Installation',
            149,
            0,
            'Fixing one tube light or LED batten on a wall or ceiling and connecting it to an existing point. Takes about 20 minutes. New wiring, false-ceiling work and the light itself are not included.',
          ),
          svc(
            'Chandelier Installation',
            699,
            10,
            'Assembly and hanging of one decorative light or chandelier up to 10 kg on an existing ceiling point, with a secure hook and a test. Takes 1–2 hours. Ceiling reinforcement, new wiring runs and scaffolding for ceilings above 12 feet are not included.',
            { days: 12 },
          ),
        ],
      },
      {
        name: 'Switches & Sockets',
        headingField: 'Loose switches and sparking sockets fixed',
        services: [
          svc(
            'Switch & Socket Replacement',
            129,
            0,
            'Replacing up to two faulty switches or sockets on an existing board with standard modular parts. Takes about 30 minutes. Premium brands are charged at the printed price; a new switchboard is a separate service.',
          ),
          svc(
            'Switchboard Installation',
            299,
            10,
            'Installing a new switchboard of up to 8 modules in place of an old one, with reconnection and a safety check. Takes about 1 hour. Concealed wiring and wall chasing are not included.',
          ),
        ],
      },
      {
        name: 'Wiring & MCB',
        headingField: 'Safe wiring, no more tripping',
        services: [
          svc(
            'MCB & Fuse Repair',
            249,
            0,
            'Finding why a circuit trips or a fuse blows, and replacing a faulty MCB or fuse with a standard part. Takes 30–60 minutes. Distribution-board replacement and rewiring are quoted after inspection.',
            ENGINEER,
          ),
          svc(
            'Inverter Installation',
            599,
            10,
            'Placing the inverter and battery, connecting them to the house wiring through a changeover switch, and a backup test. Takes 1–2 hours. Separate inverter circuits, battery water top-up and the inverter itself are not included.',
            ENGINEER,
          ),
        ],
      },
    ],
  },
  {
    name: 'Painting',
    slug: 'painting',
    sac: '995473', // Painting services
    details:
      'Interior painting, textures, wallpaper and waterproofing with branded paints; furniture is moved and covered, and the room is cleaned after the work.',
    subs: [
      {
        name: 'Interior Painting',
        headingField: 'Fresh walls in days, not weeks',
        services: [
          svc(
            'Wall Painting (per room)',
            4999,
            10,
            'Repainting the walls of one room up to 12 × 12 ft with two coats of branded emulsion after a putty touch-up and sanding; furniture is moved and covered. Takes 1–2 days. The ceiling, doors, grills, deep crack repair and premium finishes are not included.',
          ),
          svc(
            '2 BHK Full Home Repainting',
            24999,
            15,
            'Walls and ceilings of a 2 BHK up to 900 sq ft carpet area: putty touch-up, sanding, one primer coat and two coats of branded emulsion, with daily clean-up. Takes 4–5 days. Doors, windows, grills, exterior walls and waterproofing are not included.',
          ),
        ],
      },
      {
        name: 'Texture & Wallpaper',
        headingField: 'Walls with character',
        services: [
          svc(
            'Texture Wall Painting (per wall)',
            3499,
            10,
            'A designer texture on one wall up to 120 sq ft, over a base coat, in a pattern chosen from our sample book. Takes 1–2 days. Wall repair beyond minor cracks and metallic or imported paints are not included.',
          ),
          svc(
            'Wallpaper Installation (per roll)',
            699,
            0,
            'Pasting one roll (about 57 sq ft) of wallpaper you have bought on a smooth, dry wall, with pattern matching and trimming. Takes about 1 hour per roll. Wall putty, damp treatment and the wallpaper itself are not included.',
            { days: 16 },
          ),
        ],
      },
      {
        name: 'Waterproofing',
        headingField: 'Stop damp and seepage for good',
        services: [
          svc(
            'Terrace Waterproofing (per 100 sq ft)',
            4499,
            10,
            'Cleaning, crack filling and two coats of a polymer waterproof coating on the terrace, followed by a water test. Takes 2–3 days including drying. Tile removal, brickbat coba and parapet plastering are quoted after inspection.',
            ENGINEER,
          ),
          svc(
            'Bathroom Waterproofing',
            5999,
            0,
            'Chemical grouting of tile joints and injection treatment of the floor to stop leaks into the flat below, without breaking tiles. Takes 1–2 days; the bathroom cannot be used for 24 hours. Re-tiling and plumbing repairs are not included.',
            ENGINEER,
          ),
        ],
      },
    ],
  },
  {
    name: 'Pest Control',
    slug: 'pest-control',
    sac: '998531', // Disinfecting and exterminating services
    details:
      'Odourless, family-safe treatments for cockroaches, termites, bed bugs and mosquitoes, using government-approved chemicals applied by trained technicians.',
    subs: [
      {
        name: 'General Pest Control',
        headingField: 'Cockroaches and ants, gone',
        services: [
          svc(
            'Cockroach Control (1 BHK)',
            899,
            15,
            'Odourless gel in kitchen and bathroom hideouts plus a spray along drains and skirting for a 1 BHK. Takes about 1 hour; keep the kitchen unused for 2 hours. Includes a follow-up visit within 30 days if cockroaches return; termites and bed bugs are separate services.',
          ),
          svc(
            'Cockroach Control (2 BHK)',
            1099,
            15,
            'Odourless gel in kitchen and bathroom hideouts plus a spray along drains and skirting for a 2 BHK. Takes about 1 hour 15 minutes; keep the kitchen unused for 2 hours. Includes a follow-up visit within 30 days if cockroaches return; termites and bed bugs are separate services.',
          ),
        ],
      },
      {
        name: 'Termite Control',
        headingField: 'Protect your woodwork',
        services: [
          svc(
            'Termite Treatment',
            1999,
            10,
            'Drill-fill-seal treatment for a 1 BHK: holes are drilled where the floor meets the wall near woodwork, filled with a government-approved termiticide and sealed. Takes 3–4 hours. Treating furniture from inside and pre-construction anti-termite work are quoted separately.',
          ),
          svc(
            'Wood Borer Treatment',
            1499,
            0,
            'Injection of anti-borer chemical into the active holes of wooden furniture, doors and frames (up to 5 pieces), then sealing. Takes about 2 hours. Repair or polish of damaged wood is not included.',
          ),
        ],
      },
      {
        name: 'Bed Bugs & Mosquitoes',
        headingField: 'Sleep easy again',
        services: [
          svc(
            'Bed Bug Treatment',
            1599,
            10,
            'Two visits two weeks apart, spraying beds, mattress seams, furniture joints and cracks in the bedrooms of a 1 BHK. Takes about 1 hour per visit; stay out of the rooms for 3–4 hours. Mattress disposal and washing of linen are not included.',
          ),
          svc(
            'Mosquito Control',
            999,
            10,
            'Larvicide in drains, balconies and water-logging spots, and fogging of the outdoor area around one flat or independent house. Takes about 1 hour. Indoor fogging, society common areas and mesh installation are not included.',
            { days: 20 },
          ),
        ],
      },
    ],
  },
  {
    name: 'Carpentry',
    slug: 'carpentry',
    sac: '995476', // Joinery and carpentry services
    details:
      'Door and lock repairs, furniture assembly, curtain rods and TV mounting by skilled carpenters who bring their own drills and fittings.',
    subs: [
      {
        name: 'Doors & Locks',
        headingField: 'Smooth doors, secure locks',
        services: [
          svc(
            'Door Lock Repair',
            199,
            0,
            'Repairing a stuck, jammed or loose door lock, latch or handle: cleaning, lubrication, alignment and tightening. Takes about 30 minutes. A new lock or cylinder is charged at the price on the pack.',
          ),
          svc(
            'Door Lock Installation',
            349,
            0,
            'Fitting a new main-door or bedroom lock you have bought, including chiselling for a mortise lock and a key test. Takes about 1 hour. Digital and smart locks are a separate service.',
          ),
        ],
      },
      {
        name: 'Furniture Assembly & Repair',
        headingField: 'From flat-pack to finished',
        services: [
          svc(
            'Bed Assembly',
            799,
            10,
            "Assembling a new flat-pack or knock-down bed (single, queen or king) from the maker's kit, with level and joint checks. Takes 1–2 hours. Dismantling an old bed, hydraulic storage beds and carrying between floors are charged extra.",
          ),
          svc(
            'Wardrobe Assembly',
            999,
            20,
            "Assembling one 2- or 3-door flat-pack wardrobe from the maker's kit, fixing doors, shelves and hinges, and anchoring it to the wall. Takes 2–3 hours. Sliding-door wardrobes over 6 feet and loft units are quoted separately.",
          ),
          svc(
            'Furniture Repair Visit',
            249,
            0,
            'A carpenter checks loose joints, broken drawers, hinges or channels and fixes small problems on the spot; larger repairs are quoted from the rate card. Takes 30–60 minutes. Polishing and upholstery are not included.',
          ),
        ],
      },
      {
        name: 'Drilling & Hanging',
        headingField: 'Shelves, curtains and TVs, mounted straight',
        services: [
          svc(
            'Curtain Rod Installation',
            249,
            0,
            'Drilling and fixing brackets for up to two curtain rods or rails on a plaster or brick wall, with level checks. Takes about 45 minutes. Rods, brackets and drilling into granite or glass are not included.',
          ),
          svc(
            'TV Wall Mounting',
            499,
            10,
            'Mounting a TV up to 55 inches on a wall bracket, drilled level, with the cables tidied. Takes about 1 hour. The bracket, concealed cabling, wall chasing and mounting on glass or wooden panels are not included.',
            { days: 24 },
          ),
        ],
      },
    ],
  },
  {
    name: 'Salon at Home',
    slug: 'salon-at-home',
    sac: '999721', // Hairdressing and barbers services
    details:
      'Haircuts, grooming, facials, waxing and hair care at home by trained beauticians and barbers, with single-use kits and sanitised tools.',
    subs: [
      {
        name: "Men's Grooming",
        headingField: 'A barber at your door',
        services: [
          svc(
            'Haircut for Men',
            299,
            0,
            'A haircut of your choice with a neck clean-up, by a trained barber using sanitised tools and a single-use cape. Takes about 30 minutes. Hair wash, hair colour and head massage are not included.',
            SALON,
          ),
          svc(
            'Haircut & Beard Styling',
            449,
            10,
            'A haircut plus a beard trim and shape with a straight-razor line-up, a hot towel and after-shave balm. Takes about 50 minutes. Hair colour and facials are not included.',
            SALON,
          ),
        ],
      },
      {
        name: "Women's Beauty",
        headingField: 'Parlour-quality care at home',
        services: [
          svc(
            'Classic Facial',
            1199,
            15,
            'Cleansing, scrub, steam, blackhead removal, massage and a mask with branded products, for normal to dry skin. Takes about 1 hour. Bleach, de-tan and threading are separate services.',
            SALON,
          ),
          svc(
            'Full Arms & Legs Waxing',
            799,
            10,
            'Full arms, full legs and underarms with liposoluble wax, using single-use spatulas and strips. Takes about 1 hour. Bikini and face waxing are not included.',
            SALON,
          ),
          svc(
            'Manicure & Pedicure',
            999,
            25,
            'Nail cleaning, shaping, cuticle care, scrub, massage and plain polish for hands and feet. Takes about 1 hour 15 minutes. Gel polish, nail art and extensions are not included.',
            SALON,
          ),
          svc(
            'Eyebrow & Upper Lip Threading',
            99,
            0,
            'Eyebrow shaping and upper-lip threading with fresh thread for every customer. Takes about 15 minutes. Face waxing and full-face threading are separate services.',
            SALON,
          ),
        ],
      },
      {
        name: 'Hair Care',
        headingField: 'Colour and spa without the salon queue',
        services: [
          svc(
            'Hair Spa',
            899,
            10,
            'An oil massage, steam, a deep-conditioning mask and a wash, with branded products. Takes about 1 hour. Keratin, smoothening and hair colour are not included.',
            SALON,
          ),
          svc(
            'Root Touch-up (Hair Colour)',
            799,
            0,
            'Ammonia-free colour on up to 2 inches of root regrowth in your chosen shade, with a patch test beforehand and a wash afterwards. Takes about 1 hour 15 minutes. Global colour and highlights are not included.',
            { ...SALON, days: 28 },
          ),
        ],
      },
    ],
  },
];

const DAY = 24 * 3600_000;
const IMAGES = path.join(import.meta.dirname, 'images');
const demoUrl = (file: string) => `/uploads/demo/${file}`;

/** Whole rupees to paise, in integer arithmetic. */
function paiseOf(rupees: number) {
  if (!Number.isSafeInteger(rupees) || rupees <= 0) throw new Error(`Demo price ${rupees} is not whole rupees`);
  return paise(rupees * 100);
}

/**
 * The demo catalogue (categories in every demo zone, sub-categories, services, banners) with the pictures that
 * ship in ./images, copied to `<uploadsDir>/demo`. The seed is trusted code, so the SVGs skip the upload checks
 * (users may only upload JPEG, PNG and WebP). Does nothing once any category exists.
 */
export async function seedDemoCatalogue(db: Db, uploadsDir: string): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  if (n > 0) return;

  // The files go first so that no row ever points at a missing picture. Their names are not the 32-hex names of
  // Storage, so deleting a demo row (which may share a picture with others) never removes a shared file.
  const target = path.join(uploadsDir, 'demo');
  await fs.mkdir(target, { recursive: true });
  const files = (await fs.readdir(IMAGES)).filter((f) => f.endsWith('.svg'));
  await Promise.all(files.map((f) => fs.copyFile(path.join(IMAGES, f), path.join(target, f))));

  const now = Date.now();
  const ago = (days: number, minutes = 0) => new Date(now - days * DAY - minutes * 60_000);

  await db.transaction(async (tx) => {
    const zoneRows = await tx
      .select({ id: zones.id })
      .from(zones)
      .where(
        inArray(
          zones.zoneName,
          DEMO_ZONES.map((z) => z.zone),
        ),
      );

    // The catalogue predates every service in it.
    const cats = await tx
      .insert(categories)
      .values(
        DEMO_CATALOGUE.map((c, i) => ({
          name: c.name,
          details: c.details,
          sacCode: c.sac,
          imageUrl: demoUrl(`category-${c.slug}.svg`),
          createdAt: ago(240 - i),
          updatedAt: ago(240 - i),
        })),
      )
      .returning({ id: categories.id, name: categories.name });
    const catId = new Map(cats.map((c) => [c.name, c.id]));

    if (zoneRows.length > 0) {
      await tx
        .insert(categoryZones)
        .values(cats.flatMap((c) => zoneRows.map((z) => ({ categoryId: c.id, zoneId: z.id }))));
    }

    const subs = await tx
      .insert(subCategories)
      .values(
        DEMO_CATALOGUE.flatMap((c, i) =>
          c.subs.map((s) => ({
            categoryId: catId.get(c.name)!,
            name: s.name,
            headingField: s.headingField,
            imageUrl: demoUrl(`category-${c.slug}.svg`),
            createdAt: ago(230 - i),
            updatedAt: ago(230 - i),
          })),
        ),
      )
      .returning({ id: subCategories.id, categoryId: subCategories.categoryId, name: subCategories.name });
    const subId = new Map(subs.map((s) => [`${s.categoryId}|${s.name}`, s.id]));

    // Older services are spread over 65–200 days, beyond the 60-day "new launches" window; the few with `days`
    // are the new launches.
    let k = 0;
    const rows = DEMO_CATALOGUE.flatMap((c) =>
      c.subs.flatMap((s) =>
        s.services.map((v) => {
          k++;
          const createdAt = ago(v.days ?? 65 + ((k * 53) % 136), (k * 37) % 600);
          return {
            subCategoryId: subId.get(`${catId.get(c.name)}|${s.name}`)!,
            heading: v.heading,
            details: v.details,
            pricePaise: paiseOf(v.rupees),
            discountPercent: v.discount,
            gstPercent: v.gst,
            professionalType: v.pro,
            imageUrl: demoUrl(`service-${c.slug}.svg`),
            createdAt,
            updatedAt: createdAt,
          };
        }),
      ),
    );
    await tx.insert(services).values(rows);

    const categoryPage = (name: string) => `/SubCategory?categoryId=${catId.get(name)}`;
    const banner = (type: BannerType, file: string, bannerPath: string, days: number, youtubeLink?: string) => ({
      type,
      path: bannerPath,
      imageUrl: demoUrl(file),
      youtubeLink: youtubeLink ?? null,
      createdAt: ago(days),
    });
    await tx
      .insert(banners)
      .values([
        banner('Home', 'banner-deep-cleaning.svg', categoryPage('Home Cleaning'), 30),
        banner('Home', 'banner-ac-service.svg', categoryPage('AC & Appliance Repair'), 21),
        banner(
          'Home',
          'banner-salon-at-home.svg',
          categoryPage('Salon at Home'),
          14,
          'https://www.youtube.com/watch?v=q7Rk2LmVx9E',
        ),
        banner('HomeImprovement', 'banner-home-improvement.svg', categoryPage('Painting'), 18),
        banner('CustomerServices', 'banner-customer-services.svg', '/Services', 40),
      ]);
  });
}
