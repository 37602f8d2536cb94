import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../../../api/client';
import {
  assignTechnician,
  type DispatchLine,
  type DispatchRefusalReason,
  type DispatchSuggestion,
  dispatchSuggestionsQuery,
} from '../../../../api/dispatch';
import { invalidateAfter } from '../../../../api/invalidate';
import { Alert, Button, Dialog, formatSlot, toast } from '../../../../ui';
import {
  Form,
  FormActions,
  FormErrorSummary,
  matchesNote,
  SearchBox,
  searchNeeded,
  TextArea,
} from '../../../../ui/form';
import { control, select } from '../../../../ui/form/form.css';
import { useOperationForm } from '../../../-components/form';
import { Loaded } from '../../../-components/Loaded';
import * as s from '../../-components/admin.css';
import * as d from './orders.css';
import { useProfessionalPicker } from './professionalPicker';

/** What the dialog needs of a line (a list row or the line page's detail). */
export type AssignableLine = Pick<
  DispatchLine,
  'lineId' | 'orderId' | 'serviceId' | 'serviceName' | 'slotStart' | 'zoneName' | 'professional'
>;

interface Chosen {
  userId: number;
  fullName: string;
}

/** A refusal the admin may override with a remark: every reason but a switched-off professional (decision 016). */
interface Refusal {
  pro: Chosen;
  message: string;
  reasons: DispatchRefusalReason[];
}

/**
 * Assign (or reassign) one line: the server's ranked suggestions with their reasons and an Assign for each, or any
 * active professional chosen by hand. A choice that breaks a dispatch rule comes back 409 with the reason; the admin
 * may then 'Assign anyway' with a remark, which the server records on the line and in its history.
 */
