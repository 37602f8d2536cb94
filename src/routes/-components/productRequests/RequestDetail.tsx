// One product request, the same for every role: its facts and lines, the request machine drawn with its state and
// the events the caller may send now as buttons (the approvers accept, or reject with a required remark; the vendor
// re-approves, cancels and pays), and its transition log. An unaffordable payment shows the amount missing and opens
// the wallet top-up of the top bar's 'Add Money To Wallet'.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import {
  cancelRequest,
  decideRequest,
  type ProductRequestDetail,
  payRequest,
  reapproveRequest,
  requestQuery,
} from '../../../api/productRequests';
import { productRequestMachine } from '../../../machines/productRequest/productRequest.machine';
import {
  Alert,
  Badge,
  Button,
  buttonClassName,
  Card,
  ConfirmDialog,
  Dialog,
  formatDateTime,
  formatRupees,
  LoadingPlaceholder,
  MachineDiagram,
  toast,
} from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { Form, FormActions, TextArea } from '../../../ui/form';
import { transitionColumns } from '../../../ui/machine/transitionColumns';
import { Fact } from '../Fact';
import { TopUpDialogs } from '../wallet/TopUp';
import { productForColumns } from './cartParts';
import * as s from './productRequests.css';
import { DIAGRAM_LABELS, STATE_LABEL, STATE_TONE } from './states';

type Line = ProductRequestDetail['lines'][number];
type Transition = ProductRequestDetail['history'][number];

const LINE_COLUMNS: Column<Line>[] = [
  ...productForColumns<Line>(),
  { key: 'quantity', header: 'Qty', align: 'end' },
  { key: 'unitPrice', header: 'Unit price', align: 'end', render: (l) => formatRupees(l.unitPrice) },
  { key: 'gst', header: 'GST', align: 'end', render: (l) => `${l.gst}%` },
  { key: 'lineTotal', header: 'Total', align: 'end', render: (l) => formatRupees(l.lineTotal) },
];

const HISTORY_COLUMNS: Column<Transition>[] = [
  ...transitionColumns<Transition>(DIAGRAM_LABELS),
  { key: 'actorName', header: 'By', render: (t) => <bdi>{t.actorName ?? 'The system'}</bdi> },
  { key: 'remark', header: 'Remark', render: (t) => (t.remark ? <bdi>{t.remark}</bdi> : '—') },
];

export interface RequestDetailProps {
  id: number;
  /** Who looks: the vendor, the inventory manager or the admin (the server says which events each may send). */
  viewer: 'VE' | 'IM' | 'A';
  /** Where the invoice of a paid request opens (the vendor's /TrackRequest/ProductInvoice). */
  invoiceLink?: boolean;
}

export function RequestDetail({ id, viewer, invoiceLink }: RequestDetailProps) {
  const request = useQuery(requestQuery(id));
  if (request.isPending) return <LoadingPlaceholder />;
  if (!request.data) {
    return <Alert tone="danger">{request.error?.message ?? `Request ${id} was not found.`}</Alert>;
  }
  const r = request.data;
  return (
    <section aria-labelledby={`request-${id}`} className={s.page}>
      <Card
        title={
          <span id={`request-${id}`} className={s.actions}>
            Request #{r.IOrderId} <Badge tone={STATE_TONE[r.state]}>{STATE_LABEL[r.state]}</Badge>
          </span>
        }
      >
        <dl className={s.facts}>
          <Fact term="Vendor">
            <bdi>{r.vendorName}</bdi>
          </Fact>
          <Fact term="Submitted">{formatDateTime(r.createdAt)}</Fact>
          <Fact term="Total">
            {formatRupees(r.total)} (taxable {formatRupees(r.taxable)} + GST {formatRupees(r.gstAmount)})
          </Fact>
          {r.rejectRemark ? (
            <Fact term="Last rejection">
              <bdi>{r.rejectRemark}</bdi>
            </Fact>
          ) : null}
          {r.invoiceNo ? (
            <Fact term="Invoice">
              {invoiceLink ? (
                <Link to="/TrackRequest/ProductInvoice" search={{ id: r.IOrderId }}>
                  {r.invoiceNo}
                </Link>
              ) : (
                r.invoiceNo
              )}{' '}
              paid {r.paidAt ? formatDateTime(r.paidAt) : ''}
            </Fact>
          ) : null}
        </dl>
        <DataTable
          caption={`Lines of request ${r.IOrderId}`}
          columns={LINE_COLUMNS}
          rowKey={(l) => l.id}
          {...staticTableProps(r.lines)}
        />
      </Card>
      <Card title="States">
        <RequestEvents request={r} viewer={viewer} />
      </Card>
      <Card title="History">
        <DataTable
          caption={`History of request ${r.IOrderId}`}
          columns={HISTORY_COLUMNS}
          rowKey={(h) => `${h.at} ${h.event} ${h.toState}`}
          emptyMessage="No transitions recorded."
          {...staticTableProps(r.history)}
        />
      </Card>
    </section>
  );
}

