import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { accountStatementQuery, trialBalanceQuery } from '../../../api/books';
import { Card, formatDateTime, Pager } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { pageParam, textParam } from '../../_admin/-components/search';
import { LoadFailure } from '../../-components/Loaded';
import {
  AmountCell,
  amount,
  BooksTable,
  balanceText,
  Cell,
  DateFilter,
  ExportButtons,
  indiaToday,
  SelectFilter,
} from './-components/books';
import * as s from './-components/books.css';

interface Search {
  account?: string;
  from?: string;
  to?: string;
  page?: number;
}

export const Route = createFileRoute('/_finance/Accounts/AccountStatement')({
  head: () => ({ meta: [{ title: 'Account statement · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): Search => ({
    account: textParam(raw.account),
    from: textParam(raw.from),
    to: textParam(raw.to),
    page: pageParam(raw.page),
  }),
  component: AccountStatementPage,
});

const PAGE_SIZE = 100;
/** The first of this month in India: a statement opens on the month so far. */
const monthStart = () => `${indiaToday().slice(0, 8)}01`;

function AccountStatementPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const account = search.account ?? 'customer_wallets';
  const from = search.from ?? monthStart();
  const to = search.to ?? indiaToday();
  const page = search.page ?? 1;
  // The accounts to choose from are the trial balance's lines: whatever the ledger holds.
  const chart = useQuery(trialBalanceQuery({ AsOf: indiaToday() }));
  const options = (chart.data?.lines ?? []).map((l) => ({ value: l.account, label: l.name }));
  if (!options.some((o) => o.value === account)) options.push({ value: account, label: `Account ${account}` });
  const q = useQuery(
    accountStatementQuery({ Account: account, FromDate: from, ToDate: to, page, pageSize: PAGE_SIZE }),
  );
  const data = q.data;
  const set = (patch: Partial<Search>) => void navigate({ search: (p) => ({ ...p, ...patch, page: undefined }) });
  return (
    <StaffPage
      title="Account statement"
      description="An account's opening balance, every entry of the period with the running balance, and its closing balance."
      className={s.page}
    >
      <div className={s.filters}>
        <SelectFilter
          label="Account"
          name="account"
          value={account}
          options={options}
          width="16rem"
          onChange={(value) => set({ account: value })}
        />
        <DateFilter label="From" name="from" value={from} onChange={(v) => set({ from: v || undefined })} />
        <DateFilter label="To" name="to" value={to} onChange={(v) => set({ to: v || undefined })} />
        <ExportButtons report="AccountStatement" query={{ Account: account, FromDate: from, ToDate: to }} />
      </div>
      <LoadFailure query={q} />
      <Card title={data ? `${data.name}, ${data.from} to ${data.to}` : 'Statement'}>
        {data ? (
          <>
            <p className={s.muted}>
              Opening balance <strong data-testid="opening">{balanceText(data.opening)}</strong> · closing balance{' '}
              <strong data-testid="closing">{balanceText(data.closing)}</strong> · {data.total} entries · normal side{' '}
              {data.normalSide}
            </p>
            <BooksTable
              columns={['Date', 'Document', 'Document no', 'Remark']}
              amounts={['Debit', 'Credit', 'Balance']}
              total={{
                label: 'Total of the period',
                cells: [
                  { value: amount(data.totalDebit) },
                  { value: amount(data.totalCredit) },
                  { value: balanceText(data.closing) },
                ],
              }}
            >
              {data.items.map((r) => (
                <tr key={r.transferId}>
                  <Cell>{formatDateTime(r.at)}</Cell>
                  <Cell>{r.document}</Cell>
                  <Cell>{r.documentNo}</Cell>
                  <Cell>
                    <bdi>{r.remark}</bdi>
                  </Cell>
                  <AmountCell>{amount(r.debit)}</AmountCell>
                  <AmountCell>{amount(r.credit)}</AmountCell>
                  <AmountCell>{balanceText(r.balance)}</AmountCell>
                </tr>
              ))}
            </BooksTable>
            <Pager
              page={page}
              pages={Math.ceil(data.total / PAGE_SIZE)}
              label="Statement pages"
              onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
            />
          </>
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </Card>
    </StaffPage>
  );
}
