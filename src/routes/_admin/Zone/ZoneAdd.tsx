import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter } from '../../../api/invalidate';
import { addZone, addZoneNew, splitPincodes } from '../../../api/zones';
import { Button, buttonClassName, Card, PageHeader, Tabs, toast } from '../../../ui';
import { FORM_ERROR, Form, FormActions, FormErrorSummary, TextArea, useForm } from '../../../ui/form';
import { fullWidth } from '../../../ui/form/form.css';
import { PincodeChips } from './-components/PincodeChips';
import { checkPastedPincodes, MAX_PINCODES, mergeFieldErrors, pincodesNamed } from './-components/pincodes';
import { checkZonePlace, ZonePlaceFields, zonePlaceBody } from './-components/ZonePlaceFields';

export const Route = createFileRoute('/_admin/Zone/ZoneAdd')({
  head: () => ({ meta: [{ title: 'Add zone · Doorstep' }] }),
  component: ZoneAdd,
});

type Mode = 'chips' | 'paste';

function ZoneAdd() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({ zoneName: '', stateId: '', cityId: '', pinCode: [] as string[], pincodes: '' });
  const [mode, setMode] = useState<Mode>('chips');
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<Set<string>>(new Set());
  const v = form.values;

  function switchMode(next: Mode) {
    // Carry the pincodes across, so switching never loses what was typed.
    if (next === 'paste' && !v.pincodes.trim() && v.pinCode.length) form.set('pincodes', v.pinCode.join(', '));
    if (next === 'chips' && v.pinCode.length === 0 && v.pincodes.trim() && !checkPastedPincodes(v.pincodes)) {
      form.set('pinCode', [...new Set(splitPincodes(v.pincodes))]);
    }
    const { pinCode: _a, pincodes: _b, ...rest } = form.errors;
    form.setErrors(rest);
    setMode(next);
  }

  function check() {
    const e = checkZonePlace(v);
    if (mode === 'chips') {
      if (v.pinCode.length === 0) e.pinCode = 'Add at least one pincode';
      else if (v.pinCode.length > MAX_PINCODES) e.pinCode = `Add at most ${MAX_PINCODES} pincodes`;
    } else {
      const problem = checkPastedPincodes(v.pincodes);
      if (problem) e.pincodes = problem;
    }
    form.setErrors(e);
    return Object.keys(e).length === 0;
  }

  async function submit() {
    if (!check()) return;
    setBusy(true);
    setTaken(new Set());
    try {
      const place = zonePlaceBody(v);
      const reply =
        mode === 'chips'
          ? await addZone({ ...place, pinCode: v.pinCode })
          : await addZoneNew({ ...place, pincodes: v.pincodes.trim() });
      toast.success(reply.message || `Zone ${reply.data.zoneName} added.`);
      await invalidateAfter(queryClient, 'addZone');
      navigate({ to: '/Zone/ZoneList' });
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) {
        const errors = mergeFieldErrors(e.errors);
        form.setServerErrors(errors);
        setTaken(pincodesNamed(e.errors.filter((x) => /^(pinCode|pincodes)/i.test(x.field))));
      } else {
        form.setErrors({ [FORM_ERROR]: (e as Error).message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Add zone"
        description="A zone is an area of a city that Doorstep serves, made of one or more pincodes. A pincode belongs to one zone only."
        actions={
          <Link to="/Zone/ZoneList" className={buttonClassName({ variant: 'secondary' })}>
            Zone list
          </Link>
        }
      />
      <Card>
        <Form onSubmit={submit} aria-label="Add zone">
          <FormErrorSummary errors={form.errors} />
          <ZonePlaceFields
            values={v}
            errors={form.errors}
            onChange={(field, value) => form.set(field, value)}
            disabled={busy}
          />
          <div className={fullWidth}>
            <Tabs
              label="How to enter the pincodes"
              value={mode}
              onValueChange={(next) => switchMode(next as Mode)}
              tabs={[
                {
                  value: 'chips',
                  label: 'One by one',
                  content: (
                    <PincodeChips
                      label="Pincodes"
                      name="pinCode"
                      value={v.pinCode}
                      onChange={(next) => {
                        form.set('pinCode', next);
                        setTaken((t) => new Set([...t].filter((p) => next.includes(p))));
                      }}
                      error={form.errors.pinCode}
                      invalid={taken}
                      required
                      disabled={busy}
                    />
                  ),
                },
                {
                  value: 'paste',
                  label: 'Paste a list',
                  content: (
                    <TextArea
                      label="Pincodes"
                      name="pincodes"
                      rows={5}
                      placeholder="560034, 560095, 560047"
                      value={v.pincodes}
                      onChange={(e) => form.set('pincodes', e.target.value)}
                      error={form.errors.pincodes}
                      hint="Paste 6-digit pincodes separated by commas, spaces or new lines (for example a column copied from a sheet), up to 200."
                      required
                      disabled={busy}
                      fullWidth
                    />
                  ),
                },
              ]}
            />
          </div>
          <FormActions>
            <Link to="/Zone/ZoneList" className={buttonClassName({ variant: 'ghost' })}>
              Cancel
            </Link>
            <Button type="submit" loading={busy}>
              Add zone
            </Button>
          </FormActions>
        </Form>
      </Card>
    </>
  );
}
