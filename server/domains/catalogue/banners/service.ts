import type { Db } from '../../../db/client';
import type { PageQuery } from '../../../db/paging';
import { badRequest, notFound } from '../../../http';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import { checkOptionalImage, type Storage, youtubeWatchUrl } from '../../../plugins/storage';
import { serviceVisibility } from '../catalogue/service';
import * as repo from './repo';

export const BANNER_TYPES = [
  'Home',
  'Services',
  'SubCategory',
  'ServicesDetails',
  'NewLaunch',
  'HomeImprovement',
  'CustomerServices',
  'Service',
] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

export interface BannerInput {
  path?: string;
  imagebase64Data?: string;
  fileName?: string;
  type: BannerType;
  youtubeLink?: string;
}

const SERVICE_PATH = /^\/ServicesDetails\?id=([1-9][0-9]{0,9})$/i;

/** Where a click leads: a path inside the site, never another site or a script. */
function checkPath(raw: string | undefined) {
  const path = (raw ?? '').trim();
  if (!path) return '';
  if (!path.startsWith('/') || path.startsWith('//') || /[\s\\<>"'`]/.test(path) || /\p{Cc}/u.test(path)) {
    throw badRequest('path', 'must be a path inside the site, starting with /');
  }
  return path;
}

export async function addBanner(db: Db, storage: Storage, input: BannerInput) {
  let path = checkPath(input.path);
  let serviceId: number | null = null;
  if (input.type === 'Service') {
    const m = SERVICE_PATH.exec(path);
    const service = m ? await serviceVisibility(db, Number(m[1])) : undefined;
    if (!service) throw badRequest('path', 'must be /ServicesDetails?id=<serviceId> of an existing service');
    serviceId = service.id;
    path = `/ServicesDetails?id=${service.id}`;
  }
  if (!input.imagebase64Data && !input.youtubeLink) throw badRequest('imagebase64Data', 'or youtubeLink is required');
  const youtubeLink = input.youtubeLink ? youtubeWatchUrl(input.youtubeLink, 'youtubeLink') : null;
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  const id = await storage.withFiles([image && { folder: 'banners', file: image }], async ([imageUrl]) => ({
    result: await repo.insertBanner(db, { type: input.type, path, imageUrl, youtubeLink, serviceId }),
  }));
  return (await repo.findBanner(db, id))!;
}

export const pageBanners = (
  db: Db,
  q: PageQuery & { type?: repo.BannerType; serviceId?: number },
  view: { admin: boolean; status: repo.Status },
) => repo.pageBanners(db, q, view);

export async function deleteBanner(db: Db, storage: Storage, id: number) {
  const banner = await repo.findBanner(db, id);
  if (!banner) throw notFound(`Banner ${id}`);
  return storage.withFiles([], async () => {
    await repo.deleteBanner(db, id);
    return { result: banner, replaced: [banner.imageUrl] };
  });
}

/** Shows or hides a banner; a real change is recorded like the other activate/deactivate toggles. */
export async function setBannerStatus(db: Db, id: number, active: boolean, actorId: number) {
  await db.transaction(async (tx) => {
    const before = await repo.setBannerStatus(tx, id, active);
    if (before === undefined) throw notFound(`Banner ${id}`);
    if (before !== active) await recordTransition(tx, activeToggle('Banner', id, active, actorId));
  });
  return (await repo.findBanner(db, id))!;
}
