import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { trialBalanceQuery, walletBalancesQuery } from '../../../api/books';
import { Alert, Card, PageHeader, Pager } from '../../../ui';
import { pageParam, textParam } from '../../_admin/-components/search';
import { amount, DateFilter, ExportButtons, indiaToday } from './-components/books';
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
    <div className={s.page}>
      <PageHeader
        title="Trial balance"
        description="Every account's balance at the end of the day (India time): debits on the left, credits on the right."
      />
      <div className={s.filters}>
        <DateFilter
          label="As at"
          name="asOf"
          value={asOf}
          onChange={(v) => void navigate({ search: (p) => ({ ...p, asOf: v || undefined, wallets: undefined }) })}
        />
        <ExportButtons report="TrialBalance" query={{ AsOf: asOf }} />
      </div>
      {tb.error ? <Alert tone="danger">{tb.error.message}</Alert> : null}
      <Card title={data ? `Trial balance as at ${data.asOf}` : 'Trial balance'}>
        {data ? (
          <div className={s.scroll}>
            <table className={s.table}>
              <caption className={s.muted} style={{ textAlign: 'start' }}>
                Balances of {data.lines.length} accounts
              </caption>
              <thead>
                <tr>
                  <th className={s.th} scope="col">
                    Account
                  </th>
                  <th className={s.th} scope="col">
                    Nature
                  </th>
                  <th className={`${s.th} ${s.num}`} scope="col">
                    Debit
                  </th>
                  <th className={`${s.th} ${s.num}`} scope="col">
                    Credit
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((l) => (
                  <tr key={l.account}>
                    <td className={s.td}>
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
                            aria-label={`The ${l.openAccounts} wallets of ${l.name}`}
                          >
                            {l.openAccounts} wallets
                          </Link>
                        </>
                      ) : null}
                    </td>
                    <td className={s.td}>
                      {NATURE[l.nature]} ({l.normalSide})
                    </td>
                    <td className={`${s.td} ${s.num}`}>{amount(l.debit)}</td>
                    <td className={`${s.td} ${s.num}`}>{amount(l.credit)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className={s.total}>
                  <th className={s.td} scope="row" colSpan={2}>
                    Total
                  </th>
                  <td className={`${s.td} ${s.num}`} data-testid="total-debit">
                    {amount(data.totalDebit)}
                  </td>
                  <td className={`${s.td} ${s.num}`} data-testid="total-credit">
                    {amount(data.totalCredit)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </Card>
      {search.wallets ? <Wallets account={search.wallets} asOf={asOf} page={search.wpage ?? 1} /> : null}
    </div>
  );
}

function Wallets({ account, asOf, page }: { account: string; asOf: string; page: number }) {
  const navigate = useNavigate({ from: Route.fullPath });
  const pageSize = 50;
  const q = useQuery(walletBalancesQuery({ Account: account, AsOf: asOf, page, pageSize }));
  const data = q.data;
  return (
    <Card title={data ? `${data.name}: ${data.total} wallets` : 'Wallets'}>
      {q.error ? <Alert tone="danger">{q.error.message}</Alert> : null}
      {data ? (
        <>
          <div className={s.scroll}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th className={s.th} scope="col">
                    Wallet
                  </th>
                  <th className={s.th} scope="col">
                    Mobile no
                  </th>
                  <th className={`${s.th} ${s.num}`} scope="col">
                    Debit
                  </th>
                  <th className={`${s.th} ${s.num}`} scope="col">
                    Credit
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((w) => (
                  <tr key={w.account}>
                    <td className={s.td}>
                      <Link to="/Accounts/AccountStatement" search={{ account: w.account, to: asOf }}>
                        <bdi>{w.name}</bdi>
                      </Link>
                    </td>
                    <td className={s.td}>{w.mobileNo}</td>
                    <td className={`${s.td} ${s.num}`}>{amount(w.debit)}</td>
                    <td className={`${s.td} ${s.num}`}>{amount(w.credit)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className={s.total}>
                  <th className={s.td} scope="row" colSpan={2}>
                    All {data.total} wallets
                  </th>
                  <td className={`${s.td} ${s.num}`}>{amount(data.debit)}</td>
                  <td className={`${s.td} ${s.num}`}>{amount(data.credit)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
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
