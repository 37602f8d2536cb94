import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_AMOUNT,
  parseTopUpAmount,
  walletTopUpMachine,
} from '../../src/machines/walletTopUp/walletTopUp.machine';
import {
  TOP_UP_FIXTURES,
  type WalletTopUpPath,
  walletTopUpModels,
  walletTopUpPaths,
} from '../../src/machines/walletTopUp/walletTopUp.model';
import { chromiumPath, closeWithEscape, launch, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { holdCalls, recordToasts } from '../support/held-calls';
import { coverageOf, coveringPaths } from '../support/machine-paths';
import { startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
const DASHBOARD = '/Dashboard/VendorDashboard';
const CREATE_ORDER = '/api/Excel/Gate1CF';
const VERIFY = '/api/Customer/CheckWalletTransactionStatus';

/**
 * The product situation a path's steps stand for. The model names a call's outcome (`xstate.done.actor.*` /
 * `xstate.error.actor.*`); the page reaches it only through what the payer does and what the server answers.
 */
interface Situation {
  name: string;
  /** What the model's valid amount (500.50) is typed as: over the server's ₹50,000 limit when the order must fail. */
  amount: string;
  /** A return: how the browser comes back with `?UID=`, and the verification's status. */
  back?: { with: 'Pay' | 'Fail' | 'Cancel' | 'unknown UID' | "another vendor's UID"; status: number };
}

function situationsOf(path: WalletTopUpPath): Situation[] {
  const has = (type: string) => path.steps.some((s) => s.event.type === type);
  const amount = TOP_UP_FIXTURES.goodAmount;
  if (path.input.uid) {
    if (has('xstate.done.actor.verifyPayment'))
      return [{ name: 'Pay at the sandbox', amount, back: { with: 'Pay', status: 200 } }];
    return [
      { name: 'Fail at the sandbox', amount, back: { with: 'Fail', status: 402 } },
      { name: 'Cancel at the sandbox', amount, back: { with: 'Cancel', status: 402 } },
      { name: 'an unknown UID', amount, back: { with: 'unknown UID', status: 404 } },
      { name: "another vendor's paid order", amount, back: { with: "another vendor's UID", status: 404 } },
    ];
  }
  if (has('xstate.error.actor.createOrder')) return [{ name: 'an amount over the ₹50,000 limit', amount: '60000' }];
  return [{ name: '', amount }];
}

// The wallet top-up machine's generated paths, walked through the vendor's real top bar, the sandbox checkout and
// the return to the dashboard, in Chromium, against the real server. The tab is signed in and loaded once; a path
// that opens the top-up starts on the dashboard as the previous one left it, once that is reset and checked clean (a
// load would only repeat the sign-in's). A return from the provider is a load, as the provider's redirect is.
describe.skipIf(!chromiumPath)('wallet top-up machine through the real pages', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let creates: Awaited<ReturnType<typeof holdCalls>>;
  let verifies: Awaited<ReturnType<typeof holdCalls>>;
  let toasts: Awaited<ReturnType<typeof recordToasts>>;
  let otherVendor: string;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
    // One tab signed in once: the session is the browser's cookie (decision 043).
    page = await browser.context.newPage();
    toasts = await recordToasts(page);
    creates = await holdCalls(page, 'POST', CREATE_ORDER);
    verifies = await holdCalls(page, 'PUT', VERIFY);
    await signIn(page, t.url, 'VE');
    await waitForPath(page, DASHBOARD);
    otherVendor = await (await factories(t).vendor()).token();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  // The fewest shortest paths that still take every transition: each path is a real walk in the browser.
  const paths = coveringPaths(walletTopUpMachine, walletTopUpPaths());
  /**
   * The order they are walked in spares loads (each still starts from a state it resets and checks): first the paths
   * that stay on the dashboard, then the one that leaves for the provider's checkout, then the returns, each a load.
   */
  const rank = (path: WalletTopUpPath) => (path.input.uid ? 2 : path.state.value === 'redirecting' ? 1 : 0);
  const walked = [...paths].sort((a, b) => rank(a) - rank(b));
  it('the paths walked cover every state and transition', () => {
    const { states, transitions } = coverageOf(walletTopUpMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
  });

  const pathOf = () => new URL(page.url()).pathname;
  const hasUid = () => new URL(page.url()).searchParams.has('UID');
  const balance = async () =>
    (await t.api('GET', '/api/Wallet/MyBalance', { token: await t.tokenFor('VE') })).body.data.balance as number;
  const amountDialog = () => page.getByRole('dialog', { name: 'Add Money To Wallet' });
  const confirmDialog = () => page.getByRole('dialog', { name: 'Confirm payment' });
  const amountBox = () => amountDialog().getByRole('textbox', { name: /^Amount/ });
  /** The toasts of this path: those the tab showed since the path started (its log starts again at each load). */
  let toastsFrom = 0;
  const markToasts = async () => {
    toastsFrom = (await toasts()).length;
  };
  const shown = async (tone: string) =>
    (await toasts())
      .slice(toastsFrom)
      .filter((x) => x.tone === tone)
      .map((x) => x.text);
  /** A return's outcome shown above the dashboard (TopUpReturnStatus). */
  const returnStatus = () => page.getByText(/^(Confirming your payment…|Payment received|Payment not confirmed)$/);

  async function freshDashboard() {
    await page.goto(`${t.url}${DASHBOARD}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Vendor dashboard' }).isVisible()).toBe(true);
  }

  /**
   * Where a path that opens the top-up starts: the dashboard as a fresh load shows it. The tab stays loaded between
   * paths; the dialog a path may leave open (a step, or a failure after its held call was dropped) is closed, which
   * drops its machine as the top bar does. A tab left elsewhere (the provider's checkout) or showing a return's
   * outcome is loaded again.
   */
  async function cleanDashboard() {
    if (pathOf() !== DASHBOARD || hasUid() || (await returnStatus().count()) > 0) await freshDashboard();
    // Its own Close button: Escape would first dismiss a toast still shown (a bad amount's).
    else if ((await page.getByRole('dialog').count()) > 0)
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Vendor dashboard' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(pathOf()).toBe(DASHBOARD);
    expect(hasUid()).toBe(false);
    expect(await returnStatus().count()).toBe(0);
    expect(creates.calls.filter((c) => !c.reply)).toEqual([]);
    expect(verifies.calls.filter((c) => !c.reply)).toEqual([]);
  }

  /** This vendor's top-up of `amount` through the API (as the top bar asks for it): our order at the sandbox. */
  async function sandboxOrder(amount: number): Promise<string> {
    const made = await t.api('POST', CREATE_ORDER, {
      token: await t.tokenFor('VE'),
      body: { TType: 'Wallet', order_amount: amount, payment_mode: 'sandbox', returnTo: 'VendorDashboard' },
    });
    expect(made.status).toBe(201);
    const orderId = made.body.data.order_id as string;
    expect(new URL(made.body.data.checkoutUrl, t.url).pathname).toBe(`/sandbox/checkout/${orderId}`);
    return orderId;
  }

  /** The sandbox's answer to its Pay, Fail or Cancel button (the form post it makes): where it sends the browser. */
  async function decideAtSandbox(orderId: string, button: 'Pay' | 'Fail' | 'Cancel'): Promise<string> {
    const decided = await fetch(`${t.url}/sandbox/checkout/${orderId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${button.toLowerCase()}`,
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    const back = new URL(decided.headers.get('location')!, t.url);
    expect(back.pathname).toBe(DASHBOARD);
    expect(back.searchParams.get('UID')).toBe(orderId);
    return back.href;
  }

  /** Another vendor's top-up, paid at the sandbox: an order this vendor must not be able to claim. */
  async function foreignPaidOrder(): Promise<string> {
    const made = await t.api('POST', CREATE_ORDER, {
      token: otherVendor,
      body: { TType: 'Wallet', order_amount: 100, payment_mode: 'sandbox', returnTo: 'VendorDashboard' },
    });
    expect(made.status).toBe(201);
    const orderId = made.body.data.order_id as string;
    const paid = await t.api('POST', `/sandbox/checkout/${orderId}`, {
      rawBody: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBeLessThan(400);
    return orderId;
  }

  for (const path of walked) {
    for (const situation of situationsOf(path)) {
      it(`${path.description}${situation.name ? ` — ${situation.name}` : ''}`, async () => {
        const checked: unknown[] = [];
        // What the page has been given so far in this path.
        const walk = {
          at: '' as string,
          typed: '',
          amount: null as number | null,
          badAmounts: 0,
          before: await balance(),
          uid: null as string | null,
          created: null as { status: number; body: any } | null,
          verified: null as { status: number; body: any } | null,
        };
        const realAmount = (modelAmount: string) =>
          modelAmount === TOP_UP_FIXTURES.goodAmount ? situation.amount : modelAmount;

        try {
          // The input the actor starts with: none (the top bar's icon), or the UID the browser comes back with.
          if (!situation.back) {
            await cleanDashboard();
            await markToasts();
            await page.getByRole('button', { name: 'Add Money To Wallet' }).click();
          } else if (situation.back.with === 'unknown UID' || situation.back.with === "another vendor's UID") {
            walk.uid = situation.back.with === 'unknown UID' ? 'DSWNOSUCHORDER' : await foreignPaidOrder();
            await page.goto(`${t.url}${DASHBOARD}?UID=${walk.uid}`);
            await markToasts();
          } else {
            // The path starts from an order the API made and the sandbox decided (the top bar's way to the sandbox is
            // the redirecting path's); the browser comes back where the sandbox sends it, as after its button.
            walk.amount = parseTopUpAmount(situation.amount);
            walk.uid = await sandboxOrder(walk.amount!);
            walk.before = await balance();
            await page.goto(await decideAtSandbox(walk.uid, situation.back.with));
            await markToasts();
          }

          const check = (fn: (state: any) => Promise<void>) => async (state: { value: unknown }) => {
            await fn(state);
            walk.at = String(state.value);
            checked.push(state.value);
          };
          const events: Record<string, (step: { event: any }) => Promise<void>> = {
            SUBMIT_AMOUNT: async ({ event }) => {
              walk.typed = realAmount(event.amount);
              const amount = parseTopUpAmount(walk.typed);
              if (amount === null) walk.badAmounts++;
              else walk.amount = amount;
              await amountBox().fill(walk.typed);
              await amountDialog().getByRole('button', { name: 'Continue' }).click();
            },
            CONFIRM: async ({ event }) => {
              await confirmDialog().getByLabel('Pay with').selectOption(event.mode);
              await confirmDialog()
                .getByRole('button', { name: `Pay ${rupees(walk.amount!)}` })
                .click();
            },
            BACK: async () => {
              await confirmDialog().getByRole('button', { name: 'Back' }).click();
            },
            CANCEL: async () => {
              // The amount form has a Cancel button; the confirm step closes with the dialog's own Close.
              if (walk.at === 'enteringAmount' || walk.at === 'invalidAmount') {
                await amountDialog().getByRole('button', { name: 'Cancel' }).click();
              } else {
                await confirmDialog().getByRole('button', { name: 'Close' }).click();
              }
            },
            RETRY: async () => {
              await confirmDialog().getByRole('button', { name: 'Try again' }).click();
            },
            // A return page closes itself: UID leaves the address as soon as it is read, the outcome stays shown.
            DONE: async () => {},
            // The invoked calls settle when the real server answers the held request.
            'xstate.done.actor.createOrder': async () => {
              walk.created = await creates.release();
              expect(walk.created.status).toBe(201);
            },
            'xstate.error.actor.createOrder': async () => {
              walk.created = await creates.release();
              // Refused by the server: 400 naming order_amount (over the per-top-up limit).
              expect(walk.created.status).toBe(400);
              expect(walk.created.body.errors.map((e: { field: string }) => e.field)).toContain('order_amount');
            },
            'xstate.done.actor.verifyPayment': async () => {
              walk.verified = await verifies.release();
              expect(walk.verified.status).toBe(situation.back!.status);
            },
            'xstate.error.actor.verifyPayment': async () => {
              walk.verified = await verifies.release();
              expect(walk.verified.status).toBe(situation.back!.status);
            },
          };

          await walletTopUpModels.fresh.testPath(path, {
            states: {
              enteringAmount: check(async () => {
                await expect.poll(() => amountDialog().isVisible()).toBe(true);
                expect(await confirmDialog().count()).toBe(0);
                // Empty when opened; after Back, the amount typed before.
                await expect.poll(() => amountBox().inputValue()).toBe(walk.typed);
                expect(await amountDialog().getByText(INVALID_AMOUNT.trim()).count()).toBe(0);
              }),
              invalidAmount: check(async () => {
                await expect.poll(() => amountDialog().isVisible()).toBe(true);
                expect(await confirmDialog().count()).toBe(0);
                // An error toast in the exact words, once per bad amount; the same words under the field.
                await expect
                  .poll(() => shown('error'))
                  .toEqual(Array.from({ length: walk.badAmounts }, () => `Error: ${INVALID_AMOUNT}`));
                await expect.poll(() => amountDialog().getByText(INVALID_AMOUNT.trim()).isVisible()).toBe(true);
                expect(await amountBox().inputValue()).toBe(walk.typed);
              }),
              choosingMode: check(async () => {
                await expect.poll(() => confirmDialog().isVisible()).toBe(true);
                expect(await amountDialog().count()).toBe(0);
                await expect
                  .poll(() =>
                    confirmDialog()
                      .getByText(`Add ${rupees(walk.amount!)} to your wallet.`)
                      .isVisible(),
                  )
                  .toBe(true);
                // The sandbox is the only provider this server has keys for, so it is chosen.
                await expect.poll(() => confirmDialog().getByLabel('Pay with').inputValue()).toBe(TOP_UP_FIXTURES.mode);
                const pay = confirmDialog().getByRole('button', { name: `Pay ${rupees(walk.amount!)}` });
                await expect.poll(() => pay.isEnabled()).toBe(true);
              }),
              creatingOrder: check(async (state) => {
                // The order was asked for with the amount and provider chosen, and the dialog waits for it.
                const call = await creates.pending();
                expect(call.request.postDataJSON()).toMatchObject({
                  TType: 'Wallet',
                  order_amount: walk.amount,
                  payment_mode: state.context.mode,
                  returnTo: 'VendorDashboard',
                });
                const submit = confirmDialog().locator('button[type="submit"]');
                await expect.poll(() => submit.getAttribute('aria-busy')).toBe('true');
                expect(await submit.isDisabled()).toBe(true);
              }),
              redirecting: check(async () => {
                const orderId = walk.created!.body.data.order_id as string;
                expect(new URL(walk.created!.body.data.checkoutUrl, t.url).pathname).toBe(
                  `/sandbox/checkout/${orderId}`,
                );
                // The browser left for the sandbox's checkout, our order remembered in the tab.
                await expect.poll(pathOf).toBe(`/sandbox/checkout/${orderId}`);
                await expect.poll(() => page.getByRole('heading', { name: 'Sandbox payment' }).isVisible()).toBe(true);
                expect(await page.getByText(rupees(walk.amount!), { exact: true }).isVisible()).toBe(true);
                for (const outcome of ['Pay', 'Fail', 'Cancel']) {
                  expect(await page.getByRole('button', { name: outcome, exact: true }).isVisible()).toBe(true);
                }
                expect(await page.evaluate(() => sessionStorage.getItem('doorstep.topup.order'))).toBe(orderId);
              }),
              failed: check(async () => {
                await expect.poll(() => confirmDialog().isVisible()).toBe(true);
                // The server's refusal in the form's words (order_amount → Amount).
                const refusal = walk.created!.body.errors.find((e: { field: string }) => e.field === 'order_amount');
                const alert = confirmDialog().getByRole('alert');
                await expect.poll(() => alert.textContent()).toContain('The payment could not be started');
                expect(await alert.textContent()).toContain(`Amount ${refusal.message}`);
                expect(refusal.message).toBe('must be at most ₹50,000.00 per top-up');
                await expect
                  .poll(() => confirmDialog().getByRole('button', { name: 'Try again' }).isEnabled())
                  .toBe(true);
                expect(await confirmDialog().getByLabel('Pay with').isDisabled()).toBe(true);
              }),
              verifying: check(async () => {
                // Back from the provider: the page asks the server about exactly this UID, which left the address.
                const call = await verifies.pending();
                expect(new URL(call.request.url()).searchParams.get('orderID')).toBe(walk.uid);
                await expect.poll(pathOf).toBe(DASHBOARD);
                await expect.poll(hasUid).toBe(false);
                await expect.poll(() => page.getByText('Confirming your payment…').isVisible()).toBe(true);
              }),
              succeeded: check(async () => {
                const message = walk.verified!.body.message as string;
                expect(message).toMatch(/added to your wallet/);
                // A success toast with the server's message, once.
                await expect.poll(() => shown('success')).toEqual([message]);
                expect(await shown('error')).toEqual([]);
                const status = page.getByRole('status').filter({ hasText: 'Payment received' });
                await expect.poll(() => status.textContent()).toContain(message);
                expect(hasUid()).toBe(false);
                expect(await balance()).toBeCloseTo(walk.before + walk.amount!, 2);
              }),
              verificationFailed: check(async () => {
                const message = walk.verified!.body.detail as string;
                expect(message).toBeTruthy();
                await expect.poll(() => shown('error')).toEqual([`Error: ${message}`]);
                expect(await shown('success')).toEqual([]);
                const status = page.getByRole('alert').filter({ hasText: 'Payment not confirmed' });
                await expect.poll(() => status.textContent()).toContain(message);
                expect(hasUid()).toBe(false);
                expect(await balance()).toBe(walk.before);
              }),
              closed: check(async () => {
                await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
                expect(pathOf()).toBe(DASHBOARD);
                expect(hasUid()).toBe(false);
                expect(await balance()).toBe(walk.before + (walk.verified?.status === 200 ? walk.amount! : 0));
                if (!path.input.uid) {
                  // The machine was dropped: the icon starts a new top-up from an empty amount.
                  await page.getByRole('button', { name: 'Add Money To Wallet' }).click();
                  await expect.poll(() => amountBox().inputValue()).toBe('');
                  await closeWithEscape(page, page.getByRole('dialog'));
                }
              }),
            },
            events: events as never,
          });
          // Every state the path passes through, the last included, was checked on the page.
          expect(checked).toEqual(path.steps.map((step) => step.state.value));
        } finally {
          await creates.abortAll();
          await verifies.abortAll();
        }
      });
    }
  }
});
