import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { unassignedJobsQuery } from '../../../api/professionalJobs';
import { sessionUser } from '../../../api/session';
import { Alert, Button, PageHeader } from '../../../ui';
import { Form, TextField } from '../../../ui/form';
import { JobList } from '../../-components/professional/JobList';
import { JOBS_PAGE_SIZE, validatePage } from '../../-components/professional/jobsSearch';
import * as s from '../../-components/professional/professional.css';

// The shared group's /History/IdealOrderList: the unassigned ("idle") jobs a professional could take. A technician
// sees their own, with 'Take job'; the admin and the call desk look at them for one professional, by mobile number.
const STAFF = new Set(['A', 'CD']);
const MOBILE = /^[6-9][0-9]{9}$/;

interface Search {
  page?: number;
  mobile?: string;
}

export const Route = createFileRoute('/_shared/History/IdealOrderList')({
  head: () => ({ meta: [{ title: 'Jobs you could take · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): Search => ({
    ...validatePage(raw),
    ...(typeof raw.mobile === 'string' && MOBILE.test(raw.mobile) ? { mobile: raw.mobile } : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const role = sessionUser()?.Role;
    if (role === 'TE' || (role && STAFF.has(role) && deps.mobile)) {
      return context.queryClient.prefetchQuery(
        unassignedJobsQuery({ page: deps.page ?? 1, pageSize: JOBS_PAGE_SIZE, mobileNo: deps.mobile }),
      );
    }
  },
  component: IdealOrderList,
});

function IdealOrderList() {
  const role = sessionUser()?.Role;
  if (role === 'TE') return <Jobs />;
  if (role && STAFF.has(role)) return <StaffView />;
  return (
    <div className={s.page}>
      <PageHeader title="Jobs to take" />
      <Alert tone="info">This list is for professionals, and for the admin and the call desk looking at one.</Alert>
    </div>
  );
}

function Jobs({ mobileNo }: { mobileNo?: string }) {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate();
  const query = useQuery(unassignedJobsQuery({ page, pageSize: JOBS_PAGE_SIZE, mobileNo }));
  return (
    <div className={s.page}>
      {!mobileNo && (
        <PageHeader
          title="Jobs you could take"
          description="Unassigned jobs in your zones and skills, oldest slot first. Take one and it is yours, accepted."
        />
      )}
      {query.data && !query.data.available && (
        <Alert tone="warning" title={mobileNo ? 'Not available' : 'You are not available'}>
          {mobileNo
            ? "This professional's 'Available' switch is off: they cannot take a job."
            : "Switch 'Available' on at the top to take a job."}
        </Alert>
      )}
      <JobList
        query={query}
        label={mobileNo ? 'Jobs they could take' : 'Jobs you could take'}
        readOnly={!!mobileNo}
        page={page}
        onPage={(p) => navigate({ to: '.', search: (prev: Search) => ({ ...prev, page: p > 1 ? p : undefined }) })}
        empty={{
          title: 'No jobs to take right now',
          description: 'New jobs in your zones and skills appear here as customers book them.',
        }}
      />
    </div>
  );
}

function StaffView() {
  const { mobile } = Route.useSearch();
  const navigate = useNavigate();
  const [value, setValue] = useState(mobile ?? '');
  const [error, setError] = useState<string | undefined>();
  return (
    <div className={s.page}>
      <PageHeader
        title="Jobs a professional could take"
        description="The unassigned jobs in one professional's zones and skills, as they see them."
      />
      <Form
        aria-label="Choose a professional"
        onSubmit={() => {
          const v = value.trim();
          if (!MOBILE.test(v)) return setError('Enter the professional’s 10-digit mobile number.');
          setError(undefined);
          navigate({ to: '.', search: { mobile: v } });
        }}
      >
        <TextField
          label="Professional's mobile number"
          name="mobile"
          inputMode="numeric"
          value={value}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
        <div>
          <Button type="submit">Show jobs</Button>
        </div>
      </Form>
      {mobile && <Jobs key={mobile} mobileNo={mobile} />}
    </div>
  );
}
