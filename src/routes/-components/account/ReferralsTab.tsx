import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { myReferralsQuery, referralLink } from '../../../api/referrals';
import {
  Alert,
  Card,
  EmptyState,
  formatDate,
  formatRupees,
  LoadingPlaceholder,
  Pager,
  StatCard,
  StatGrid,
} from '../../../ui';
import { QrCode } from '../referrals/QrCode';
import { StatusBadge } from '../referrals/referralColumns';
import * as s from '../referrals/referrals.css';
import { ShareLink } from '../referrals/ShareLink';

const PAGE_SIZE = 10;

/**
 * /MyAccounts?tab=referrals: the customer's referral code and share link (with its QR code), the reward a friend's
 * first completed visit earns now, what they have earned, and the people who joined with their code.
 */
export function ReferralsTab() {
  const [page, setPage] = useState(1);
  const mine = useQuery(myReferralsQuery({ page, pageSize: PAGE_SIZE }));
  if (mine.isPending) return <LoadingPlaceholder />;
  if (mine.error) return <Alert tone="danger">{mine.error.message}</Alert>;
  const d = mine.data;
  const link = referralLink(window.location.origin, d.referralCode);
  const pages = Math.max(1, Math.ceil(d.total / PAGE_SIZE));
  return (
    <div className={s.tab}>
      <Card title="Refer a friend">
        <div className={s.share}>
          <div className={s.stack}>
            <p className={s.muted}>Your referral code</p>
            <p className={s.code} dir="ltr">
              {d.referralCode}
            </p>
            <p style={{ margin: 0 }}>
              {d.reward > 0
                ? `A friend who signs up with your code or link earns you ${formatRupees(d.reward)} in your wallet when their first visit is completed.`
                : 'Referral rewards are paused right now: friends can still join with your code.'}
            </p>
            <ShareLink
              url={link}
              title="Your referral link"
              text={`Join Doorstep with my referral code ${d.referralCode}.`}
            />
          </div>
          <QrCode text={link} label={`QR code of your referral link (code ${d.referralCode})`} />
        </div>
      </Card>
      <StatGrid label="Your referral rewards">
        <StatCard label="Earned" value={formatRupees(d.earned)} hint="Added to your wallet" />
        <StatCard label="On the way" value={formatRupees(d.pending)} hint="Paid at each friend's first visit" />
        <StatCard label="Friends joined" value={d.total} />
      </StatGrid>
      <Card title="Friends who joined with your code">
        {d.total === 0 ? (
          <EmptyState title="No one yet" description="Share your link: friends who join with it show here." />
        ) : (
          <div className={s.stack}>
            <ul className={s.list} aria-label="Friends who joined with your code">
              {d.items.map((r) => (
                <li key={r.id} className={s.item}>
                  <div className={s.itemMain}>
                    <strong>
                      <bdi>{r.name}</bdi> <span className={s.muted}>· {r.mobileNo}</span>
                    </strong>
                    <span className={s.muted}>
                      Joined {formatDate(r.signedUpAt)}
                      {r.settledAt && r.status === 'paid' ? ` · paid ${formatDate(r.settledAt)}` : ''}
                    </span>
                    {r.refusedReason ? <span className={s.muted}>{r.refusedReason}</span> : null}
                  </div>
                  <div className={s.linkRow}>
                    <span className={s.amount}>{formatRupees(r.status === 'paid' ? r.amountPaid : r.amount)}</span>
                    <StatusBadge status={r.status} />
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pages} label="Referral pages" onPage={setPage} />
          </div>
        )}
      </Card>
    </div>
  );
}
