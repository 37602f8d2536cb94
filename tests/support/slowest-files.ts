import type { UserConsoleLog } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/** Import, collection and every test and hook of one file. */
function total(m: TestModule): number {
  const d = m.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

/**
 * Prints the slowest test files at the end of a run, with the time each spent before its first test (server
 * start, database copy), so a file that grows slow is seen in CI. `SLOWEST_FILES` sets how many (default 10).
 */
export default class SlowestFiles implements Reporter {
  private setup = new Map<string, number>();

  onUserConsoleLog(log: UserConsoleLog) {
    const m = /test server ready in (\d+) ms/.exec(log.content);
    if (m && log.taskId && !this.setup.has(log.taskId)) this.setup.set(log.taskId, Number(m[1]));
  }

  /** A file's set-up: its first server's (a second one, with other options, is its own test's business). */
  private setupOf(m: TestModule): number | undefined {
    return [...this.setup].find(([task]) => task === m.id || task.startsWith(`${m.id}_`))?.[1];
  }

  /** The set-up time of every file that started a server: median, 95th percentile and the slowest, in ms. */
  private setupSummary(modules: ReadonlyArray<TestModule>): string {
    const all = modules
      .map((m) => this.setupOf(m))
      .filter((ms) => ms !== undefined)
      .sort((a, b) => a - b);
    if (all.length === 0) return '';
    const at = (q: number) => all[Math.min(all.length - 1, Math.ceil(q * all.length) - 1)];
    return `Set-up per file (server and database ready): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${all.at(-1)} ms over ${all.length} files`;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const n = Number(process.env.SLOWEST_FILES ?? 10);
    // Worker time per project: what to cut when the run nears CI's 15 minutes.
    const perProject = new Map<string, { ms: number; files: number }>();
    for (const m of testModules) {
      const p = perProject.get(m.project.name) ?? { ms: 0, files: 0 };
      perProject.set(m.project.name, { ms: p.ms + total(m), files: p.files + 1 });
    }
    const projects = [...perProject]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([name, p]) => `${name} ${(p.ms / 1000).toFixed(0)} s in ${p.files} files`);
    const rows = testModules
      .map((m) => ({
        file: `${m.project.name}  ${m.moduleId.replace(`${process.cwd()}/`, '')}`,
        ms: total(m),
        setup: this.setupOf(m),
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, n);
    if (rows.length === 0) return;
    const width = Math.max(...rows.map((r) => r.file.length));
    const lines = rows.map(
      (r) =>
        `  ${r.file.padEnd(width)}  ${(r.ms / 1000).toFixed(1).padStart(6)} s` +
        (r.setup !== undefined ? `   (server and database ready in ${r.setup} ms)` : ''),
    );
    console.log(`\nWorker time per project: ${projects.join(', ')}`);
    console.log(this.setupSummary(testModules));
    console.log(`\nSlowest ${rows.length} test files:\n${lines.join('\n')}\n`);
  }
}
