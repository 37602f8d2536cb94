// QA's report of the model-based tests: per machine, its states, its transitions, the generated paths
// and the share of states and transitions those paths take. `npm run test:paths` prints it; a unit test fails when
// any machine is below 100%.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { couponMachine } from '../../src/machines/coupon/coupon.machine';
import { couponPaths } from '../../src/machines/coupon/coupon.model';
import { customerQueryMachine } from '../../src/machines/customerQuery/customerQuery.machine';
import { customerQueryPaths } from '../../src/machines/customerQuery/customerQuery.model';
import { localCartMachine } from '../../src/machines/localCart/localCart.machine';
import { localCartPaths } from '../../src/machines/localCart/localCart.model';
import { orderLineMachine } from '../../src/machines/orderLine/orderLine.machine';
import { orderLinePaths } from '../../src/machines/orderLine/orderLine.model';
import { paymentIntentMachine } from '../../src/machines/paymentIntent/paymentIntent.machine';
import { paymentIntentPaths } from '../../src/machines/paymentIntent/paymentIntent.model';
import { productRequestMachine } from '../../src/machines/productRequest/productRequest.machine';
import { productRequestPaths } from '../../src/machines/productRequest/productRequest.model';
import { recruitmentMachine } from '../../src/machines/recruitment/recruitment.machine';
import { recruitmentPaths } from '../../src/machines/recruitment/recruitment.model';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { sessionPaths } from '../../src/machines/session/session.model';
import { walletTopUpMachine } from '../../src/machines/walletTopUp/walletTopUp.machine';
import { walletTopUpPaths } from '../../src/machines/walletTopUp/walletTopUp.model';

type Path = StatePath<any, EventObject> & { description?: string };

export interface MachineModel {
  name: string;
  machine: AnyStateMachine;
  paths: () => Path[];
}

/** Every machine with a test model. A new machine's model is added here, so the report and the 100% check see it. */
export const MACHINE_MODELS: MachineModel[] = [
  { name: 'session', machine: sessionMachine, paths: sessionPaths },
  { name: 'paymentIntent', machine: paymentIntentMachine, paths: paymentIntentPaths },
  { name: 'walletTopUp', machine: walletTopUpMachine, paths: walletTopUpPaths },
  { name: 'orderLine', machine: orderLineMachine, paths: orderLinePaths },
  { name: 'customerQuery', machine: customerQueryMachine, paths: customerQueryPaths },
  { name: 'localCart', machine: localCartMachine, paths: localCartPaths },
  { name: 'coupon', machine: couponMachine, paths: couponPaths },
  { name: 'productRequest', machine: productRequestMachine, paths: productRequestPaths },
  { name: 'recruitment', machine: recruitmentMachine, paths: recruitmentPaths },
];

/** The files whose tests walk these paths (unit tests against the machines, e2e/API tests against the product). */
export const MODEL_TEST_FILES = [/^tests\/.*\.model\.test\.ts$/, /^tests\/unit\/machines\/.*\.test\.ts$/];

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

const nodeName = (node: AnyStateNode) => node.path.join('.') || '(root)';
/** A transient state (only eventless transitions) is passed through, never rested in, so it is not counted. */
const isTransient = (node: AnyStateNode) => (node.always?.length ?? 0) > 0 && node.transitions.size === 0;

/** `from --EVENT [guard]--> to`; a transition without a target stays where it is. */
export function transitionLabel(t: AnyTransitionDefinition): string {
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  const targets = t.target?.length ? t.target.map(nodeName).join(', ') : nodeName(t.source);
  return `${nodeName(t.source)} --${t.eventType}${guard}--> ${targets}`;
}

/** The dotted names of the atomic states a snapshot is in. */
function leaves(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final').map(nodeName);
}

export interface Coverage {
  states: { all: string[]; missing: string[] };
  /** Event-driven transitions, the invoked actors' done and error events included; eventless ones are not counted. */
  transitions: { all: string[]; missing: string[] };
}

/** Which states and transitions of `machine` the paths take: transitions as the machine itself selects them. */
export function coverageOf(machine: AnyStateMachine, paths: Path[]): Coverage {
  const nodes = allNodes(machine.root);
  const stateNodes = nodes.filter((n) => (n.type === 'atomic' || n.type === 'final') && !isTransient(n));
  const transitions = nodes.flatMap((n) =>
    [...n.transitions.values()].flat().filter((t) => !String(t.eventType).startsWith('xstate.init')),
  );
  const reached = new Set<string>();
  const taken = new Set<AnyTransitionDefinition>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      for (const leaf of leaves(step.state)) reached.add(leaf);
      if (i === 0) return;
      for (const t of machine.getTransitionData(path.steps[i - 1].state, step.event)) taken.add(t);
    });
  }
  return {
    states: {
      all: stateNodes.map(nodeName),
      missing: stateNodes.map(nodeName).filter((s) => !reached.has(s)),
    },
    transitions: {
      all: transitions.map(transitionLabel),
      missing: transitions.filter((t) => !taken.has(t)).map(transitionLabel),
    },
  };
}

