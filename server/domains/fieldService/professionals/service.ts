/** The professionals module's public face: the profile, its reads, zones and skills, the switches and the import. */
export { averageOf } from '../../../shared/person';
export * from './bulkImport';
export * from './links';
export * from './profile';
export * from './reads';
export { ENTITY, PROFESSIONAL_TYPES, type ProfessionalInput } from './rules';
export * from './status';
