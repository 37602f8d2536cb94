/** The vendors module's public face: the profile, its reads and switches, the vendor's team and the import. */
export { averageOf } from '../../../shared/person';
export * from './bulkImport';
export * from './profile';
export * from './reads';
export { ENTITY, fullNameOf, type VendorInput, type VendorPatch } from './rules';
export * from './status';
export * from './team';
