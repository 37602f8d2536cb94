// A plan runs for calendar months on India's calendar (decision 023), and the server's messages name its days in
// India time: the page shows them the same way, wherever the browser's clock is set.
let india: Intl.DateTimeFormat | undefined;

/** '24 Feb 2027' (or '5 Mar 2027') in India time, as the server's messages write it. */
export function planDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  india ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  return india.format(d);
}
