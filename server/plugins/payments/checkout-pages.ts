import type { FastifyInstance, FastifyReply } from 'fastify';
import { rupeesText } from '../../money';
import type { CashfreeCheckout } from './cashfree';
import { type PaymentProviders, paymentProviders } from './index';
import { page as basePage, html } from './page';
import { ProviderError } from './provider';
import type { RazorpayCheckout } from './razorpay';

/**
 * Our pages that open a provider's checkout (decision 013): Cashfree's hosted checkout needs its JS SDK with the
 * order's payment_session_id (API 2023-08-01), Razorpay's checkout.js needs the key id and its order id. The page
 * reads the order from the provider (so it only ever opens our own orders) and hands it to a script of ours, an
 * external file because the CSP allows no inline script. Each page's CSP adds only its provider's origins.
 */

const ORDER_ID = /^[A-Za-z0-9_-]{1,40}$/;
const RP_REF = /^order_[A-Za-z0-9]{1,40}$/;

/** JSON safe inside a non-executed <script type="application/json"> data block. */
const dataJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const csp = (providerScript: string, providerOrigins: string) =>
  [
    "default-src 'self'",
    `script-src 'self' ${providerScript}`,
    `connect-src 'self' ${providerOrigins}`,
    `frame-src ${providerOrigins}`,
    `img-src 'self' data: ${providerOrigins}`,
    "style-src 'self' 'unsafe-inline'",
    `form-action 'self' ${providerOrigins}`,
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export const CASHFREE_SDK = 'https://sdk.cashfree.com/js/v3/cashfree.js';
export const RAZORPAY_SDK = 'https://checkout.razorpay.com/v1/checkout.js';
export const CASHFREE_CSP = csp('https://sdk.cashfree.com', 'https://*.cashfree.com');
export const RAZORPAY_CSP = csp('https://checkout.razorpay.com', 'https://*.razorpay.com');

/** Opens Cashfree's hosted checkout in this tab; Cashfree sends the payer to the order's return_url after. */
const CF_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('checkout-data').textContent);
  var status = document.getElementById('checkout-status');
  function open() {
    if (typeof window.Cashfree !== 'function') {
      status.textContent = 'Cashfree could not be loaded. Check your connection and try again.';
      return;
    }
    window.Cashfree({ mode: data.mode }).checkout({ paymentSessionId: data.paymentSessionId, redirectTarget: '_self' });
  }
  document.getElementById('pay').addEventListener('click', open);
  open();
})();
`;

/**
 * Opens Razorpay's checkout; its handler only navigates to the return URL, whose page asks our server, which asks
 * Razorpay's API: the payment id and signature the browser receives are never trusted alone.
 */
const RP_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('checkout-data').textContent);
  var status = document.getElementById('checkout-status');
  var checkout = null;
  function open() {
    if (typeof window.Razorpay !== 'function') {
      status.textContent = 'Razorpay could not be loaded. Check your connection and try again.';
      return;
    }
    if (!checkout) {
      checkout = new window.Razorpay({
        key: data.keyId,
        order_id: data.ref,
        amount: data.amount,
        currency: data.currency,
        name: 'Doorstep',
        description: 'Wallet top-up',
        prefill: data.prefill,
        notes: { orderId: data.orderId },
        handler: function () { window.location.assign(data.returnUrl); },
        modal: { ondismiss: function () { status.textContent = 'The payment window was closed. You can open it again.'; } }
      });
    }
    checkout.open();
  }
  document.getElementById('pay').addEventListener('click', open);
  open();
})();
`;

const STYLE =
  'button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #0b6b3a;background:#0b6b3a;' +
  'color:#fff;cursor:pointer;text-decoration:none;display:inline-block}a{color:#1a5fd0}p{line-height:1.5}';
const page = (title: string, body: string, head = '') => basePage(title, body, { style: STYLE, head });

function checkoutPage(
  providerName: string,
  amount: number,
  returnUrl: string | null,
  data: unknown,
  sdk: string,
  script: string,
): string {
  const back = returnUrl ? `<p><a href="${html(returnUrl)}">Back to Doorstep</a></p>` : '';
  return page(
    `Pay with ${providerName}`,
    `<h1>Pay ${html(rupeesText(amount))} to Doorstep</h1>
<p id="checkout-status" role="status" aria-live="polite">Opening ${providerName}'s secure checkout…</p>
<p><button type="button" id="pay">Pay with ${providerName}</button></p>
${back}
<script type="application/json" id="checkout-data">${dataJson(data)}</script>
<script src="${sdk}"></script>
<script src="${script}"></script>`,
  );
}

