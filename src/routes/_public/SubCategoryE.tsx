import { createFileRoute } from '@tanstack/react-router';
import {
  bannersQuery,
  categoriesQuery,
  servicesOfSubCategoryQuery,
  subCategoriesOfCategoryQuery,
} from '../../api/storefront';
import { categoryName } from '../-components/routeTitle';
import { SubCategoryPage } from '../-components/storefront/SubCategoryPage';
import { categorySearch } from '../-components/storefront/search';

export const Route = createFileRoute('/_public/SubCategoryE')({
  validateSearch: categorySearch,
  loaderDeps: ({ search }) => ({ categoryId: search.categoryId ?? 0 }),
  loader: async ({ context: { queryClient }, deps: { categoryId } }) => {
    const [categories, subs] = await Promise.allSettled([
      queryClient.ensureQueryData(categoriesQuery()),
      categoryId ? queryClient.ensureQueryData(subCategoriesOfCategoryQuery(categoryId)) : [],
      queryClient.ensureQueryData(bannersQuery('SubCategory')),
    ]);
    if (subs.status === 'fulfilled') {
      await Promise.allSettled(subs.value.map((c) => queryClient.ensureQueryData(servicesOfSubCategoryQuery(c.id))));
    }
    return { category: categoryName(categories, categoryId) };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.category ?? 'Category'} · Doorstep` }] }),
  component: function SubCategoryERoute() {
    return <SubCategoryPage categoryId={Route.useSearch().categoryId} expanded={true} />;
  },
});
