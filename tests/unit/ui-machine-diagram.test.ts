import { setFileScope } from '@vanilla-extract/css/fileScope';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { allowedEvents, paymentIntentMachine } from '../../src/machines/paymentIntent/paymentIntent.machine';
import { walletTopUpMachine } from '../../src/machines/walletTopUp/walletTopUp.machine';

// The component imports vanilla-extract styles; outside the Vite plugin they need a file scope.
setFileScope('tests/unit/ui-machine-diagram.test.ts');
const { diagramOf, MachineDiagram } = await import('../../src/ui/machine/MachineDiagram');

const render = (props: Partial<Parameters<typeof MachineDiagram>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(MachineDiagram, {
      machine: paymentIntentMachine,
      current: 'awaitingPayment',
      allowedEvents: allowedEvents('awaitingPayment'),
      ...props,
    }),
  );

/** The text of an HTML fragment, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
const items = (html: string) => [...html.matchAll(/<li[^>]*aria-current="step"[^>]*>(.*?)<\/ul><\/li>/g)];

describe('MachineDiagram', () => {
  it('reads every state and its transitions from the machine', () => {
    const d = diagramOf(paymentIntentMachine);
    expect(d.map((st) => st.key)).toEqual(['created', 'awaitingPayment', 'paid', 'failed', 'cancelled', 'expired']);
    expect(d[0].transitions).toEqual([
      { event: 'ORDER_CREATED', guard: null, targets: ['awaitingPayment'] },
      { event: 'PROVIDER_FAILED', guard: null, targets: ['failed'] },
      { event: 'EXPIRE', guard: null, targets: ['expired'] },
      { event: 'VERIFY', guard: null, targets: ['created'] },
    ]);
    expect(d.filter((st) => st.final).map((st) => st.key)).toEqual(['paid', 'failed', 'cancelled', 'expired']);
  });

  it('shows guards, eventless and invoked transitions in words', () => {
    const d = Object.fromEntries(diagramOf(walletTopUpMachine).map((st) => [st.key, st]));
    expect(d.start.transitions.map((t) => [t.event, t.guard, t.targets[0]])).toEqual([
      ['always', 'returning', 'verifying'],
      ['always', null, 'enteringAmount'],
    ]);
    expect(d.enteringAmount.transitions[0]).toEqual({
      event: 'SUBMIT_AMOUNT',
      guard: 'validAmount',
      targets: ['choosingMode'],
    });
    const html = renderToStaticMarkup(
      createElement(MachineDiagram, { machine: walletTopUpMachine, current: 'creatingOrder', allowedEvents: [] }),
    );
    expect(text(html)).toContain('createOrder succeeded → to redirecting');
    expect(text(html)).toContain('SUBMIT_AMOUNT (if validAmount) → to choosingMode');
  });

  it('is a figure with a caption, a list of states, and marks the current one in words, not colour alone', () => {
    const html = render();
    expect(html).toMatch(/^<figure[^>]*aria-labelledby="([^"]+)"><figcaption id="\1"/);
    expect(text(html)).toContain('paymentIntent: awaitingPayment');
    expect(html).toContain('<ol');
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    const [current] = items(html);
    expect(text(current[1])).toMatch(/^awaitingPayment ?current/);
    expect(text(current[1])).toContain('PROVIDER_PAID → to paid');
    expect(html).toContain('dir="auto"');
  });

  it('offers the allowed events as buttons only when it can send them', () => {
    expect(render()).not.toContain('<button');
    const html = render({ onEvent: () => {}, labels: { VERIFY: 'Verify with provider', awaitingPayment: 'Awaiting' } });
    const buttons = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => text(m[1]));
    expect(buttons).toEqual([
      'PROVIDER_PAID',
      'PROVIDER_FAILED',
      'PROVIDER_CANCELLED',
      'EXPIRE',
      'Verify with provider',
    ]);
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Allowed now<\/legend>/);
    expect(text(html)).toContain('Awaiting');
    const busy = render({ onEvent: () => {}, busy: true });
    expect(busy.match(/<button[^>]*disabled=""/g)).toHaveLength(5);
    expect(busy).toContain('aria-busy="true"');
    // A final state offers nothing.
    expect(render({ onEvent: () => {}, current: 'paid', allowedEvents: [] })).not.toContain('<button');
  });

  it('highlights the top-level state of a nested value', () => {
    const html = render({ current: 'created.sub' });
    expect(text(items(html)[0][1])).toMatch(/^created ?current/);
  });
});
