// Which landing page a category belongs on, from its name (docs/decisions/005-landing-pages.md). The catalogue is
// the admin's: categories are never listed here, only the words that place one. Personal and appliance words win
// over home words, so "Kitchen chimney repair" and "Home salon" are customer services and "Electrician" is home
// improvement.
export type Landing = 'HomeImprovement' | 'CustomerServices';

const CUSTOMER = [
  'salon',
  'beauty',
  'spa',
  'massage',
  'groom',
  'makeup',
  'make-up',
  'hair',
  'facial',
  'wax',
  'manicure',
  'pedicure',
  'bridal',
  'mehendi',
  'mehndi',
  'appliance',
  'ac',
  'air condition',
  'air-condition',
  'refrigerator',
  'fridge',
  'washing machine',
  'microwave',
  'geyser',
  'water heater',
  'water purifier',
  'ro',
  'chimney',
  'tv',
  'television',
  'laptop',
  'computer',
  'inverter',
  'fitness',
  'yoga',
  'physio',
];

const HOME = [
  'home',
  'house',
  'paint',
  'carpent',
  'plumb',
  'electric',
  'pest',
  'termite',
  'clean',
  'sanitis',
  'sanitiz',
  'disinfect',
  'interior',
  'furniture',
  'sofa',
  'carpet',
  'waterproof',
  'tile',
  'tiling',
  'floor',
  'renovat',
  'mason',
  'civil',
  'door',
  'window',
  'handyman',
  'kitchen',
  'bathroom',
  'garden',
  'landscap',
  'roof',
  'ceiling',
  'wall',
  'weld',
  'fabricat',
  'glass',
  'curtain',
];

// Words of three letters or fewer (ac, ro, tv, spa) must stand alone; longer ones may start a word ("painting").
const pattern = (words: string[]) =>
  new RegExp(`\\b(?:${words.map((w) => (w.length <= 3 ? `${w}\\b` : w)).join('|')})`, 'i');
const customer = pattern(CUSTOMER);
const home = pattern(HOME);

export function landingOf(categoryName: string): Landing | null {
  if (customer.test(categoryName)) return 'CustomerServices';
  if (home.test(categoryName)) return 'HomeImprovement';
  return null;
}
