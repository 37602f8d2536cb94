import { uniqueViolation } from '../../../db/errors';
import { badRequest, conflict } from '../../../http';
import { paise } from '../../../money';

// The catalogue's limits and the helpers its use cases share (decision 004).

export const PROFESSIONAL_TYPES = ['Technician', 'Engineer'] as const;
export type ProfessionalType = (typeof PROFESSIONAL_TYPES)[number];
export const MAX_PRICE_PAISE = paise(10_00_000 * 100);
export const MAX_VISITING_PAISE = paise(1_00_000 * 100);
export const MAX_MEDIA_PER_SERVICE = 30;
export const NEW_LAUNCH_DAYS = 60;
export const NEW_LAUNCH_LIMIT = 12;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function requireName(value: string, field: string) {
  const name = value.trim();
  if (!name) throw badRequest(field, 'must not be empty');
  return name;
}

/** A unique violation that slipped past the checks (a concurrent write) becomes the 409 the check would give. */
export function onRace(field: string, message: string) {
  return (err: unknown): never => {
    if (uniqueViolation(err) !== null) throw conflict(field, message);
    throw err;
  };
}
