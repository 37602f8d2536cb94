// A coupon's page for staff (marketing's /Coupons/CouponDetail, the admin's /Advertisement/MarketingCouponDetail): its
// terms, the coupon machine drawn with its state and the events the caller may send as buttons (an admin approves
// or rejects with a remark, switches it off and on; marketing edits, submits and deletes), and its transition log.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, type LinkProps, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import {
  type CouponDetail,
  couponDetailsQuery,
  decideCoupon,
  deleteHomeScreenAd,
  submitCoupon,
  toggleHomeScreenAd,
} from '../../../api/homeScreenAds';
import { invalidateAfter } from '../../../api/invalidate';
import { couponMachine } from '../../../machines/coupon/coupon.machine';
import {
  Alert,
  Badge,
  buttonClassName,
  Card,
  ConfirmDialog,
  formatDateTime,
  LoadingPlaceholder,
  MachineDiagram,
  PageHeader,
  toast,
} from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { Form, FormErrorSummary, TextArea } from '../../../ui/form';
import { transitionColumns } from '../../../ui/machine/transitionColumns';
import { Fact } from '../Fact';
import { useOperationForm } from '../form';
import { MissingRecord } from '../MissingRecord';
import * as s from './coupons.css';
import { DIAGRAM_LABELS, STATE_LABEL, STATE_TONE } from './states';
import { appliesText, dayText, offerText } from './terms';

type Transition = CouponDetail['history'][number];

const TRANSITION_COLUMNS: Column<Transition>[] = [
  ...transitionColumns<Transition>(DIAGRAM_LABELS),
  { key: 'actorName', header: 'By', render: (t) => <bdi>{t.actorName ?? 'The system'}</bdi> },
  { key: 'remark', header: 'Remark', render: (t) => (t.remark ? <bdi>{t.remark}</bdi> : '—') },
];

export interface CouponDetailPageProps {
  id: number;
  /** Marketing's page or the admin's: which buttons and links it shows. */
  area: 'marketing' | 'admin';
  list: { to: LinkProps['to']; label: string };
}

export function CouponDetailPage({ id, area, list }: CouponDetailPageProps) {
  const coupon = useQuery(couponDetailsQuery(id));
  const back = (
    <Link to={list.to} className={buttonClassName({ variant: 'secondary' })}>
      {list.label}
    </Link>
  );
  if (coupon.isPending && id > 0) return <LoadingPlaceholder />;
  const c = coupon.data;
  const t = c?.coupon;
  if (!c || !t) {
    return <MissingRecord className={s.page} title="Coupon" listName="coupons" back={back} error={coupon.error} />;
  }
  return (
    <div className={s.page}>
      <PageHeader
        title={`Coupon ${t.couponCode}`}
        description={
          <span className={s.actions}>
            <Badge tone={STATE_TONE[t.state]}>{STATE_LABEL[t.state]}</Badge>
            {t.live ? <Badge tone="info">Live now</Badge> : null}
          </span>
        }
        actions={back}
      />
      {t.state === 'rejected' && t.rejectRemark ? (
        <Alert tone="danger" title="Rejected">
          <bdi>{t.rejectRemark}</bdi>
        </Alert>
      ) : null}
      <Card title="Terms">
        <dl className={s.facts}>
          <Fact term="Offer">
            {offerText(t)}
            {c.discountDesc ? (
              <>
                {' '}
                (<bdi>{c.discountDesc}</bdi>)
              </>
            ) : null}
          </Fact>
          <Fact term="Description">
            <bdi>{c.description}</bdi>
          </Fact>
          <Fact term="Minimum order">{t.minOrderValue > 0 ? `₹${t.minOrderValue} before GST` : 'Any order'}</Fact>
          <Fact term="Valid">
            {dayText(t.validFrom)} to {dayText(t.validTo)} (India time)
          </Fact>
          <Fact term="Applies to">{appliesText(t)}</Fact>
          <Fact term="Uses">
            {t.used} of {t.totalLimit} used; {t.perCustomerLimit} per customer
          </Fact>
          <Fact term="Made by">
            <bdi>{c.addedByName ?? '—'}</bdi> on {formatDateTime(c.createDate)}
          </Fact>
          <Fact term="Decided by">
            {t.decidedByName ? (
              <>
                <bdi>{t.decidedByName}</bdi> on {t.decidedAt ? formatDateTime(t.decidedAt) : '—'}
              </>
            ) : (
              'Not yet'
            )}
          </Fact>
        </dl>
        {c.imageUrl ? <img src={c.imageUrl} alt={c.discountDesc || c.description} width={240} height={120} /> : null}
      </Card>
      <Card title="States">
        <CouponEvents coupon={c} area={area} listTo={list.to} />
      </Card>
      <Card title="Transitions">
        <DataTable
          caption="Transitions"
          columns={TRANSITION_COLUMNS}
          {...staticTableProps(c.history)}
          rowKey={(h) => `${h.at} ${h.event} ${h.toState}`}
          emptyMessage="No transitions recorded."
        />
      </Card>
    </div>
  );
}

