// Slots are India time by rule (decision 014): shown in India time whatever the phone's zone.
const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const time = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Thu, 26 Nov · 10:00 am – 11:00 am IST" (the end only when known). */
export function slotText(start: string, end?: string): string {
  const from = new Date(start);
  return `${day.format(from)} · ${time.format(from)}${end ? ` – ${time.format(new Date(end))}` : ''} IST`;
}

/** Just the time of day: today's jobs on the dashboard. */
export const timeText = (iso: string) => time.format(new Date(iso));

/** The job's area as the professional sees it before accepting: zone, city and pincode. */
export function areaText(a: { city: string; pinCode: string; zoneName: string | null }): string {
  return [a.zoneName, a.city, a.pinCode].filter(Boolean).join(', ');
}
