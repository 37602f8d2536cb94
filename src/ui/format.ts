// Intl formatters are costly to build, so each one is made once, on first use.
let rupees: Intl.NumberFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;
let dateUtc: Intl.DateTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric' };
/**
 * The business keeps India time (server/shared/indiaTime.ts): every timestamp is shown in it, whatever the browser's
 * zone, so a figure on screen matches the India day the server counted it on (decision 061).
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * ₹1,23,456.50 — Indian digit grouping, as `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })`
 * writes it. Written out because building that formatter is the costliest step of a phone's first render of the
 * home page (docs/decisions/067-rupees-without-intl.md); src/ui/format.test.ts checks it against Intl itself. The
 * amount is rounded as Intl rounds: its shortest decimal form, half away from zero. Not-a-number shows as a dash.
 */
export function formatRupees(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const digits = String(Math.abs(value));
  if (digits.includes('e')) {
    // Below a millionth or from 10^21 on, JavaScript writes an exponent: leave those to Intl.
    rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    return rupees.format(value);
  }
  const [whole, fraction = ''] = digits.split('.');
  const paise = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const rupeesText = (paise / 100n).toString();
  const grouped =
    rupeesText.length > 3
      ? `${rupeesText.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupeesText.slice(-3)}`
      : rupeesText;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}₹${grouped}.${(paise % 100n).toString().padStart(2, '0')}`;
}

function parse(iso: string): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * '05 Mar 2024'. A bare calendar date ('2024-03-05') is shown as written, whatever the viewer's time zone
 * (it is parsed as UTC midnight, so it is also formatted in UTC); a timestamp is shown on its India day.
 * Unparseable input is returned unchanged.
 */
export function formatDate(iso: string): string {
  const d = parse(iso);
  if (!d) return iso;
  if (DATE_ONLY.test(iso)) {
    dateUtc ??= new Intl.DateTimeFormat('en-IN', { ...DATE_OPTIONS, timeZone: 'UTC' });
    return dateUtc.format(d);
  }
  dateOnly ??= new Intl.DateTimeFormat('en-IN', { ...DATE_OPTIONS, timeZone: INDIA_TIME_ZONE });
  return dateOnly.format(d);
}

/** '05 Mar 2024, 3:30 pm' in India time, whatever the viewer's zone. A bare date falls back to formatDate. */
export function formatDateTime(iso: string): string {
  if (DATE_ONLY.test(iso)) return formatDate(iso);
  const d = parse(iso);
  if (!d) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-IN', {
    ...DATE_OPTIONS,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: INDIA_TIME_ZONE,
  });
  return dateTime.format(d);
}

let slotTime: Intl.DateTimeFormat | undefined;

/**
 * A booking slot: '29 Nov 2026, 9:30 am IST'. Slots are India time by rule (decision 014), so they are shown in
 * India time whatever the viewer's zone, as the customer and the professional see them.
 */
export function formatSlot(iso: string): string {
  const d = parse(iso);
  if (!d) return iso;
  slotTime ??= new Intl.DateTimeFormat('en-IN', {
    ...DATE_OPTIONS,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: INDIA_TIME_ZONE,
  });
  return `${slotTime.format(d)} IST`;
}

/** The months of the year, January first (month 1 is index 0). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
