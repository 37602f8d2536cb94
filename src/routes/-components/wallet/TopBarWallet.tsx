// The top bar's wallet items: 'My Balance' for vendors and accountants, and the vendor's
// 'Add Money To Wallet' icon. Loaded on demand by the area layout, only for those roles.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RoleCode } from '../../../api/session';
import { myBalanceQuery } from '../../../api/wallets';
import { Button, formatRupees, WalletIcon } from '../../../ui';
import { TopUpDialogs } from './TopUp';
import * as s from './wallet.css';

/** Fetched only once clicked; after that it follows every wallet change (the Wallets tag). */
function MyBalance() {
  const [asked, setAsked] = useState(false);
  const balance = useQuery({ ...myBalanceQuery(), enabled: asked });
  const amount = balance.data ? formatRupees(balance.data.balance) : null;
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={asked && balance.isFetching && !amount}
      onClick={() => (asked ? balance.refetch() : setAsked(true))}
      title={balance.error ? balance.error.message : 'Show my wallet balance'}
    >
      <span className={s.topBarBalance} aria-live="polite">
        {amount ? `My Balance: ${amount}` : balance.error ? 'My Balance: unavailable' : 'My Balance'}
      </span>
    </Button>
  );
}

function AddMoney() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        icon
        aria-label="Add Money To Wallet"
        title="Add Money To Wallet"
        onClick={() => setOpen(true)}
      >
        <WalletIcon />
      </Button>
      <TopUpDialogs open={open} onOpenChange={setOpen} />
    </>
  );
}

export default function TopBarWallet({ role }: { role: RoleCode }) {
  if (role !== 'VE' && role !== 'AC') return null;
  return (
    <>
      <MyBalance />
      {role === 'VE' ? <AddMoney /> : null}
    </>
  );
}
