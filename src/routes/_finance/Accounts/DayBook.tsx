import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { dayBookQuery } from '../../../api/books';
import { Alert, Card, formatDateTime, PageHeader, Pager } from '../../../ui';
import { pageParam } from '../../_admin/-components/search';
import { amount, DateFilter, ExportButtons, indiaToday } from './-components/books';
import * as s from './-components/books.css';

interface Search {
  date?: string;
  page?: number;
}

export const Route = createFileRoute('/_finance/Accounts/DayBook')({
  head: () => ({ meta: [{ title: 'Day book · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): Search => ({
    date: typeof raw.date === 'string' && raw.date ? raw.date : undefined,
    page: pageParam(raw.page),
  }),
  component: DayBookPage,
});

const PAGE_SIZE = 50;

function DayBookPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const date = search.date ?? indiaToday();
  const page = search.page ?? 1;
  const q = useQuery(dayBookQuery({ Date: date, page, pageSize: PAGE_SIZE }));
  const data = q.data;
  return (
    <div className={s.page}>
      <PageHeader
        title="Day book"
        description="Every posting of a day (India time), oldest first, with the document it came from and its debits and credits."
      />
      <div className={s.filters}>
        <DateFilter
          label="Day"
          name="date"
          value={date}
          onChange={(v) => void navigate({ search: { date: v || undefined } })}
        />
        <ExportButtons report="DayBook" query={{ Date: date }} />
      </div>
      {q.error ? <Alert tone="danger">{q.error.message}</Alert> : null}
      <Card title={data ? `Day book of ${data.date}: ${data.total} postings` : 'Day book'}>
        {data ? (
          <>
            <div className={s.scroll}>
              <table className={s.table}>
                <thead>
                  <tr>
                    {['Time', 'Document', 'Document no', 'Account'].map((h) => (
                      <th key={h} className={s.th} scope="col">
                        {h}
                      </th>
                    ))}
                    {['Debit', 'Credit'].map((h) => (
                      <th key={h} className={`${s.th} ${s.num}`} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.items.flatMap((t) =>
                    t.legs.map((l, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a transfer's legs keep their order
                      <tr key={`${t.transferId}-${i}`}>
                        <td className={s.td}>{i === 0 ? formatDateTime(t.at) : ''}</td>
                        <td className={s.td}>{i === 0 ? t.document : ''}</td>
                        <td className={s.td}>{i === 0 ? t.documentNo : ''}</td>
                        <td className={s.td}>
                          <Link to="/Accounts/AccountStatement" search={{ account: l.account, from: date, to: date }}>
                            <bdi>{l.name}</bdi>
                          </Link>
                        </td>
                        <td className={`${s.td} ${s.num}`}>{amount(l.debit)}</td>
                        <td className={`${s.td} ${s.num}`}>{amount(l.credit)}</td>
                      </tr>
                    )),
                  )}
                </tbody>
                <tfoot>
                  <tr className={s.total}>
                    <th className={s.td} scope="row" colSpan={4}>
                      Total of the day
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
            {data.total === 0 ? <p className={s.muted}>Nothing was posted on this day.</p> : null}
            <Pager
              page={page}
              pages={Math.ceil(data.total / PAGE_SIZE)}
              label="Day book pages"
              onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
            />
          </>
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </Card>
    </div>
  );
}
