import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery, categoriesQuery, subCategoriesOfCategoryQuery } from '../../api/storefront';
import { categoryName } from '../-components/routeTitle';
import { SubCategoryPage } from '../-components/storefront/SubCategoryPage';
import { categorySearch } from '../-components/storefront/search';

export const Route = createFileRoute('/_public/SubCategory')({
  validateSearch: categorySearch,
  loaderDeps: ({ search }) => ({ categoryId: search.categoryId ?? 0 }),
  loader: async ({ context: { queryClient }, deps: { categoryId } }) => {
    const [categories] = await Promise.allSettled([
      queryClient.ensureQueryData(categoriesQuery()),
      categoryId ? queryClient.ensureQueryData(subCategoriesOfCategoryQuery(categoryId)) : null,
      queryClient.ensureQueryData(bannersQuery('SubCategory')),
    ]);
    return { category: categoryName(categories, categoryId) };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.category ?? 'Category'} · Doorstep` }] }),
  component: function SubCategoryRoute() {
    return <SubCategoryPage categoryId={Route.useSearch().categoryId} expanded={false} />;
  },
});
