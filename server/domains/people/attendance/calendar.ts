// The India calendar (decision 033).

export const IST_MS = 330 * 60_000;

/** The India (Asia/Kolkata) calendar of an instant: its date YYYY-MM-DD, year and month (1-12). */
export function indiaDay(now: Date) {
  const shifted = new Date(now.getTime() + IST_MS);
  return {
    date: shifted.toISOString().slice(0, 10),
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
  };
}

export const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const pad = (n: number) => String(n).padStart(2, '0');
export const monthFirst = (year: number, month: number) => `${year}-${pad(month)}-01`;
export const monthLast = (year: number, month: number) => `${year}-${pad(month)}-${pad(daysIn(year, month))}`;
