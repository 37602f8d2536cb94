import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { myReferralsQuery, referralLink } from '../../../api/referrals';
import { Card, EmptyState, formatDate, formatRupees, Pager, StatCard, StatGrid } from '../../../ui';
import { LoadFailure, NotLoaded } from '../Loaded';
import { QrCode } from '../referrals/QrCode';
import { StatusBadge } from '../referrals/referralColumns';
import * as s from '../referrals/referrals.css';
import { ShareLink } from '../referrals/ShareLink';
import { ACCOUNT } from './words';

const W = ACCOUNT.referrals;
const PAGE_SIZE = 10;

/**
 * /MyAccounts?tab=referrals: the customer's referral code and share link (with its QR code), the reward a friend's
 * first completed visit earns now, what they have earned, and the people who joined with their code.
 */
export function ReferralsTab() {
  const [page, setPage] = useState(1);
  const mine = useQuery(myReferralsQuery({ page, pageSize: PAGE_SIZE }));
  if (!mine.data) return <NotLoaded query={mine} />;
  const d = mine.data;
  const link = referralLink(window.location.origin, d.referralCode);
  const pages = Math.max(1, Math.ceil(d.total / PAGE_SIZE));
  return (
    <div className={s.tab}>
      <LoadFailure query={mine} />
      <Card title={W.title}>
        <div className={s.share}>
          <div className={s.stack}>
            <p className={s.muted}>{W.code}</p>
            <p className={s.code} dir="ltr">
              {d.referralCode}
            </p>
            <p style={{ margin: 0 }}>{d.reward > 0 ? W.reward(formatRupees(d.reward)) : W.paused}</p>
            <ShareLink url={link} title={W.link} text={W.shareText(d.referralCode)} />
          </div>
          <QrCode text={link} label={W.qr(d.referralCode)} />
        </div>
      </Card>
      <StatGrid label={W.rewards}>
        <StatCard label={W.earned} value={formatRupees(d.earned)} hint={W.earnedHint} />
        <StatCard label={W.pending} value={formatRupees(d.pending)} hint={W.pendingHint} />
        <StatCard label={W.joined} value={d.total} />
      </StatGrid>
      <Card title={W.friends}>
        {d.total === 0 ? (
          <EmptyState title={W.noneTitle} description={W.noneText} />
        ) : (
          <div className={s.stack}>
            <ul className={s.list} aria-label={W.friends}>
              {d.items.map((r) => (
                <li key={r.id} className={s.item}>
                  <div className={s.itemMain}>
                    <strong>
                      <bdi>{r.name}</bdi> <span className={s.muted}>· {r.mobileNo}</span>
                    </strong>
                    <span className={s.muted}>
                      {W.joinedOn(
                        formatDate(r.signedUpAt),
                        r.settledAt && r.status === 'paid' ? formatDate(r.settledAt) : null,
                      )}
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
            <Pager page={page} pages={pages} label={W.pages} onPage={setPage} />
          </div>
        )}
      </Card>
    </div>
  );
}
