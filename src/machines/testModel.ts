import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

/**
 * A test model whose shortest paths take every transition of `machine`, for the model-based tests.
 * - One vertex per (from, event, to, context), so a path is generated for each transition, self-loops included (the
 *   default serialisation drops self-transitions). The context is part of the vertex so that a path's end state is
 *   the one its own steps reach, not another route's with other data.
 * - Only events the state accepts are tried, so an ignored event is not mistaken for a self-loop.
 * - Built with `new TestModel` because `createTestModel` refuses invoked actors: a UI machine invokes its calls, and
 *   its model names their outcomes as `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, which a test
 *   walks by settling its fake actor.
 */
export function transitionTestModel<M extends AnyStateMachine>(
  machine: M,
  options: { events: readonly EventObject[]; input?: InputFrom<M> },
): TestModel<SnapshotFrom<M>, EventFromLogic<M>, InputFrom<M>> {
  const events = options.events;
  const snap = (s: unknown) => s as AnyMachineSnapshot;
  const model = new TestModel(machine, {
    serializeState: (state, event, prev) =>
      JSON.stringify([prev ? snap(prev).value : null, event?.type ?? null, snap(state).value, snap(state).context]),
    serializeEvent: (event) => JSON.stringify(event),
    events: (state) => events.filter((event) => snap(state).can(event)) as EventFromLogic<M>[],
    stateMatcher: (state, key) =>
      key.startsWith('#') ? snap(state)._nodes.includes(machine.getStateNodeById(key)) : snap(state).matches(key),
    input: options.input,
  });
  // TestModel infers AnyStateMachine's snapshot; the machine's own types are the same thing, narrowed.
  return model as unknown as TestModel<SnapshotFrom<M>, EventFromLogic<M>, InputFrom<M>>;
}
