import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLineEvent } from '../../server/domains/commerce/orderLines/service';
import { gstinCheckChar } from '../../server/shared/gstin';
import { b64, cityIds, dataOf, png } from '../support/catalogue';
import { factories, freshAadhaar, freshPan } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { vendorFactories } from '../support/vendor-factories';

let t: TestServer;
let admin: string;
let f: ReturnType<typeof factories>;
let vf: ReturnType<typeof vendorFactories>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  f = factories(t);
  vf = vendorFactories(t);
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const countOf = async (table: string) => Number((await rows<{ n: number }>(`select count(*) as n from ${table}`))[0].n);

/** A valid GSTIN of `pan` in the state with GST code `code` (27 is Maharashtra). */
const gstinOf = (pan: string, code = '27') => {
  const first14 = `${code}${pan}1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
};
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let seq = 0;
/** A valid AddVendor body; `over` replaces fields. */
async function body(over: Record<string, unknown> = {}) {
  const n = ++seq;
  const pan = freshPan();
  return {
    firstName: `Suresh${n}`,
    lastName: 'Traders',
    mobileNo: `88${String(Date.now() % 1_000_000).padStart(6, '0')}${String(n % 100).padStart(2, '0')}`,
    email: `suresh${n}.${Date.now()}@example.in`,
    ...(await cityIds(t, 'Maharashtra', 'Mumbai')),
    pinCode: '400001',
    addressLine1: '7 Crawford Market',
    addressLine2: null,
    birthDate: '1980-02-29',
    panNumber: pan,
    aadharNumber: freshAadhaar(),
    gstno: gstinOf(pan),
    vendorZoneList: [],
    ...over,
  };
}
const add = (b: unknown, token: string | undefined = admin) =>
  t.api('POST', '/api/Vendor/AddVendor', { token, body: b });

describe('adding a vendor', () => {
  it('makes a VE account with a one-time password (outbox and this reply), a forced change, a wallet and zones', async () => {
    const zone = await f.zone();
    const b = await body({ vendorZoneList: [{ zoneId: zone.id }, { zoneId: zone.id }] });
    const v = dataOf(await add(b), 201);
    expect(v.fullName).toBe(`${b.firstName} Traders`);
    expect(v.aadharNumber).toBe(b.aadharNumber);
    expect(v.aadharMasked).toBe(false);
    expect(v.gstno).toBe(b.gstno);
    expect(v.mustChangePassword).toBe(true);
    expect(v.available).toBe(true);
    expect(v.vendorZoneList.map((z: { zoneId: number }) => z.zoneId)).toEqual([zone.id]);
    expect(v.oneTimePassword).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const sent = await rows<{ channel: string; payload: { password: string } }>(
      `select channel, payload from notification_outbox where template = 'vendor_welcome' and recipient in ('${b.mobileNo}', '${b.email}') order by channel`,
    );
    expect(sent.map((s) => s.channel)).toEqual(['email', 'sms']);
    expect(sent[0].payload.password).toBe(v.oneTimePassword);
    const [user] = await rows<{ role: string; password_hash: string }>(
      `select role, password_hash from users where id = ${v.id}`,
    );
    expect(user.role).toBe('VE');
    expect(user.password_hash).not.toContain(v.oneTimePassword);
    const wallets = await rows(
      `select 1 from ledger_accounts where kind = 'vendor_wallet' and owner_user_id = ${v.id}`,
    );
    expect(wallets).toHaveLength(1);

    // The one-time password signs in, and nothing but the change is allowed until it is replaced.
    const first = dataOf(
      await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: b.mobileNo, Password: v.oneTimePassword } }),
    );
    expect(first.MustChangePassword ?? first.User?.MustChangePassword).toBe(true);
    const blocked = await t.api('GET', `/api/Vendor/GetVendorByID/${v.id}`, { token: first.Token });
    expect(blocked.status).toBe(403);
  });

  it('the factory signs a vendor in after the forced change; they read their own record with Aadhaar masked', async () => {
    const v = await vf.vendorProfile();
    const token = await v.token();
    const own = dataOf(await t.api('GET', `/api/Vendor/GetVendorByID/${v.id}`, { token }));
    expect(own.aadharMasked).toBe(true);
    expect(own.aadharNumber).toMatch(/^XXXX XXXX \d{4}$/);
    expect(own.mustChangePassword).toBe(false);
    // Signing in again uses their own password.
    expect(typeof (await v.token())).toBe('string');
  });

  it('GSTIN is optional', async () => {
    const v = dataOf(await add(await body({ gstno: null })), 201);
    expect(v.gstno).toBeNull();
  });

  it('bad input names every field at once and writes nothing', async () => {
    const before = [await countOf('users'), await countOf('vendors'), await countOf('notification_outbox')];
    const good = await body();
    const cases: [Record<string, unknown>, string][] = [
      [{ panNumber: 'ABCDE12345' }, 'panNumber'],
      [
        { aadharNumber: `${good.aadharNumber.slice(0, 11)}${(Number(good.aadharNumber[11]) + 1) % 10}` },
        'aadharNumber',
      ],
      [{ gstno: `${good.gstno.slice(0, 14)}${good.gstno[14] === 'A' ? 'B' : 'A'}` }, 'gstno'],
      [{ gstno: gstinOf(good.panNumber, '29') }, 'gstno'],
      [{ cityId: (await cityIds(t, 'Karnataka', 'Bengaluru')).cityId }, 'cityId'],
      [{ birthDate: '2015-01-01' }, 'birthDate'],
      [{ vendorZoneList: [{ zoneId: 999_999 }] }, 'vendorZoneList'],
      [{ aadharProof: b64(Buffer.from('just some text, not a document')) }, 'aadharProof'],
      [{ firstName: '   ' }, 'firstName'],
      [{ password: 'Fixed-pass-1' }, 'password'],
      [{ mobileNo: '12345' }, 'mobileNo'],
    ];
    for (const [over, field] of cases) {
      const res = await add({ ...good, ...over });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    // Everything the schema cannot see comes back at once.
    const many = await add({
      ...good,
      aadharNumber: '234567890123',
      birthDate: '2020-01-01',
      gstno: `${good.gstno.slice(0, 14)}${good.gstno[14] === 'A' ? 'B' : 'A'}`,
    });
    expect(many.status).toBe(400);
    expect(many.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'aadharNumber',
      'birthDate',
      'gstno',
    ]);
    expect([await countOf('users'), await countOf('vendors'), await countOf('notification_outbox')]).toEqual(before);
  });

  it('takes an Aadhaar number with a right check digit and refuses a wrong one, naming aadharNumber', async () => {
    // Known answers worked with the published Verhoeff tables (decision 044): 91234567203 takes 7, 23456789012 takes 4.
    const v = dataOf(await add(await body({ aadharNumber: '912345672037' })), 201);
    expect(v.aadharNumber).toBe('912345672037');
    const before = [await countOf('users'), await countOf('vendors')];
    const refused = await add(await body({ aadharNumber: '234567890125' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'aadharNumber', message: 'is not a valid Aadhaar number (its check digit is wrong)' },
    ]);
    expect([await countOf('users'), await countOf('vendors')]).toEqual(before);
  });

  it("takes the GST portal's documented sample GSTIN in its state and refuses it with another check character", async () => {
    // 27AAPFU0939F1ZV: Maharashtra, PAN AAPFU0939F, check character V (decision 044).
    const refused = await add(await body({ panNumber: 'AAPFU0939F', gstno: '27AAPFU0939F1ZW' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'gstno', message: 'has a wrong check character (the last one)' }]);
    const v = dataOf(await add(await body({ panNumber: 'AAPFU0939F', gstno: '27AAPFU0939F1ZV' })), 201);
    expect(v.gstno).toBe('27AAPFU0939F1ZV');
  });

  it('a taken mobile number, e-mail, PAN, Aadhaar or GSTIN is 409 naming it', async () => {
    const first = await body();
    dataOf(await add(first), 201);
    const next = await body();
    for (const [over, field] of [
      [{ mobileNo: first.mobileNo }, 'mobileNo'],
      [{ email: first.email.toUpperCase() }, 'email'],
      [{ panNumber: first.panNumber, gstno: null }, 'panNumber'],
      [{ aadharNumber: first.aadharNumber }, 'aadharNumber'],
      [{ gstno: first.gstno, panNumber: first.panNumber.replace(/.$/, 'Q') }, 'gstno'],
    ] as [Record<string, unknown>, string][]) {
      const res = await add({ ...next, ...over });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.errors[0].field).toBe(field);
    }
  });

  it('only the admin adds', async () => {
    for (const role of ['VE', 'IM', 'HR'] as const) {
      expect((await add(await body(), await t.tokenFor(role))).status).toBe(403);
    }
  });
});

describe('the Aadhaar proof', () => {
  it('takes a PDF, JPEG or PNG by its bytes, keeps it out of the public uploads, and serves it to the admin and the vendor', async () => {
    const v = await vf.vendorProfile({ aadharProof: b64(pdf()), aadharFileName: 'C:\\scans\\my aadhaar.pdf' });
    expect(v.hasAadharProof).toBe(true);
    expect(v.aadharFileName).toBe('my aadhaar.pdf');
    const [{ url }] = await rows<{ url: string }>(
      `select aadhaar_proof_url as url from vendors where user_id = ${v.id}`,
    );
    expect((await fetch(`${t.url}${url}`)).status).toBe(404);
    const get = (token: string) =>
      fetch(`${t.url}/api/Vendor/GetVendorAadhaarProof/${v.id}`, { headers: { authorization: `Bearer ${token}` } });
    const byAdmin = await get(admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await byAdmin.arrayBuffer()).equals(pdf())).toBe(true);
    expect((await get(await v.token())).status).toBe(200);
    const other = await vf.vendorProfile();
    expect((await get(await other.token())).status).toBe(403);

    // A new proof (a PNG) replaces the stored one.
    const changed = dataOf(
      await t.api('PATCH', `/api/Vendor/UpdateVendor/${v.id}`, { token: admin, body: { aadharProof: b64(png()) } }),
    );
    expect(changed.aadharFileName).toBe('aadhaar-proof.png');
    expect((await get(admin)).headers.get('content-type')).toBe('image/png');
  });

  it('a proof over 5 MB is refused by name', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await add(await body({ aadharProof: b64(big) }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'aadharProof', message: 'must be at most 5 MB' });
  });
});

describe('listing and reading', () => {
  it('lists a page with Aadhaar masked to its last 4 digits, searches, and leaves deleted vendors out', async () => {
    const v = await vf.vendorProfile({ firstName: 'Zebulon', lastName: 'Listable' });
    const page = dataOf(await t.api('GET', '/api/Vendor/GetAllVendor?search=zebulon', { token: admin }));
    expect(page.total).toBe(1);
    const [item] = page.items;
    expect(item).toMatchObject({ id: v.id, fullName: 'Zebulon Listable', professionalCount: 0 });
    expect(item.aadharLast4).toMatch(/^\d{4}$/);
    expect(JSON.stringify(page)).not.toMatch(/\d{12}/);
    const small = dataOf(await t.api('GET', '/api/Vendor/GetAllVendor?page=1&pageSize=1', { token: admin }));
    expect(small.items).toHaveLength(1);
    expect(small.total).toBeGreaterThan(1);
    dataOf(await t.api('DELETE', `/api/Vendor/DeleteVendor?id=${v.id}`, { token: admin }));
    expect(dataOf(await t.api('GET', '/api/Vendor/GetAllVendor?search=zebulon', { token: admin })).total).toBe(0);
  });

  it("a vendor cannot read another vendor's record; the list is the admin's", async () => {
    const a = await vf.vendorProfile();
    const b = await vf.vendorProfile();
    const token = await b.token();
    expect((await t.api('GET', `/api/Vendor/GetVendorByID/${a.id}`, { token })).status).toBe(403);
    expect((await t.api('GET', '/api/Vendor/GetAllVendor', { token })).status).toBe(403);
    expect((await t.api('GET', '/api/Vendor/GetVendorByID/999999', { token: admin })).status).toBe(404);
  });
});

describe('updating (PATCH)', () => {
  it('changes only the fields sent, checks the record as it will be, and never touches the password', async () => {
    const v = await vf.vendorProfile({ gstno: null });
    await v.token();
    const patch = (b: unknown) => t.api('PATCH', `/api/Vendor/UpdateVendor/${v.id}`, { token: admin, body: b });
    const zone = await f.zone();
    const changed = dataOf(
      await patch({ lastName: 'Wholesale', vendorZoneList: [{ zoneId: zone.id }], available: false }),
    );
    expect(changed.fullName).toBe(`${v.firstName} Wholesale`);
    expect(changed.available).toBe(false);
    expect(changed.addressLine1).toBe(v.addressLine1);
    expect(changed.vendorZoneList).toHaveLength(1);
    expect(changed.mustChangePassword).toBe(false);

    // A GSTIN of Maharashtra on a vendor now in Karnataka: named, nothing changed.
    const gstin = gstinOf(changed.panNumber);
    dataOf(await patch({ gstno: gstin }));
    const ka = await cityIds(t, 'Karnataka', 'Bengaluru');
    const moved = await patch(ka);
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].field).toBe('gstno');
    expect(dataOf(await t.api('GET', `/api/Vendor/GetVendorByID/${v.id}`, { token: admin })).stateId).toBe(
      changed.stateId,
    );
    // Both at once is fine.
    dataOf(await patch({ ...ka, gstno: gstinOf(changed.panNumber, '29') }));

    // Still signs in with the password they chose.
    expect(typeof (await v.token())).toBe('string');
    expect((await patch({})).status).toBe(400);
    expect((await patch({ password: 'New-pass-123' })).body.errors[0].field).toBe('password');
  });
});

describe('the status flag, the toggle and deleting', () => {
  it('the vendor reads and switches their own availability; not another vendor', async () => {
    const v = await vf.vendorProfile();
    const other = await vf.vendorProfile();
    const token = await v.token();
    expect(dataOf(await t.api('GET', `/api/Vendor/GetVendorStatus?userID=${v.id}`, { token }))).toMatchObject({
      status: true,
      available: true,
    });
    const off = dataOf(await t.api('PUT', `/api/Vendor/SetVendorStatus?userID=${v.id}&available=false`, { token }));
    expect(off.available).toBe(false);
    expect((await t.api('GET', `/api/Vendor/GetVendorStatus?userID=${other.id}`, { token })).status).toBe(403);
    expect(
      (await t.api('PUT', `/api/Vendor/SetVendorStatus?userID=${other.id}&available=false`, { token })).status,
    ).toBe(403);
    expect(dataOf(await t.api('GET', `/api/Vendor/GetVendorStatus?userID=${v.id}`, { token: admin })).status).toBe(
      false,
    );
  });

  it('the Vendor toggle switches the account off (sessions end, sign-in refused) and on again', async () => {
    const v = await vf.vendorProfile();
    const token = await v.token();
    const off = dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Vendor&id=${v.id}`, { token: admin }));
    expect(off).toEqual({ id: v.id, active: false });
    expect((await t.api('GET', `/api/Vendor/GetVendorByID/${v.id}`, { token })).status).toBe(401);
    expect(
      (await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: v.mobileNo, Password: v.password } })).status,
    ).not.toBe(200);
    const on = dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Vendor&id=${v.id}`, { token: admin }));
    expect(on.active).toBe(true);
    expect(typeof (await v.token())).toBe('string');
    const logged = await rows(`select 1 from transition_log where entity = 'Vendor' and entity_id = ${v.id}`);
    expect(logged).toHaveLength(2);
    // Not a vendor: 404.
    const pro = await f.professional();
    expect((await t.api('POST', `/api/DeReActivateAll?action1=Vendor&id=${pro.id}`, { token: admin })).status).toBe(
      404,
    );
  });

  it('refuses to delete a vendor with professionals, an open request or money in the wallet, with every reason', async () => {
    const v = await vf.vendorProfile();
    const pro = await f.professional({ vendorId: v.id });
    const [{ id: requestId }] = await rows<{ id: number }>(
      `insert into product_requests (vendor_user_id, state, total_paise, taxable_paise, gst_paise) values (${v.id}, 'approved', 11800, 10000, 1800) returning id`,
    );
    dataOf(
      await t.api('POST', '/api/Vendor/AdminPayForVendorWallet', {
        token: admin,
        body: { id: v.id, Amount: 250, Remark: 'Opening balance' },
        headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
      }),
    );
    const del = () => t.api('DELETE', `/api/Vendor/DeleteVendor?id=${v.id}`, { token: admin });
    const refused = await del();
    expect(refused.status).toBe(409);
    const messages = refused.body.errors.map((e: { message: string }) => e.message).join(' | ');
    expect(messages).toContain('1 professional works for them');
    expect(messages).toContain(`product request ${requestId} is still open`);
    expect(messages).toContain('₹250');

    // Each reason on its own.
    dataOf(
      await t.api('PUT', `/api/Professional/UpdateProfessional?id=${pro.id}`, {
        token: admin,
        body: await professionalBody(pro.id, 0),
      }),
    );
    await rows(`update product_requests set state = 'rejectedByAdmin' where id = ${requestId}`);
    const money = await del();
    expect(money.status).toBe(409);
    expect(money.body.errors).toHaveLength(1);
    expect(money.body.errors[0].message).toContain('wallet holds');
    dataOf(
      await t.api('POST', '/api/Vendor/AdminPayForVendorWallet', {
        token: admin,
        body: { id: v.id, Amount: 250, Action: 'Debit', Remark: 'Paid back in cash' },
        headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
      }),
    );
    const token = await v.token();
    dataOf(await del());
    const [row] = await rows<{ deleted_at: string | null; active: boolean }>(
      `select v.deleted_at, u.active from vendors v join users u on u.id = v.user_id where v.user_id = ${v.id}`,
    );
    expect(row.deleted_at).not.toBeNull();
    expect(row.active).toBe(false);
    expect((await t.api('GET', `/api/Vendor/GetVendorByID/${v.id}`, { token })).status).toBe(401);
    expect(dataOf(await t.api('GET', `/api/Vendor/GetVendorByID/${v.id}`, { token: admin })).deleted).toBe(true);
    expect((await del()).status).toBe(404);
    expect((await t.api('POST', `/api/DeReActivateAll?action1=Vendor&id=${v.id}`, { token: admin })).status).toBe(404);
  });
});

/** The professional's record as an UpdateProfessional body, with another vendor. */
async function professionalBody(id: number, vendorId: number) {
  const p = dataOf(await t.api('GET', `/api/Professional/GetProfessionalByID/${id}`, { token: admin }));
  return {
    fullName: p.fullName,
    professionalType: p.professionalType,
    phone: p.phone,
    email: p.email,
    stateId: p.stateId,
    cityId: p.cityId,
    pinCode: p.pinCode,
    addressLine1: p.addressLine1,
    panNumber: p.panNumber,
    aadharNumber: p.aadharNumber,
    vendorId,
    serviceId: 0,
  };
}

describe('importing', () => {
  const row = (over: Record<string, string> = {}) => {
    const pan = freshPan();
    const n = ++seq;
    return {
      firstName: `Import${n}`,
      lastName: 'Vendor',
      mobileNo: `87${String(Date.now() % 1_000_000).padStart(6, '0')}${String(n % 100).padStart(2, '0')}`,
      cityName: 'mumbai',
      stateName: 'MAHARASHTRA',
      pinCode: '400001',
      addressLine1: '1 Dock Road',
      panNumber: pan,
      aadharNumber: freshAadhaar(),
      gstno: gstinOf(pan),
      ...over,
    };
  };

  it('imports every row or none, naming the row and field of each problem', async () => {
    const zone = await f.zone();
    const zoneName = dataOf(await t.api('GET', `/api/Common/GetZoneByID/${zone.id}`, { token: admin })).zoneName;
    const good = [row({ zoneName }), row()];
    const before = [await countOf('users'), await countOf('vendors')];
    const bad = await t.api('POST', '/api/Excel/AddVendorExcel', {
      token: admin,
      body: [
        ...good,
        row({ cityName: 'Bengaluru' }),
        { ...row(), mobileNo: good[0].mobileNo },
        row({ zoneName: 'Nowhere' }),
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, field: 'stateName' }),
        expect.objectContaining({ row: 5, field: 'mobileNo' }),
        expect.objectContaining({ row: 6, field: 'zoneName' }),
      ]),
    );
    expect([await countOf('users'), await countOf('vendors')]).toEqual(before);

    expect(dataOf(await t.api('POST', '/api/Excel/AddVendorExcel', { token: admin, body: good }), 201)).toEqual({
      imported: 2,
    });
    const made = await rows<{ user_id: number; zones: number; wallets: number }>(
      `select v.user_id,
         (select count(*) from vendor_zones z where z.vendor_user_id = v.user_id)::int as zones,
         (select count(*) from ledger_accounts a where a.kind = 'vendor_wallet' and a.owner_user_id = v.user_id)::int as wallets
       from vendors v join users u on u.id = v.user_id where u.mobile_no in ('${good[0].mobileNo}', '${good[1].mobileNo}') order by u.mobile_no = '${good[0].mobileNo}' desc`,
    );
    expect(made.map((m) => [m.zones, m.wallets])).toEqual([
      [1, 1],
      [0, 1],
    ]);
    const otp = await vf.oneTimePassword(good[1].mobileNo);
    expect(otp).toHaveLength(12);
    // The same sheet again: every row is taken.
    const again = await t.api('POST', '/api/Excel/AddVendorExcel', { token: admin, body: good });
    expect(again.status).toBe(400);
    expect(again.body.errors.filter((e: { field: string }) => e.field === 'mobileNo')).toHaveLength(2);
  });
});

describe("the vendor's professionals and their jobs", () => {
  /** An order line of a fresh customer, assigned to `professionalUserId` (completed when asked). */
  async function lineFor(professionalUserId: number) {
    const c = await f.customer();
    const order = await f.placedOrder(c);
    const lineId = order.lines[0].id;
    const [{ id: adminId }] = await rows<{ id: number }>("select id from users where role = 'A' order by id limit 1");
    await t.db.transaction(async (tx) => {
      await applyLineEvent(tx, lineId, 'ASSIGN', adminId, { professionalUserId });
      await applyLineEvent(tx, lineId, 'ACCEPT', professionalUserId);
    });
    return { lineId, orderId: order.orderId };
  }

  it('a vendor sees only their own professionals and their lines; the admin sees any', async () => {
    const v = await vf.vendorProfile();
    const other = await vf.vendorProfile();
    const mine = await f.professional({ vendorId: v.id, fullName: 'Anil Mine' });
    const theirs = await f.professional({ vendorId: other.id, fullName: 'Bala Theirs' });
    await f.professional({ fullName: 'Chandra Nobody' });
    const token = await v.token();

    const list = dataOf(
      await t.api('GET', `/api/Vendor/GetProfessionalListForVendor?VendorMobileNo=${v.mobileNo}`, { token }),
    );
    expect(list.items.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    expect(list.items[0]).toMatchObject({ fullName: 'Anil Mine', openJobs: 0, completedJobs: 0, active: true });
    expect(
      (await t.api('GET', `/api/Vendor/GetProfessionalListForVendor?VendorMobileNo=${other.mobileNo}`, { token }))
        .status,
    ).toBe(403);
    const byAdmin = dataOf(
      await t.api('GET', `/api/Vendor/GetProfessionalListForVendor?VendorMobileNo=${other.mobileNo}`, {
        token: admin,
      }),
    );
    expect(byAdmin.items.map((p: { id: number }) => p.id)).toEqual([theirs.id]);

    const a = await lineFor(mine.id);
    const b = await lineFor(theirs.id);
    const tasks = dataOf(await t.api('GET', `/api/Vendor/GetOrderDetailsByVendorTechWise?VendorId=${v.id}`, { token }));
    expect(tasks.items.map((l: { lineId: number }) => l.lineId)).toEqual([a.lineId]);
    expect(tasks.items[0]).toMatchObject({ technicianId: mine.id, state: 'accepted', orderId: a.orderId });
    expect(JSON.stringify(tasks)).not.toMatch(/customerMobileNo|receiverMobileNo/);
    const one = dataOf(
      await t.api(
        'GET',
        `/api/Vendor/GetOrderDetailsByVendorTechWise?VendorId=${v.id}&TechnicianId=${mine.id}&state=open`,
        {
          token,
        },
      ),
    );
    expect(one.total).toBe(1);
    expect(
      dataOf(
        await t.api('GET', `/api/Vendor/GetOrderDetailsByVendorTechWise?VendorId=${v.id}&state=completed`, { token }),
      ).total,
    ).toBe(0);
    // Another vendor's task list, or one of their professionals through mine: refused.
    expect(
      (await t.api('GET', `/api/Vendor/GetOrderDetailsByVendorTechWise?VendorId=${other.id}`, { token })).status,
    ).toBe(403);
    expect(
      (
        await t.api('GET', `/api/Vendor/GetOrderDetailsByVendorTechWise?VendorId=${v.id}&TechnicianId=${theirs.id}`, {
          token,
        })
      ).status,
    ).toBe(403);

    const view = dataOf(
      await t.api(
        'GET',
        `/api/Vendor/GetOrderDetailsByVendorTechWiseView?OrderId=${a.orderId}&TechnicianId=${mine.id}`,
        { token },
      ),
    );
    expect(view.technicianName).toBe('Anil Mine');
    expect(view.lines[0].history.map((h: { event: string }) => h.event)).toEqual(
      expect.arrayContaining(['ASSIGN', 'ACCEPT']),
    );
    expect(
      (
        await t.api(
          'GET',
          `/api/Vendor/GetOrderDetailsByVendorTechWiseView?OrderId=${b.orderId}&TechnicianId=${theirs.id}`,
          { token },
        )
      ).status,
    ).toBe(403);
    dataOf(
      await t.api(
        'GET',
        `/api/Vendor/GetOrderDetailsByVendorTechWiseView?OrderId=${b.orderId}&TechnicianId=${theirs.id}`,
        { token: admin },
      ),
    );
    expect(
      (
        await t.api(
          'GET',
          `/api/Vendor/GetOrderDetailsByVendorTechWiseView?OrderId=${b.orderId}&TechnicianId=${mine.id}`,
          { token },
        )
      ).status,
    ).toBe(404);
    // Other roles read none of it.
    for (const role of ['TE', 'IM', 'Cust'] as const) {
      expect(
        (
          await t.api('GET', `/api/Vendor/GetOrderDetailsByVendorTechWise?VendorId=${v.id}`, {
            token: await t.tokenFor(role),
          })
        ).status,
      ).toBe(403);
    }
  });
});
