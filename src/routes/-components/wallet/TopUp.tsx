// The wallet top-up on every screen that offers it (the vendor's top bar and wallet page, the customer's account):
// the walletTopUp machine with its calls provided, shown as two dialogs or inline; and the return from the provider.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../api/client';
import { invalidateAfter } from '../../../api/invalidate';
import {
  checkWalletTransactionStatus,
  createWalletPayment,
  paymentModesQuery,
  type WalletPaymentBody,
} from '../../../api/payments';
import {
  INVALID_AMOUNT,
  type TopUpMode,
  VERIFICATION_FAILED,
  walletTopUpMachine,
} from '../../../machines/walletTopUp/walletTopUp.machine';
import { WALLET } from './words';

const W = WALLET.topUp;

import { Alert, Button, Dialog, formatRupees, toast } from '../../../ui';
import { Form, FormActions, NumberField, SelectField } from '../../../ui/form';
import { providerName } from '../payments/providers';

export type ReturnPage = NonNullable<WalletPaymentBody['returnTo']>;

/** Every provider's name; a screen offers those the server has set up (getPaymentModes). */
const PAYMENT_MODES: { value: TopUpMode; label: string }[] = (['CF', 'RP', 'sandbox'] as const).map((value) => ({
  value,
  label: providerName(value),
}));

const PENDING_ORDER = 'doorstep.topup.order';
const SETTLED = 'doorstep.topup.settled';

const FIELD_WORDS = W.fields;

/** A refusal naming body fields ("order_amount: must be at most …") in the words of the form ("Amount must be …"). */
function inWords(e: unknown): unknown {
  if (!(e instanceof ApiError) || e.errors.length === 0) return e;
  return new Error(e.errors.map((x) => `${FIELD_WORDS[x.field] ?? x.field} ${x.message}`).join(' '));
}

/** The machine with its side effects: our order at the server, then the browser goes to the provider's checkout. */
function topUpLogic(returnTo: ReturnPage) {
  return walletTopUpMachine.provide({
    actors: {
      createOrder: fromPromise(async ({ input }) => {
        const reply = await createWalletPayment({
          TType: 'Wallet',
          order_amount: input.amount,
          payment_mode: input.mode,
          returnTo,
        }).catch((e) => {
          throw inWords(e);
        });
        return { orderId: reply.data.order_id, checkoutUrl: reply.data.checkoutUrl };
      }),
      verifyPayment: fromPromise(async ({ input }) => {
        const reply = await checkWalletTransactionStatus(input.orderId);
        return { message: reply.message };
      }),
    },
    actions: {
      rememberOrder: (_, { orderId }) => sessionStorage.setItem(PENDING_ORDER, orderId),
      redirect: (_, { url }) => window.location.assign(url),
    },
  });
}

interface TopUpStepsProps {
  returnTo: ReturnPage;
  /** The amount typed before a restart (choosing another provider after a refusal). */
  initialAmount?: string;
  onRestart(amount: string): void;
  onClose?(): void;
  /** How the two steps are shown: two dialogs (the top bar) or in the page. */
  frame(step: 'amount' | 'confirm' | null, content: ReactNode): ReactNode;
}