export interface MachineReport {
  name: string;
  states: string[];
  transitions: string[];
  paths: string[];
  coverage: Coverage;
  statePercent: number;
  transitionPercent: number;
}

const percent = (all: unknown[], missing: unknown[]) =>
  all.length === 0 ? 100 : Math.floor((1000 * (all.length - missing.length)) / all.length) / 10;

/** `SUBMIT_AMOUNT → CONFIRM → … ⇒ state`: a path in a line. */
function pathLine(path: Path): string {
  const prefix = path.description?.match(/^(\w+): /)?.[1];
  const events = path.steps.slice(1).map(({ event }) => {
    const { type, ...data } = event;
    const values = Object.values(data);
    // A lone plain value is shown (SUBMIT_AMOUNT(abc)): it tells paths of one event type apart.
    const value = String(values[0]);
    const shown =
      values.length === 1 && typeof values[0] !== 'object'
        ? `(${value.length > 24 ? `${value.slice(0, 23)}…` : value})`
        : '';
    return type.replace(/^xstate\.(done|error)\.actor\./, '$1:') + shown;
  });
  const end = JSON.stringify(path.state.value).replaceAll('"', '');
  return `${prefix ? `(${prefix}) ` : ''}${events.join(' → ') || '(start)'} ⇒ ${end}`;
}

export function pathReport(models: MachineModel[] = MACHINE_MODELS): MachineReport[] {
  return models.map(({ name, machine, paths }) => {
    const generated = paths();
    const coverage = coverageOf(machine, generated);
    return {
      name,
      states: coverage.states.all,
      transitions: coverage.transitions.all,
      paths: generated.map(pathLine),
      coverage,
      statePercent: percent(coverage.states.all, coverage.states.missing),
      transitionPercent: percent(coverage.transitions.all, coverage.transitions.missing),
    };
  });
}

/** The report as text, one block per machine. */
export function formatPathReport(reports: MachineReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const { states, transitions } = r.coverage;
    lines.push(
      `■ ${r.name}: ${r.states.length} states, ${r.transitions.length} transitions, ${r.paths.length} paths — ` +
        `states ${r.states.length - states.missing.length}/${r.states.length} (${r.statePercent}%), ` +
        `transitions ${r.transitions.length - transitions.missing.length}/${r.transitions.length} (${r.transitionPercent}%)`,
    );
    lines.push(`  states: ${r.states.map((s) => (states.missing.includes(s) ? `${s} ✗` : s)).join(', ')}`);
    lines.push('  transitions:');
    for (const t of r.transitions) lines.push(`    ${transitions.missing.includes(t) ? '✗' : '✓'} ${t}`);
    lines.push('  paths:');
    for (const [i, p] of r.paths.entries()) lines.push(`    ${String(i + 1).padStart(2)}. ${p}`);
    lines.push('');
  }
  const total = (k: 'states' | 'transitions') =>
    reports.reduce((n, r) => n + r.coverage[k].all.length - r.coverage[k].missing.length, 0) +
    '/' +
    reports.reduce((n, r) => n + r.coverage[k].all.length, 0);
  lines.push(
    `${reports.length} machines, ${reports.reduce((n, r) => n + r.paths.length, 0)} paths; ` +
      `states ${total('states')}, transitions ${total('transitions')} covered.`,
  );
  return lines.join('\n');
}

/**
 * A subset of `paths` that still takes every transition the whole set takes (greedy set cover): for model tests that
 * walk a slow real implementation (a browser), where the shortest paths repeat the same early steps many times.
 */
export function coveringPaths<P extends Path>(machine: AnyStateMachine, paths: P[]): P[] {
  const taken = paths.map((path) => {
    const c = coverageOf(machine, [path]);
    const missing = new Set(c.transitions.missing);
    return { path, transitions: new Set(c.transitions.all.filter((t) => !missing.has(t))) };
  });
  const needed = new Set(taken.flatMap((t) => [...t.transitions]));
  const chosen: P[] = [];
  while (needed.size > 0) {
    let best = taken[0];
    let bestNew = -1;
    for (const t of taken) {
      const n = [...t.transitions].filter((x) => needed.has(x)).length;
      if (n > bestNew) {
        best = t;
        bestNew = n;
      }
    }
    chosen.push(best.path);
    for (const x of best.transitions) needed.delete(x);
  }
  return chosen;
}
