import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { addZone, addZoneNew, splitPincodes } from '../../../api/zones';
import { Tabs } from '../../../ui';
import { TextArea } from '../../../ui/form';
import { fullWidth } from '../../../ui/form/form.css';
import { OperationForm, useOperationForm } from '../../-components/form';
import { FormPage } from '../-components/FormPage';
import { PincodeChips } from './-components/PincodeChips';
import { checkPastedPincodes, mergeFieldErrors, pincodesNamed } from './-components/pincodes';
import { ZONE_PLACE_LABELS, ZonePlaceFields, zonePlaceBody } from './-components/ZonePlaceFields';

export const Route = createFileRoute('/_admin/Zone/ZoneAdd')({
  head: () => ({ meta: [{ title: 'Add zone · Doorstep' }] }),
  component: ZoneAdd,
});

type Mode = 'chips' | 'paste';

function ZoneAdd() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('chips');
  const [taken, setTaken] = useState<Set<string>>(new Set());
  const form = useOperationForm({
    operation: mode === 'chips' ? 'addZone' : 'addZoneNew',
    initial: { zoneName: '', stateId: '', cityId: '', pinCode: [] as string[], pincodes: '' },
    labels: { ...ZONE_PLACE_LABELS, pinCode: 'Pincodes', pincodes: 'Pincodes' },
    refine: mergeFieldErrors,
    // Which pasted pincode is wrong, by name: the server would only say the list is.
    precheck: (v) =>
      mode === 'paste' && checkPastedPincodes(v.pincodes) ? { pincodes: checkPastedPincodes(v.pincodes)! } : {},
    toBody: (v) =>
      mode === 'chips'
        ? { ...zonePlaceBody(v), pinCode: v.pinCode }
        : { ...zonePlaceBody(v), pincodes: v.pincodes.trim() },
    send: (body) => {
      setTaken(new Set());
      return 'pinCode' in body ? addZone(body) : addZoneNew(body);
    },
    onRefused: (errors) => setTaken(pincodesNamed(errors.filter((x) => /^(pinCode|pincodes)/i.test(x.field)))),
    savedMessage: 'Zone added.',
    onSaved: () => navigate({ to: '/Zone/ZoneList' }),
  });
  const v = form.values;
  const busy = form.busy;

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

  return (
    <FormPage
      title="Add zone"
      description="A zone is an area of a city that Doorstep serves, made of one or more pincodes. A pincode belongs to one zone only."
      list={{ to: '/Zone/ZoneList', label: 'Zone list' }}
    >
      <OperationForm form={form} label="Add zone" submitLabel="Add zone" cancelTo="/Zone/ZoneList">
        <ZonePlaceFields
          values={v}
          errors={form.errors}
          onChange={(field, value) => form.set(field, value)}
          disabled={busy}
          nameMaxLength={form.rule('zoneName').maxLength}
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
      </OperationForm>
    </FormPage>
  );
}
