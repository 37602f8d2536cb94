import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { TestPath } from 'xstate/graph';

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

const key = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What the generated paths leave out: atomic states never reached and (state, event) transitions never taken.
 * Model-based tests assert both lists are empty, so a new state or event cannot go untested.
 */
export function uncovered(machine: AnyStateMachine, paths: TestPath<any, any>[]) {
  const nodes = allNodes(machine.root).filter((n) => n.type === 'atomic');
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const p of paths) {
    for (const step of p.steps) {
      reached.add(key(step.state.value));
      if (step.event.type !== 'xstate.init') {
        const from = p.steps[p.steps.indexOf(step) - 1]?.state.value;
        taken.add(`${key(from)} --${step.event.type}-->`);
      }
    }
    reached.add(key(p.state.value));
  }
  const states = nodes
    .filter((n) => n.always?.length === undefined || n.always.length === 0)
    .map((n) => n.path.join('.'))
    .filter((s) => !reached.has(s));
  const transitions: string[] = [];
  for (const n of nodes) {
    for (const eventType of n.transitions.keys()) {
      if (eventType.startsWith('xstate.')) continue;
      const k = `${n.path.join('.')} --${eventType}-->`;
      if (!taken.has(k)) transitions.push(k);
    }
  }
  return { states, transitions };
}
