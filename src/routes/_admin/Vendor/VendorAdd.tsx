import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { VendorDetail } from '../../../api/vendors';
import { Alert, buttonClassName } from '../../../ui';
import { VendorForm } from '../../-components/vendors/VendorForm';
import * as s from '../-components/admin.css';
import { FormPage } from '../-components/FormPage';

export const Route = createFileRoute('/_admin/Vendor/VendorAdd')({
  head: () => ({ meta: [{ title: 'Add vendor · Doorstep' }] }),
  component: VendorAdd,
});

type Added = VendorDetail & { oneTimePassword?: string };

/**
 * The admin adds a vendor: an account with a one-time password, sent by SMS through the outbox and shown here this
 * once, to hand over if the message does not arrive (decision 027). Leaving the page forgets it.
 */
function VendorAdd() {
  const [added, setAdded] = useState<Added | null>(null);
  return (
    <FormPage
      title="Add vendor"
      description="They get an account and a one-time password by SMS, and must choose their own password at first sign-in."
      list={{ to: '/Vendor/VendorList', label: 'Vendor list' }}
    >
      {added ? (
        <div className={s.page}>
          <Alert tone="success" title={`${added.fullName} was added`}>
            <p>
              Their one-time password is <strong data-testid="one-time-password">{added.oneTimePassword}</strong>. It
              was sent to {added.mobileNo}; it is shown here only this once. They must choose their own password when
              they first sign in.
            </p>
          </Alert>
          <div className={s.rowActions}>
            <Link to="/Vendor/VendorList" className={buttonClassName()}>
              Vendor list
            </Link>
            <Link
              to="/Vendor/VendorUpdate"
              search={{ id: added.id }}
              className={buttonClassName({ variant: 'secondary' })}
            >
              Change {added.fullName}
            </Link>
            <button type="button" className={buttonClassName({ variant: 'ghost' })} onClick={() => setAdded(null)}>
              Add another vendor
            </button>
          </div>
        </div>
      ) : (
        <VendorForm cancelTo="/Vendor/VendorList" onSaved={setAdded} />
      )}
    </FormPage>
  );
}
