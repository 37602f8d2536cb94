/**
 * GST state codes (the first two digits of a GSTIN and the "place of supply" code on a tax invoice), by the state
 * names of the states table (server/db/seed/geography-data.ts). Andhra Pradesh is 37 since its split (28 before).
 */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** The GST state code of a state name (case-insensitive), or null for a name that is not a state of India. */
export function gstStateCode(stateName: string): string | null {
  const wanted = stateName.trim().toLowerCase();
  for (const [name, code] of Object.entries(GST_STATE_CODES)) if (name.toLowerCase() === wanted) return code;
  return null;
}

/** The state's name as the table spells it, or null. */
export function canonicalStateName(stateName: string): string | null {
  const wanted = stateName.trim().toLowerCase();
  return Object.keys(GST_STATE_CODES).find((n) => n.toLowerCase() === wanted) ?? null;
}

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), the entity's number, Z, the check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN check character of its first 14 characters (the GSTN's base-36 weighted sum). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36];
}

/** Why a GSTIN is not valid for a supplier registered in `stateName`, or null when it is. */
export function gstinProblem(gstin: string, stateName: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) {
    return 'must be 15 characters: 2-digit state code, PAN (AAAAA9999A), entity number, Z and a check character';
  }
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'has a wrong check character (the last one)';
  const code = gstStateCode(stateName);
  if (code === null) return `cannot be checked: ${stateName} is not a state of India`;
  if (gstin.slice(0, 2) !== code) return `must start with ${code}, the GST code of ${canonicalStateName(stateName)}`;
  return null;
}
