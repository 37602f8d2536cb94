import { describe, expect, it } from 'vitest';
import { type Handler, ok } from '../../server/http';

// The checks are made by `tsc` (npm run typecheck): a handler whose reply the contract does not allow fails it.
describe('handlers are typed from the contract', () => {
  it('accepts the documented success body and refuses other shapes', () => {
    const good: Handler<'getAllRoles'> = async () => ok([{ code: 'A' as const, name: 'Admin', staff: true }]);
    // @ts-expect-error: a role code the contract's RoleCode enum does not list
    const badEnum: Handler<'getAllRoles'> = async () => ok([{ code: 'X' as const, name: 'Admin', staff: true }]);
    // @ts-expect-error: data must be a list of roles, not one role
    const badShape: Handler<'getAllRoles'> = async () => ok({ code: 'A' as const, name: 'Admin', staff: true });
    // @ts-expect-error: a required field (staff) is missing
    const missing: Handler<'getAllRoles'> = async () => ok([{ code: 'A' as const, name: 'Admin' }]);
    expect([good, badEnum, badShape, missing]).toHaveLength(4);
  });
});
