import { createFileRoute } from '@tanstack/react-router';
import { ratingDetailsQuery } from '../../../api/ratings';
import { PageHeader } from '../../../ui';
import * as s from '../../_admin/-components/admin.css';
import { tableStateOf } from '../../_admin/-components/listSearch';
import { RatingsTable } from '../../-components/ratings/RatingsTable';
import { ratingFilters, validateRatingSearch } from '../../-components/ratings/ratingSearch';

// The shared group's feedback list: a professional reads the ratings of their own visits; the admin and
// the call desk read everyone's (the server decides who sees what).
export const Route = createFileRoute('/_shared/Feedback/FeedbackList')({
  head: () => ({ meta: [{ title: 'Feedback · Doorstep' }] }),
  validateSearch: validateRatingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient
      .prefetchQuery(ratingDetailsQuery({ ...tableStateOf(deps), ...ratingFilters(deps) }))
      .catch(() => undefined),
  component: FeedbackList,
});

function FeedbackList() {
  return (
    <div className={s.page}>
      <PageHeader title="Feedback" description="Ratings and reviews customers gave, newest first." />
      <RatingsTable caption="Feedback" admin={false} emptyMessage="No rating yet." />
    </div>
  );
}
