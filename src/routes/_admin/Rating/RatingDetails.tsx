import { createFileRoute } from '@tanstack/react-router';
import { ratingDetailsQuery } from '../../../api/ratings';
import { RatingsTable } from '../../-components/ratings/RatingsTable';
import { ratingFilters, validateRatingSearch } from '../../-components/ratings/ratingSearch';
import { tableStateOf } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';

export const Route = createFileRoute('/_admin/Rating/RatingDetails')({
  head: () => ({ meta: [{ title: 'Rating details · Doorstep' }] }),
  validateSearch: validateRatingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(ratingDetailsQuery({ ...tableStateOf(deps), ...ratingFilters(deps) })),
  component: RatingDetails,
});

function RatingDetails() {
  return (
    <StaffPage
      title="Rating details"
      description="Every rating customers gave, newest first. Hide an abusive review: its text leaves the service page, its stars still count."
    >
      <RatingsTable caption="Ratings" admin emptyMessage="No customer has rated a visit yet." />
    </StaffPage>
  );
}
