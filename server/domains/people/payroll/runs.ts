import type { Db } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { conflict, notFound } from '../../../http';
import { rupeesText } from '../../../money';
import { wallets } from '../../money';
import { lockMonth } from '../attendance/service';
import { calculateSalary } from './calc';
import { inputsFor } from './calculation';
import { type Actor, monthName, monthOf, mustHaveEnded, r2 } from './common';
import { movesMoney, postSalary, slipValues } from './payment';
import * as repo from './repo';
import * as runsRepo from './repo.runs';

// Salary runs as database jobs: the workers pay a month's employees a batch at a time.

export function runOut(r: runsRepo.RunRow) {
  return {
    id: r.id,
    year: Number(r.period.slice(0, 4)),
    month: Number(r.period.slice(5, 7)),
    state: r.state,
    active: r.active,
    total: r.total,
    processed: r.paid + r.skipped + r.failed,
    paid: r.paid,
    skipped: r.skipped,
    failed: r.failed,
    paidAmount: r2(r.paidPaise),
    bankReferencePrefix: r.bankReferencePrefix,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Makes the run and its items (one statement); the workers pay it. */
export async function startRun(
  db: Db,
  user: Actor,
  body: { date: string; bankReferencePrefix: string },
  now = new Date(),
) {
  const m = monthOf(body.date);
  mustHaveEnded(m, now, 'date');
  const made = await db.transaction(async (tx) => {
    const run = await runsRepo.insertRun(tx, {
      period: m.period,
      bankReferencePrefix: body.bankReferencePrefix.trim(),
      startedBy: user.id,
    });
    if (!run) {
      throw conflict('date', `A salary run for ${monthName(m)} is already under way: follow it or resume it.`);
    }
    await runsRepo.insertRunItems(tx, run.id);
    return run.id;
  });
  return runOut((await runsRepo.run(db, made))!);
}

export async function runOf(db: Db, id: number) {
  const r = await runsRepo.run(db, id);
  if (!r) throw notFound(`Salary run ${id}`);
  return runOut(r);
}

export async function runList(db: Db, q: { page?: number; pageSize?: number }) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await runsRepo.pageRuns(db, { limit, offset });
  return { items: rows.map(runOut), total, page, pageSize };
}

export async function resumeRun(db: Db, id: number) {
  const r = await runsRepo.run(db, id);
  if (!r) throw notFound(`Salary run ${id}`);
  if (r.state === 'done') throw conflict('id', `Salary run ${id} has finished: nothing to resume.`);
  await db.transaction(async (tx) => {
    await runsRepo.retryFailedItems(tx, id);
    await runsRepo.updateRun(tx, id, { active: true, lastError: null });
    await runsRepo.refreshRunCounts(tx, id);
  });
  return runOut((await runsRepo.run(db, id))!);
}

export interface BatchOutcome {
  claimed: number;
  paid: number;
  pending: number;
  paused: boolean;
}

/**
 * Advances a run by one batch in one transaction: claims pending items (SKIP LOCKED), calculates them together,
 * locks the company wallet once and pays each employee who fits in it (one ledger transfer each, under the employee
 * and month's idempotency key), writes the batch's slips in one statement (their unique key keeps a month paid once),
 * marks tips and expenses paid, settles the items and the run's counters and locks the attendance month. A crash
 * anywhere rolls the batch back (its items stay pending); an employee already paid is skipped, so a resumed run pays
 * nobody twice. A company wallet that cannot cover the next employee pauses the run with the shortfall; the ones
 * before stay paid.
 */
export async function advanceRunOnce(db: Db, runId: number, batchSize = 200, now = new Date()): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const run = await runsRepo.run(tx, runId);
    if (run?.state !== 'running' || !run.active) {
      return { claimed: 0, paid: 0, pending: 0, paused: !run?.active };
    }
    const m = monthOf(run.period);
    const ids = await runsRepo.claimItems(tx, runId, batchSize);
    if (!ids.length) {
      const pending = await runsRepo.refreshRunCounts(tx, runId);
      if (pending === 0) await runsRepo.updateRun(tx, runId, { state: 'done', finishedAt: now });
      return { claimed: 0, paid: 0, pending, paused: false };
    }
    const already = new Set((await repo.slipsFor(tx, ids, m.period)).map((s) => s.userId));
    const open = ids.filter((id) => !already.has(id));
    const inputs = await inputsFor(tx, open, m, true, now);
    const settled: Parameters<typeof runsRepo.settleItems>[2] = [...already].map((id) => ({
      userId: id,
      state: 'skipped' as const,
      message: 'Already paid',
      slipId: null,
    }));
    let held = await wallets.lockCompanyBalance(tx);
    let paused: string | null = null;
    const slips: repo.SlipInsert[] = [];
    for (const id of open) {
      const input = inputs.get(id)!;
      const calc = calculateSalary({ year: m.year, month: m.month, ...input });
      if (!calc) {
        settled.push({ userId: id, state: 'skipped', message: 'No salary structure in force', slipId: null });
        continue;
      }
      const need = calc.netPaise - calc.tipsPaise;
      if (need > held) {
        paused = `Paused: the company account wallet holds ${rupeesText(held)} and employee ${id}'s salary needs ${rupeesText(need)} from it (${rupeesText(need - held)} short). Top it up and resume.`;
        break;
      }
      const bankReference = `${run.bankReferencePrefix}-${id}`.slice(0, 60);
      const payment = { bankReference, actorId: run.startedBy, runId, now };
      let transferId: number | null = null;
      if (movesMoney(calc)) {
        const posted = await postSalary(tx, id, m, calc, payment);
        if (posted.replayed) {
          // Paid by the accountant meanwhile: their transfer and slip stand.
          settled.push({ userId: id, state: 'skipped', message: 'Already paid', slipId: null });
          continue;
        }
        transferId = posted.transferId;
      }
      held -= need;
      slips.push({ ...slipValues(id, m, calc, payment), transferId });
    }
    const made = new Map((await repo.insertSlips(tx, slips)).map((r) => [r.userId, r.id]));
    for (const row of slips) {
      const slipId = made.get(row.userId);
      settled.push(
        slipId
          ? { userId: row.userId, state: 'paid', message: null, slipId }
          : { userId: row.userId, state: 'skipped', message: 'Already paid', slipId: null },
      );
    }
    const paidIds = [...made.keys()];
    await repo.markTipsPaid(
      tx,
      paidIds.flatMap((id) => inputs.get(id)!.tipLines),
      now,
    );
    await repo.markExpensesPaidWithSlips(
      tx,
      paidIds.flatMap((id) => inputs.get(id)!.expenseIds.map((expenseId) => ({ expenseId, slipId: made.get(id)! }))),
      now,
    );
    await runsRepo.settleItems(tx, runId, settled);
    if (paidIds.length > 0) await lockMonth(tx, m.year, m.month, run.startedBy);
    const pending = await runsRepo.refreshRunCounts(tx, runId);
    if (paused) await runsRepo.updateRun(tx, runId, { active: false, lastError: paused });
    else if (pending === 0) await runsRepo.updateRun(tx, runId, { state: 'done', finishedAt: now });
    return { claimed: ids.length, paid: paidIds.length, pending, paused: paused !== null };
  });
}

/** Advances every active run until none has pending items (or `maxBatches`); the timer and StartPayRun call it. */
export async function advanceRuns(db: Db, o: { batchSize?: number; maxBatches?: number } = {}) {
  let batches = 0;
  for (const id of await runsRepo.activeRunIds(db)) {
    for (;;) {
      if (o.maxBatches !== undefined && batches >= o.maxBatches) return batches;
      let out: BatchOutcome;
      try {
        out = await advanceRunOnce(db, id, o.batchSize);
      } catch (err) {
        // The batch rolled back; the run waits for a person rather than failing the same batch again and again.
        await runsRepo.updateRun(db, id, {
          active: false,
          lastError: `Paused: ${String((err as Error).message).slice(0, 300)}`,
        });
        throw err;
      }
      batches++;
      if (out.claimed === 0 || out.paused) break;
    }
  }
  return batches;
}
