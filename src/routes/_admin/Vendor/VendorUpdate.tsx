import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { vendorAadhaarProof, vendorQuery } from '../../../api/vendors';
import { Alert, Button, toast } from '../../../ui';
import { openBlob } from '../../../ui/download';
import { urlInt } from '../../../ui/tableState';
import { NotLoaded } from '../../-components/Loaded';
import { VendorForm } from '../../-components/vendors/VendorForm';
import { FormPage } from '../-components/FormPage';

export const Route = createFileRoute('/_admin/Vendor/VendorUpdate')({
  head: () => ({ meta: [{ title: 'Change vendor · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { id: number } => ({ id: urlInt(raw.id) ?? 0 }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => (deps.id > 0 ? context.queryClient.prefetchQuery(vendorQuery(deps.id)) : undefined),
  component: VendorUpdate,
});

/** Opens the stored Aadhaar proof in a new tab (it is never a public URL). */
async function openProof(id: number) {
  try {
    openBlob(await vendorAadhaarProof(id));
  } catch (e) {
    toast.error((e as Error).message);
  }
}

function VendorUpdate() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const q = useQuery(vendorQuery(id));
  return (
    <FormPage
      title={q.data ? `Change ${q.data.fullName}` : 'Change vendor'}
      description="Only what you change is saved. Their password is never changed here."
      list={{ to: '/Vendor/VendorList', label: 'Vendor list' }}
    >
      {id <= 0 ? (
        <Alert tone="danger">No vendor was chosen.</Alert>
      ) : !q.data ? (
        <NotLoaded query={q} />
      ) : q.data.deleted ? (
        <Alert tone="warning">This vendor was deleted; their record is kept for their requests and invoices.</Alert>
      ) : (
        <>
          {q.data.hasAadharProof ? (
            <p>
              <Button variant="secondary" size="sm" onClick={() => openProof(id)}>
                View Aadhaar proof ({q.data.aadharFileName})
              </Button>
            </p>
          ) : null}
          <VendorForm
            key={q.data.id}
            vendor={q.data}
            cancelTo="/Vendor/VendorList"
            onSaved={() => navigate({ to: '/Vendor/VendorList' })}
          />
        </>
      )}
    </FormPage>
  );
}
