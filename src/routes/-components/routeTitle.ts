/** The name of a category for a page title, from the settled categories read of a storefront loader. */
export function categoryName(
  settled: PromiseSettledResult<ReadonlyArray<{ id: number; categoryName: string }>>,
  id: number,
): string | undefined {
  return settled.status === 'fulfilled' ? settled.value.find((c) => c.id === id)?.categoryName : undefined;
}
