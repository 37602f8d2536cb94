import type { Db } from '../../../db/client';
import { conflict, HttpError, notFound } from '../../../http';
import * as persons from '../persons/service';
import * as repo from './repo';

// ---------------------------------------------------------------- zones and skills

export async function addZone(db: Db, id: number, zoneId: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.lock(tx, id))) throw notFound(`Professional ${id}`);
    if ((await persons.zonesByIds(tx, [zoneId])).length === 0) throw notFound(`Zone ${zoneId}`);
    const [made] = await repo.insertZoneLinks(tx, id, [zoneId]);
    if (!made) throw conflict('Zoneid', 'This professional already serves this zone.');
    return (await repo.zonesOf(tx, id, made.id))[0];
  });
}

export async function addService(db: Db, id: number, serviceId: number) {
  return db.transaction(async (tx) => {
    const pro = await repo.lock(tx, id);
    if (!pro) throw notFound(`Professional ${id}`);
    const [service] = await repo.servicesByIds(tx, [serviceId]);
    if (!service) throw notFound(`Service ${serviceId}`);
    if (service.professionalType !== pro.professionalType) {
      throw new HttpError(
        400,
        'Invalid request',
        `ServiceId: "${service.heading}" is a service for a ${service.professionalType.toLowerCase()}`,
        [
          {
            field: 'ServiceId',
            message: `"${service.heading}" is a service for a ${service.professionalType.toLowerCase()}, and this professional is a ${pro.professionalType.toLowerCase()}`,
          },
        ],
      );
    }
    const [made] = await repo.insertServiceLinks(tx, id, [serviceId]);
    if (!made) throw conflict('ServiceId', 'This professional already has this skill.');
    return (await repo.servicesOf(tx, id, made.id))[0];
  });
}

export async function removeZone(db: Db, linkId: number) {
  if (!(await repo.deleteZoneLink(db, linkId))) throw notFound(`Zone link ${linkId}`);
}

export async function removeService(db: Db, linkId: number) {
  if (!(await repo.deleteServiceLink(db, linkId))) throw notFound(`Skill link ${linkId}`);
}
