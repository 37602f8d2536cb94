/**
 * An amount in words, Indian style (thousand, lakh, crore), as tax invoices write it:
 * 123456.50 rupees -> "Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Fifty Paise Only".
 */
const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99 */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return n % 10 === 0 ? TENS[n / 10] : `${TENS[Math.floor(n / 10)]} ${ONES[n % 10]}`;
}

/** 1..999 */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number in Indian words: crore (10^7), lakh (10^5), thousand, hundred; crores above 99 in the same words. */
export function indianNumberWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${n} is not a whole number`);
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(`${indianNumberWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** Paise in words: "Rupees … and … Paise Only" (no paise part when they are 0). */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`${paise} is not a whole number of paise`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${indianNumberWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}
