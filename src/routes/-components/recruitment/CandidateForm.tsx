// HR adds a candidate (Hr/AddCandidates): a candidate's fields and the CV (PDF or Word, at most 5 MB). The contract
// checks the body before it is sent; the server adds what no schema can say (18 or older, the CV's bytes, a phone or
// e-mail already held by an open candidate) and names the field.
import { PROFESSIONAL_TYPES } from '../../../api/catalogue';
import { addCandidate, type CandidateBody, type CandidateDetail } from '../../../api/recruitment';
import { type FileValue, ImageField, SelectField, TextArea, TextField } from '../../../ui/form';
import { OperationForm, typedNumber, useOperationForm } from '../form';
import { orNull } from '../form/PersonSections';

const CV_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
const CV_MAX_BYTES = 5 * 1024 * 1024;

export function CandidateForm({ onSaved }: { onSaved(candidate: CandidateDetail): void }) {
  const form = useOperationForm({
    operation: 'addCandidates',
    initial: {
      firstName: '',
      middleName: '',
      lastName: '',
      phone: '',
      email: '',
      address: '',
      pincode: '',
      dob: '',
      designationType: 'Technician',
      offOnRole: 'OnRoll',
      totalExp: '',
      cv: null as FileValue | null,
    },
    labels: {
      firstName: 'First name',
      middleName: 'Middle name',
      lastName: 'Last name',
      phone: 'Mobile number',
      email: 'E-mail',
      address: 'Address',
      pincode: 'Pincode',
      dob: 'Date of birth',
      designationType: 'Designation',
      offOnRole: 'On roll or off roll',
      totalExp: 'Total experience (years)',
      cv: 'CV',
    },
    alias: { cvFile: 'cv', cvFileName: 'cv' },
    toBody: (v): CandidateBody => ({
      firstName: v.firstName.trim(),
      middleName: orNull(v.middleName),
      lastName: v.lastName.trim(),
      phone: v.phone.replace(/\s+/g, ''),
      email: orNull(v.email),
      address: v.address.trim(),
      pincode: v.pincode.trim(),
      dob: v.dob,
      designationType: v.designationType as CandidateBody['designationType'],
      offOnRole: v.offOnRole as CandidateBody['offOnRole'],
      totalExp: typedNumber(v.totalExp) as number,
      ...(v.cv ? { cvFile: v.cv.data, cvFileName: v.cv.fileName } : {}),
    }),
    send: addCandidate,
    savedMessage: 'Candidate added.',
    onSaved: (reply) => onSaved(reply.data),
  });
  const v = form.values;
  return (
    <OperationForm form={form} label="Add candidate" submitLabel="Add candidate" cancelTo="/RecruitingStaff/Candidates">
      <TextField {...form.text('firstName')} autoComplete="off" dir="auto" />
      <TextField {...form.text('middleName')} autoComplete="off" dir="auto" />
      <TextField {...form.text('lastName')} autoComplete="off" dir="auto" />
      <TextField {...form.text('phone')} inputMode="numeric" autoComplete="off" hint="10 digits, starting 6 to 9" />
      <TextField {...form.text('email')} type="email" autoComplete="off" />
      <TextArea {...form.text('address')} rows={2} dir="auto" fullWidth />
      <TextField {...form.text('pincode')} inputMode="numeric" autoComplete="off" />
      <TextField {...form.text('dob')} type="date" hint="The candidate must be 18 or older." />
      <SelectField
        {...form.field('designationType')}
        options={PROFESSIONAL_TYPES.map((t) => ({ value: t, label: t }))}
        value={v.designationType}
        onChange={(e) => form.set('designationType', e.target.value)}
        hint="They become a professional of this type when appointed."
      />
      <SelectField
        {...form.field('offOnRole')}
        options={[
          { value: 'OnRoll', label: 'On roll' },
          { value: 'OffRoll', label: 'Off roll' },
        ]}
        value={v.offOnRole}
        onChange={(e) => form.set('offOnRole', e.target.value)}
      />
      <TextField {...form.text('totalExp')} inputMode="numeric" autoComplete="off" hint="Whole years, 0 to 60." />
      <ImageField
        {...form.control('cv')}
        accept={CV_TYPES}
        maxBytes={CV_MAX_BYTES}
        hint="A PDF or Word file (.pdf, .doc, .docx) of at most 5 MB."
      />
    </OperationForm>
  );
}
