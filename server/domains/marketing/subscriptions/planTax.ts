import { type CompanyConfig, PLAN_TAX } from '../../../config';
import type { Executor } from '../../../db/client';
import { backOutGst, type Paise, paise, splitGst, toRupees } from '../../../money';
import { canonicalStateName } from '../../../shared/gstin';
import * as purchasesRepo from './repo.purchases';

// A bought plan's tax: what its invoice and the purchase's reply state (decision 054).

/**
 * A plan's tax invoice figures when bought (decision 054): the price includes GST at PLAN_TAX's rate, backed out of
 * it; the place of supply is the state of the customer's first address (a plan is used where they book), else the
 * company's; the same state as the company's is CGST + SGST, another IGST, split as the order lines split it.
 */
export async function planTaxOf(exec: Executor, company: CompanyConfig, customerUserId: number, pricePaise: Paise) {
  const address = await purchasesRepo.firstAddressOf(exec, customerUserId);
  const placeOfSupply = address ? (canonicalStateName(address.state) ?? address.state) : company.state;
  const { taxablePaise, gstPaise } = backOutGst(pricePaise, PLAN_TAX.gstRate);
  return {
    sacCode: PLAN_TAX.sacCode,
    placeOfSupply,
    taxablePaise,
    ...splitGst(gstPaise, placeOfSupply === company.state),
  };
}

/** A bought plan's tax in rupees, as its invoice line and the purchase's reply both give it. */
export const planTaxFigures = (p: {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  pricePaise: number;
}) => ({
  taxableValue: toRupees(paise(p.taxablePaise)),
  gstRate: PLAN_TAX.gstRate,
  cgst: toRupees(paise(p.cgstPaise)),
  sgst: toRupees(paise(p.sgstPaise)),
  igst: toRupees(paise(p.igstPaise)),
  total: toRupees(paise(p.pricePaise)),
});
