import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  bannersQuery,
  categoriesQuery,
  type SubCategory,
  servicesOfSubCategoryQuery,
  subCategoriesOfCategoryQuery,
} from '../../../api/storefront';
import { buttonClassName, EmptyState } from '../../../ui';
import { BannerCarousel } from './BannerCarousel';
import { PincodeAvailability } from './PincodeAvailability';
import { Img, NotAvailable, QueryView, Section, ServiceGrid } from './parts';
import * as s from './storefront.css';

function SubCategoryTiles({ subCategories }: { subCategories: SubCategory[] }) {
  return (
    <ul className={s.tileGrid}>
      {subCategories.map((c) => (
        <li key={c.id}>
          <Link to="/Services" search={{ subCategoryId: c.id }} className={s.tile}>
            <Img src={c.imageUrl} alt="" width={96} height={96} className={s.tileImg} fallback={c.subCategoryName} />
            <span className={s.tileName}>{c.subCategoryName}</span>
            {c.headingField && <span className={s.tileMeta}>{c.headingField}</span>}
            <span className={s.tileMeta}>
              {c.serviceCount} service{c.serviceCount === 1 ? '' : 's'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SubCategoryServices({ subCategory }: { subCategory: SubCategory }) {
  const services = useQuery(servicesOfSubCategoryQuery(subCategory.id));
  return (
    <Section
      title={subCategory.subCategoryName}
      id={`sub-${subCategory.id}`}
      more={
        <Link to="/Services" search={{ subCategoryId: subCategory.id }}>
          Open in the services list
        </Link>
      }
    >
      {subCategory.headingField && <p className={s.muted}>{subCategory.headingField}</p>}
      <QueryView query={services} label={`the services of ${subCategory.subCategoryName}`}>
        {(list) => (list.length ? <ServiceGrid services={list} /> : <p className={s.muted}>No services here yet.</p>)}
      </QueryView>
    </Section>
  );
}

/**
 * The sub-categories of one category, under the category's header and whether it is offered at the pincode.
 * `/SubCategory` shows them as tiles that open their services; `/SubCategoryE` ("expanded") lists each
 * sub-category with its services inline.
 */
export function SubCategoryPage({ categoryId = 0, expanded }: { categoryId?: number; expanded: boolean }) {
  const categories = useQuery(categoriesQuery());
  const subCategories = useQuery(subCategoriesOfCategoryQuery(categoryId));
  const banners = useQuery(bannersQuery('SubCategory'));
  const category = categories.data?.find((c) => c.id === categoryId);

  if (!categoryId || (categories.isSuccess && !category)) {
    return (
      <div className={s.page}>
        <NotAvailable what="this category" />
      </div>
    );
  }

  return (
    <div className={s.page}>
      <nav aria-label="Breadcrumbs">
        <ol className={s.breadcrumbs}>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/Services" search={{}}>
              Services
            </Link>
          </li>
          <li aria-current="page">{category?.categoryName ?? '…'}</li>
        </ol>
      </nav>
      {category && (
        <header className={s.categoryHead}>
          <Img
            src={category.imageUrl}
            alt=""
            width={96}
            height={96}
            className={s.categoryImg}
            fallback={category.categoryName}
          />
          <div className={s.hero}>
            <h1 className={s.heroTitle}>{category.categoryName}</h1>
            {category.details && <p className={s.lead}>{category.details}</p>}
          </div>
          <Link
            to={expanded ? '/SubCategory' : '/SubCategoryE'}
            search={{ categoryId }}
            className={buttonClassName({ variant: 'secondary' })}
            style={{ marginInlineStart: 'auto' }}
          >
            {expanded ? 'Show as tiles' : 'Show every service'}
          </Link>
        </header>
      )}
      {category && <PincodeAvailability category={category} />}
      {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} />}
      <QueryView query={subCategories} label="this category">
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title="Nothing to book here yet"
              description="We are adding services to this category. Please have a look at the others meanwhile."
              action={<Link to="/">See every category</Link>}
            />
          ) : expanded ? (
            list.map((c) => <SubCategoryServices key={c.id} subCategory={c} />)
          ) : (
            <Section title={category ? `Services in ${category.categoryName}` : 'Services'} id="sub-categories">
              <SubCategoryTiles subCategories={list} />
            </Section>
          )
        }
      </QueryView>
    </div>
  );
}
