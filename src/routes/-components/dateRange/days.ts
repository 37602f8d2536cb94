// India days as 'YYYY-MM-DD' text: the server's days are India's, whatever the browser's time zone.

const DAY_MS = 86_400_000;

let indiaDate: Intl.DateTimeFormat | undefined;
/** Today in India as 'YYYY-MM-DD'. */
export function indiaToday(now = new Date()) {
  indiaDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  return indiaDate.format(now);
}

/** The day `days` after `day` (before it when negative). */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days from `from` to `to`, both counted. */
export const daySpan = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