/** The events each area sends from this page (EXPIRE is the system's; an admin edits nothing here). */
const AREA_EVENTS: Record<CouponDetailPageProps['area'], readonly string[]> = {
  marketing: ['EDIT', 'SUBMIT', 'DELETE'],
  admin: ['APPROVE', 'REJECT', 'DISABLE', 'ENABLE', 'DELETE'],
};

function CouponEvents({
  coupon,
  area,
  listTo,
}: {
  coupon: CouponDetail;
  area: CouponDetailPageProps['area'];
  listTo: LinkProps['to'];
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const decision = useRef<'Approve' | 'Reject'>('Approve');
  const state = coupon.coupon!.state;
  const code = coupon.coupon!.couponCode;
  const allowed = coupon.allowedEvents.filter((e) => AREA_EVENTS[area].includes(e));
  const decide = useOperationForm({
    operation: 'couponsAppRejAdmin',
    initial: { remark: '' },
    labels: { remark: 'Remark' },
    toBody: (v) => (v.remark.trim() ? { remark: v.remark.trim() } : {}),
    send: (body) => decideCoupon(coupon.id, decision.current, body.remark),
    onSaved: () => decide.set('remark', ''),
  });

  async function run(work: () => Promise<{ message?: string }>, operation: 'submitCoupon' | 'toggleActive') {
    setBusy(true);
    try {
      const reply = await work();
      await invalidateAfter(queryClient, operation);
      toast.success(reply.message || 'Done.');
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function onEvent(type: string) {
    if (type === 'EDIT') void navigate({ to: '/Coupons/UpdateCoupons', search: { id: coupon.id } });
    else if (type === 'SUBMIT') void run(() => submitCoupon(coupon.id), 'submitCoupon');
    else if (type === 'DISABLE' || type === 'ENABLE') void run(() => toggleHomeScreenAd(coupon.id), 'toggleActive');
    else if (type === 'DELETE') setDeleting(true);
    else if (type === 'APPROVE' || type === 'REJECT') {
      decision.current = type === 'APPROVE' ? 'Approve' : 'Reject';
      void decide.submit();
    }
  }

  const deciding = allowed.includes('APPROVE') || allowed.includes('REJECT');
  return (
    <Form onSubmit={() => {}} aria-label="Coupon actions">
      <FormErrorSummary errors={decide.errors} />
      <MachineDiagram
        machine={couponMachine}
        current={state}
        allowedEvents={allowed}
        labels={DIAGRAM_LABELS}
        title="Coupon"
        busy={busy || decide.busy}
        onEvent={onEvent}
      />
      {deciding ? (
        <TextArea
          {...decide.text('remark')}
          rows={2}
          dir="auto"
          hint="Required to reject: say what marketing should change. Kept with the decision."
          fullWidth
        />
      ) : null}
      {area === 'admin' && state === 'pending' && coupon.byMaker ? (
        <p className={s.muted}>You made or last changed this coupon: another admin must approve or reject it.</p>
      ) : null}
      {area === 'marketing' && state === 'pending' ? (
        <p className={s.muted}>Waiting for an admin to approve or reject it.</p>
      ) : null}
      {allowed.length === 0 && !(area === 'admin' && coupon.byMaker) && state !== 'pending' ? (
        <p className={s.muted}>Nothing can be done to this coupon from here.</p>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete coupon ${code}?`}
        message="It disappears from every list and can no longer be used. Orders that used it keep it."
        confirmLabel="Delete coupon"
        tone="danger"
        onConfirm={async () => {
          const reply = await deleteHomeScreenAd(coupon.id);
          await invalidateAfter(queryClient, 'homeScreenAdvsDelete');
          toast.success(reply.message || 'Deleted.');
          void navigate({ to: listTo });
        }}
      />
    </Form>
  );
}
