import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { rupeesText } from '../../money';
import { page as basePage, html } from './page';
import { decideSandboxOrder, findSandboxOrder, type SandboxOrder } from './repo';
import { type SandboxWebhookBody, sandboxCheckoutPath, sandboxWebhookHeaders, sandboxWebhookSecret } from './sandbox';

/**
 * The sandbox provider's website (decision 013): the checkout page where the payer chooses Pay, Fail or Cancel, and
 * the form's POST that decides the order once, sends the provider's signed webhook and sends the payer back, as a
 * real provider does. Not a contract operation: the input plugin's rules (JSON only, contract validation) are for
 * the API, so this plugin is encapsulated and reads its own urlencoded form.
 */

const ORDER_ID = /^[A-Za-z0-9_-]{1,40}$/;
const OUTCOMES = { pay: 'PAID', fail: 'FAILED', cancel: 'CANCELLED' } as const;
const WORDS: Record<SandboxOrder['status'], string> = {
  ACTIVE: 'waiting for payment',
  PAID: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

const STYLE =
  'dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.5rem 1rem;margin:0 0 1.5rem}' +
  'dt{color:#555}dd{margin:0;font-weight:600}.buttons{display:flex;gap:.75rem;flex-wrap:wrap}' +
  'button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #666;background:#fff;color:#1b1d21;cursor:pointer;text-decoration:none}' +
  'button[value=pay]{background:#0b6b3a;border-color:#0b6b3a;color:#fff}' +
  'button:focus-visible,a:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}.note{color:#555;font-size:.9rem}';

const page = (title: string, body: string) => basePage(title, body, { style: STYLE });

function checkoutPage(order: SandboxOrder): string {
  const summary = `<dl>
<dt>Merchant</dt><dd>Doorstep</dd>
<dt>Amount</dt><dd>${html(rupeesText(order.amount))}</dd>
<dt>Payer</dt><dd>${html(order.payerName)}</dd>
<dt>Order</dt><dd>${html(order.orderId)}</dd>
</dl>`;
  if (order.status !== 'ACTIVE') {
    return page(
      'Sandbox payment',
      `<h1>Sandbox payment</h1>
${summary}
<p role="status">This payment is already ${WORDS[order.status]}.</p>
<p><a class="button" href="${html(order.returnUrl)}">Return to Doorstep</a></p>`,
    );
  }
  return page(
    'Sandbox payment',
    `<h1>Sandbox payment</h1>
<p class="note">This is Doorstep's built-in test provider: no money moves. Choose what the payment does.</p>
${summary}
<form method="post" action="${html(sandboxCheckoutPath(order.orderId))}">
<div class="buttons">
<button type="submit" name="outcome" value="pay">Pay</button>
<button type="submit" name="outcome" value="fail">Fail</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
</div>
</form>`,
  );
}

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page('Payment not found', '<h1>Payment not found</h1><p>The sandbox has no payment with this order id.</p>'));

export interface SandboxCheckoutOptions {
  /** The webhook signing secret; by default the one in the data folder (sandboxWebhookSecret). */
  secret?: string;
  /** How long the webhook POST may take before it is given up (the return's verification settles anyway). */
  webhookTimeoutMs?: number;
}

export default async function sandboxCheckout(app: FastifyInstance, opts: SandboxCheckoutOptions) {
  const secret = opts.secret ?? sandboxWebhookSecret(app.config.dataDir);
  const timeoutMs = opts.webhookTimeoutMs ?? 5000;

  // The form's body, in this plugin only (the app's parsers read JSON alone). Small: it holds one field.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The provider's signed notification; fire-and-forget: the payer's return verifies with the provider anyway. */
  function notify(order: SandboxOrder) {
    const body: SandboxWebhookBody = {
      event: 'PAYMENT_UPDATE',
      orderId: order.orderId,
      status: order.status,
      paymentId: order.paymentId,
      amount: order.amount,
    };
    const raw = JSON.stringify(body);
    const url = order.details.notifyUrl;
    if (!url) return;
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sandboxWebhookHeaders(secret, raw) },
      body: raw,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    })
      .then(async (res) => {
        await res.body?.cancel();
        if (!res.ok) app.log.warn({ orderId: order.orderId, status: res.status }, 'sandbox webhook was not accepted');
      })
      .catch((err: Error) => {
        app.log.warn({ orderId: order.orderId, err: err.message }, 'sandbox webhook could not be delivered');
      });
  }

  app.get<{ Params: { orderId: string } }>('/sandbox/checkout/:orderId', async (req, reply) => {
    const { orderId } = req.params;
    // Off (PAYMENT_SANDBOX, or a real provider configured): the page does not exist.
    const order =
      app.config.payments.sandbox && ORDER_ID.test(orderId) ? await findSandboxOrder(app.db, orderId) : null;
    if (!order) return notFound(reply);
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(checkoutPage(order));
  });

  app.post<{ Params: { orderId: string }; Body: { outcome?: string } | undefined }>(
    '/sandbox/checkout/:orderId',
    async (req, reply) => {
      const { orderId } = req.params;
      const existing =
        app.config.payments.sandbox && ORDER_ID.test(orderId) ? await findSandboxOrder(app.db, orderId) : null;
      if (!existing) return notFound(reply);
      const outcome = (req.body as Record<string, unknown> | undefined)?.outcome;
      if (typeof outcome !== 'string' || !Object.hasOwn(OUTCOMES, outcome)) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page('Sandbox payment', '<h1>Sandbox payment</h1><p>Choose Pay, Fail or Cancel.</p>'));
      }
      const status = OUTCOMES[outcome as keyof typeof OUTCOMES];
      const paymentId = status === 'PAID' ? `sbx_pay_${randomBytes(12).toString('hex')}` : null;
      // Only the first choice decides; a second click (or a replayed form) is sent back without changing anything.
      const decided = await decideSandboxOrder(app.db, orderId, status, paymentId);
      if (decided) notify(decided);
      return reply.header('Cache-Control', 'no-store').redirect(existing.returnUrl, 303);
    },
  );
}
