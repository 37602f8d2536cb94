import { eq } from 'drizzle-orm';
import { wallets } from '../../domains/money';
import { paise } from '../../money';
import type { Db } from '../client';
import { users } from '../schema';

/** A little wallet history for the demo vendor, the demo customer and the account wallet, so the screens show rows. */
export async function seedDemoWallets(db: Db, accounts: { role: string; mobileNo: string }[]) {
  const idOf = async (role: string) => {
    const mobileNo = accounts.find((a) => a.role === role)!.mobileNo;
    const [u] = await db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(eq(users.mobileNo, mobileNo));
    return u;
  };
  const [admin, accountant, vendor, customer] = await Promise.all(['A', 'AC', 'VE', 'Cust'].map(idOf));
  await db.transaction(async (tx) => {
    const company = { id: wallets.systemAccountId('company_wallet') };
    const bank = { id: wallets.systemAccountId('bank') };
    const adjustments = { id: wallets.systemAccountId('adjustments') };
    const vendorWallet = await wallets.openWallet(tx, 'vendor', vendor);
    const customerWallet = await wallets.openWallet(tx, 'customer', customer);
    const moves: {
      to: number;
      from: number;
      rupees: number;
      kind: 'account_credit' | 'admin_credit' | 'admin_debit';
      actor: number;
      reference?: string;
      remark: string;
    }[] = [
      {
        to: company.id,
        from: bank.id,
        rupees: 250_000,
        kind: 'account_credit',
        actor: accountant.id,
        reference: 'NEFT/DEMO/0001',
        remark: 'Opening float',
      },
      {
        to: vendorWallet,
        from: adjustments.id,
        rupees: 5_000,
        kind: 'admin_credit',
        actor: admin.id,
        remark: 'Opening balance paid at the office',
      },
      {
        to: adjustments.id,
        from: vendorWallet,
        rupees: 750,
        kind: 'admin_debit',
        actor: admin.id,
        remark: 'Spare parts returned damaged',
      },
      {
        to: customerWallet,
        from: adjustments.id,
        rupees: 500,
        kind: 'admin_credit',
        actor: admin.id,
        remark: 'Welcome credit',
      },
    ];
    for (const m of moves) {
      const amount = paise(m.rupees * 100);
      await wallets.post(tx, {
        kind: m.kind,
        legs: [
          { accountId: m.to, amount },
          { accountId: m.from, amount: -amount },
        ],
        reference: m.reference ?? null,
        remark: m.remark,
        actorId: m.actor,
        amountField: 'Amount',
        amount,
      });
    }
  });
}
