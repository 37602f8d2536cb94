import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { dayBookQuery } from '../../../api/books';
import { Card, formatDateTime, Pager } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { pageParam } from '../../_admin/-components/search';
import { LoadFailure } from '../../-components/Loaded';
import { AmountCell, amount, BooksTable, Cell, DateFilter, ExportButtons, indiaToday } from './-components/books';
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
    <StaffPage
      title="Day book"
      description="Every posting of a day (India time), oldest first, with the document it came from and its debits and credits."
      className={s.page}
    >
      <div className={s.filters}>
        <DateFilter
          label="Day"
          name="date"
          value={date}
          onChange={(v) => void navigate({ search: { date: v || undefined } })}
        />
        <ExportButtons report="DayBook" query={{ Date: date }} />
      </div>
      <LoadFailure query={q} />
      <Card title={data ? `Day book of ${data.date}: ${data.total} postings` : 'Day book'}>
        {data ? (
          <>
            <BooksTable
              columns={['Time', 'Document', 'Document no', 'Account']}
              amounts={['Debit', 'Credit']}
              total={{
                label: 'Total of the day',
                cells: [
                  { value: amount(data.totalDebit), testId: 'total-debit' },
                  { value: amount(data.totalCredit), testId: 'total-credit' },
                ],
              }}
            >
              {data.items.flatMap((t) =>
                t.legs.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a transfer's legs keep their order
                  <tr key={`${t.transferId}-${i}`}>
                    <Cell>{i === 0 ? formatDateTime(t.at) : ''}</Cell>
                    <Cell>{i === 0 ? t.document : ''}</Cell>
                    <Cell>{i === 0 ? t.documentNo : ''}</Cell>
                    <Cell>
                      <Link to="/Accounts/AccountStatement" search={{ account: l.account, from: date, to: date }}>
                        <bdi>{l.name}</bdi>
                      </Link>
                    </Cell>
                    <AmountCell>{amount(l.debit)}</AmountCell>
                    <AmountCell>{amount(l.credit)}</AmountCell>
                  </tr>
                )),
              )}
            </BooksTable>
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
    </StaffPage>
  );
}