function send(reply: FastifyReply, code: number, body: string, policy?: string) {
  reply.code(code).header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
  if (policy) {
    reply.header('Content-Security-Policy', policy);
    // Providers open bank and UPI pages in pop-ups that talk back to this page.
    reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  }
  return reply.send(body);
}

const notFound = (reply: FastifyReply) =>
  send(reply, 404, page('Payment not found', '<h1>Payment not found</h1><p>There is no payment to open here.</p>'));

const ended = (reply: FastifyReply, returnUrl: string | null) =>
  send(
    reply,
    200,
    page(
      'Payment closed',
      `<h1>This payment is closed</h1><p role="status">It can no longer be paid here.</p>${
        returnUrl ? `<p><a class="button" href="${html(returnUrl)}">Back to Doorstep</a></p>` : ''
      }`,
    ),
  );

/** A provider that does not know the order is a 404; one we cannot reach, a 502 page. */
function failed(app: FastifyInstance, reply: FastifyReply, err: unknown) {
  if (err instanceof ProviderError && (err.status === 404 || err.status === 400)) return notFound(reply);
  if (!(err instanceof ProviderError)) throw err;
  app.log.warn({ provider: err.provider, err: err.message }, 'checkout page could not read the order');
  return send(
    reply,
    502,
    page('Payment unavailable', '<h1>Payment unavailable</h1><p>The payment provider did not answer. Try again.</p>'),
  );
}

export interface CheckoutPagesOptions {
  /** The app's providers (app.payments); by default built from app.config.payments. */
  providers?: PaymentProviders;
}

export default async function checkoutPages(app: FastifyInstance, opts: CheckoutPagesOptions) {
  const providers =
    opts.providers ??
    paymentProviders(app.config.payments, {
      db: app.db,
      dataDir: app.config.dataDir,
      baseUrl: app.config.publicUrl,
    });

  const asset = (script: string) => (_req: unknown, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(script);
  app.get('/pay/assets/cf-checkout.js', asset(CF_SCRIPT));
  app.get('/pay/assets/rp-checkout.js', asset(RP_SCRIPT));

  app.get<{ Params: { orderId: string } }>('/pay/CF/:orderId', async (req, reply) => {
    const { orderId } = req.params;
    if (!providers.cashfree || !ORDER_ID.test(orderId)) return notFound(reply);
    let order: CashfreeCheckout;
    try {
      order = await providers.cashfree.checkoutSession(orderId);
    } catch (err) {
      return failed(app, reply, err);
    }
    if (order.status !== 'ACTIVE') return ended(reply, order.returnUrl);
    const data = { orderId, paymentSessionId: order.paymentSessionId, mode: order.mode };
    const body = checkoutPage(
      'Cashfree',
      order.amount,
      order.returnUrl,
      data,
      CASHFREE_SDK,
      '/pay/assets/cf-checkout.js',
    );
    return send(reply, 200, body, CASHFREE_CSP);
  });

  app.get<{ Params: { orderId: string }; Querystring: { ref?: string } }>('/pay/RP/:orderId', async (req, reply) => {
    const { orderId } = req.params;
    const ref = req.query.ref;
    if (!providers.razorpay || !ORDER_ID.test(orderId) || typeof ref !== 'string' || !RP_REF.test(ref)) {
      return notFound(reply);
    }
    let order: RazorpayCheckout;
    try {
      order = await providers.razorpay.checkoutOrder(orderId, ref);
    } catch (err) {
      return failed(app, reply, err);
    }
    if (order.status === 'paid' || !order.returnUrl) return ended(reply, order.returnUrl);
    const data = {
      orderId,
      keyId: order.keyId,
      ref: order.ref,
      amount: order.amount,
      currency: order.currency,
      returnUrl: order.returnUrl,
      prefill: { name: order.name ?? '', contact: order.contact ?? '', email: order.email ?? '' },
    };
    const body = checkoutPage(
      'Razorpay',
      order.amount,
      order.returnUrl,
      data,
      RAZORPAY_SDK,
      '/pay/assets/rp-checkout.js',
    );
    return send(reply, 200, body, RAZORPAY_CSP);
  });
}
