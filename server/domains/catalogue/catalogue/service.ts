// The catalogue (decision 004): categories, sub-categories, services, their media, search, availability and
// imports. Each use case has its file; this is the module's public face.

export {
  addCategory,
  addZoneToCategory,
  type CategoryInput,
  deleteCategory,
  deleteZoneFromCategory,
  getCategory,
  listCategoryZones,
  pageCategories,
  SAC_CODE,
  updateCategory,
} from './categories';
export {
  MAX_MEDIA_PER_SERVICE,
  MAX_PRICE_PAISE,
  MAX_VISITING_PAISE,
  NEW_LAUNCH_DAYS,
  NEW_LAUNCH_LIMIT,
  PROFESSIONAL_TYPES,
  type ProfessionalType,
} from './common';
export * from './importing';
export * from './media';
export type { Status, View } from './repo';
export * from './search';
export {
  addService,
  deleteService,
  getService,
  listServicesOfSubCategory,
  newServices,
  pageServices,
  type ServiceInput,
  serviceDto,
  serviceMoney,
  servicesByIds,
  serviceVisibility,
  updateService,
} from './services';
export {
  addSubCategory,
  deleteSubCategory,
  getSubCategory,
  listSubCategoriesOfCategory,
  pageSubCategories,
  type SubCategoryInput,
  updateSubCategory,
} from './subCategories';
export * from './toggles';
