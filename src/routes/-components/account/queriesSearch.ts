/**
 * `?line=<order line id>`: the line a "Raise a query" button on an order sent the customer to My account → Queries
 * for. Apart from QueriesTab: a route's search check is in every page's first chunk, the tab is not.
 */
export function validateQueryLine(raw: Record<string, unknown>): { line?: number } {
  const n = Number(raw.line);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? { line: n } : {};
}
