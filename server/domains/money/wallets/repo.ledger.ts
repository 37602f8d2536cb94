import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type RowShape, rawRows } from '../../../db/rows';

/**
 * The ledger's invariants on the whole database (npm run ledger:check): each returns the offending rows, so an
 * empty result is a pass.
 */
export async function ledgerBreaches(exec: Executor) {
  const rows = <S extends RowShape>(shape: S, query: SQL) => rawRows(exec, query, shape);
  return {
    unbalancedTransfers: await rows(
      { transferId: 'bigint', total: 'text' },
      sql`select transfer_id, sum(amount)::text as total from ledger_entries group by transfer_id having sum(amount) <> 0 limit 20`,
    ),
    transfersWithoutEntries: await rows(
      { id: 'bigint' },
      sql`select t.id from ledger_transfers t where not exists (select 1 from ledger_entries e where e.transfer_id = t.id) limit 20`,
    ),
    cachedBalanceMismatches: await rows(
      { id: 'bigint', cached: 'text', entries: 'text' },
      sql`select a.id, a.balance::text as cached, coalesce(sum(e.amount), 0)::text as entries from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id having a.balance <> coalesce(sum(e.amount), 0) limit 20`,
    ),
    runningBalanceBreaks: await rows(
      { id: 'bigint', accountId: 'bigint' },
      sql`select id, account_id from (select e.id, e.account_id, e.balance_after, sum(e.amount) over (partition by e.account_id order by e.id) as running from ledger_entries e) x where balance_after <> running limit 20`,
    ),
    negativeWallets: await rows(
      { id: 'bigint', kind: 'text', balance: 'text' },
      sql`select id, kind, balance::text from ledger_accounts where not allow_negative and balance < 0 limit 20`,
    ),
    negativeWalletEntries: await rows(
      { id: 'bigint', accountId: 'bigint' },
      sql`select e.id, e.account_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where not a.allow_negative and e.balance_after < 0 limit 20`,
    ),
    providerPaymentsCreditedTwice: await rows(
      { providerPaymentId: 'text', n: 'int' },
      sql`select provider_payment_id, count(*)::int as n from ledger_transfers where provider_payment_id is not null group by provider_payment_id having count(*) > 1 limit 20`,
    ),
    paidIntentsWithoutOneCredit: await rows(
      { id: 'bigint', orderId: 'bigint?' },
      sql`select i.id, i.order_id from payment_intents i left join ledger_transfers t on t.id = i.transfer_id where i.state = 'paid' and (t.id is null or t.provider_payment_id is distinct from i.provider_payment_id) limit 20`,
    ),
    creditsWithoutPaidIntent: await rows(
      { id: 'bigint' },
      sql`select t.id from ledger_transfers t where t.provider_payment_id is not null and not exists (select 1 from payment_intents i where i.transfer_id = t.id and i.state = 'paid') limit 20`,
    ),
    // Decision 053: each output GST head equals the tax the documents charge for it (paid orders' invoice lines less
    // credit notes, plus paid product requests and plans sold, decision 054); the old single account stays at zero.
    gstHeadMismatches: await rows(
      { kind: 'text', ledger: 'text', documents: 'text' },
      sql`with docs as (
          select
            (select coalesce(sum(l.cgst_paise), 0) from order_lines l join orders o on o.id = l.order_id where o.invoice_no is not null)
              - (select coalesce(sum(cgst_paise), 0) from credit_notes)
              + (select coalesce(sum(cgst_paise), 0) from product_requests where invoice_no is not null)
              + (select coalesce(sum(cgst_paise), 0) from customer_subscriptions where invoice_no is not null) as cgst,
            (select coalesce(sum(l.sgst_paise), 0) from order_lines l join orders o on o.id = l.order_id where o.invoice_no is not null)
              - (select coalesce(sum(sgst_paise), 0) from credit_notes)
              + (select coalesce(sum(sgst_paise), 0) from product_requests where invoice_no is not null)
              + (select coalesce(sum(sgst_paise), 0) from customer_subscriptions where invoice_no is not null) as sgst,
            (select coalesce(sum(l.igst_paise), 0) from order_lines l join orders o on o.id = l.order_id where o.invoice_no is not null)
              - (select coalesce(sum(igst_paise), 0) from credit_notes)
              + (select coalesce(sum(igst_paise), 0) from product_requests where invoice_no is not null)
              + (select coalesce(sum(igst_paise), 0) from customer_subscriptions where invoice_no is not null) as igst
        ), heads as (
          select h.kind, case h.kind when 'cgst_payable' then d.cgst when 'sgst_payable' then d.sgst
              when 'igst_payable' then d.igst else 0 end as documents,
            (select coalesce(sum(a.balance), 0) from ledger_accounts a where a.kind = h.kind and a.owner_user_id is null) as ledger
          from (values ('cgst_payable'), ('sgst_payable'), ('igst_payable'), ('gst_payable')) h(kind), docs d
        )
        select kind, ledger::text, documents::text from heads where ledger <> documents`,
    ),
    // Decision 056: each statutory payable equals what the slips withheld and added for its scheme less what was
    // paid to the authority; the accrued cost is minus their sum (the company wallet has not paid it yet).
    statutoryPayableMismatches: await rows(
      { kind: 'text', ledger: 'text', documents: 'text' },
      sql`with slips as (
          select coalesce(sum(epf_employee_paise + epf_employer_paise), 0) as epf,
            coalesce(sum(esi_employee_paise + esi_employer_paise), 0) as esi,
            coalesce(sum(pt_paise), 0) as pt
          from salary_slips
        ), paid as (
          select coalesce(sum(amount_paise) filter (where scheme = 'EPF'), 0) as epf,
            coalesce(sum(amount_paise) filter (where scheme = 'ESI'), 0) as esi,
            coalesce(sum(amount_paise) filter (where scheme = 'PT'), 0) as pt
          from statutory_remittances
        ), owed as (
          select s.epf - p.epf as epf, s.esi - p.esi as esi, s.pt - p.pt as pt from slips s, paid p
        ), accounts as (
          select h.kind, case h.kind when 'epf_payable' then o.epf when 'esi_payable' then o.esi
              when 'pt_payable' then o.pt else -(o.epf + o.esi + o.pt) end as documents,
            (select coalesce(sum(a.balance), 0) from ledger_accounts a where a.kind = h.kind and a.owner_user_id is null) as ledger
          from (values ('epf_payable'), ('esi_payable'), ('pt_payable'), ('statutory_accrued')) h(kind), owed o
        )
        select kind, ledger::text, documents::text from accounts where ledger <> documents`,
    ),
  };
}

export async function ledgerCounts(exec: Executor) {
  const [row] = await rawRows(
    exec,
    sql`select (select count(*) from ledger_transfers)::int as transfers, (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_accounts)::int as accounts, (select count(*) from payment_intents)::int as intents`,
    { transfers: 'int', entries: 'int', accounts: 'int', intents: 'int' },
  );
  return row;
}
