/** Stars as text and for screen readers: "★★★★☆" read as "4 of 5 stars". */
export function Stars({ value }: { value: number }) {
  const n = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span role="img" aria-label={`${value} of 5 stars`} style={{ whiteSpace: 'nowrap' }}>
      {'★'.repeat(n)}
      {'☆'.repeat(5 - n)}
    </span>
  );
}
