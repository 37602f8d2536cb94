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
import { Breadcrumbs } from './Breadcrumbs';
import { PincodeAvailability } from './PincodeAvailability';
import { Img, NotAvailable, QueryView, Section, ServiceGrid } from './parts';
import * as s from './storefront.css';
import { STOREFRONT } from './words';

const W = STOREFRONT.category;

function SubCategoryTiles({ subCategories }: { subCategories: SubCategory[] }) {
  return (
    <ul className={s.tileGrid}>
      {subCategories.map((c) => (
        <li key={c.id}>
          <Link to="/Services" search={{ subCategoryId: c.id }} className={s.tile}>
            <Img src={c.imageUrl} alt="" width={96} height={96} className={s.tileImg} fallback={c.subCategoryName} />
            <span className={s.tileName}>{c.subCategoryName}</span>
            {c.headingField && <span className={s.tileMeta}>{c.headingField}</span>}
            <span className={s.tileMeta}>{W.services(c.serviceCount)}</span>
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
          {W.openList}
        </Link>
      }
    >
      {subCategory.headingField && <p className={s.muted}>{subCategory.headingField}</p>}
      <QueryView query={services} label={W.servicesOf(subCategory.subCategoryName)}>
        {(list) => (list.length ? <ServiceGrid services={list} /> : <p className={s.muted}>{W.noneHere}</p>)}
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
        <NotAvailable what={W.what} />
      </div>
    );
  }

  return (
    <div className={s.page}>
      <Breadcrumbs current={category?.categoryName ?? '…'}>
        <li>
          <Link to="/Services" search={{}}>
            {STOREFRONT.services}
          </Link>
        </li>
      </Breadcrumbs>
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
            {expanded ? W.tiles : W.expand}
          </Link>
        </header>
      )}
      {category && <PincodeAvailability category={category} />}
      {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} />}
      <QueryView query={subCategories} label={W.what}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title={W.nothingTitle}
              description={W.nothingText}
              action={<Link to="/">{STOREFRONT.seeEveryCategory}</Link>}
            />
          ) : expanded ? (
            list.map((c) => <SubCategoryServices key={c.id} subCategory={c} />)
          ) : (
            <Section title={category ? W.servicesIn(category.categoryName) : STOREFRONT.services} id="sub-categories">
              <SubCategoryTiles subCategories={list} />
            </Section>
          )
        }
      </QueryView>
    </div>
  );
}
