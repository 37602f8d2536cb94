import type { Db } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http';
import { type CheckedFile, checkUpload, type Storage, youtubeWatchUrl } from '../../../plugins/storage';
import { MAX_MEDIA_PER_SERVICE } from './common';
import * as servicesRepo from './repo.services';

// A service's media: images, videos and YouTube links.

export type MediaType = 'image' | 'video' | 'youtube';

export async function listMedia(db: Db, filter: { SubCategoryId?: number; ServiceId?: number }, admin: boolean) {
  if (!filter.SubCategoryId && !filter.ServiceId) throw badRequest('SubCategoryId', 'or ServiceId is required');
  return servicesRepo.listMedia(db, { serviceId: filter.ServiceId, subCategoryId: filter.SubCategoryId }, !admin);
}

export async function addMedia(
  db: Db,
  storage: Storage,
  serviceId: number,
  type: MediaType,
  body: { media?: string; fileName?: string; youtubeLink?: string },
) {
  const service = await servicesRepo.findService(db, serviceId);
  if (!service) throw notFound(`Service ${serviceId}`);
  let file: CheckedFile | null = null;
  let link: string | null = null;
  if (type === 'youtube') {
    if (!body.youtubeLink) throw badRequest('youtubeLink', 'is required when Vidtype is youtube');
    link = youtubeWatchUrl(body.youtubeLink, 'youtubeLink');
  } else {
    if (!body.media) throw badRequest('media', `is required when Vidtype is ${type}`);
    file = await checkUpload(body.media, 'media', type);
  }
  if ((await servicesRepo.countMediaOf(db, serviceId)) >= MAX_MEDIA_PER_SERVICE) {
    throw conflict(
      'ServiceId',
      `A service holds at most ${MAX_MEDIA_PER_SERVICE} pictures and videos; remove one first.`,
    );
  }
  const id = await storage.withFiles([file && { folder: 'media', file }], async ([url]) => ({
    result: await servicesRepo.insertMedia(db, {
      serviceId,
      kind: type,
      url: url ?? link!,
      fileName: body.fileName?.trim() || null,
    }),
  }));
  return (await servicesRepo.findMedia(db, id))!;
}

export async function deleteMedia(db: Db, storage: Storage, id: number) {
  const media = await servicesRepo.findMedia(db, id);
  if (!media) throw notFound(`Media ${id}`);
  return storage.withFiles([], async () => {
    await servicesRepo.deleteMedia(db, id);
    return { result: media, replaced: [media.url] };
  });
}
