/**
 * The catalogue domain's door: what is sold: categories, sub-categories, services, banners, favourites and GST rates.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It may use the doors of platform; never a domain listed after it.
 */
import type { Handlers } from '../../http';
import { bannerHandlers } from './banners/routes';
import { catalogueHandlers } from './catalogue/routes';
import { favouriteHandlers } from './favourites/routes';
import { taxHandlers } from './tax/routes';

export type { BannerType } from './banners/service';
export { servicePriceTerms } from './catalogue/repo.services';
export * as catalogue from './catalogue/service';
export * as tax from './tax/service';

/** Every operation of the catalogue domain, by operationId. */
export const handlers: Handlers = {
  ...bannerHandlers,
  ...catalogueHandlers,
  ...favouriteHandlers,
  ...taxHandlers,
};
