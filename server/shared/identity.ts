/** The PAN and Aadhaar rules of a person record (decision 050), pure so the import and the forms share them. */

// The Verhoeff tables as published (Wikipedia, "Verhoeff algorithm"): multiplication in the dihedral group D5, the
// position permutation and the inverse; the known answers in tests/unit/known-answers.test.ts catch a wrong entry
// (decision 044).
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
/** Row i of P is row 1, the permutation (1 5 8 9 4 2 7 0)(3 6), applied i times. */
const P1 = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
const P: number[][] = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
for (let i = 1; i < 8; i++) P.push(P[i - 1].map((d) => P1[d]));
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** True when the digit string ends with its correct Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) c = D[c][P[i % 8][Number(digits[n - 1 - i])]];
  return c === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffDigit(digits: string): number {
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) c = D[c][P[(i + 1) % 8][Number(digits[n - 1 - i])]];
  return INV[c];
}

export const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** PAN in capitals without spaces, as stored. */
export const normalPan = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** Aadhaar digits only (a sheet may write "2345 6789 0124"). */
export const normalAadhaar = (s: string) => s.replace(/[\s-]+/g, '');

/** Why a PAN is wrong, or null when it is right. */
export function panProblem(pan: string): string | null {
  return PAN.test(pan) ? null : 'must be 5 letters, 4 digits and a letter (AAAAA9999A)';
}

/** Why an Aadhaar number is wrong, or null when it is right. */
export function aadhaarProblem(aadhaar: string): string | null {
  if (!/^[0-9]{12}$/.test(aadhaar)) return 'must be 12 digits';
  if (aadhaar[0] === '0' || aadhaar[0] === '1') return 'cannot start with 0 or 1';
  if (!verhoeffValid(aadhaar)) return 'is not a valid Aadhaar number (its check digit is wrong)';
  return null;
}

export const aadhaarLast4 = (aadhaar: string) => aadhaar.slice(-4);

/** What everyone but the admin and HR sees of an Aadhaar number. */
export const maskedAadhaar = (aadhaar: string) => `XXXX XXXX ${aadhaarLast4(aadhaar)}`;

/** A professional must be an adult (18 to 80 years old on `today`, India date). */
export function birthDateProblem(birthDate: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return 'must be a date (YYYY-MM-DD)';
  const d = new Date(`${birthDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== birthDate) return 'is not a real date';
  const years = (iso: string) => Number(iso.slice(0, 4));
  const age = years(today) - years(birthDate) - (today.slice(5) < birthDate.slice(5) ? 1 : 0);
  if (age < 18) return 'makes them younger than 18';
  if (age > 80) return 'makes them older than 80';
  return null;
}

/** How far ahead a joining date may be (decision 033): an appointment is made for a start within a year. */
export const JOINING_MAX_DAYS_AHEAD = 365;

/**
 * The professional's joining date (decision 033): a real date from 2000-01-01 (the calendar the attendance reads), not
 * before their 18th birthday when the birth date is known, at most 365 days after today (India). A past date is a
 * joining recorded late: unmarked working days from it are absences.
 */
export function joiningDateProblem(day: string, today: string, birthDate?: string | null): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'must be a date (YYYY-MM-DD)';
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) return 'is not a real date';
  if (day < '2000-01-01') return 'must be 2000-01-01 or later';
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + JOINING_MAX_DAYS_AHEAD * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (day > latest) return `must be at most ${JOINING_MAX_DAYS_AHEAD} days ahead (${latest})`;
  if (birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
    const eighteenth = `${Number(birthDate.slice(0, 4)) + 18}${birthDate.slice(4)}`;
    if (day < eighteenth) return `is before their 18th birthday (${eighteenth})`;
  }
  return null;
}

/** What a people import checks a sheet's cells against (professionals and vendors): mobile, PIN code, e-mail. */
export const MOBILE = /^[6-9][0-9]{9}$/;
export const PIN = /^[1-9][0-9]{5}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A sheet cell's comma-separated names (zones, services), trimmed, empty ones dropped. */
export const listOf = (s?: string) =>
  (s ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
