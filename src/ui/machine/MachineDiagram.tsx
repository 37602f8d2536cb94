import { useId } from 'react';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { Button } from '../Button';
import { cx } from '../cx';
import { srOnly } from '../global.css';
import * as s from './MachineDiagram.css';

export interface MachineDiagramProps {
  /** Any XState machine; only its definition is read (states and transitions), nothing is run. */
  machine: AnyStateMachine;
  /** The current state value as stored (`awaitingPayment`, or `a.b` for a nested state). */
  current: string;
  /** The events the current state accepts, shown as buttons when `onEvent` is given. */
  allowedEvents: string[];
  onEvent?: (type: string) => void;
  /** While an event is being applied: the buttons are disabled. */
  busy?: boolean;
  /** Words for state names, event types and guard names (`{ awaitingPayment: 'Awaiting payment' }`). */
  labels?: Record<string, string>;
  /** The caption; the machine's id by default. */
  title?: string;
}

export interface DiagramTransition {
  event: string;
  guard: string | null;
  /** The target states' keys; the source itself for a transition without a target. */
  targets: string[];
}

export interface DiagramState {
  key: string;
  final: boolean;
  transitions: DiagramTransition[];
}

const guardName = (guard: unknown): string | null => {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : 'condition';
};

/** The top-level states of `machine` and the transitions out of each (eventless ones as `always`). */
export function diagramOf(machine: AnyStateMachine): DiagramState[] {
  return Object.values(machine.root.states as Record<string, AnyStateNode>).map((node) => {
    const defs = [...node.transitions.values()].flat().concat(node.always ?? []);
    return {
      key: node.key,
      final: node.type === 'final',
      transitions: defs
        .filter((t) => t.eventType !== 'xstate.init')
        .map((t) => ({
          event: t.eventType === '' ? 'always' : t.eventType,
          guard: guardName(t.guard),
          targets: t.target?.length ? t.target.map((n: AnyStateNode) => n.path.join('.')) : [node.key],
        })),
    };
  });
}

/** Words for a state, event or guard: the caller's label, or a readable default for the invoked actors' events. */
function wordsFor(labels: Record<string, string>, key: string): string {
  if (labels[key]) return labels[key];
  const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(key);
  if (invoked) return `${labels[invoked[2]] ?? invoked[2]} ${invoked[1] === 'done' ? 'succeeded' : 'failed'}`;
  if (key === 'always') return 'automatically';
  return key;
}

/**
 * Draws any machine for staff and QA: every state as a box (the current one marked in words and style, and
 * `aria-current="step"`), the transitions out of each, and the events allowed now as buttons.
 */
export function MachineDiagram({
  machine,
  current,
  allowedEvents,
  onEvent,
  busy = false,
  labels = {},
  title,
}: MachineDiagramProps) {
  const captionId = useId();
  const say = (key: string) => wordsFor(labels, key);
  const top = current.split('.')[0];
  return (
    <figure className={s.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={s.caption}>
        {title ?? machine.id}: {say(current)}
      </figcaption>
      <ol className={s.states} aria-label="States">
        {diagramOf(machine).map((state) => {
          const isCurrent = state.key === top;
          return (
            <li
              key={state.key}
              aria-current={isCurrent ? 'step' : undefined}
              className={cx(s.state, state.final && s.final, isCurrent && s.current)}
            >
              <span className={s.header}>
                <span className={s.name} dir="auto">
                  {say(state.key)}
                </span>{' '}
                {isCurrent && <span className={cx(s.marker, s.currentMarker)}>current</span>}{' '}
                {state.final && <span className={s.marker}>final</span>}
              </span>
              {state.transitions.length > 0 && (
                <ul className={s.transitions} aria-label={`Transitions from ${say(state.key)}`}>
                  {state.transitions.map((t) => (
                    <li key={`${t.event} ${t.guard} ${t.targets}`} className={s.transition}>
                      {say(t.event)}
                      {t.guard && ` (if ${say(t.guard)})`}{' '}
                      <span className={s.arrow} aria-hidden="true">
                        →
                      </span>{' '}
                      <span className={srOnly}>to </span>
                      {t.targets.map(say).join(', ')}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {onEvent && allowedEvents.length > 0 && (
        <fieldset className={s.actionsBox} aria-busy={busy || undefined}>
          <legend className={s.actionsTitle}>Allowed now</legend>
          <div className={s.actions}>
            {allowedEvents.map((type) => (
              <Button key={type} variant="secondary" size="sm" disabled={busy} onClick={() => onEvent(type)}>
                {say(type)}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
    </figure>
  );
}
