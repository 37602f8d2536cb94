import { currentUser, done, type Handlers, ok } from '../../../http';
import { customerOf } from '../../platform';
import * as addresses from './service';

type Row = Awaited<ReturnType<typeof addresses.listAddresses>>[number];

/** The contract's Address: the specification's spelling `adress` for the address lines. */
const view = (a: Row) => ({
  id: a.id,
  adress: a.address,
  pinCode: a.pinCode,
  city: a.city,
  state: a.state,
  stateId: a.stateId,
  country: 'India' as const,
  receiverName: a.receiverName,
  receiverMobileNo: a.receiverMobileNo,
  isDefault: a.isDefault,
});

export const addressHandlers: Handlers = {
  async getCustomerAddresses(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.body?.MobileNo);
    return ok((await addresses.listAddresses(db, customer)).map(view));
  },

  async addCustomerAddress(req) {
    const db = req.server.db;
    const { MobileNo, ...input } = req.body;
    const customer = await customerOf(db, currentUser(req), MobileNo);
    const row = await addresses.addAddress(db, customer, input);
    return ok(view(row), row.isDefault ? 'Address added as your default' : 'Address added');
  },

  async deleteCustomerAddress(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.query.MobileNo);
    await addresses.deleteAddress(db, customer, req.query.id);
    return done('Address deleted');
  },

  async makeAddressDefault(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.query.MobileNo);
    return ok(view(await addresses.makeDefault(db, customer, req.query.id)), 'Default address changed');
  },

  async getAddressDraft(req) {
    return ok(await addresses.addressDraft(req.server.db, currentUser(req).id, req.query.PinCode));
  },

  async getAddressDropDown(req) {
    return ok(await addresses.dropDown(req.server.db, req.query));
  },
};
