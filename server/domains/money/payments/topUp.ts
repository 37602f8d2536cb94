import type { PaymentsConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { badRequest, type CurrentUser, forbidden } from '../../../http';
import { type Paise, rupeesText, toRupees } from '../../../money';
import * as wallets from '../wallets/service';
import { createIntent, type Providers, requestProviderOrder } from './intents';
import type * as repo from './repo';

/** Where the provider sends the payer back; each page verifies the UID it returns with. */
const RETURN_PATHS = {
  VendorDashboard: '/Dashboard/VendorDashboard',
  WalletBalanceOfVendor: '/Wallet/WalletBalanceOfVendor',
  MyAccounts: '/MyAccounts',
} as const;

function walletOwnerOf(user: { role: string }): wallets.WalletOwnerKind {
  return user.role === 'VE' ? 'vendor' : 'customer';
}

export interface TopUpRequest {
  amount: Paise;
  mode?: repo.PaymentProviderCode;
  customerId?: number;
  customerRole?: 'Vendor' | 'Cust';
  returnTo?: keyof typeof RETURN_PATHS;
}

/**
 * Starts a wallet top-up: checks the amount against the limits, records the intent, asks the provider for an order
 * and answers where the browser goes next (Excel/Gate1CF).
 */
export async function startTopUp(
  db: Db,
  providers: Providers,
  limits: PaymentsConfig,
  user: CurrentUser,
  r: TopUpRequest,
  origin: string,
) {
  const payerRole = user.role === 'VE' ? 'Vendor' : 'Cust';
  if (r.customerRole && r.customerRole !== payerRole) throw forbidden(`customer_role must be ${payerRole}: your own.`);
  if (r.customerId !== undefined && r.customerId !== user.id) {
    throw forbidden('customer_id must be your own: you can only top up your own wallet.');
  }
  if (r.amount < 100) throw badRequest('order_amount', 'must be at least ₹1.00');
  if (r.amount > limits.maxTopUpPaise) {
    throw badRequest('order_amount', `must be at most ${rupeesText(limits.maxTopUpPaise)} per top-up`);
  }
  const mode = r.mode ?? providers.defaultMode();
  if (!providers.isAvailable(mode)) throw badRequest('payment_mode', `${mode} is not set up on this server`);
  const kind = walletOwnerOf(user);
  // Each payer comes back to a page of their own area.
  const ownPages: (keyof typeof RETURN_PATHS)[] =
    kind === 'vendor' ? ['VendorDashboard', 'WalletBalanceOfVendor'] : ['MyAccounts'];
  if (r.returnTo && !ownPages.includes(r.returnTo)) throw badRequest('returnTo', `must be ${ownPages.join(' or ')}`);
  const intent = await db.transaction(async (tx) => {
    const wallet = await wallets.openWallet(tx, kind, user);
    await wallets.roomFor(tx, wallet, r.amount, limits.maxWalletBalancePaise, 'order_amount');
    return createIntent(tx, {
      provider: mode,
      purpose: 'Wallet',
      payer: { id: user.id, role: payerRole },
      accountId: wallet,
      amount: r.amount,
      actorId: user.id,
    });
  });
  const orderId = intent.orderId;
  const path = RETURN_PATHS[r.returnTo ?? (kind === 'vendor' ? 'VendorDashboard' : 'MyAccounts')];
  const created = await requestProviderOrder(
    db,
    providers,
    intent,
    user,
    `${origin}${path}?UID=${orderId}`,
    origin,
    user.id,
  );
  return {
    response_code: '10' as const,
    order_id: orderId,
    payment_session_id: created.paymentSessionId,
    checkoutUrl: created.checkoutUrl,
    provider: mode,
    amount: toRupees(r.amount),
  };
}
