// The rule behind `npm run deps:check` (decision 064), apart from npm so that a test can feed it.

/** What `npm outdated --json` says of one package. */
export interface Outdated {
  current?: string;
  wanted: string;
  latest: string;
}

/** Majors held back on purpose: `- \`name\` held at N: why` lines in docs/decisions. */
export function heldBack(decisions: string[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const text of decisions) {
    for (const m of text.matchAll(/^- `([^`]+)` held at (\d+):/gm)) held.set(m[1], Number(m[2]));
  }
  return held;
}

const major = (v: string | undefined) => Number(/^(\d+)\./.exec(v ?? '')?.[1] ?? Number.NaN);

/**
 * Runtime dependencies a major behind their latest release with no decision holding them at their major. A hold
 * that names an older major than the one installed no longer counts (the package moved on; so must the record).
 */
export function unexplainedMajors(
  outdated: Record<string, Outdated>,
  runtime: Iterable<string>,
  held: Map<string, number>,
): string[] {
  const names = new Set(runtime);
  return Object.entries(outdated)
    .filter(([name, o]) => names.has(name) && major(o.latest) > major(o.current ?? o.wanted))
    .filter(([name, o]) => held.get(name) !== major(o.current ?? o.wanted))
    .map(([name, o]) => `${name} ${o.current ?? o.wanted} → ${o.latest}`);
}
