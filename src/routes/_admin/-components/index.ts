// Shared by every admin list and form (categories, sub-categories, services, zones, banners...).
export { ActiveBadge } from './ActiveBadge';
export { DeleteAction, type DeleteActionProps } from './DeleteAction';
export { FilterSelect, type FilterSelectProps } from './FilterSelect';
export { ImportButton, type ImportButtonProps, importFailure } from './ImportButton';
export { StatusToggle, type StatusToggleProps } from './StatusToggle';
export { positiveId, validateIdSearch } from './search';
export { labelledErrors } from './serverErrors';
export { Thumbnail } from './Thumbnail';
export { IMAGE_MAX_BYTES, IMAGE_TYPES, toBody } from './toBody';
export { type ServerPage, type ServerTable, type TableState, useServerTable } from './useServerTable';
