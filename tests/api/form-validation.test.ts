// The forms check a body with the operation's request schema compiled from openapi.yaml (src/api/validate.ts) before
// sending it. This proves the browser and the server say the same thing about the same body: a limit lives in one
// place, and a person reads one sentence whoever caught the mistake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BodyOf, type BodyOperation, checkBody, rulesOf } from '../../src/api/validate';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());

const long = (n: number) => 'x'.repeat(n);

/** Bad bodies for writes the admin forms send, each with the path it is sent to. */
const cases: { op: BodyOperation; method: 'POST' | 'PUT' | 'PATCH'; path: string; body: unknown }[] = [
  { op: 'addCategory', method: 'POST', path: '/api/Common/AddCategory', body: { categoryName: '' } },
  {
    op: 'addCategory',
    method: 'POST',
    path: '/api/Common/AddCategory',
    body: { categoryName: long(101), details: long(2001), categoryZoneList: [{ zoneId: 0 }] },
  },
  { op: 'addCategory', method: 'POST', path: '/api/Common/AddCategory', body: { details: 'no name', extra: 1 } },
  { op: 'updateCategory', method: 'PATCH', path: '/api/Common/UpdateCategory/1', body: { categoryName: long(101) } },
  { op: 'addSubCategory', method: 'POST', path: '/api/Common/AddSubCategory', body: { subCategoryName: 'Taps' } },
  {
    op: 'addService',
    method: 'POST',
    path: '/api/Common/AddService',
    body: { heading: '', price: 'abc', discount: 101, gst: 7, subCategoryId: 2 ** 31, professionalType: 'Nobody' },
  },
  { op: 'addService', method: 'POST', path: '/api/Common/AddService', body: { price: 0 } },
  {
    op: 'addZone',
    method: 'POST',
    path: '/api/Common/AddZone',
    body: { zoneName: long(101), stateId: 1, pinCode: ['12345', '560034'] },
  },
  { op: 'addBanner', method: 'POST', path: '/api/Common/AddBanner', body: { type: 'Nowhere', path: long(301) } },
];

describe('a form and the server word the same mistakes the same way', () => {
  for (const { op, method, path, body } of cases) {
    it(`${op} ${JSON.stringify(body).slice(0, 60)}`, async () => {
      const browser = checkBody(op, body as BodyOf<typeof op>);
      expect(browser.length).toBeGreaterThan(0);
      const res = await t.api(method, path, { token: admin, body });
      expect(res.status).toBe(400);
      const sort = (xs: { field: string; message: string }[]) =>
        xs.map((e) => `${e.field}: ${e.message}`).sort((a, b) => a.localeCompare(b));
      expect(sort(browser)).toEqual(sort(res.body.errors));
    });
  }

  it('a valid body passes the browser check', () => {
    expect(
      checkBody('addCategory', { categoryName: 'Plumbing', details: '', categoryZoneList: [{ zoneId: 1 }] }),
    ).toEqual([]);
    expect(
      checkBody('addService', {
        heading: 'Tap repair',
        price: 499,
        gst: 18,
        subCategoryId: 1,
        professionalType: 'Technician',
      } as BodyOf<'addService'>), // discount, pDetails and visitingCharges have defaults
    ).toEqual([]);
  });

  it("the form's field limits are the contract's", () => {
    expect(rulesOf('addCategory').categoryName).toEqual({ required: true, minLength: 1, maxLength: 100 });
    expect(rulesOf('addService').heading).toMatchObject({ required: true, maxLength: 150 });
    expect(rulesOf('addService').subCategoryId).toMatchObject({ required: true, minimum: 1, maximum: 2147483647 });
    expect(rulesOf('addBanner').path).toEqual({ maxLength: 300 });
  });
});
