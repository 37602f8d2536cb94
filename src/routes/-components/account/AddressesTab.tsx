import { AddressBook } from './AddressPicker';

/** /MyAccounts?tab=addresses: the customer's address book. */
export function AddressesTab() {
  return <AddressBook />;
}