function TopUpSteps({ returnTo, initialAmount = '', onRestart, onClose, frame }: TopUpStepsProps) {
  const logic = useMemo(() => topUpLogic(returnTo), [returnTo]);
  const [snapshot, send, actor] = useMachine(logic, { input: {} });
  const [amountText, setAmountText] = useState(initialAmount);
  const modes = useQuery(paymentModesQuery());
  // The server's default (CF, else RP, else the sandbox) until the payer picks another.
  const [picked, setPicked] = useState<TopUpMode | null>(null);
  const mode = picked ?? modes.data?.defaultMode ?? null;
  const offered = PAYMENT_MODES.filter((m) => modes.data?.modes.includes(m.value));
  const [amountError, setAmountError] = useState<string>();

  useEffect(() => {
    if (snapshot.matches('closed')) onClose?.();
  }, [snapshot, onClose]);

  const busy = snapshot.hasTag('busy');
  const amount = snapshot.context.amount ?? 0;

  function submitAmount() {
    send({ type: 'SUBMIT_AMOUNT', amount: amountText });
    const next = actor.getSnapshot();
    // A bad amount is an error toast, with the same words under the field.
    if (next.matches('invalidAmount')) {
      toast.error(INVALID_AMOUNT);
      setAmountError(INVALID_AMOUNT.trim());
    } else setAmountError(undefined);
  }

  if (snapshot.hasTag('amountForm')) {
    return frame(
      'amount',
      <Form onSubmit={submitAmount} aria-label={W.amountForm}>
        <NumberField
          label={W.amount}
          name="amount"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          error={amountError}
          hint={W.amountHint}
          required
        />
        <FormActions>
          {onClose ? (
            <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
              {W.cancel}
            </Button>
          ) : null}
          <Button type="submit">{W.continue}</Button>
        </FormActions>
      </Form>,
    );
  }

  if (snapshot.matches('closed') || snapshot.matches('start')) return frame(null, null);

  const failed = snapshot.matches('failed');
  return frame(
    'confirm',
    <Form
      onSubmit={() => {
        if (failed) send({ type: 'RETRY' });
        else if (mode) send({ type: 'CONFIRM', mode });
      }}
      aria-label={W.confirm}
    >
      <p style={{ margin: 0 }}>
        {W.addBefore}
        <strong>{formatRupees(amount)}</strong>
        {W.addAfter}
      </p>
      <SelectField
        label={W.payWith}
        name="payment_mode"
        options={offered}
        value={(failed ? snapshot.context.mode : mode) ?? ''}
        onChange={(e) => setPicked(e.target.value as TopUpMode)}
        disabled={busy || failed || !modes.data}
        error={modes.error ? modes.error.message : undefined}
        required
      />
      {failed && snapshot.context.error ? (
        <Alert tone="danger" title={W.notStarted}>
          {snapshot.context.error}
        </Alert>
      ) : null}
      <FormActions>
        {failed ? (
          // The machine retries the same provider; another choice starts over with the amount kept.
          <Button variant="secondary" onClick={() => onRestart(amountText)}>
            {W.change}
          </Button>
        ) : (
          <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'BACK' })}>
            {W.back}
          </Button>
        )}
        <Button type="submit" loading={busy || modes.isPending} disabled={!mode}>
          {failed ? W.tryAgain : W.pay(formatRupees(amount))}
        </Button>
      </FormActions>
    </Form>,
  );
}

/** The top-up shown in the page: the amount, then the provider, each as a small form. */
export function TopUpInline({ returnTo }: { returnTo: ReturnPage }) {
  const [run, setRun] = useState({ n: 0, amount: '' });
  return (
    <TopUpSteps
      key={run.n}
      returnTo={returnTo}
      initialAmount={run.amount}
      onRestart={(amount) => setRun((r) => ({ n: r.n + 1, amount }))}
      frame={(_, content) => content}
    />
  );
}