export function AssignDialog({ line, onClose }: { line: AssignableLine; onClose(): void }) {
  const queryClient = useQueryClient();
  const reassign = line.professional !== null;
  const headingId = useId();
  const suggestions = useQuery(dispatchSuggestionsQuery({ orderId: line.orderId, serviceId: line.serviceId }));
  const [busy, setBusy] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function assign(pro: Chosen) {
    setBusy(pro.userId);
    setFailure(null);
    setRefusal(null);
    try {
      const reply = await assignTechnician(line, pro.userId);
      await invalidateAfter(queryClient, 'assignTechnician');
      toast.success(reply.message || `Assigned to ${pro.fullName}.`);
      onClose();
    } catch (e) {
      const reasons = e instanceof ApiError ? e.problem.reasons : undefined;
      if (e instanceof ApiError && e.status === 409 && Array.isArray(reasons) && reasons.length > 0) {
        setRefusal({ pro, message: e.message, reasons: reasons as DispatchRefusalReason[] });
      } else setFailure((e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const list = suggestions.data?.suggestions ?? [];
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={`${reassign ? 'Reassign' : 'Assign'} ${line.serviceName}`}
      description={`Order #${line.orderId} · ${formatSlot(line.slotStart)} · ${line.zoneName ?? 'no zone'}${
        line.professional ? ` · now with ${line.professional.fullName}` : ''
      }`}
    >
      <div className={d.dialogBody}>
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        {refusal ? (
          <OverrideForm
            key={refusal.pro.userId}
            line={line}
            refusal={refusal}
            onCancel={() => setRefusal(null)}
            onDone={onClose}
          />
        ) : null}
        <section aria-labelledby={headingId} className={d.section}>
          <h3 id={headingId} className={d.sectionTitle}>
            Suggested professionals
          </h3>
          <Loaded query={suggestions}>
            {(data) =>
              !data.assignable ? (
                <p className={s.muted}>This line cannot be assigned in its state.</p>
              ) : list.length === 0 ? (
                <p className={s.muted}>
                  No professional meets every rule for this line (zone, skill, available, free in the slot). Choose one
                  below: the server names the rule it breaks, and you may override it with a remark.
                </p>
              ) : (
                <ol className={d.suggestions} aria-label="Suggested professionals">
                  {list.map((p) => (
                    <SuggestionItem
                      key={p.userId}
                      p={p}
                      busy={busy !== null}
                      loading={busy === p.userId}
                      onAssign={() => assign(p)}
                    />
                  ))}
                </ol>
              )
            }
          </Loaded>
        </section>
        <ManualChoice busy={busy} onAssign={assign} exclude={line.professional?.userId} />
      </div>
    </Dialog>
  );
}

function SuggestionItem(props: { p: DispatchSuggestion; busy: boolean; loading: boolean; onAssign(): void }) {
  const { p } = props;
  return (
    <li className={d.suggestion} aria-label={`${p.rank}. ${p.fullName}`}>
      <div className={d.suggestionHead}>
        <span>
          <strong>
            {p.rank}. <bdi>{p.fullName}</bdi>
          </strong>{' '}
          <span className={s.muted}>
            {p.professionalType} · {p.mobileNo}
          </span>
        </span>
        <Button
          size="sm"
          loading={props.loading}
          disabled={props.busy}
          onClick={props.onAssign}
          aria-label={`Assign ${p.fullName}`}
        >
          Assign
        </Button>
      </div>
      {p.reasons.length > 0 ? (
        <ul className={d.reasons} aria-label={`Why ${p.fullName}`}>
          {p.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Any active professional (GetActivateTechsEngg), searched by name or mobile number. */
function ManualChoice({
  busy,
  onAssign,
  exclude,
}: {
  busy: number | null;
  onAssign(pro: Chosen): void;
  exclude?: number;
}) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const pros = useProfessionalPicker(chosen, undefined, true);
  const options = pros.options.filter((o) => o.value !== String(exclude ?? ''));
  const note = matchesNote(pros.search);
  const label = options.find((o) => o.value === chosen)?.label ?? '';
  return (
    <section aria-labelledby={`${id}-title`} className={d.section}>
      <h3 id={`${id}-title`} className={d.sectionTitle}>
        Another professional
      </h3>
      <div className={d.manual}>
        <div className={s.filterField}>
          <label htmlFor={id} className={s.filterLabel}>
            Active professional
          </label>
          {searchNeeded(pros.search) ? <SearchBox search={pros.search} controls={id} /> : null}
          <select
            id={id}
            className={`${control} ${select}`}
            value={chosen}
            aria-describedby={note ? `${id}-note` : undefined}
            onChange={(e) => setChosen(e.target.value)}
          >
            <option value="">Choose a professional</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {note ? (
            <span id={`${id}-note`} className={s.muted} aria-live="polite">
              {note}
            </span>
          ) : null}
        </div>
        <Button
          disabled={!chosen || busy !== null}
          loading={busy !== null && String(busy) === chosen}
          onClick={() => onAssign({ userId: Number(chosen), fullName: label.split(' · ')[0] })}
        >
          Assign the chosen professional
        </Button>
      </div>
    </section>
  );
}

/** The server refused: its reason, and 'Assign anyway' with a required remark (never for a switched-off one). */
function OverrideForm(props: { line: AssignableLine; refusal: Refusal; onCancel(): void; onDone(): void }) {
  const { line, refusal } = props;
  const blocked = refusal.reasons.includes('inactive');
  const form = useOperationForm({
    operation: 'assignTechnician',
    initial: { remark: '' },
    labels: { remark: 'Override remark' },
    toBody: (v) => ({ remark: v.remark.trim() }),
    precheck: (v) => (v.remark.trim() ? {} : { remark: 'is required: say why the rule is broken on purpose' }),
    send: (body) => assignTechnician(line, refusal.pro.userId, body.remark),
    onSaved: props.onDone,
  });
  return (
    <section aria-label="Assignment refused" className={d.refusal}>
      <Alert tone={blocked ? 'danger' : 'warning'} title={`${refusal.pro.fullName} cannot take this line`}>
        {refusal.message}
      </Alert>
      {blocked ? (
        <p className={s.muted}>A professional who is switched off can never be given a job.</p>
      ) : (
        <Form onSubmit={form.submit} aria-label="Assign anyway">
          <FormErrorSummary errors={form.errors} />
          <TextArea
            {...form.text('remark')}
            required
            rows={3}
            hint="Kept on the line and in its history, with your name."
            fullWidth
          />
          <FormActions>
            <Button variant="secondary" onClick={props.onCancel}>
              Choose someone else
            </Button>
            <Button type="submit" loading={form.busy}>
              Assign anyway
            </Button>
          </FormActions>
        </Form>
      )}
    </section>
  );
}