function RequestEvents({
  request: r,
  viewer,
}: {
  request: ProductRequestDetail;
  viewer: RequestDetailProps['viewer'];
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | undefined>();
  const [missing, setMissing] = useState<number | null>(null);
  const [topUp, setTopUp] = useState(false);
  // The server's keys (ACCEPT:IM) as the diagram's event types (ACCEPT): the role is the caller's own.
  const allowed = [...new Set(r.allowedEvents.map((k) => k.split(':')[0]))];

  async function run(work: () => Promise<{ message?: string }>, operation: WriteId) {
    setBusy(true);
    try {
      const reply = await work();
      await invalidateAfter(queryClient, operation);
      toast.success(reply.message || 'Done.');
      return true;
    } catch (e) {
      const missingAmount = e instanceof ApiError ? e.problem.missingAmount : undefined;
      if (typeof missingAmount === 'number') setMissing(missingAmount);
      else toast.error((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const approver = viewer === 'IM' || viewer === 'A' ? viewer : null;
  function onEvent(type: string) {
    if (type === 'ACCEPT' && approver)
      void run(() => decideRequest(r.IOrderId, approver, false), 'requestRejectAccept');
    else if (type === 'REJECT') setRejecting(true);
    else if (type === 'REAPPROVE') void run(() => reapproveRequest(r.IOrderId), 'requestReApprove');
    else if (type === 'CANCEL') setCancelling(true);
    else if (type === 'PAY') {
      setMissing(null);
      void run(() => payRequest(r.IOrderId, r.vendorId), 'vendorReqWalletPay');
    }
  }

  async function reject() {
    if (!approver) return;
    if (!remark.trim()) {
      setRemarkError('Say why: the vendor reads this remark.');
      return;
    }
    if (await run(() => decideRequest(r.IOrderId, approver, true, remark.trim()), 'requestRejectAccept')) {
      setRejecting(false);
      setRemark('');
    }
  }

  return (
    <div className={s.page}>
      <MachineDiagram
        machine={productRequestMachine}
        current={r.state}
        allowedEvents={allowed}
        labels={DIAGRAM_LABELS}
        title="Product request"
        busy={busy}
        onEvent={onEvent}
      />
      {allowed.length === 0 ? (
        <p className={s.muted}>
          {r.state === 'pendingIM'
            ? 'Waiting for the inventory manager.'
            : r.state === 'pendingAdmin'
              ? 'Waiting for the admin.'
              : r.state === 'approved'
                ? 'Approved: waiting for the vendor to pay.'
                : 'Nothing can be done to this request from here.'}
        </p>
      ) : null}
      {missing !== null ? (
        <Alert tone="warning" title="Not enough in your wallet">
          <p>
            This request costs {formatRupees(r.total)}: your wallet is {formatRupees(missing)} short. Add at least{' '}
            {formatRupees(missing)} to your wallet, then pay again.
          </p>
          <Button onClick={() => setTopUp(true)}>Add Money To Wallet</Button>
        </Alert>
      ) : null}
      {viewer === 'VE' ? <TopUpDialogs open={topUp} onOpenChange={setTopUp} /> : null}
      <Dialog
        open={rejecting}
        onOpenChange={(o) => {
          setRejecting(o);
          setRemarkError(undefined);
        }}
        title={`Reject request #${r.IOrderId}?`}
        description="The vendor sees your remark and may send the request back for approval."
        size="sm"
      >
        <Form onSubmit={() => void reject()} aria-label="Reject the request">
          <TextArea
            label="Remark"
            name="remark"
            required
            rows={3}
            dir="auto"
            value={remark}
            error={remarkError}
            onChange={(e) => {
              setRemark(e.target.value);
              setRemarkError(undefined);
            }}
            fullWidth
          />
          <FormActions>
            <Button type="submit" variant="danger" loading={busy}>
              Reject request
            </Button>
          </FormActions>
        </Form>
      </Dialog>
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Cancel request #${r.IOrderId}?`}
        message="Stock held for it goes back to the store. A cancelled request cannot be sent again: submit a new one."
        confirmLabel="Cancel request"
        tone="danger"
        onConfirm={async () => {
          await run(() => cancelRequest(r.IOrderId, r.vendorId), 'requestCancelByVendor');
        }}
      />
    </div>
  );
}

export const linkToList = buttonClassName({ variant: 'secondary' });