/** The top bar's top-up: the amount in one dialog, the provider in a second. */
export function TopUpDialogs({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [run, setRun] = useState({ n: 0, amount: '' });
  // Closing drops the machine: the next opening starts again from the amount.
  const close = () => {
    onOpenChange(false);
    setRun((r) => ({ n: r.n + 1, amount: '' }));
  };
  if (!open) return null;
  return (
    <TopUpSteps
      key={run.n}
      returnTo="VendorDashboard"
      initialAmount={run.amount}
      onRestart={(amount) => setRun((r) => ({ n: r.n + 1, amount }))}
      onClose={close}
      frame={(step, content) => (
        <>
          <Dialog
            open={step === 'amount'}
            onOpenChange={(o) => !o && close()}
            title={W.amountTitle}
            description={W.amountText}
            size="sm"
          >
            {step === 'amount' ? content : null}
          </Dialog>
          <Dialog
            open={step === 'confirm'}
            onOpenChange={(o) => !o && close()}
            title={W.confirm}
            description={W.confirmText}
            size="sm"
          >
            {step === 'confirm' ? content : null}
          </Dialog>
        </>
      )}
    />
  );
}

// ---- The return from the provider: ?UID=<our order id> ----

interface Verified {
  ok: boolean;
  message: string;
}

const running = new Map<string, Promise<Verified>>();

/** One verification per order id in this tab, whatever re-renders or double effects happen. */
function verifyOnce(uid: string, returnTo: ReturnPage): Promise<Verified> {
  let pending = running.get(uid);
  if (!pending) {
    pending = new Promise<Verified>((resolve) => {
      const actor = createActor(topUpLogic(returnTo), { input: { uid } });
      actor.subscribe((s) => {
        if (s.matches('succeeded')) resolve({ ok: true, message: s.context.message ?? W.received });
        else if (s.matches('verificationFailed'))
          resolve({ ok: false, message: s.context.error ?? VERIFICATION_FAILED });
        else return;
        actor.stop();
      });
      actor.start();
    });
    running.set(uid, pending);
  }
  return pending;
}

const settledIds = (): string[] => {
  try {
    return JSON.parse(sessionStorage.getItem(SETTLED) ?? '[]');
  } catch {
    return [];
  }
};

/** Records that this order's outcome was shown, so Back to the return address does not show it again. */
function markSettled(uid: string): boolean {
  const ids = settledIds();
  if (ids.includes(uid)) return false;
  sessionStorage.setItem(SETTLED, JSON.stringify([...ids, uid].slice(-20)));
  if (sessionStorage.getItem(PENDING_ORDER) === uid) sessionStorage.removeItem(PENDING_ORDER);
  return true;
}

export type ReturnStatus = { state: 'verifying' } | ({ state: 'done' } & Verified) | null;

/**
 * The page the provider returns to calls this with the `UID` search param: UID leaves the address at once (replace,
 * so a reload or Back does not return here), the machine verifies the payment with the server, and the outcome is a
 * toast plus the status this returns. The server credits once whatever happens; this only keeps the page
 * from showing it twice.
 */
export function useTopUpReturn(uid: string | undefined, returnTo: ReturnPage) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReturnStatus>(null);
  const [attempt, setAttempt] = useState<{ uid: string; n: number } | null>(null);

  useEffect(() => {
    if (!uid) return;
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({ ...prev, UID: undefined })) as never,
      replace: true,
    });
    if (!settledIds().includes(uid)) setAttempt({ uid, n: 0 });
  }, [uid, navigate]);

  useEffect(() => {
    if (!attempt) return;
    let live = true;
    setStatus({ state: 'verifying' });
    verifyOnce(attempt.uid, returnTo).then(async (result) => {
      if (result.ok) await invalidateAfter(queryClient, 'checkWalletTransactionStatus');
      if (markSettled(attempt.uid) || attempt.n > 0) {
        if (result.ok) toast.success(result.message);
        else toast.error(result.message);
      }
      if (live) setStatus({ state: 'done', ...result });
    });
    return () => {
      live = false;
    };
  }, [attempt, returnTo, queryClient]);

  /** Asks the server again (a payment the provider had not finished). */
  const retry = () => {
    if (!attempt) return;
    running.delete(attempt.uid);
    setAttempt({ uid: attempt.uid, n: attempt.n + 1 });
  };
  return { status, retry };
}

/** What the return page shows while and after verifying. */
export function TopUpReturnStatus({ status, retry }: ReturnType<typeof useTopUpReturn>) {
  if (!status) return null;
  if (status.state === 'verifying') {
    return (
      <Alert tone="info" title={WALLET.returned.confirming}>
        {WALLET.returned.checking}
      </Alert>
    );
  }
  if (status.ok) {
    return (
      <Alert tone="success" title={WALLET.returned.received}>
        {status.message}
      </Alert>
    );
  }
  return (
    <Alert tone="danger" title={WALLET.returned.notConfirmed}>
      {status.message}{' '}
      <Button size="sm" variant="secondary" onClick={retry}>
        {WALLET.returned.checkAgain}
      </Button>
    </Alert>
  );
}
