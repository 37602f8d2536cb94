// Add or change a special package: name, description, price before GST and picture. Its services are chosen on
// the "special offers" screen (PackageServices).
import {
  type AddPackageBody,
  addPackage,
  type SpecialPackage,
  type UpdatePackageBody,
  updatePackage,
} from '../../../api/packages';
import { type FileValue, NumberField, TextArea, TextField } from '../../../ui/form';
import { formatRupees } from '../../../ui/format';
import { PictureField } from '../../_admin/-components/PictureField';
import { OperationForm, pictureBody, typedNumber, useOperationForm } from '../form';

export interface PackageFormProps {
  pkg?: SpecialPackage;
  onSaved(pkg: SpecialPackage): void;
}

export function PackageForm({ pkg, onSaved }: PackageFormProps) {
  const form = useOperationForm({
    operation: pkg ? 'updateSpecialPackage' : 'addSpecialPackage',
    initial: {
      pkgName: pkg?.pkgName ?? '',
      pkgDesc: pkg?.pkgDesc ?? '',
      price: pkg ? String(pkg.price) : '',
      imagebase64Data: null as FileValue | null,
    },
    labels: { pkgName: 'Package name', pkgDesc: 'Description', price: 'Package price', imagebase64Data: 'Picture' },
    alias: { fileName: 'imagebase64Data', Id: 'pkgName' },
    // One body for both operations (the add requires the picture; the schema of the operation sent checks it).
    toBody: (v) =>
      ({
        ...(pkg ? { Id: pkg.id } : {}),
        pkgName: v.pkgName.trim(),
        pkgDesc: v.pkgDesc.trim(),
        price: typedNumber(v.price) as number,
        ...pictureBody(v.imagebase64Data),
      }) as AddPackageBody & UpdatePackageBody,
    send: (body) => (pkg ? updatePackage({ ...body, Id: pkg.id }) : addPackage(body as AddPackageBody)),
    savedMessage: 'Package saved.',
    onSaved: (reply) => onSaved(reply.data),
  });
  return (
    <OperationForm
      form={form}
      label={pkg ? `Change ${pkg.pkgName}` : 'Add package'}
      submitLabel={pkg ? 'Save changes' : 'Add package'}
      cancelTo="/Packages/PackageList"
    >
      <TextField {...form.text('pkgName')} fullWidth autoComplete="off" placeholder="Kitchen & bathroom deep clean" />
      <NumberField
        {...form.text('price')}
        prefix="₹"
        placeholder="1999"
        hint={
          pkg
            ? `Before GST. The services cost ${formatRupees(pkg.servicesValue)} on their own (after their discounts, before GST).`
            : 'Before GST, at most 2 decimals. At checkout the package’s services together cost this, plus the GST of each.'
        }
      />
      <TextArea {...form.text('pkgDesc')} fullWidth rows={4} />
      <PictureField
        {...form.control('imagebase64Data')}
        required={!pkg}
        currentUrl={pkg?.pkgImageUrl}
        hint={pkg ? undefined : 'A wide picture works best, e.g. 1200 × 600 pixels.'}
      />
    </OperationForm>
  );
}
