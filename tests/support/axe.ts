import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 A and AA rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// The axe-core that @axe-core/playwright itself injects (its dependency, so the same version).
const axeSource: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
).source;

type Violation = { id: string; nodes: { target: unknown[] }[] };
const listed = (violations: Violation[]) =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * axe with the WCAG 2.x A and AA rules on the page as it is now; each violation as `rule: elements`.
 *
 * The same rules and the same violations as `new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()`, for less:
 * AxeBuilder injects axe (half a megabyte of script) on every call, runs it in parts and joins the parts in a new
 * tab, and sends every passing node back too (over half a megabyte for an admin list). Here axe is injected once
 * per document, so checking one page in several themes injects it once, and only the violations come back
 * (`resultTypes` trims the other kinds; violations always list every node). A page with frames goes through
 * AxeBuilder, which checks inside them.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const first = await axePass(page);
  if (first.length === 0) return [];
  // A toast can begin to fade in or out while axe runs (a run takes seconds on a loaded machine), and its text at
  // part opacity reads as low contrast. A real violation is still there on a second look: keep the elements that
  // both passes found.
  const again = new Set((await axePass(page)).flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`)));
  const kept = first
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => again.has(`${v.id} ${n.target.join(' ')}`)) }))
    .filter((v) => v.nodes.length > 0);
  return listed(kept);
}

async function axePass(page: Page): Promise<Violation[]> {
  // A toast or dialog mid-fade has its text at part opacity, which axe reports as low contrast: let finite
  // animations end first (spinners run forever and are skipped).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (page.frames().length > 1) {
    return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
  }
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: unknown }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations as Violation[];
  }, WCAG_TAGS);
}
