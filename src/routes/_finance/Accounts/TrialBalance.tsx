import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { trialBalanceQuery, walletBalancesQuery } from '../../../api/books';
import { Card, Pager } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { pageParam, textParam } from '../../_admin/-components/search';
import { LoadFailure } from '../../-components/Loaded';
import { AmountCell, amount, BooksTable, Cell, DateFilter, ExportButtons, indiaToday } from './-components/books';
import * as s from './-components/books.css';

interface Search {
  asOf?: string;
  /** The wallets line drilled down (customer_wallets), and its page. */
  wallets?: string;
  wpage?: number;
}

export const Route = createFileRoute('/_finance/Accounts/TrialBalance')({
  head: () => ({ meta: [{ title: 'Trial balance · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): Search => ({
    asOf: textParam(raw.asOf),
    wallets: textParam(raw.wallets),
    wpage: pageParam(raw.wpage),
  }),
  component: TrialBalancePage,
});

const NATURE: Record<string, string> = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  revenue: 'Revenue',
  expense: 'Expense',
};

function TrialBalancePage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const asOf = search.asOf ?? indiaToday();
  const tb = useQuery(trialBalanceQuery({ AsOf: asOf }));
  const data = tb.data;
  return (
    <StaffPage
      title="Trial balance"
      description="Every account's balance at the end of the day (India time): debits on the left, credits on the right."
      className={s.page}
    >
      <div className={s.filters}>
        <DateFilter
          label="As at"
          name="asOf"
          value={asOf}
          onChange={(v) => void navigate({ search: (p) => ({ ...p, asOf: v || undefined, wallets: undefined }) })}
        />
        <ExportButtons report="TrialBalance" query={{ AsOf: asOf }} />
      </div>
      <LoadFailure query={tb} />
      <Card title={data ? `Trial balance as at ${data.asOf}` : 'Trial balance'}>
        {data ? (
          <BooksTable
            caption={`Balances of ${data.lines.length} accounts`}
            columns={['Account', 'Nature']}
            amounts={['Debit', 'Credit']}
            total={{
              label: 'Total',
              cells: [
                { value: amount(data.totalDebit), testId: 'total-debit' },
                { value: amount(data.totalCredit), testId: 'total-credit' },
              ],
            }}
          >
            {data.lines.map((l) => (
              <tr key={l.account}>
                <Cell>
                  <Link
                    to="/Accounts/AccountStatement"
                    search={{ account: l.account, to: asOf }}
                    aria-label={`Statement of ${l.name}`}
                  >
                    {l.name}
                  </Link>
                  {l.wallets ? (
                    <>
                      {' · '}
                      <Link
                        from={Route.fullPath}
                        search={(p) => ({ ...p, wallets: l.account, wpage: undefined })}
                        aria-label={`The ${l.accounts} wallets of ${l.name}`}
                      >
                        {l.accounts} wallets
                      </Link>
                    </>
                  ) : null}
                </Cell>
                <Cell>
                  {NATURE[l.nature]} ({l.normalSide})
                </Cell>
                <AmountCell>{amount(l.debit)}</AmountCell>
                <AmountCell>{amount(l.credit)}</AmountCell>
              </tr>
            ))}
          </BooksTable>
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </Card>
      {search.wallets ? <Wallets account={search.wallets} asOf={asOf} page={search.wpage ?? 1} /> : null}
    </StaffPage>
  );
}

function Wallets({ account, asOf, page }: { account: string; asOf: string; page: number }) {
  const navigate = useNavigate({ from: Route.fullPath });
  const pageSize = 50;
  const q = useQuery(walletBalancesQuery({ Account: account, AsOf: asOf, page, pageSize }));
  const data = q.data;
  return (
    <Card title={data ? `${data.name}: ${data.total} wallets` : 'Wallets'}>
      <LoadFailure query={q} />
      {data ? (
        <>
          <BooksTable
            columns={['Wallet', 'Mobile no']}
            amounts={['Debit', 'Credit']}
            total={{
              label: `All ${data.total} wallets`,
              cells: [{ value: amount(data.debit) }, { value: amount(data.credit) }],
            }}
          >
            {data.items.map((w) => (
              <tr key={w.account}>
                <Cell>
                  <Link to="/Accounts/AccountStatement" search={{ account: w.account, to: asOf }}>
                    <bdi>{w.name}</bdi>
                  </Link>
                </Cell>
                <Cell>{w.mobileNo}</Cell>
                <AmountCell>{amount(w.debit)}</AmountCell>
                <AmountCell>{amount(w.credit)}</AmountCell>
              </tr>
            ))}
          </BooksTable>
          <Pager
            page={page}
            pages={Math.ceil(data.total / pageSize)}
            label="Wallet pages"
            onPage={(p) => void navigate({ search: (prev) => ({ ...prev, wpage: p > 1 ? p : undefined }) })}
          />
        </>
      ) : (
        <p className={s.muted}>Loading…</p>
      )}
    </Card>
  );
}
